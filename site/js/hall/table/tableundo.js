// Undo within a turn at the open game's table (engine/core/undo.py): while the seat shown may
// take back actions of its current turn (the session's screen says how many: `undo`), the top
// bar has one Undo button, and Ctrl+Z (⌘Z) does the same outside a text field (which keeps
// its own undo). Each press takes back one action; the host's session commits it (on a
// remote player's page the game's own planned turn is started again instead: Ekonos).

import { h } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import { call, showError } from "../../shell/ui.js";
import { asking } from "./answer.js";

let open = null; // {T, afterReply} of the table shown, for the key

/** How many actions the seat shown may take back now (0 behind the curtain, in the past). */
const undoable = (T) => (!T || T.closed || T.curtain || T.past?.at != null || !T.mine ? 0 : T.mine.undo || 0);

/** Take back the seat shown's latest action of this turn; the table shows what it went back to. */
export async function takeBack(T, afterReply) {
  if (!undoable(T)) return null;
  let reply;
  try {
    reply = await call("hall_undo", { id: T.id, seat: T.seat, ...asking(T) }, { busy: true });
  } catch (error) {
    showError(error);
    return null;
  }
  return afterReply(reply, { acted: true });
}

/** The Undo button, one look wherever a seat may take back (here, and a remote player's page). */
export const undoControl = (onclick) =>
  h(
    "button",
    {
      type: "button",
      class: "btn",
      id: "by-undo",
      title: t("game.undo_hint"),
      "aria-keyshortcuts": "Control+Z",
      onclick,
    },
    h("span", { "aria-hidden": "true" }, "↶ "),
    t("game.undo"),
  );

/** The top bar's Undo button for `T` (null when nothing may be taken back). */
export function undoButton(T, afterReply) {
  open = { T, afterReply };
  return undoable(T) ? undoControl(() => takeBack(T, afterReply)) : null;
}

/** Is `e` the Undo key (Ctrl+Z, ⌘Z) pressed outside a text field, which keeps its own undo? */
export const isUndoKey = (e) =>
  (e.ctrlKey || e.metaKey) &&
  !e.shiftKey &&
  !e.altKey &&
  e.key.toLowerCase() === "z" &&
  !(e.target.closest && e.target.closest("input, textarea, select, [contenteditable]"));

addEventListener("keydown", (e) => {
  if (!open || document.documentElement.dataset.page !== "game" || !isUndoKey(e)) return;
  if (!undoable(open.T) || !document.getElementById("by-undo")) return;
  e.preventDefault();
  takeBack(open.T, open.afterReply);
});
