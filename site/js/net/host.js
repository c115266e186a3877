// The host's inbox for action codes (docs/multiplayer.md, "The host's side"), for any game.
// It holds each remote seat's secret, invite epoch, bound device (the public key pinned on
// first contact: device.js) and the counter of its newest accepted code in the current step;
// it accepts or refuses a pasted code with a stable reason and changes nothing on refusal but
// a note that another device tried a bound seat. The game itself stays in the engine:
// `accept(code, validate)` hands the opened action to `validate(seat, action)` (the UI gives
// it to the engine there) and records the code only when that succeeds. It also holds the
// host's signing key for the game (`hk`, hostkey.js: made on first use, kept in the state),
// which signs every state link and live offer and travels in every invite.

import { NetError, b64encode, b64decode } from "./codec.js";
import { randomBytes } from "./seal.js";
import { newGameId, newSecret, makeStateLink, readActionHeader, openAction, RELEASE_BYTES } from "./links.js";
import { makeInvite } from "./invite.js";
import { keyTag } from "./device.js";
import { newHostKey, hostSigner, isHostKey } from "./hostkey.js";

// the shape of the saved state (toJSON); version 2 may lack the host's key (saved before
// issue 14's last part): it is made on first use, and the state's next save keeps it
const STATE_VERSION = 2;

// a code's counter may exceed the last one accepted from its device in this step by at most
// this much: a device counts its codes one by one, so nothing genuine comes near it
export const COUNTER_WINDOW = 1000;

export class HostInbox {
  /** A new game's inbox: `game` is its registry name, `remote[i]` says whether seat i is
   *  played from another browser, `step` is the engine's step now. */
  static create(game, names, remote = names.map(() => true), step = 0) {
    return new HostInbox({
      v: STATE_VERSION,
      g: newGameId(),
      G: game,
      t: step,
      over: false,
      seats: names.map((n, i) =>
        remote[i] ? { n, k: b64encode(newSecret()), e: 0, pk: null, c: 0, was: {}, tried: null, at: null } : null,
      ),
    });
  }

  /** Restore from `toJSON()` (the host's saved state: it holds every seat's secret). */
  constructor(data) {
    if (
      !data ||
      data.v !== STATE_VERSION ||
      typeof data.g !== "string" ||
      typeof data.G !== "string" ||
      !Number.isInteger(data.t) ||
      !Array.isArray(data.seats) ||
      (data.hk !== undefined && !isHostKey(data.hk))
    ) {
      throw new NetError("host_state_invalid");
    }
    this.data = structuredClone(data);
    for (const s of this.data.seats)
      if (s && "d" in s) {
        // saved before seats were bound by key: a device id and a clock-based counter, which
        // the next device's first code (or live answer) replaces
        delete s.d;
        s.pk = null;
        s.c = 0;
      }
    this._queue = Promise.resolve();
  }
  toJSON() {
    return structuredClone(this.data);
  }
  get gameId() {
    return this.data.g;
  }
  get game() {
    return this.data.G;
  }
  get step() {
    return this.data.t;
  }

  _seat(i) {
    const s = Number.isInteger(i) ? this.data.seats[i] : undefined;
    if (!s) throw new NetError("not_remote_seat", { seat: i });
    return s;
  }
  _secret(i) {
    return b64decode(this._seat(i).k);
  }

  /** What signs for the host ({privateKey, pub}: hostkey.js). The game's key is made on first
   *  use (a new game, or a state saved before there was one) and kept in the state: the
   *  caller saves toJSON() after making a link, as it always does. */
  signer() {
    if (!this._signer) {
      this._signer = (async () => {
        if (!this.data.hk) this.data.hk = await newHostKey();
        return hostSigner(this.data.hk);
      })();
      this._signer.catch(() => (this._signer = null));
    }
    return this._signer;
  }
  /** The host's public key for this game (compressed, base64url), as invites carry it. */
  async hostKey() {
    return (await this.signer()).pub;
  }

  /** The invite (save string) for seat i, with the host's key and signature: give it to
   *  that player alone. One text per secret for the page's life (a signature is random, and
   *  the tab shows the invite again at every redraw). */
  async invite(i) {
    const s = this._seat(i);
    this._invites = this._invites || {};
    const made = this._invites[i];
    if (made && made.k === s.k) return made.text;
    const text = await makeInvite({
      gameId: this.data.g,
      game: this.data.G,
      seat: i,
      epoch: s.e,
      secret: this._secret(i),
      name: s.n,
      signer: await this.signer(),
    });
    this._invites[i] = { k: s.k, text };
    return text;
  }

