// The player's page: what the host's state link says about this seat's device (docs/
// multiplayer.md, "Seat binding"). The host binds a seat to the first device that sends a
// move or connects live; when another device with the same invite tries, the next link names
// the seat with the bound key's tag, so both devices learn it: the bound one that someone
// else holds its invite, the other that its moves are refused until the host releases the
// seat to it.

import { h } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import { keyTag } from "../../net/device.js";
import { book } from "./book.js";

/** The notice for a state link read with this browser's invite (readStateLink's result), or
 *  null when the host has refused no other device for the seat. */
export async function seatNotice(got) {
  if (!got || !got.verified || !got.tried) return null;
  const mine = keyTag((await book.device()).pub) === got.tried.tag;
  return h(
    "p",
    {
      class: `panel-note ${mine ? "notice-warn" : "bad"}`,
      id: "by-seat-tried",
      role: "alert",
      "data-mine": mine ? 1 : 0,
    },
    t(mine ? "net.tried_mine" : "net.tried_other", { count: got.tried.n }),
  );
}
