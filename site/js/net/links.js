// Invite links, round links and order codes (docs/multiplayer.md). Pure functions over plain
// data: the host's UI gives the engine's views, this module gives the strings, and back.
//
//   invite  "i1." {g, s, e, k, n}            one seat's secret: for that player alone
//   round   "r1." {g, r, E, p, x}            public view for anybody + one sealed part per seat
//   order   "o1." {g, r, s, e, c, x}         a seat's orders, sealed for the host
//
// Every failure is a NetError (codec.js) with a stable code.

import { NetError, encode, decode, b64encode, b64decode } from "./codec.js";
import { seatKeys, seal, open, randomBytes, SECRET_BYTES } from "./seal.js";

export const VERSION = 1;
export const COLOURS = ["blue", "red", "yellow", "green"];
const utf8 = new TextEncoder();
const text = (bytes) => new TextDecoder().decode(bytes);
const isInt = (v) => Number.isSafeInteger(v);
const isId = (v) => typeof v === "string" && /^[A-Za-z0-9_-]{8,32}$/.test(v);

export function newGameId() { return b64encode(randomBytes(9)); }
export function newSecret() { return randomBytes(SECRET_BYTES); }
export function newDeviceId() { return b64encode(randomBytes(9)); }

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

// ------------------------------------------------------------------ compact cards
const BIG = { hundred: "H", "minus-hundred": "M", double: "D", half: "V", zero: "Z" };
const BIG_BACK = Object.fromEntries(Object.entries(BIG).map(([k, v]) => [v, k]));
const COLOUR_LETTER = { blue: "b", red: "r", yellow: "y", green: "g" };
const LETTER_COLOUR = { b: "blue", r: "red", y: "yellow", g: "green" };

/** "hundred:blue" -> "Hb", "small:red:+30" -> "Sr+30"; an id it does not know stays as it is
 *  (ids contain ":", tokens never do). */
export function cardToken(id) {
  if (typeof id !== "string") throw new NetError("code_invalid", { where: "card" });
  let m = /^([a-z-]+):(blue|red|yellow|green)$/.exec(id);
  if (m && BIG[m[1]]) return BIG[m[1]] + COLOUR_LETTER[m[2]];
  m = /^small:(blue|red|yellow|green):([+-][0-9]{1,3})$/.exec(id);
  if (m) return "S" + COLOUR_LETTER[m[1]] + m[2];
  return id;
}

export function cardId(token) {
  if (typeof token !== "string" || token.length > 40) throw new NetError("code_invalid", { where: "card" });
  if (token.includes(":")) return token;
  let m = /^([HMDVZ])([bryg])$/.exec(token);
  if (m) return `${BIG_BACK[m[1]]}:${LETTER_COLOUR[m[2]]}`;
  m = /^S([bryg])([+-][0-9]{1,3})$/.exec(token);
  if (m) return `small:${LETTER_COLOUR[m[1]]}:${m[2]}`;
  throw new NetError("code_invalid", { where: "card" });
}

/** {} -> "", {other: "red"} -> "r", {others: {red: -10, yellow: -20, green: -30}} -> "ryg";
 *  any other shape stays an object. */
export function choicesToken(choices) {
  if (!choices || typeof choices !== "object") return "";
  const keys = Object.keys(choices);
  if (!keys.length) return "";
  if (keys.length === 1 && keys[0] === "other" && COLOUR_LETTER[choices.other]) return COLOUR_LETTER[choices.other];
  if (keys.length === 1 && keys[0] === "others" && choices.others && typeof choices.others === "object") {
    const entries = Object.entries(choices.others);
    const byValue = [-10, -20, -30].map((v) => entries.filter(([, x]) => x === v));
    if (entries.length === 3 && byValue.every((e) => e.length === 1 && COLOUR_LETTER[e[0][0]])) {
      return byValue.map((e) => COLOUR_LETTER[e[0][0]]).join("");
    }
  }
  return choices;
}

export function choicesFrom(token) {
  if (token && typeof token === "object" && !Array.isArray(token)) return token;
  if (token === "" || token == null) return {};
  if (typeof token === "string" && /^[bryg]$/.test(token)) return { other: LETTER_COLOUR[token] };
  if (typeof token === "string" && /^[bryg]{3}$/.test(token)) {
    const [a, b, c] = token;
    return { others: { [LETTER_COLOUR[a]]: -10, [LETTER_COLOUR[b]]: -20, [LETTER_COLOUR[c]]: -30 } };
  }
  throw new NetError("code_invalid", { where: "choices" });
}