  /** What hall/remote/livehost.js needs to seal and sign an offer to seat i and check its answer. */
  seatAuth(i) {
    const s = this._seat(i);
    return { gameId: this.data.g, seat: i, epoch: s.e, secret: this._secret(i), signer: () => this.signer() };
  }

  /** A new secret for seat i (a lost or leaked invite, or a second browser): the old invite
   *  stops working and the next code from any browser with the new one binds that browser. */
  reissue(i) {
    const s = this._seat(i);
    s.k = b64encode(newSecret());
    s.e += 1;
    s.pk = null;
    s.c = 0; // the old invite's codes fail on their epoch; the new browser starts afresh
    s.was = {};
    s.tried = null;
    s.in = false;
    s.rel = null;
    return this.invite(i);
  }

  /** Seat i's player changed device (a lost phone): the seat is bound to none, and the next
   *  device with its invite that sends a code or connects live is bound. The invite and the
   *  move already in stay; the released device's codes of this step do not count again.
   *  The release reaches forward only: until a device is bound, a code must name the
   *  release's random mark (`rel`), which only the links made after it carry (their R), so
   *  no code made before it — another device's that was refused, or one held back — is
   *  taken after it (code_before_release). */
  release(i) {
    const s = this._seat(i);
    if (s.pk) s.was = { ...(s.was || {}), [s.pk]: s.c };
    s.pk = null;
    s.c = 0;
    s.tried = null;
    s.rel = b64encode(randomBytes(RELEASE_BYTES));
  }

  /** A state link's R: [seat, mark] of each seat released and not yet bound again. */
  releases() {
    return this.data.seats.flatMap((s, i) => (s && s.rel && !s.pk ? [[i, s.rel]] : []));
  }

  /** Another device tried seat i (a code, a live answer): noted, for the seat's own device
   *  (the next state link's W) and the host. */
  tried(i) {
    const s = this._seat(i);
    s.tried = { n: ((s.tried && s.tried.n) || 0) + 1, t: this.data.t, at: Date.now() };
  }

  /** A live answer from the device `key` for seat i: the seat is bound to it on first
   *  contact; another device than the bound one is refused (seat_other_device) and noted.
   *  Queued with the codes, so a code and an answer never both bind the seat. */
  bind(i, key) {
    const run = this._queue.then(() => this._bind(i, key));
    this._queue = run.catch(() => {});
    return run;
  }
  _bind(i, key) {
    const s = this._seat(i);
    if (s.pk && s.pk !== key) {
      this.tried(i);
      throw new NetError("seat_other_device", { seat: i, name: s.n });
    }
    if (!s.pk) {
      s.pk = key;
      s.c = (s.was && s.was[key]) || 0;
      s.rel = null; // a live answer answers an offer made after the release
    }
  }

  /** Per seat: null (not remote) or {name, submitted, at, bound, epoch, tried}. */
  status() {
    return this.data.seats.map(
      (s) =>
        s && {
          name: s.n,
          submitted: !!s.in,
          at: s.at,
          bound: !!s.pk,
          epoch: s.e,
          tried: (s.tried && s.tried.n) || 0,
        },
    );
  }

  /** A state link's W: [seat, times another device was refused, the bound key's tag]. */
  warnings() {
    return this.data.seats.flatMap((s, i) => (s && s.tried && s.pk ? [[i, s.tried.n, keyTag(s.pk)]] : []));
  }
  /** Remote seats with no code in for this step (`active(i)` may leave seats out). */
  waiting(active = () => true) {
    return this.data.seats.flatMap((s, i) => (s && !s.in && active(i) ? [i] : []));
  }

  /** The game moved past a decision point: codes for `step` are expected now. Counters
   *  start again: every code names its step, so an older step's code never counts again. */
  nextStep(step, over = false) {
    if (!Number.isInteger(step) || step < this.data.t) throw new NetError("host_state_invalid");
    if (step > this.data.t)
      for (const s of this.data.seats)
        if (s) {
          s.in = false;
          s.at = null;
          s.c = 0;
          s.was = {};
        }
    this.data.t = step;
    this.data.over = !!over;
  }

  /** The state link for the host's current state, from the engine's `link_input`:
   *  {step, over, public, privates, pad} (privates[i]: seat i's part, null for the others;
   *  pad: what the sealed parts are padded to, at least). */
  async stateLink({ step, over, public: p, privates, pad = 0 }, fair = null) {
    const seats = this.data.seats.map((s) => s && { secret: b64decode(s.k), epoch: s.e });
    return makeStateLink({
      host: await this.signer(),
      gameId: this.data.g,
      game: this.data.G,
      step,
      over,
      public: p,
      privates,
      pad,
      seats,
      fair,
      warn: this.warnings(),
      released: this.releases(),
    });
  }

