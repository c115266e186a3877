// Invite links, state links and action codes (docs/multiplayer.md), for every game. Pure
// functions over plain data: what a link carries comes from the engine (its public part and
// each remote seat's private part, in the game's own compact form: engine/core/links.py),
// this module seals and encodes it, and back (an invite: invite.js; what a player's browser
// keeps, and the codes it makes: playerbook.js).
//
//   invite  "i4." {g, G, s, e, k, n, h, H}      one seat's secret and the host's key, signed by it: for that player alone
//   state   "r4." {g, G, t, E, p, N, x, v, W, R, H} public part for anybody + one sealed part per seat, signed by the host
//   action  "o3." {g, t, s, e, c, p, x, S, r}   a seat's action, sealed for the host, signed by the device
//
// g: the hosted game's id; G: the game (its registry's short tag); t: the engine's step (to_act's
// "step": an answer made for an older step is refused); v: 1 once the game is over; W: the seats
// whose bound device's host refused another device (device.js, "Seat binding"); R: the seats
// the host released and no device took since, each with the release's random mark, which a
// code for that seat must name (r: so no code made before the release counts); N: the iv every
// sealed part x of the link is sealed under (one per link since version 4: each seat's key is
// its own, and a link's iv is new and random; version 3 gave each part its own); h: the host's
// public key for this game (hostkey.js), which the seat's browser pins; H: the host's signature
// of the whole link, so that a seat's browser tells the host's links from those of anybody else
// holding the same invite (the seat's keys are the invite's). Every failure is a NetError
// (codec.js) with a stable code.
//
// A game with a fair deal (its catalog's `fair`) adds a pre-game exchange before the engine's
// first step: steps PRE_STEPS.commit and PRE_STEPS.reveal (negative: before any step of the
// game), whose links carry the hall's public part {pre: ...}; its state links may carry `F`
// (the hall's fair-deal part: the posted commitments of the seats' codes, the revealed values
// once over), sealed into every seat's part like the public part; and an action code may carry
// `k`, the device's commitment to what it sends (docs/multiplayer.md, "A fair deal").

import { NetError, encode, decode, b64encode, b64decode, deflateRaw, inflateRaw } from "./codec.js";
import { seatKeys, seal, open, sealAt, openAt, randomBytes, SECRET_BYTES, IV_BYTES } from "./seal.js";
import { publicBytes, sign, verify, SIGNATURE_BYTES } from "./device.js";

export const VERSION = 4; // state links: 3 adds the host's key and signature, 4 one iv for all parts
export const OLD_VERSION = 3; // state links still read: kept by players' pages, posted before
export const OFFER_VERSION = 3; // live offers: 3 adds the host's key and signature
export const INVITE_VERSION = 4; // invites: 3 adds the host's key, 4 its signature
export const ACTION_VERSION = 3; // action codes: 3 adds the device's key and signature
export const VERSIONS = { i: INVITE_VERSION, r: VERSION, o: ACTION_VERSION, f: OFFER_VERSION, a: ACTION_VERSION };
export const PRE_STEPS = { commit: -2, reveal: -1 };
const utf8 = new TextEncoder();
const text = (bytes) => new TextDecoder().decode(bytes);
export const isInt = (v) => Number.isSafeInteger(v);
export const isId = (v) => typeof v === "string" && /^[A-Za-z0-9_-]{8,32}$/.test(v);
export const isGame = (v) => typeof v === "string" && /^[a-z][a-z0-9-]{0,30}$/.test(v);
const isSignature = (v) => typeof v === "string" && (b64decode(v) || []).length === SIGNATURE_BYTES;
export const RELEASE_BYTES = 9; // a release's random mark (HostInbox.release): 12 characters
const isRelease = (v) => typeof v === "string" && (b64decode(v) || []).length === RELEASE_BYTES;

/** What the host signs of an invite, a state link or a live offer: its prefix and its JSON
 *  without `H`. A reader's JSON.parse then JSON.stringify gives back the host's text exactly
 *  (the host made it with JSON.stringify), so the signature covers every byte but its own. */
export const hostSigned = (letter, v, version = VERSION) => `${letter}${version}.${JSON.stringify(v)}`;