export function compactOrder(order) {
  const o = {};
  const t = order && order.trades;
  if (t && typeof t === "object" && Object.keys(t).length) {
    if (Object.keys(t).every((c) => COLOURS.includes(c))) o.t = COLOURS.map((c) => t[c] || 0);
    else o.T = t;                          // not ours to judge: the engine refuses it
  }
  if (order && order.card != null) {
    o.k = cardToken(order.card);
    const ch = choicesToken(order.choices);
    if (ch !== "") o.c = ch;
  }
  return o;
}

export function expandOrder(o) {
  if (!o || typeof o !== "object" || Array.isArray(o)) throw new NetError("code_invalid", { where: "order" });
  const trades = {};
  if (o.t !== undefined) {
    if (!Array.isArray(o.t) || o.t.length !== 4 || !o.t.every(isInt)) throw new NetError("code_invalid", { where: "trades" });
    COLOURS.forEach((c, i) => { if (o.t[i]) trades[c] = o.t[i]; });
  }
  if (o.T !== undefined) Object.assign(trades, o.T);
  const order = { trades, card: null, choices: {} };
  if (o.k !== undefined) {
    order.card = cardId(o.k);
    order.choices = choicesFrom(o.c);
  }
  return order;
}

// ------------------------------------------------------------------ the public view
// Fields of the last round's events that the engine can recompute and the link leaves out.
const EVENT_TRIM = { card: ["effects"], price: ["after_cancel", "after_zero"] };

/** The spectator view (engine `view(state, None, history=False)`) and the last round's
 *  events (spectator-redacted), as the compact object a round link carries. */
export function compactPublic(view, events = []) {
  return {
    V: view.engine_version,
    o: view.options,
    n: view.players,
    r: view.round,
    R: view.rounds_total,
    v: view.over ? 1 : 0,
    P: COLOURS.map((c) => view.prices[c]),
    S: view.seats.map((s) => [
      s.cash,
      COLOURS.map((c) => s.shares[c]),
      s.bankrupt ? s.bankrupt_round ?? -1 : 0,
      s.cards_left,
      s.played.map((p) => {
        const ch = choicesToken(p.choices);
        return ch === "" ? [p.round, cardToken(p.card)] : [p.round, cardToken(p.card), ch];
      }),
    ]),
    k: view.ranking,
    e: events.map((ev) => {
      const drop = EVENT_TRIM[ev.type];
      if (!drop) return ev;
      const out = { ...ev };
      for (const key of drop) delete out[key];
      return out;
    }),
  };
}

/** The compact public part back as a view-shaped object (engine field names), plus
 *  `events`: the last round's events. Refuses anything malformed with code_invalid. */
export function expandPublic(p) {
  const bad = (where) => new NetError("code_invalid", { where });
  if (!p || typeof p !== "object") throw bad("public");
  const { o, n, r, R, v, P, S, k, e } = p;
  if (!Array.isArray(n) || !n.length || n.length > 200 || !n.every((x) => typeof x === "string")) throw bad("players");
  if (!isInt(r) || !isInt(R) || r < 1 || r > R || (v !== 0 && v !== 1)) throw bad("round");
  if (!Array.isArray(P) || P.length !== 4 || !P.every(isInt)) throw bad("prices");
  if (!Array.isArray(S) || S.length !== n.length) throw bad("seats");
  if (!o || typeof o !== "object" || Array.isArray(o)) throw bad("options");
  if (!Array.isArray(e) || !e.every((x) => x && typeof x === "object" && typeof x.type === "string")) throw bad("events");
  if (k !== null && k !== undefined && !(Array.isArray(k) && k.every(isInt))) throw bad("ranking");
  const prices = Object.fromEntries(COLOURS.map((c, i) => [c, P[i]]));
  const seats = S.map((s, i) => {
    if (!Array.isArray(s) || s.length !== 5 || !isInt(s[0]) || !Array.isArray(s[1]) || s[1].length !== 4
        || !s[1].every(isInt) || !isInt(s[2]) || !isInt(s[3]) || !Array.isArray(s[4])) throw bad(`seats[${i}]`);
    const shares = Object.fromEntries(COLOURS.map((c, j) => [c, s[1][j]]));
    const played = s[4].map((x) => {
      if (!Array.isArray(x) || !isInt(x[0])) throw bad(`seats[${i}].played`);
      return { round: x[0], card: cardId(x[1]), choices: choicesFrom(x[2]) };
    });
    return {
      name: n[i],
      cash: s[0],
      shares,
      capital: s[0] + COLOURS.reduce((sum, c) => sum + shares[c] * prices[c], 0),
      bankrupt: s[2] !== 0,
      bankrupt_round: s[2] > 0 ? s[2] : null,
      played,
      cards_left: s[3],
      saved: false,
    };
  });
  const priceEvents = e.filter((x) => x.type === "price");
  const lastRound = v ? r : r - 1;
  const last = lastRound < 1 ? null : {
    round: lastRound,
    change: Object.fromEntries(priceEvents.map((x) => [x.colour, x.new_price - x.price])),
    bonus: Object.fromEntries(priceEvents.filter((x) => x.bonus).map((x) => [x.colour, x.bonus])),
    penalty: Object.fromEntries(priceEvents.filter((x) => x.penalty).map((x) => [x.colour, x.penalty])),
    stopped: Object.fromEntries(priceEvents.filter((x) => x.stopped).map((x) => [x.colour, x.stop])),
  };
  return {
    game: "broker-yard", engine_version: p.V, options: o, players: n, round: r, rounds_total: R,
    rounds_played: lastRound, over: v === 1, prices, last, seats, seat: null,
    ranking: k ?? null, events: e,
  };
}

