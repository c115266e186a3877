// Invite links, state links and action codes (docs/multiplayer.md), for every game. Pure
// functions over plain data: what a link carries comes from the engine (its public part and
// each remote seat's private part, in the game's own compact form: engine/core/links.py),
// this module seals and encodes it, and back.
//
//   invite  "i2." {g, G, s, e, k, n}         one seat's secret: for that player alone
//   state   "r2." {g, G, t, E, p, x, v}      public part for anybody + one sealed part per seat
//   action  "o2." {g, t, s, e, c, x}         a seat's action, sealed for the host
//
// g: the hosted game's id; G: the game (its registry's short tag); t: the engine's step (to_act's
// "step": an answer made for an older step is refused); v: 1 once the game is over. Every failure is a NetError
// (codec.js) with a stable code.
//
// A game with a fair deal (its catalog's `fair`) adds a pre-game exchange before the engine's
// first step: steps PRE_STEPS.commit and PRE_STEPS.reveal (negative: before any step of the
// game), whose links carry the hall's public part {pre: ...}; its state links may carry `F`
// (the hall's fair-deal part: the posted commitments of the seats' codes, the revealed values
// once over), sealed into every seat's part like the public part; and an action code may carry
// `k`, the device's commitment to what it sends (docs/multiplayer.md, "A fair deal").

import { NetError, encode, decode, b64encode, b64decode, deflateRaw, inflateRaw } from "./codec.js";
import { seatKeys, seal, open, randomBytes, SECRET_BYTES } from "./seal.js";

export const VERSION = 2;
export const PRE_STEPS = { commit: -2, reveal: -1 };
const utf8 = new TextEncoder();
const text = (bytes) => new TextDecoder().decode(bytes);
const isInt = (v) => Number.isSafeInteger(v);
const isId = (v) => typeof v === "string" && /^[A-Za-z0-9_-]{8,32}$/.test(v);
const isGame = (v) => typeof v === "string" && /^[a-z][a-z0-9-]{0,30}$/.test(v);

export function newGameId() {
  return b64encode(randomBytes(9));
}
export function newSecret() {
  return randomBytes(SECRET_BYTES);
}
export function newDeviceId() {
  return b64encode(randomBytes(9));
}

// keys are derived once per (secret, game) and kept for the page's life
const KEY_CACHE = new Map();
export function keysFor(secret, gameId) {
  const id = `${gameId}|${b64encode(secret)}`;
  if (!KEY_CACHE.has(id)) {
    const p = seatKeys(secret, gameId);
    p.catch(() => KEY_CACHE.delete(id));
    KEY_CACHE.set(id, p);
  }
  return KEY_CACHE.get(id);
}

// ------------------------------------------------------------------ invites
/** "i2." save string carrying one seat's secret; put it in a link's fragment (#...). */
export function makeInvite({ gameId, game, seat, epoch, secret, name }) {
  const v = { g: gameId, G: game, s: seat, k: b64encode(secret), n: name };
  if (epoch) v.e = epoch; // 0 is left out: every byte counts in a link
  return encode("i", VERSION, v);
}

/** {gameId, game, seat, epoch, secret, name} of an invite. */
export async function readInvite(input) {
  const { value: v } = await decode(input, { i: VERSION });
  const secret = v && typeof v.k === "string" ? b64decode(v.k) : null;
  const epoch = v && v.e === undefined ? 0 : v && v.e;
  if (
    !v ||
    !isId(v.g) ||
    !isGame(v.G) ||
    !isInt(v.s) ||
    v.s < 0 ||
    !isInt(epoch) ||
    epoch < 0 ||
    !secret ||
    secret.length !== SECRET_BYTES ||
    typeof v.n !== "string"
  ) {
    throw new NetError("code_invalid", { where: "invite" });
  }
  return { gameId: v.g, game: v.G, seat: v.s, epoch, secret, name: v.n };
}

// ------------------------------------------------------------------ state links
const viewAad = (g, G, t, s, e, v, p, F) =>
  `by${VERSION}|view|${g}|${G}|${t}|${s}|${e}|${v ? 1 : 0}|${JSON.stringify(p)}` + (F ? `|${JSON.stringify(F)}` : "");

