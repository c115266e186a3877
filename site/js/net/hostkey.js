// The host's own signing key for one hosted game (WebCrypto ECDSA P-256, as device.js's): the
// host signs every state link and live offer it makes, and each seat's browser pins the public
// half that came with its invite (docs/multiplayer.md, "The host's key"). A seat's AES-GCM keys
// cannot tell the host from another holder of the same invite (both derive them from the
// seat's secret); this signature can: only the host's state holds the private half.
//
// Unlike a device's key, it is kept as bytes with the host's state (HostInbox.toJSON(), next to
// every seat's secret: the host's storage is trusted), so it lives exactly as long as the
// hosted game, survives reloads and goes wherever the host's state goes. A record file carries
// no host state at all (an imported game's remote seats become the device's own).

import { NetError, b64encode, b64decode } from "./codec.js";
import { publicBytes, publicPoint, compressed, sign, verify } from "./device.js";

const subtle = globalThis.crypto.subtle;
const ALG = { name: "ECDSA", namedCurve: "P-256" };

/** A new host key: {d: the private scalar (base64url, 32 bytes), p: the compressed public key}. */
export async function newHostKey() {
  const pair = await subtle.generateKey(ALG, true, ["sign", "verify"]);
  const jwk = await subtle.exportKey("jwk", pair.privateKey);
  return { d: jwk.d, p: compressed(new Uint8Array(await subtle.exportKey("raw", pair.publicKey))) };
}

/** Whether `hk` has the shape of a stored host key. */
export const isHostKey = (hk) =>
  !!(hk && typeof hk.d === "string" && (b64decode(hk.d) || []).length === 32 && publicBytes(hk.p));

/** What signs for the host ({privateKey, pub}, as device.js's `sign` takes) from a stored key.
 *  A key whose halves do not belong together (a damaged state) would sign links that no seat
 *  verifies: it is refused here (host_state_invalid) by signing a probe once. */
export async function hostSigner(hk) {
  const raw = isHostKey(hk) ? publicPoint(hk.p) : null;
  if (!raw) throw new NetError("host_state_invalid");
  let signer;
  try {
    const jwk = { kty: "EC", crv: "P-256", d: hk.d, x: b64encode(raw.subarray(1, 33)), y: b64encode(raw.subarray(33)) };
    signer = { privateKey: await subtle.importKey("jwk", jwk, ALG, false, ["sign"]), pub: hk.p };
  } catch {
    throw new NetError("host_state_invalid");
  }
  if (!(await verify(hk.p, await sign(signer, "by3|host key"), "by3|host key")))
    throw new NetError("host_state_invalid");
  return signer;
}