// ------------------------------------------------------------------ invites
/** "i1." save string carrying one seat's secret; put it in a link's fragment (#...). */
export function makeInvite({ gameId, seat, epoch, secret, name }) {
  return encode("i", VERSION, { g: gameId, s: seat, e: epoch, k: b64encode(secret), n: name });
}

/** {gameId, seat, epoch, secret, name} of an invite. */
export async function readInvite(input) {
  const { value: v } = await decode(input, { i: VERSION });
  const secret = v && typeof v.k === "string" ? b64decode(v.k) : null;
  if (!v || !isId(v.g) || !isInt(v.s) || v.s < 0 || !isInt(v.e) || v.e < 0 || !secret
      || secret.length !== SECRET_BYTES || typeof v.n !== "string") {
    throw new NetError("code_invalid", { where: "invite" });
  }
  return { gameId: v.g, seat: v.s, epoch: v.e, secret, name: v.n };
}

// ------------------------------------------------------------------ round links
const viewAad = (g, r, s, e, p) => `by1|view|${g}|${r}|${s}|${e}|${JSON.stringify(p)}`;

/** The round link's save string. `seats[i]` = {secret, epoch} of a remote seat, or null for a
 *  seat without a key (bankrupt, a bot, hot-seat); `privates[i]` = {hand, discard} of that seat
 *  from the engine's view of it (`view(state, i)["hand"]`, its own discard event's card). */
export async function makeRoundLink({ gameId, view, events, seats, privates }) {
  const p = compactPublic(view, events);
  const r = view.round;
  const x = await Promise.all(seats.map(async (seat, i) => {
    if (!seat || !privates[i]) return 0;
    const { view: key } = await keysFor(seat.secret, gameId);
    const part = { h: privates[i].hand.map(cardToken) };
    if (privates[i].discard) part.d = cardToken(privates[i].discard);
    return b64encode(await seal(key, JSON.stringify(part), viewAad(gameId, r, i, seat.epoch, p)));
  }));
  return encode("r", VERSION, { g: gameId, r, E: seats.map((s) => (s ? s.epoch : -1)), p, x });
}

/** Read a round link. `keyring` lists the invites this browser holds ({gameId, seat, epoch,
 *  secret}); the one for this game opens its seat's part, which also proves that the whole
 *  link (public part included) comes unaltered from the host. Resolves
 *  {gameId, round, view, mine: null | {seat, hand, discard}, verified, problem}: `problem` is
 *  a NetError code when this browser holds a key for the game that cannot be used (its invite
 *  was replaced). A link altered after the host made it is refused (link_forged). */
export async function readRoundLink(input, keyring = []) {
  const { value: v } = await decode(input, { r: VERSION });
  if (!v || !isId(v.g) || !isInt(v.r) || !Array.isArray(v.E) || !Array.isArray(v.x)
      || !v.p || !Array.isArray(v.p.n) || v.E.length !== v.p.n.length || v.x.length !== v.p.n.length
      || !v.E.every(isInt) || v.p.r !== v.r) {
    throw new NetError("code_invalid", { where: "round link" });
  }
  const view = expandPublic(v.p);
  const out = { gameId: v.g, round: v.r, view, mine: null, verified: false, problem: null };
  const key = keyring.find((k) => k && k.gameId === v.g);
  if (!key) return out;
  if (!isInt(key.seat) || key.seat < 0 || key.seat >= v.E.length) { out.problem = "invite_wrong_seat"; return out; }
  if (v.E[key.seat] !== key.epoch) { out.problem = v.E[key.seat] > key.epoch ? "invite_replaced" : "link_old"; return out; }
  const box = typeof v.x[key.seat] === "string" ? b64decode(v.x[key.seat]) : null;
  if (!box) { out.problem = "no_private_part"; return out; }
  const { view: k } = await keysFor(key.secret, v.g);
  const plain = await open(k, box, viewAad(v.g, v.r, key.seat, key.epoch, v.p), "link_forged");
  let part;
  try { part = JSON.parse(text(plain)); } catch { throw new NetError("link_forged"); }
  if (!part || !Array.isArray(part.h)) throw new NetError("code_invalid", { where: "hand" });
  out.mine = { seat: key.seat, hand: part.h.map(cardId), discard: part.d ? cardId(part.d) : null };
  out.view.seat = key.seat;
  out.view.hand = out.mine.hand;
  out.verified = true;
  return out;
}