/** The state link's save string. `seats[i]` = {secret, epoch} of a remote seat, or null for a
 *  seat without a key (a bot, hot-seat); `privates[i]` = that seat's private part as the
 *  engine made it (`link_input`), sealed so that only that seat's browser opens it. */
export async function makeStateLink({ gameId, game, step, over = false, public: p, privates, seats, fair = null }) {
  // each private part is deflated before it is sealed (`z`): sealed bytes do not compress,
  // and a game's private part repeats itself (the spy game's lists of targets)
  const x = await Promise.all(
    seats.map(async (seat, i) => {
      if (!seat || privates[i] == null) return 0;
      const { view: key } = await keysFor(seat.secret, gameId);
      const plain = await deflateRaw(utf8.encode(JSON.stringify(privates[i])));
      return b64encode(await seal(key, plain, viewAad(gameId, game, step, i, seat.epoch, over, p, fair)));
    }),
  );
  const v = { g: gameId, G: game, t: step, E: seats.map((s) => (s ? s.epoch : -1)), p, x, z: 1 };
  if (fair) v.F = fair;
  if (over) v.v = 1;
  return encode("r", VERSION, v);
}

/** Read a state link. `keyring` lists the invites this browser holds ({gameId, seat, epoch,
 *  secret}); the one for this game opens its seat's part, which also proves that the whole
 *  link (public part included) comes unaltered from the host. Resolves
 *  {gameId, game, step, over, public, private: null | object, seat, verified, problem}: `problem` is
 *  a NetError code when this browser holds a key for the game that cannot be used (its invite
 *  was replaced). A link altered after the host made it is refused (link_forged). */
export async function readStateLink(input, keyring = []) {
  const { value: v } = await decode(input, { r: VERSION });
  if (
    !v ||
    !isId(v.g) ||
    !isGame(v.G) ||
    !isInt(v.t) ||
    v.t < PRE_STEPS.commit ||
    !Array.isArray(v.E) ||
    !Array.isArray(v.x) ||
    v.E.length !== v.x.length ||
    !v.E.length ||
    v.E.length > 1000 ||
    !v.E.every(isInt) ||
    v.p === null ||
    typeof v.p !== "object" ||
    (v.v !== undefined && v.v !== 1) ||
    (v.F !== undefined && (v.F === null || typeof v.F !== "object" || Array.isArray(v.F)))
  ) {
    throw new NetError("code_invalid", { where: "state link" });
  }
  const out = {
    gameId: v.g,
    game: v.G,
    step: v.t,
    over: v.v === 1,
    public: v.p,
    fair: v.F || null,
    private: null,
    seat: null,
    verified: false,
    problem: null,
  };
  const key = keyring.find((k) => k && k.gameId === v.g);
  if (!key) return out;
  if (!isInt(key.seat) || key.seat < 0 || key.seat >= v.E.length) {
    out.problem = "invite_wrong_seat";
    return out;
  }
  if (v.E[key.seat] !== key.epoch) {
    out.problem = v.E[key.seat] > key.epoch ? "invite_replaced" : "link_old";
    return out;
  }
  const box = typeof v.x[key.seat] === "string" ? b64decode(v.x[key.seat]) : null;
  if (!box) {
    out.problem = "no_private_part";
    return out;
  }
  const { view: k } = await keysFor(key.secret, v.g);
  const sealed = await open(k, box, viewAad(v.g, v.G, v.t, key.seat, key.epoch, out.over, v.p, v.F), "link_forged");
  try {
    const plain = v.z === 1 ? await inflateRaw(sealed) : sealed; // older links: plain JSON
    out.private = JSON.parse(text(plain));
  } catch {
    throw new NetError("link_forged");
  }
  out.seat = key.seat;
  out.verified = true;
  return out;
}

// ------------------------------------------------------------------ action codes
export const actionAad = (g, G, t, s, e, c) => `by${VERSION}|action|${g}|${G}|${t}|${s}|${e}|${c}`;
const PAD = 32; // plaintexts are padded to a multiple of this: a code's length tells little

