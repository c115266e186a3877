// Invites (docs/multiplayer.md): "i3." {g, G, s, e, k, n, h}, one seat's secret and the
// host's public key, for that player alone (the fields: links.js). The host makes one per
// remote seat; the player's browser keeps it (playerbook.js) and opens the seat's parts of
// the host's state links with it.

import { NetError, encode, decode, b64encode, b64decode } from "./codec.js";
import { SECRET_BYTES } from "./seal.js";
import { publicBytes } from "./device.js";
import { VERSION, isId, isGame, isInt } from "./links.js";

/** "i3." save string carrying one seat's secret and the host's public key (`host`, hostkey.js);
 *  put it in a link's fragment (#...). */
export function makeInvite({ gameId, game, seat, epoch, secret, name, host }) {
  const v = { g: gameId, G: game, s: seat, k: b64encode(secret), n: name, h: host };
  if (epoch) v.e = epoch; // 0 is left out: every byte counts in a link
  return encode("i", VERSION, v);
}

/** {gameId, game, seat, epoch, secret, name, host} of an invite. */
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
    typeof v.n !== "string" ||
    !publicBytes(v.h)
  ) {
    throw new NetError("code_invalid", { where: "invite" });
  }
  return { gameId: v.g, game: v.G, seat: v.s, epoch, secret, name: v.n, host: v.h };
}
