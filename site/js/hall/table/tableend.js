// The end of the open game (table.js): the final screen's buttons under the game's own
// final screen (a rematch with the same seats and options, the record, a picture of the
// result, the lobby), and the record's export, which the top bar offers too.

import { h } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import { call, showError, download, downloadText, fileSafe } from "../../shell/ui.js";
import { createGame } from "../lobby/newgame.js";
import { resultPicture } from "./picture.js";

/** The game's record as a JSON file. */
export async function exportGame(T) {
  try {
    const record = await call("hall_export", { id: T.id });
    download(`${T.game}-${fileSafe(record.players.join("-"))}.json`, record);
  } catch (error) {
    showError(error);
  }
}

/** The final screen of `T` (the game's `final(ctx)`) with the hall's buttons; `nav` opens pages. */
export function finalScreen(T, ctx, nav) {
  const box = T.table.final(ctx);
  // the buttons right under the ranking, so the end's decision is on its first screen (a
  // game's final screen goes on with its details: incomes, breakdowns)
  const ranking = box.querySelector(".ranking");
  const place = (row) => (ranking ? ranking.after(row) : box.append(row));
  place(
    h(
      "div",
      // the end's decision (table.js brings it into view)
      { class: "row", id: "by-final-actions", "data-decision": "" },
      h(
        "button",
        { type: "button", class: "btn btn-primary", id: "by-rematch", onclick: () => rematch(T, nav) },
        t("final.rematch"),
      ),
      h("button", { type: "button", class: "btn", onclick: () => exportGame(T) }, t("lobby.export")),
      h(
        "button",
        { type: "button", class: "btn", id: "by-picture", onclick: () => downloadPicture(T) },
        t("final.picture"),
      ),
      h("button", { type: "button", class: "btn", onclick: () => nav.go({ page: "lobby" }) }, t("nav.lobby")),
    ),
  );
  return box;
}

/** The result as a picture (picture.js): an SVG file of the standings and the game's chart. */
function downloadPicture(T) {
  const v = T.pub.view;
  downloadText(
    `${T.game}-${fileSafe(v.players.join("-"))}.svg`,
    resultPicture(T.table, T.game, v, T.pub.result),
    "image/svg+xml",
  );
}

/** A new game with the same seats and options. */
async function rematch(T, nav) {
  const v = T.pub.view;
  const seats = v.players.map((name, i) => ({ name, ...T.pub.kinds[i] }));
  const options = Object.fromEntries(
    T.catalog.options.map((o) => [o.key, T.blob.record.options[o.key]]).filter(([, x]) => x !== undefined),
  );
  try {
    const id = await createGame(T.game, options, seats);
    nav.go({ page: "game", id });
  } catch (error) {
    showError(error);
  }
}
