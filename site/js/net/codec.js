// Save strings: "<letter><version>." + base64url(raw deflate(JSON) + CRC-32), the format of
// DESIGN.md ("Playing together without a server") shared by invites, round links, order codes
// and live-room offers/answers. The CRC-32 (big-endian, last 4 bytes) is taken over the
// prefix ("r1.") and the uncompressed JSON bytes, so a damaged, truncated or relabelled string
// is told apart from a well-formed one before anything else looks at it.
//
// Every failure is a NetError with a stable `code` (docs/multiplayer.md lists them) and
// `params`; nothing else is ever thrown for any input text.

export class NetError extends Error {
  constructor(code, params = {}, message = code) {
    super(message);
    this.name = "NetError";
    this.code = code;
    this.params = params;
  }
  toJSON() {
    return { code: this.code, params: this.params, message: this.message };
  }
}

export const MAX_TEXT = 8000; // characters of a pasted code or link
export const MAX_JSON = 64 * 1024; // bytes a save string may inflate to
// arrays and objects within each other: a game's deepest link part is 7 levels. Deeper JSON
// (up to 32,000 levels fit in MAX_JSON) would overflow the stack in JSON.stringify, and in
// Python on the way to the engine: a Pyodide fatal error, the page's Python lost
export const MAX_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text, found in one pass without
 *  recursion; it stops counting once past `stop`. */
export function nesting(text, stop = Infinity) {
  let depth = 0,
    deepest = 0,
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 92)
        i++; // a backslash: the next character is escaped
      else if (c === 34) quoted = false;
    } else if (c === 34) quoted = true;
    else if (c === 91 || c === 123) {
      depth += 1;
      if (depth > deepest && (deepest = depth) > stop) return deepest;
    } else if (c === 93 || c === 125) depth -= 1;
  }
  return deepest;
}

// ------------------------------------------------------------------ base64url (strict)
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function b64encode(bytes) {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63];
  }
  return out;
}

/** Bytes of a base64url text without padding; null unless it is the canonical encoding
 *  (so no two different texts ever decode to the same bytes). */
export function b64decode(text) {
  if (typeof text !== "string" || text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0,
    acc = 0,
    j = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? LOOKUP[c] : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 0xff;
    }
  }
  if (bits && acc & ((1 << bits) - 1)) return null; // unused low bits must be zero
  return out;
}

// ------------------------------------------------------------------ CRC-32 (IEEE, as zlib)
const CRC_TABLE = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c >>> 0;
}
export function crc32(...parts) {
  let c = 0xffffffff;
  for (const bytes of parts) {
    for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

// ------------------------------------------------------------------ raw deflate
async function pump(stream, input, limit) {
  const writer = stream.writable.getWriter();
  // the writer's promises reject together with the reader on bad data: swallow them here so
  // that nothing surfaces as an unhandled rejection; the reader reports the failure
  writer.write(input).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      reader.cancel().catch(() => {});
      throw new NetError("code_too_long", { limit });
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export function deflateRaw(bytes) {
  return pump(new CompressionStream("deflate-raw"), bytes, Infinity);
}

export async function inflateRaw(bytes, limit = MAX_JSON) {
  try {
    return await pump(new DecompressionStream("deflate-raw"), bytes, limit);
  } catch (error) {
    if (error instanceof NetError) throw error;
    throw new NetError("code_damaged", { reason: "inflate" });
  }
}

// ------------------------------------------------------------------ save strings
const utf8 = new TextEncoder();
const PREFIX = /^([a-z])([1-9][0-9]{0,2})\.([A-Za-z0-9_-]*)$/;

/** The save string for `value` (any JSON) of kind `letter` at `version`. */
export async function encode(letter, version, value) {
  const prefix = `${letter}${version}.`;
  const json = utf8.encode(JSON.stringify(value));
  const packed = await deflateRaw(json);
  const crc = crc32(utf8.encode(prefix), packed);
  const body = new Uint8Array(packed.length + 4);
  body.set(packed);
  new DataView(body.buffer).setUint32(packed.length, crc);
  return prefix + b64encode(body);
}

/** The code inside whatever a person pasted: a whole link (the part after its last "#"), a
 *  bare code, with any whitespace (line breaks a chat app added) removed. */
export function extract(text, maxText = MAX_TEXT) {
  if (typeof text !== "string") throw new NetError("code_empty");
  if (text.length > maxText) throw new NetError("code_too_long", { limit: maxText });
  let s = text.replace(/\s+/g, "");
  const hash = s.lastIndexOf("#");
  if (hash >= 0) s = s.slice(hash + 1);
  if (!s) throw new NetError("code_empty");
  return s;
}

/** The kind of a pasted code ({letter, version}) without checking its body; null if none. */
export function peek(text) {
  try {
    const m = PREFIX.exec(extract(text));
    return m ? { letter: m[1], version: Number(m[2]) } : null;
  } catch {
    return null;
  }
}

/** Decode a save string. `kinds` maps each accepted letter to the version this build reads,
 *  e.g. {o: 1}; `limits` may raise the text's and the JSON's sizes (a replay of a long game).
 *  Resolves {letter, version, value}; rejects only with a NetError. */
export async function decode(text, kinds, { maxText = MAX_TEXT, maxJson = MAX_JSON } = {}) {
  const s = extract(text, maxText);
  const m = PREFIX.exec(s);
  if (!m) {
    if (/^[a-z][0-9]+\./.test(s)) throw new NetError("code_damaged", { reason: "alphabet" });
    throw new NetError("code_unknown_kind");
  }
  const [, letter, digits, body] = m;
  const version = Number(digits);
  if (!(letter in kinds)) {
    throw new NetError("code_wrong_kind", { got: letter, expected: Object.keys(kinds).join("") });
  }
  if (version > kinds[letter]) throw new NetError("code_newer_version", { version, supported: kinds[letter] });
  if (version < kinds[letter]) throw new NetError("code_old_version", { version, supported: kinds[letter] });
  const bytes = b64decode(body);
  if (!bytes || bytes.length < 6) throw new NetError("code_damaged", { reason: "base64" });
  const crc = new DataView(bytes.buffer).getUint32(bytes.length - 4);
  const packed = bytes.subarray(0, bytes.length - 4);
  if (crc32(utf8.encode(`${letter}${digits}.`), packed) !== crc) {
    throw new NetError("code_damaged", { reason: "crc" });
  }
  const json = await inflateRaw(packed, maxJson);
  let source;
  try {
    source = new TextDecoder("utf-8", { fatal: true }).decode(json);
  } catch {
    throw new NetError("code_damaged", { reason: "json" });
  }
  // well-formed, but no code of this hall nests so deeply (a forgery)
  if (nesting(source, MAX_DEPTH) > MAX_DEPTH) throw new NetError("code_invalid", { where: "nesting" });
  let value;
  try {
    value = JSON.parse(source);
  } catch {
    throw new NetError("code_damaged", { reason: "json" });
  }
  return { letter, version, value };
}
