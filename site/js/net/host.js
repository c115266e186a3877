// The host's inbox for order codes (docs/multiplayer.md, "The host's side"). It holds each
// remote seat's secret, invite epoch, bound device and the newest accepted code of the round;
// it accepts or refuses a pasted code with a stable reason and changes nothing on refusal.
// The game itself stays in the engine: `accept(code, validate)` hands the opened order to
// `validate(seat, order)` (the UI calls the engine's `submit` there) and records the code only
// when that succeeds.

import { NetError, b64encode, b64decode } from "./codec.js";
import { VERSION, newGameId, newSecret, makeInvite, makeRoundLink, readOrderHeader, openOrder } from "./links.js";

export class HostInbox {
  /** A new game's inbox: `remote[i]` says whether seat i is played from another browser. */
  static create(names, remote = names.map(() => true), round = 1) {
    return new HostInbox({
      v: VERSION, g: newGameId(), r: round, over: false,
      seats: names.map((n, i) => (remote[i]
        ? { n, k: b64encode(newSecret()), e: 0, d: null, c: 0, at: null }
        : null)),
    });
  }

  /** Restore from `toJSON()` (the host's saved state: it holds every seat's secret). */
  constructor(data) {
    if (!data || data.v !== VERSION || typeof data.g !== "string" || !Array.isArray(data.seats)) {
      throw new NetError("host_state_invalid");
    }
    this.data = structuredClone(data);
    this._queue = Promise.resolve();
  }
  toJSON() { return structuredClone(this.data); }
  get gameId() { return this.data.g; }
  get round() { return this.data.r; }

  _seat(i) {
    const s = Number.isInteger(i) ? this.data.seats[i] : undefined;
    if (!s) throw new NetError("not_remote_seat", { seat: i });
    return s;
  }
  _secret(i) { return b64decode(this._seat(i).k); }

  /** The invite (save string) for seat i: give it to that player alone. */
  invite(i) {
    const s = this._seat(i);
    return makeInvite({ gameId: this.data.g, seat: i, epoch: s.e, secret: this._secret(i), name: s.n });
  }

  /** What live.js needs to seal an offer to seat i and check its answer. */
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
    return this.invite(i);
  }

  /** Per seat: null (not remote) or {name, submitted, at, device, epoch}. */
  status() {
    return this.data.seats.map((s) => s && { name: s.n, submitted: s.c > 0, at: s.at, bound: !!s.d, epoch: s.e });
  }
  /** Remote seats whose orders for this round are still missing (`active(i)` may exclude
   *  bankrupt seats). */
  waiting(active = () => true) {
    return this.data.seats.flatMap((s, i) => (s && !s.c && active(i) ? [i] : []));
  }

  /** The round has been resolved: codes for `round` (the next one) are expected now. */
  nextRound(round, over = false) {
    if (!Number.isInteger(round) || round < this.data.r) throw new NetError("host_state_invalid");
    this.data.r = round;
    this.data.over = !!over;
    for (const s of this.data.seats) if (s) { s.c = 0; s.at = null; }
  }

  /** The round link for the host's current state: `view` and `events` are the engine's
   *  spectator view and last-round events, `privates[i]` = {hand, discard} per seat. */
  roundLink({ view, events, privates }) {
    const seats = this.data.seats.map((s) => s && { secret: b64decode(s.k), epoch: s.e });
    return makeRoundLink({ gameId: this.data.g, view, events, seats, privates });
  }

  /** Check an order code without changing anything: {seat, order, device, counter}. */
  async check(code) {
    const h = await readOrderHeader(code);
    const d = this.data;
    if (h.gameId !== d.g) throw new NetError("code_other_game");
    const s = d.seats[h.seat];
    if (!Number.isInteger(h.seat) || h.seat < 0 || h.seat >= d.seats.length || !s) {
      throw new NetError("code_forged");
    }
    if (h.epoch > s.e) throw new NetError("code_forged");
    if (h.epoch < s.e) throw new NetError("code_old_invite", { seat: h.seat, name: s.n });
    if (d.over) throw new NetError("code_game_over");
    if (h.round < d.r) throw new NetError("code_old_round", { round: h.round, current: d.r, seat: h.seat, name: s.n });
    if (h.round > d.r) throw new NetError("code_forged");
    // only the seat's secret opens the sealed part: any altered byte, or another key, fails
    const { order, device } = await openOrder(h, this._secret(h.seat));
    if (s.d && s.d !== device) throw new NetError("seat_other_device", { seat: h.seat, name: s.n });
    if (h.counter === s.c) throw new NetError("code_duplicate", { seat: h.seat, name: s.n });
    if (h.counter < s.c) throw new NetError("code_replayed", { seat: h.seat, name: s.n });
    return { seat: h.seat, name: s.n, order, device, counter: h.counter };
  }

  /** Accept an order code: {ok: true, seat, name, order, replaced} or {ok: false, error}.
   *  `validate(seat, order)` (may be async) submits the order to the engine and throws an
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
      await validate(got.seat, got.order);
    } catch (error) {
      return { ok: false, error: { ...asError(error, "order_refused"), engine: true }, seat: got.seat };
    }
    const s = this.data.seats[got.seat];
    const replaced = s.c > 0;
    s.c = got.counter;
    s.d = got.device;
    s.at = Date.now();
    return { ok: true, seat: got.seat, name: got.name, order: got.order, replaced };
  }
}

function asError(error, fallback = "internal_error") {
  if (error instanceof NetError) return error.toJSON();
  if (error && typeof error.code === "string") {
    return { code: error.code, params: error.params || {}, message: error.message || error.code };
  }
  return { code: fallback, params: {}, message: String(error && error.message || error) };
}
