// The host's inbox for action codes (docs/multiplayer.md, "The host's side"), for any game.
// It holds each remote seat's secret, invite epoch, bound device and the newest accepted code
// of the current step; it accepts or refuses a pasted code with a stable reason and changes
// nothing on refusal. The game itself stays in the engine: `accept(code, validate)` hands the
// opened action to `validate(seat, action)` (the UI gives it to the engine there) and records
// the code only when that succeeds.

import { NetError, b64encode, b64decode } from "./codec.js";
import { VERSION, newGameId, newSecret, makeInvite, makeStateLink, readActionHeader, openAction } from "./links.js";

export class HostInbox {
  /** A new game's inbox: `game` is its registry name, `remote[i]` says whether seat i is
   *  played from another browser, `step` is the engine's step now. */
  static create(game, names, remote = names.map(() => true), step = 0) {
    return new HostInbox({
      v: VERSION,
      g: newGameId(),
      G: game,
      t: step,
      over: false,
      seats: names.map((n, i) => (remote[i] ? { n, k: b64encode(newSecret()), e: 0, d: null, c: 0, at: null } : null)),
    });
  }

  /** Restore from `toJSON()` (the host's saved state: it holds every seat's secret). */
  constructor(data) {
    if (
      !data ||
      data.v !== VERSION ||
      typeof data.g !== "string" ||
      typeof data.G !== "string" ||
      !Number.isInteger(data.t) ||
      !Array.isArray(data.seats)
    ) {
      throw new NetError("host_state_invalid");
    }
    this.data = structuredClone(data);
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

  /** The invite (save string) for seat i: give it to that player alone. */
  invite(i) {
    const s = this._seat(i);
    return makeInvite({
      gameId: this.data.g,
      game: this.data.G,
      seat: i,
      epoch: s.e,
      secret: this._secret(i),
      name: s.n,
    });
  }

  /** What hall/livehost.js needs to seal an offer to seat i and check its answer. */
  seatAuth(i) {
    const s = this._seat(i);
    return { gameId: this.data.g, seat: i, epoch: s.e, secret: this._secret(i) };
  }

  /** A new secret for seat i (a lost or leaked invite, or a second browser): the old invite
   *  stops working and the next code from any browser with the new one binds that browser. */
  reissue(i) {
    const s = this._seat(i);
    s.k = b64encode(newSecret());
    s.e += 1;
    s.d = null;
    s.c = 0; // the old invite's codes fail on their epoch; the new browser starts afresh
    s.in = false;
    return this.invite(i);
  }

  /** Per seat: null (not remote) or {name, submitted, at, device, epoch}. */
  status() {
    return this.data.seats.map((s) => s && { name: s.n, submitted: !!s.in, at: s.at, bound: !!s.d, epoch: s.e });
  }
  /** Remote seats with no code in for this step (`active(i)` may leave seats out). */
  waiting(active = () => true) {
    return this.data.seats.flatMap((s, i) => (s && !s.in && active(i) ? [i] : []));
  }

  /** The game moved past a decision point: codes for `step` are expected now. Counters are
   *  kept: a seat's codes only ever grow, so an older code never counts again. */
  nextStep(step, over = false) {
    if (!Number.isInteger(step) || step < this.data.t) throw new NetError("host_state_invalid");
    if (step > this.data.t)
      for (const s of this.data.seats)
        if (s) {
          s.in = false;
          s.at = null;
        }
    this.data.t = step;
    this.data.over = !!over;
  }

  /** The state link for the host's current state, from the engine's `link_input`:
   *  {step, over, public, privates} (privates[i]: seat i's part, null for the others). */
  stateLink({ step, over, public: p, privates }, fair = null) {
    const seats = this.data.seats.map((s) => s && { secret: b64decode(s.k), epoch: s.e });
    return makeStateLink({ gameId: this.data.g, game: this.data.G, step, over, public: p, privates, seats, fair });
  }

  /** Check an action code without changing anything: {seat, action, device, counter}. */
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
    if (h.step < d.t) throw new NetError("code_old_step", { step: h.step, current: d.t, seat: h.seat, name: s.n });
    if (h.step > d.t) throw new NetError("code_forged");
    // only the seat's secret opens the sealed part: any altered byte, or another key, fails
    const { action, device, commit } = await openAction(h, this._secret(h.seat), d.G);
    if (s.d && s.d !== device) throw new NetError("seat_other_device", { seat: h.seat, name: s.n });
    if (h.counter === s.c) throw new NetError("code_duplicate", { seat: h.seat, name: s.n });
    if (h.counter < s.c) throw new NetError("code_replayed", { seat: h.seat, name: s.n });
    return { seat: h.seat, name: s.n, action, device, counter: h.counter, commit };
  }

  /** Accept an action code: {ok: true, seat, name, action, replaced} or {ok: false, error}.
   *  `validate(seat, action)` (may be async) gives the action to the engine and throws an
   *  error with {code, params} if the engine refuses it; then nothing is recorded. Calls are
   *  handled one at a time, in the order they came. */
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
      return { ok: false, error: asError(error) };
    }
    try {
      await validate(got.seat, got.action);
    } catch (error) {
      return { ok: false, error: { ...asError(error, "order_refused"), engine: true }, seat: got.seat };
    }
    const s = this.data.seats[got.seat];
    const replaced = !!s.in;
    s.c = got.counter;
    s.in = true;
    s.d = got.device;
    s.at = Date.now();
    const out = { ok: true, seat: got.seat, name: got.name, action: got.action, replaced };
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
