// A browser's own key pair (WebCrypto ECDSA P-256): what binds a remote seat to one device.
// The host pins the public key that first reaches it for a seat (an action code or a live
// answer) and from then on takes only what that key signed: holding the seat's invite is not
// enough to play it (docs/multiplayer.md, "Seat binding").
//
// The private key is made non-extractable and kept in IndexedDB, which stores the CryptoKey
// itself, never its bytes: no script, the page's own included, can read it out, and a copy of
// localStorage (or of a record file) carries no seat. JWK in localStorage would have to be
// extractable, so anyone who could read the storage could clone the device. Where IndexedDB
// cannot be opened the key lives as long as the page (as the store's in-memory fallback does).
//
// P-256, not Ed25519: every browser's WebCrypto has it. A public key travels compressed (33
// bytes: 0x02 | 0x03 by the parity of y, then x); WebCrypto imports the uncompressed point
// only, so `importPublic` recomputes y from the curve's equation, and importKey checks that
// the point lies on the curve. A signature is 64 bytes (r || s).

import { b64encode, b64decode } from "./codec.js";

const subtle = globalThis.crypto.subtle;
const utf8 = new TextEncoder();
const ALG = { name: "ECDSA", namedCurve: "P-256" };
const SIGN = { name: "ECDSA", hash: "SHA-256" };
export const PUBLIC_BYTES = 33;
export const SIGNATURE_BYTES = 64;

// P-256: y² = x³ − 3x + b (mod p); p ≡ 3 (mod 4), so a square root is a power (p + 1) / 4
const P = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

function modPow(base, exp, mod) {
  let out = 1n;
  base %= mod;
  while (exp > 0n) {
    if (exp & 1n) out = (out * base) % mod;
    base = (base * base) % mod;
    exp >>= 1n;
  }
  return out;
}
const toBig = (bytes) => BigInt("0x" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""));
const fromBig = (n) => Uint8Array.from(n.toString(16).padStart(64, "0").match(/../g), (h) => parseInt(h, 16));

/** A compressed public key (base64url), or null when `text` is not one. */
export function publicBytes(text) {
  const bytes = typeof text === "string" ? b64decode(text) : null;
  return bytes && bytes.length === PUBLIC_BYTES && (bytes[0] === 2 || bytes[0] === 3) ? bytes : null;
}

/** A short tag of a public key (8 characters: 6 bytes of its x): which device a link names. */
export function keyTag(pub) {
  const bytes = publicBytes(pub);
  return bytes ? b64encode(bytes.subarray(1, 7)) : null;
}

/** The uncompressed point (65 bytes: 0x04 | x | y) of a compressed public key; null when
 *  `pub` is not one. (Whether the point lies on the curve, importKey checks.) */
export function publicPoint(pub) {
  const bytes = publicBytes(pub);
  if (!bytes) return null;
  const x = toBig(bytes.subarray(1));
  let y = modPow((modPow(x, 3n, P) - 3n * x + B + 3n * P) % P, (P + 1n) / 4n, P);
  if (Number(y & 1n) !== (bytes[0] & 1)) y = P - y;
  const raw = new Uint8Array(65);
  raw[0] = 4;
  raw.set(bytes.subarray(1), 1);
  raw.set(fromBig(y), 33);
  return raw;
}

/** The compressed public key (base64url) of an uncompressed point (65 bytes). */
export function compressed(raw) {
  const pub = new Uint8Array(PUBLIC_BYTES);
  pub[0] = 2 + (raw[64] & 1);
  pub.set(raw.subarray(1, 33), 1);
  return b64encode(pub);
}

const imported = new Map();
/** The CryptoKey of a compressed public key; rejects when it is not a point of the curve. */
export function importPublic(pub) {
  if (!imported.has(pub)) {
    const raw = publicPoint(pub);
    const p = (async () => {
      if (!raw) throw new Error("not a public key");
      return subtle.importKey("raw", raw, ALG, false, ["verify"]);
    })();
    p.catch(() => imported.delete(pub));
    imported.set(pub, p);
  }
  return imported.get(pub);
}

/** A new device: {privateKey (not extractable), pub (compressed public key, base64url)}. */
export async function newDevice() {
  const pair = await subtle.generateKey(ALG, false, ["sign", "verify"]);
  const raw = new Uint8Array(await subtle.exportKey("raw", pair.publicKey)); // public keys always export
  return { privateKey: pair.privateKey, pub: compressed(raw) };
}

/** The device's signature of `text` (base64url, 64 bytes). */
export async function sign(device, text) {
  return b64encode(new Uint8Array(await subtle.sign(SIGN, device.privateKey, utf8.encode(text))));
}

/** Whether `sig` (base64url) is the signature of `text` by the key `pub`; false for
 *  anything malformed. */
export async function verify(pub, sig, text) {
  const bytes = typeof sig === "string" ? b64decode(sig) : null;
  if (!bytes || bytes.length !== SIGNATURE_BYTES) return false;
  try {
    return await subtle.verify(SIGN, await importPublic(pub), bytes, utf8.encode(text));
  } catch {
    return false;
  }
}

const usable = (d) => !!(d && d.privateKey instanceof CryptoKey && publicBytes(d.pub));

/** A device for this page's life only: {get()} resolving the same device every time. */
export function memoryDevice() {
  let made = null;
  return {
    get() {
      if (!made) {
        made = newDevice();
        made.catch(() => (made = null));
      }
      return made;
    },
  };
}

const request = (req) =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/** This browser's device, kept in IndexedDB (database `db`, one record); {get()}. Two tabs
 *  starting at once agree on one device: each makes a candidate, and one readwrite
 *  transaction keeps the first stored. Without IndexedDB: a device for the page's life. */
export function storedDevice(db = "by-net", key = "device") {
  let made = null;
  const load = async () => {
    let base;
    try {
      const open = globalThis.indexedDB.open(db, 1);
      open.onupgradeneeded = () => open.result.createObjectStore("keys");
      base = await request(open);
    } catch {
      return newDevice();
    }
    const fresh = await newDevice();
    try {
      return await new Promise((resolve, reject) => {
        const tx = base.transaction("keys", "readwrite");
        const store = tx.objectStore("keys");
        let out = fresh;
        const got = store.get(key);
        got.onsuccess = () => {
          if (usable(got.result)) out = got.result;
          else store.put(fresh, key);
        };
        tx.oncomplete = () => resolve(out);
        tx.onerror = tx.onabort = () => reject(tx.error);
      });
    } catch {
      return fresh;
    } finally {
      base.close();
    }
  };
  return {
    get() {
      if (!made) {
        made = load();
        made.catch(() => (made = null));
      }
      return made;
    },
  };
}
