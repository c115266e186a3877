// Invites (docs/multiplayer.md): "i4." {g, G, s, e, k, n, h, H}, one seat's secret and the
// host's public key, for that player alone, signed by the host (the fields: links.js). The
// host makes one per remote seat; the player's browser keeps it (playerbook.js) and opens the
// seat's parts of the host's state links with it.

import { NetError, encode, decode, b64encode, b64decode } from "./codec.js";
import { SECRET_BYTES } from "./seal.js";
import { publicBytes, sign, verify, SIGNATURE_BYTES } from "./device.js";
import { INVITE_VERSION, hostSigned, isId, isGame, isInt } from "./links.js";

/** "i4." save string carrying one seat's secret and the host's public key, signed with the
 *  host's key (`signer`, hostkey.js's hostSigner: its `pub` travels as `h`); put it in a
 *  link's fragment (#...). */
export async function makeInvite({ gameId, game, seat, epoch, secret, name, signer }) {
  const v = { g: gameId, G: game, s: seat, k: b64encode(secret), n: name, h: signer.pub };
  if (epoch) v.e = epoch; // 0 is left out: every byte counts in a link
  v.H = await sign(signer, hostSigned("i", v, INVITE_VERSION));
  return encode("i", INVITE_VERSION, v);
}

/** {gameId, game, seat, epoch, secret, name, host} of an invite. An invite whose signature
 *  does not verify with the key it names is refused (invite_forged): before invites were
 *  signed, any holder of an invite could mint one with another secret and epoch that a
 *  victim's browser kept, and then refused every genuine link of the game. */
export async function readInvite(input) {
  const { value: v } = await decode(input, { i: INVITE_VERSION }).catch((error) => {
    // an invite made before invites were signed cannot be trusted; its player needs the host's
    // new one (the host's page shows it, same secret), which an invite's own words say
    throw error && error.code === "code_old_version" ? new NetError("invite_old_version") : error;
  });
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
    typeof v.n !== "string" ||
    !publicBytes(v.h) ||
    typeof v.H !== "string" ||
    (b64decode(v.H) || []).length !== SIGNATURE_BYTES
  ) {
    throw new NetError("code_invalid", { where: "invite" });
  }
  const { H, ...signed } = v;
  if (!(await verify(v.h, H, hostSigned("i", signed, INVITE_VERSION)))) throw new NetError("invite_forged");
  return { gameId: v.g, game: v.G, seat: v.s, epoch, secret, name: v.n, host: v.h };
}
