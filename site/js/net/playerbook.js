// The player's side of links and codes: what a player's browser keeps of the games it plays
// from afar (its invites, its codes' counters, its device), and the action codes it makes
// (links.js seals them).

import { NetError, b64encode, b64decode } from "./codec.js";
import { memoryDevice } from "./device.js";
import { BUCKET, isInt, makeActionCode } from "./links.js";

/** What a player's browser keeps (any Storage: localStorage, or a Map-like in tests): its
 *  invites (each with the host's key it pins) and the last counter per game and seat; and its
 *  device (`devices.get()`: its key pair, device.js; by default one for this book's life, so
 *  two books are two devices). */
export class PlayerBook {
  constructor(storage, prefix = "by.net.", devices = memoryDevice()) {
    this.storage = storage;
    this.prefix = prefix;
    this.devices = devices;
  }
  _get(name, fallback) {
    try {
      return JSON.parse(this.storage.getItem(this.prefix + name)) ?? fallback;
    } catch {
      return fallback;
    }
  }
  _set(name, value) {
    this.storage.setItem(this.prefix + name, JSON.stringify(value));
  }
  /** This browser's device: {privateKey, pub}. */
  device() {
    return this.devices.get();
  }
  /** Keep an invite (read and checked by invite.js: the host signed it), replacing an older
   *  one for the same game. The host's key is pinned with the first invite for a game: an
   *  invite for that game naming another key is refused (invite_other_host), as its host is
   *  not the one whose links this browser takes; so is one for the same seat older than the
   *  one kept (invite_older: a replaced invite, which would shut this browser out of every
   *  link of the new one). */
  addInvite(inv) {
    const all = this._get("invites", {});
    const kept = all[inv.gameId];
    if (kept && kept.h && kept.h !== inv.host) throw new NetError("invite_other_host");
    if (kept && kept.s === inv.seat && isInt(kept.e) && kept.e > inv.epoch) throw new NetError("invite_older");
    all[inv.gameId] = { G: inv.game, s: inv.seat, e: inv.epoch, k: b64encode(inv.secret), n: inv.name, h: inv.host };
    this._set("invites", all);
  }
  keyring() {
    return Object.entries(this._get("invites", {}))
      .map(([gameId, v]) => ({
        gameId,
        game: v.G,
        seat: v.s,
        epoch: v.e,
        secret: b64decode(v.k),
        name: v.n,
        host: v.h || null,
      }))
      .filter((k) => k.secret);
  }
  invite(gameId) {
    return this.keyring().find((k) => k.gameId === gameId) || null;
  }
  /** The action code for this browser's seat in `gameId` at step `step`; `action` is in the
   *  game's packed form, `commit` this device's commitment to it (a fair deal's), `pad` the
   *  game's `code_bytes`, `release` the mark the host's newest link gives a released seat
   *  (readStateLink's `release`). The counter starts at 1 in each step (and each invite) and
   *  grows with every code. */
  async actionCode(gameId, step, action, commit = null, pad = BUCKET, release = null) {
    return this._code(gameId, step, { action, commit, pad, release }, true);
  }
  /** The undo code for this browser's seat in `gameId`: its action made at step `made` taken
   *  back (docs/multiplayer.md, "Undo codes"), sealed, signed and padded as an action code.
   *  It counts on from that step's codes; an older step's leaves the counter of the step the
   *  page is at as it was (the host takes an undo only for the one step its action was made
   *  at, and a step is never shown twice, so no counter is needed to refuse a copy). */
  async undoCode(gameId, made, pad = BUCKET, release = null) {
    return this._code(gameId, made, { action: null, pad, release, undo: true }, false);
  }
  async _code(gameId, step, fields, always) {
    const inv = this.invite(gameId);
    if (!inv) throw new NetError("no_invite");
    const device = await this.device();
    const name = `counter.${gameId}.${inv.seat}`;
    const last = this._get(name, null);
    const same = last && last.t === step && last.e === inv.epoch && isInt(last.c) && last.c > 0;
    const counter = same ? last.c + 1 : 1;
    if (always || same) this._set(name, { t: step, e: inv.epoch, c: counter });
    const { game, seat, epoch, secret } = inv;
    return makeActionCode({ gameId, game, step, seat, epoch, secret, device, counter, ...fields });
  }
}