// ------------------------------------------------------------------ order codes
export const orderAad = (g, r, s, e, c) => `by1|order|${g}|${r}|${s}|${e}|${c}`;
const PAD = 32;   // plaintexts are padded to a multiple of this: a code's length tells little

/** A seat's orders for round `round` as an order code for the host. `counter` must grow with
 *  every code this seat makes in a round (the host keeps the newest and refuses older ones). */
export async function makeOrderCode({ gameId, round, seat, epoch, secret, order, device, counter }) {
  const { order: key } = await keysFor(secret, gameId);
  let plain = JSON.stringify({ o: compactOrder(order), d: device });
  plain += " ".repeat((PAD - (utf8.encode(plain).length % PAD)) % PAD);
  const x = b64encode(await seal(key, plain, orderAad(gameId, round, seat, epoch, counter)));
  return encode("o", VERSION, { g: gameId, r: round, s: seat, e: epoch, c: counter, x });
}

/** The outer part of an order code, checked for shape only (the host's inbox does the rest). */
export async function readOrderHeader(input) {
  const { value: v } = await decode(input, { o: VERSION });
  if (!v || !isId(v.g) || !isInt(v.r) || !isInt(v.s) || !isInt(v.e) || !isInt(v.c) || v.c < 1
      || typeof v.x !== "string") {
    throw new NetError("code_invalid", { where: "order code" });
  }
  const box = b64decode(v.x);
  if (!box) throw new NetError("code_invalid", { where: "order code" });
  return { gameId: v.g, round: v.r, seat: v.s, epoch: v.e, counter: v.c, box };
}

/** Open an order code's sealed part with the seat's secret: {order, device}. */
export async function openOrder(header, secret) {
  const { order: key } = await keysFor(secret, header.gameId);
  const plain = await open(key, header.box,
    orderAad(header.gameId, header.round, header.seat, header.epoch, header.counter), "code_forged");
  let v;
  try { v = JSON.parse(text(plain)); } catch { throw new NetError("code_forged"); }
  if (!v || typeof v.d !== "string" || !v.d) throw new NetError("code_invalid", { where: "order" });
  return { order: expandOrder(v.o), device: v.d };
}

// ------------------------------------------------------------------ the player's side
/** What a player's browser keeps (any Storage: localStorage, or a Map-like in tests):
 *  its device id, its invites, and the last counter per game/seat/round. */
export class PlayerBook {
  constructor(storage, prefix = "by.net.") {
    this.storage = storage;
    this.prefix = prefix;
  }
  _get(name, fallback) {
    try { return JSON.parse(this.storage.getItem(this.prefix + name)) ?? fallback; } catch { return fallback; }
  }
  _set(name, value) { this.storage.setItem(this.prefix + name, JSON.stringify(value)); }
  device() {
    let d = this._get("device", null);
    if (!d) { d = newDeviceId(); this._set("device", d); }
    return d;
  }
  /** Keep an invite (replacing an older one for the same game). */
  addInvite(inv) {
    const all = this._get("invites", {});
    all[inv.gameId] = { s: inv.seat, e: inv.epoch, k: b64encode(inv.secret), n: inv.name };
    this._set("invites", all);
  }
  keyring() {
    return Object.entries(this._get("invites", {})).map(([gameId, v]) =>
      ({ gameId, seat: v.s, epoch: v.e, secret: b64decode(v.k), name: v.n })).filter((k) => k.secret);
  }
  invite(gameId) { return this.keyring().find((k) => k.gameId === gameId) || null; }
  /** The order code for this browser's seat in `gameId`, round `round`. */
  async orderCode(gameId, round, order) {
    const inv = this.invite(gameId);
    if (!inv) throw new NetError("no_invite");
    const name = `counter.${gameId}.${inv.seat}.${round}`;
    const counter = Math.max(this._get(name, 0) + 1, Date.now());
    this._set(name, counter);
    return makeOrderCode({ gameId, round, seat: inv.seat, epoch: inv.epoch, secret: inv.secret,
      order, device: this.device(), counter });
  }
}
