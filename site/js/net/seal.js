// WebCrypto only: a seat's 256-bit secret, the two AES-GCM keys derived from it with HKDF,
// and seal/open with associated data. No home-made cipher anywhere.
//
//   secret (32 random bytes, in the seat's invite link only)
//     -> HKDF-SHA-256(salt = "broker-yard/" + game id, info = "view")  -> AES-256-GCM: host -> seat
//     -> HKDF-SHA-256(salt = "broker-yard/" + game id, info = "order") -> AES-256-GCM: seat -> host
//
// A sealed box is iv (12 random bytes) || ciphertext || tag (16 bytes). The associated data
// names the purpose, game, round, seat and invite epoch, so a box is never valid anywhere else.
// A state link seals every seat's part under one random iv it carries once (`sealAt`): each
// seat has its own key (its own secret), so no key ever meets an iv twice, as with one each.

import { NetError } from "./codec.js";

const subtle = globalThis.crypto.subtle;
const utf8 = new TextEncoder();
export const SECRET_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

export function randomBytes(n) {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

/** {view, order}: the seat's two AES-GCM keys (not extractable). */
export async function seatKeys(secret, gameId) {
  if (!(secret instanceof Uint8Array) || secret.length !== SECRET_BYTES) {
    throw new NetError("invite_damaged", { reason: "secret" });
  }
  const base = await subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  const derive = (info) =>
    subtle.deriveKey(
      { name: "HKDF", hash: "SHA-256", salt: utf8.encode(`broker-yard/${gameId}`), info: utf8.encode(info) },
      base,
      { name: "AES-GCM", length: 256 },
      false,
      ["encrypt", "decrypt"],
    );
  const [view, order] = await Promise.all([derive("view"), derive("order")]);
  return { view, order };
}

/** AES-GCM(key, plaintext, aad) under `iv` (ciphertext || tag): the caller never uses an iv
 *  twice with one key. */
export async function sealAt(key, iv, plaintext, aad) {
  const data = typeof plaintext === "string" ? utf8.encode(plaintext) : plaintext;
  return new Uint8Array(
    await subtle.encrypt({ name: "AES-GCM", iv, additionalData: utf8.encode(aad), tagLength: 128 }, key, data),
  );
}

/** iv || AES-GCM(key, plaintext, aad), under a new random iv */
export async function seal(key, plaintext, aad) {
  const iv = randomBytes(IV_BYTES);
  const ct = await sealAt(key, iv, plaintext, aad);
  const out = new Uint8Array(IV_BYTES + ct.length);
  out.set(iv);
  out.set(ct, IV_BYTES);
  return out;
}

/** The plaintext bytes of `box` (ciphertext || tag) sealed under `iv`, or
 *  NetError(`failCode`) when it was not sealed with this key, iv and associated data, or was
 *  altered in any byte. */
export async function openAt(key, iv, box, aad, failCode = "code_forged") {
  if (!(box instanceof Uint8Array) || box.length < TAG_BYTES || !(iv instanceof Uint8Array) || iv.length !== IV_BYTES)
    throw new NetError(failCode);
  try {
    return new Uint8Array(
      await subtle.decrypt({ name: "AES-GCM", iv, additionalData: utf8.encode(aad), tagLength: 128 }, key, box),
    );
  } catch {
    throw new NetError(failCode);
  }
}

/** The plaintext bytes of a sealed box (iv || ciphertext || tag), or NetError(`failCode`). */
export async function open(key, box, aad, failCode = "code_forged") {
  if (!(box instanceof Uint8Array) || box.length < IV_BYTES + TAG_BYTES) throw new NetError(failCode);
  return openAt(key, box.subarray(0, IV_BYTES), box.subarray(IV_BYTES), aad, failCode);
}
