// Undo within a turn on a remote player's page (docs/multiplayer.md, "Undo codes"): the seat
// asks the host to take back its latest action with an undo code (sent over the live channel,
// or shown to be sent like an action code); the host's session alone takes it back, or
// refuses, and its next link shows the table as it is. The page changes nothing itself.
// One Undo button beside the table's heading, and Ctrl+Z (⌘Z), as at the host's table.

import { isUndoKey, undoControl } from "../table/tableundo.js";

let pressed = null; // the shown page's undo, for the key

/** The step at which the seat's action that the page may ask to take back was made, or null.
 *  The host's link says it (`undo`: the host's session's own answer, engine/core/links.py
 *  UNDO); playing by links, a code the page made for this step may be taken back too before
 *  the host's next link comes (the host refuses it if it may not), unless it holds a turn
 *  planned on the page (Ekonos's), which is sent only once the turn has ended. None once an
 *  undo code is made for this link, nor live before the host answers the code just sent. */
export function undoStep({ got, play, undo, live }) {
  if (got.seat == null || got.over || !got.verified) return null;
  if (play.undo && play.undo.at === got.step) return null;
  if (play.code && play.codeStep === got.step) return live || play.planned ? null : got.step;
  return Number.isSafeInteger(undo) ? undo : null;
}

/** The page's Undo button (null when nothing may be asked back); `ask()` makes the undo code. */
export function undoButton(step, ask) {
  pressed = step == null ? null : ask;
  return step == null ? null : undoControl(ask);
}

addEventListener("keydown", (e) => {
  if (!pressed || document.documentElement.dataset.page !== "play" || !isUndoKey(e)) return;
  if (!document.getElementById("by-undo")) return;
  e.preventDefault();
  pressed();
});