  /** Check an action code without changing anything: {seat, name, action, key, counter,
   *  commit, undo, step}. An undo code (`undo`: the seat's action made at the code's step
   *  taken back) may name an older step than the inbox's: the action it takes back led the
   *  game on. Its counter is not checked then: the engine takes back only the one action made
   *  at that step, and a step is never shown twice (engine/core/session.py), so a copy finds
   *  nothing to take back. */
  async check(code) {
    const h = await readActionHeader(code);
    const d = this.data;
    if (h.gameId !== d.g) throw new NetError("code_other_game");
    const s = d.seats[h.seat];
    if (!Number.isInteger(h.seat) || h.seat < 0 || h.seat >= d.seats.length || !s) {
      throw new NetError("code_forged");
    }
    if (h.epoch > s.e) throw new NetError("code_forged");
    if (h.epoch < s.e) throw new NetError("code_old_invite", { seat: h.seat, name: s.n });
    if (d.over) throw new NetError("code_game_over");
    if (h.step > d.t) throw new NetError("code_forged");
    const old = h.step < d.t;
    const oldStep = () => new NetError("code_old_step", { step: h.step, current: d.t, seat: h.seat, name: s.n });
    // only the seat's secret opens the sealed part (any altered byte, or another seat's key,
    // fails) and only the device's key signs it: from here on it is an invite holder's code
    let opened;
    try {
      opened = await openAction(h, this._secret(h.seat), d.G);
    } catch (error) {
      throw old ? oldStep() : error;
    }
    const { action, key, commit, undo } = opened;
    if (old && !undo) throw oldStep();
    const who = { seat: h.seat, name: s.n };
    if (s.rel && !s.pk && h.release !== s.rel) throw new NetError("code_before_release", who);
    if (s.pk && s.pk !== key) throw new NetError("seat_other_device", who);
    const out = { seat: h.seat, name: s.n, action, key, counter: h.counter, commit, undo, step: h.step };
    if (old) return out;
    const base = s.pk === key ? s.c : (s.was && s.was[key]) || 0;
    if (h.counter === base && s.pk === key) throw new NetError("code_duplicate", who);
    if (h.counter <= base) throw new NetError("code_replayed", who);
    if (h.counter > base + COUNTER_WINDOW) throw new NetError("code_counter_far", who);
    return out;
  }

  /** Accept an action code: {ok: true, seat, name, action, replaced[, undo]} or {ok: false, error}
   *  (with `tried: true` when another device's code for a bound seat was refused: noted, so
   *  the caller saves the inbox and makes a new link that tells the seat).
   *  `validate(seat, action, {undo, step})` (may be async) gives the action (or an undo code's
   *  take-back of the seat's action made at `step`) to the engine and throws an error with
   *  {code, params} if the engine refuses it; then nothing is recorded. Calls are handled
   *  one at a time, in the order they came. */
  accept(code, validate = () => {}) {
    const run = this._queue.then(() => this._accept(code, validate));
    this._queue = run.catch(() => {});
    return run;
  }

  async _accept(code, validate) {
    let got;
    try {
      got = await this.check(code);
    } catch (error) {
      if (error instanceof NetError && error.code === "seat_other_device") {
        this.tried(error.params.seat);
        return { ok: false, error: asError(error), seat: error.params.seat, tried: true };
      }
      return { ok: false, error: asError(error) };
    }
    try {
      await validate(got.seat, got.action, { undo: got.undo, step: got.step });
    } catch (error) {
      return { ok: false, error: { ...asError(error, "order_refused"), engine: true }, seat: got.seat };
    }
    const s = this.data.seats[got.seat];
    const replaced = !!s.in && !got.undo;
    s.pk = got.key; // bound on first contact
    s.rel = null;
    if (got.step === this.data.t) s.c = got.counter; // an older step's undo counts nothing here
    if (!got.undo) {
      s.in = true;
      s.at = Date.now();
    }
    const out = { ok: true, seat: got.seat, name: got.name, action: got.action, replaced };
    if (got.undo) out.undo = true; // an undo code's: the seat's action made at its step taken back
    if (got.commit) out.commit = got.commit; // a fair deal's code carries its commitment
    return out;
  }
}

function asError(error, fallback = "internal_error") {
  if (error instanceof NetError) return error.toJSON();
  if (error && typeof error.code === "string") {
    return { code: error.code, params: error.params || {}, message: error.message || error.code };
  }
  return { code: fallback, params: {}, message: String((error && error.message) || error) };
}