export function newGameId() {
  return b64encode(randomBytes(9));
}
export function newSecret() {
  return randomBytes(SECRET_BYTES);
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

// ------------------------------------------------------------------ state links
const viewAad = (g, G, t, s, e, v, p, F, W, version = VERSION) =>
  `by${version}|view|${g}|${G}|${t}|${s}|${e}|${v ? 1 : 0}|${JSON.stringify(p)}` +
  (F ? `|${JSON.stringify(F)}` : "") +
  (W ? `|W${JSON.stringify(W)}` : "");

// W: [[seat, refusals, tag of the bound device's key]]: a seat's browser learns that another
// device tried its seat, and whether it is itself the bound one
const isWarn = (W, seats) =>
  Array.isArray(W) &&
  W.length > 0 &&
  W.length <= seats &&
  W.every(
    (w) =>
      Array.isArray(w) &&
      w.length === 3 &&
      isInt(w[0]) &&
      w[0] >= 0 &&
      w[0] < seats &&
      isInt(w[1]) &&
      w[1] > 0 &&
      typeof w[2] === "string" &&
      /^[A-Za-z0-9_-]{8}$/.test(w[2]),
  );

// R: [[seat, release mark]]: a released seat's device names the mark in its codes
const isReleased = (R, seats) =>
  Array.isArray(R) &&
  R.length > 0 &&
  R.length <= seats &&
  R.every((r) => Array.isArray(r) && r.length === 2 && isInt(r[0]) && r[0] >= 0 && r[0] < seats && isRelease(r[1]));

// ------------------------------------------------------------------ padding
// A sealed part's length must tell nothing of what it holds (issue 25: a spy game's roles
// were read exactly from the lengths of the seats' parts). Every sealed part is padded to a
// bucket: the smallest of 2^k · 4/4, 5/4, 6/4, 7/4 (…, 32, 40, 48, 56, 64, 80, 96, 112, 128,
// 160, …) at least the floor the engine or the game gives — for a state link, the largest
// private part at the table (engine/core/links.py, `pad_of`), so every seat's part of one
// link has one length; for an action code, the game's largest move (`code_bytes`).

export const PAD_HEADER = 5; // the stored block's header (the engine's PAD_HEADER)

/** The bucket that holds `n` bytes, at least `floor`. */
export function bucket(n, floor = 0) {
  const need = Math.max(n, floor, 1);
  for (let base = 8; ; base *= 2) for (const m of [4, 5, 6, 7]) if ((base * m) / 4 >= need) return (base * m) / 4;
}

/** `deflated` (raw deflate) preceded by a stored deflate block of spaces, `size` bytes in
 *  all: one valid deflate stream that inflates to the same JSON with leading spaces (which
 *  JSON.parse skips), so any reader, older ones too, opens it unchanged. */
export function storedPad(deflated, size) {
  const k = size - PAD_HEADER - deflated.length;
  if (k < 0 || k > 0xffff) throw new NetError("code_too_long", { limit: size });
  const out = new Uint8Array(size).fill(0x20, PAD_HEADER, PAD_HEADER + k);
  // BFINAL 0, BTYPE 00 (stored), then LEN and its complement NLEN, little-endian
  out.set([0, k & 0xff, k >> 8, ~k & 0xff, (~k >> 8) & 0xff], 0);
  out.set(deflated, PAD_HEADER + k);
  return out;
}

/** The state link's save string. `seats[i]` = {secret, epoch} of a remote seat, or null for a
 *  seat without a key (a bot, hot-seat); `privates[i]` = that seat's private part as the
 *  engine made it (`link_input`), sealed so that only that seat's browser opens it, padded to
 *  one length for every seat (at least `pad`, the engine's floor); `warn` the link's W
 *  (HostInbox.warnings()), or null; `host` what signs for the host (hostkey.js's hostSigner). */
export async function makeStateLink({
  gameId,
  game,
  step,
  over = false,
  public: p,
  privates,
  seats,
  pad = 0,
  fair = null,
  warn = null,
  released = null,
  host,
}) {
  const W = warn && warn.length ? warn : null;
  // each private part is deflated before it is sealed: sealed bytes do not compress,
  // and a game's private part repeats itself (the spy game's lists of targets)
  const parts = await Promise.all(
    seats.map((seat, i) => (seat && privates[i] != null ? deflateRaw(utf8.encode(JSON.stringify(privates[i]))) : null)),
  );
  const size = bucket(Math.max(pad, ...parts.map((d) => (d ? d.length + PAD_HEADER : 0))));
  // one new random iv for the link: every part is sealed with its own seat's key
  const iv = randomBytes(IV_BYTES);
  const x = await Promise.all(
    seats.map(async (seat, i) => {
      if (!parts[i]) return 0;
      const { view: key } = await keysFor(seat.secret, gameId);
      const plain = storedPad(parts[i], size);
      return b64encode(await sealAt(key, iv, plain, viewAad(gameId, game, step, i, seat.epoch, over, p, fair, W)));
    }),
  );
  const v = { g: gameId, G: game, t: step, E: seats.map((s) => (s ? s.epoch : -1)), p, N: b64encode(iv), x };
  if (fair) v.F = fair;
  if (W) v.W = W;
  if (released && released.length) v.R = released;
  if (over) v.v = 1;
  v.H = await sign(host, hostSigned("r", v));
  return encode("r", VERSION, v);
}

/** Read a state link. `keyring` lists the invites this browser holds ({gameId, seat, epoch,
 *  secret, host}); the one for this game checks the host's signature with the host's key it
 *  pinned (the whole link, public part included, comes unaltered from the host) and opens its
 *  seat's part (none in a fair deal's exchange before the game). Resolves
 *  {gameId, game, step, over, public, private: null | object, seat, verified, problem, tried}:
 *  `problem` is a NetError code when this browser holds an invite for the game that cannot be
 *  used (replaced, or kept by a version before the host's key: invite_old); `tried` ({n, tag},
 *  verified only) says that the host refused n codes or answers for this seat from a device
 *  other than the bound one, whose key's tag is `tag`. A link the host did not sign as it is
 *  (altered, or made by anybody else, another holder of the same invite included) is refused
 *  (link_forged). A browser without an invite for the game can check nothing: `verified`
 *  false. */
export async function readStateLink(input, keyring = []) {
  const { value: v, version } = await decode(input, { r: VERSION }).catch((error) => {
    // a link of version 3 (each part with its own iv) still opens: players' pages keep them
    if (error instanceof NetError && error.code === "code_old_version" && error.params.version === OLD_VERSION)
      return decode(input, { r: OLD_VERSION });
    throw error;
  });
  const iv = version === VERSION && v ? b64decode(v.N) : null;
  if (
    (version === VERSION && !(iv && iv.length === IV_BYTES)) ||
    (version === OLD_VERSION && v && v.N !== undefined) ||
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
    (v.F !== undefined && (v.F === null || typeof v.F !== "object" || Array.isArray(v.F))) ||
    (v.W !== undefined && !isWarn(v.W, v.E.length)) ||
    (v.R !== undefined && !isReleased(v.R, v.E.length)) ||
    !isSignature(v.H)
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
    tried: null,
    release: null,
  };
  const key = keyring.find((k) => k && k.gameId === v.g);
  if (!key) return out;
  // an invite kept before the host's key: it cannot tell the host's links from anybody's
  if (!publicBytes(key.host)) {
    out.problem = "invite_old";
    return out;
  }
  const { H, ...signed } = v;
  if (!(await verify(key.host, H, hostSigned("r", signed, version)))) throw new NetError("link_forged");
  // from here on the link is the host's: what it says about the seat is true
  if (!isInt(key.seat) || key.seat < 0 || key.seat >= v.E.length) {
    out.problem = "invite_wrong_seat";
    return out;
  }
  if (v.E[key.seat] !== key.epoch) {
    out.problem = v.E[key.seat] > key.epoch ? "invite_replaced" : "link_old";
    return out;
  }
  const box = typeof v.x[key.seat] === "string" ? b64decode(v.x[key.seat]) : null;
  // a fair deal's exchange before the game (version 4) seals nothing: nothing of it is secret,
  // and the host's signature tells its links from anybody's
  const exchange = version === VERSION && v.t < 0 && v.x[key.seat] === 0;
  if (!box && !exchange) {
    out.problem = "no_private_part";
    return out;
  }
  out.private = exchange ? {} : await openPart(v, key, box, iv, version, out.over);
  out.seat = key.seat;
  out.verified = true;
  const warned = v.W && v.W.find((w) => w[0] === key.seat);
  if (warned) out.tried = { n: warned[1], tag: warned[2] };
  const released = v.R && v.R.find((r) => r[0] === key.seat);
  if (released) out.release = released[1];
  return out;
}

/** The reader's sealed part of a state link the host signed, opened; link_forged when it
 *  does not open. */
async function openPart(v, key, box, iv, version, over) {
  const { view: k } = await keysFor(key.secret, v.g);
  const aad = viewAad(v.g, v.G, v.t, key.seat, key.epoch, over, v.p, v.F, v.W, version);
  const sealed = iv ? await openAt(k, iv, box, aad, "link_forged") : await open(k, box, aad, "link_forged");
  try {
    return JSON.parse(text(await inflateRaw(sealed)));
  } catch {
    throw new NetError("link_forged");
  }
}

// ------------------------------------------------------------------ action codes
// p: the device's public key (device.js), bound into the associated data, so that a code
// cannot be rewrapped under another key by anyone without the seat's secret; S: the device's
// signature of the associated data and the sealed part. c: the code's counter, which starts
// at 1 in each step and grows with every code the device makes for it.
export const actionAad = (g, G, t, s, e, c, p, r = null) =>
  `by${ACTION_VERSION}|action|${g}|${G}|${t}|${s}|${e}|${c}|${p}` + (r ? `|${r}` : "");
// a plaintext is padded to its bucket, at least the game's largest move (the catalog's
// `code_bytes`; 96 holds every legal Broker-Yard order, at most 91 bytes with MAX_TRADE
// shares in all four colours): a code's length says nothing of the move
export const BUCKET = 96;
const signed = (aad, x) => `${aad}|${x}`;

/** `plain` padded with spaces to its bucket, at least `floor` bytes. */
export function padded(plain, floor = BUCKET) {
  const n = utf8.encode(plain).length;
  return plain + " ".repeat(bucket(n, floor) - n);
}

/** A seat's action (in the game's packed form) for step `step` as an action code for the
 *  host, signed by `device` (device.js). `counter` must grow with every code the device
 *  makes in a step (the host refuses older ones). The game's name is bound in (the
 *  associated data), not carried; `pad`: the game's `code_bytes`. */
export async function makeActionCode({
  gameId,
  game,
  step,
  seat,
  epoch,
  secret,
  action,
  device,
  counter,
  commit,
  pad = BUCKET,
  release = null,
  undo = false,
}) {
  const { order: key } = await keysFor(secret, gameId);
  // an undo code (the seat's action made at `step` taken back) is an action code whose sealed
  // part says so: the same length, so only the host tells it from a move
  const move = undo ? { u: 1 } : commit ? { a: action, k: commit } : { a: action };
  const plain = padded(JSON.stringify(move), pad);
  const aad = actionAad(gameId, game, step, seat, epoch, counter, device.pub, release);
  const x = b64encode(await seal(key, plain, aad));
  const S = await sign(device, signed(aad, x));
  const v = { g: gameId, t: step, s: seat, e: epoch, c: counter, p: device.pub, x, S };
  if (release) v.r = release;
  return encode("o", ACTION_VERSION, v);
}

/** The outer part of an action code, checked for shape only (the host's inbox does the rest). */
export async function readActionHeader(input) {
  const { value: v } = await decode(input, { o: ACTION_VERSION });
  if (
    !v ||
    !isId(v.g) ||
    !isInt(v.t) ||
    !isInt(v.s) ||
    !isInt(v.e) ||
    !isInt(v.c) ||
    v.c < 1 ||
    !publicBytes(v.p) ||
    typeof v.x !== "string" ||
    typeof v.S !== "string" ||
    (b64decode(v.S) || []).length !== SIGNATURE_BYTES ||
    (v.r !== undefined && !isRelease(v.r))
  ) {
    throw new NetError("code_invalid", { where: "action code" });
  }
  const box = b64decode(v.x);
  if (!box) throw new NetError("code_invalid", { where: "action code" });
  const release = v.r || null;
  return { gameId: v.g, step: v.t, seat: v.s, epoch: v.e, counter: v.c, key: v.p, release, box, x: v.x, sig: v.S };
}

/** Open an action code's sealed part with the seat's secret and check the device's
 *  signature: {action, key, commit, undo} (`undo`: an undo code, for the seat's action made
 *  at the code's step; no action). Either failing is code_forged. */
export async function openAction(header, secret, game) {
  const { order: key } = await keysFor(secret, header.gameId);
  const h = header;
  const aad = actionAad(h.gameId, game, h.step, h.seat, h.epoch, h.counter, h.key, h.release);
  const plain = await open(key, header.box, aad, "code_forged");
  if (!(await verify(header.key, header.sig, signed(aad, header.x)))) throw new NetError("code_forged");
  let v;
  try {
    v = JSON.parse(text(plain));
  } catch {
    throw new NetError("code_forged");
  }
  if (v && typeof v === "object" && v.u === 1 && v.a === undefined && v.k === undefined)
    return { action: null, key: header.key, commit: null, undo: true };
  if (
    !v ||
    typeof v !== "object" ||
    v.a === undefined ||
    v.u !== undefined ||
    (v.k !== undefined && (typeof v.k !== "string" || !/^[0-9a-f]{64}$/.test(v.k)))
  )
    throw new NetError("code_invalid", { where: "action" });
  return { action: v.a, key: header.key, commit: v.k || null, undo: false };
}