/** A seat's action (in the game's packed form) for step `step` as an action code for the
 *  host. `counter` must grow with every code this seat makes (the host refuses older ones).
 *  The game's name is bound in (the associated data), not carried. */
export async function makeActionCode({ gameId, game, step, seat, epoch, secret, action, device, counter, commit }) {
  const { order: key } = await keysFor(secret, gameId);
  let plain = JSON.stringify(commit ? { a: action, d: device, k: commit } : { a: action, d: device });
  plain += " ".repeat((PAD - (utf8.encode(plain).length % PAD)) % PAD);
  const x = b64encode(await seal(key, plain, actionAad(gameId, game, step, seat, epoch, counter)));
  return encode("o", VERSION, { g: gameId, t: step, s: seat, e: epoch, c: counter, x });
}

/** The outer part of an action code, checked for shape only (the host's inbox does the rest). */
export async function readActionHeader(input) {
  const { value: v } = await decode(input, { o: VERSION });
  if (
    !v ||
    !isId(v.g) ||
    !isInt(v.t) ||
    !isInt(v.s) ||
    !isInt(v.e) ||
    !isInt(v.c) ||
    v.c < 1 ||
    typeof v.x !== "string"
  ) {
    throw new NetError("code_invalid", { where: "action code" });
  }
  const box = b64decode(v.x);
  if (!box) throw new NetError("code_invalid", { where: "action code" });
  return { gameId: v.g, step: v.t, seat: v.s, epoch: v.e, counter: v.c, box };
}

/** Open an action code's sealed part with the seat's secret: {action, device, commit}. */
export async function openAction(header, secret, game) {
  const { order: key } = await keysFor(secret, header.gameId);
  const plain = await open(
    key,
    header.box,
    actionAad(header.gameId, game, header.step, header.seat, header.epoch, header.counter),
    "code_forged",
  );
  let v;
  try {
    v = JSON.parse(text(plain));
  } catch {
    throw new NetError("code_forged");
  }
  if (
    !v ||
    typeof v.d !== "string" ||
    !v.d ||
    v.a === undefined ||
    (v.k !== undefined && (typeof v.k !== "string" || !/^[0-9a-f]{64}$/.test(v.k)))
  )
    throw new NetError("code_invalid", { where: "action" });
  return { action: v.a, device: v.d, commit: v.k || null };
}

// ------------------------------------------------------------------ the player's side
/** What a player's browser keeps (any Storage: localStorage, or a Map-like in tests):
 *  its device id, its invites, and the last counter per game and seat. */
export class PlayerBook {
  constructor(storage, prefix = "by.net.") {
    this.storage = storage;
    this.prefix = prefix;
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
  device() {
    let d = this._get("device", null);
    if (!d) {
      d = newDeviceId();
      this._set("device", d);
    }
    return d;
  }
  /** Keep an invite (replacing an older one for the same game). */
  addInvite(inv) {
    const all = this._get("invites", {});
    all[inv.gameId] = { G: inv.game, s: inv.seat, e: inv.epoch, k: b64encode(inv.secret), n: inv.name };
    this._set("invites", all);
  }
  keyring() {
    return Object.entries(this._get("invites", {}))
      .map(([gameId, v]) => ({ gameId, game: v.G, seat: v.s, epoch: v.e, secret: b64decode(v.k), name: v.n }))
      .filter((k) => k.secret);
  }
  invite(gameId) {
    return this.keyring().find((k) => k.gameId === gameId) || null;
  }
  /** The action code for this browser's seat in `gameId` at step `step`; `action` is in the
   *  game's packed form, `commit` this device's commitment to it (a fair deal's). Counters
   *  only grow, whatever the step. */
  async actionCode(gameId, step, action, commit = null) {
    const inv = this.invite(gameId);
    if (!inv) throw new NetError("no_invite");
    const name = `counter.${gameId}.${inv.seat}`;
    const counter = Math.max(this._get(name, 0) + 1, Date.now());
    this._set(name, counter);
    return makeActionCode({
      gameId,
      game: inv.game,
      step,
      seat: inv.seat,
      epoch: inv.epoch,
      secret: inv.secret,
      action,
      device: this.device(),
      counter,
      commit,
    });
  }
}
