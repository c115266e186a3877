// The history at the open game's table (table.js): `T.past` = {frames, seat, step, at} is the
// game replayed to each step as the seat shown saw it (engine/core/replay.py, through
// `hall_history`), its last frame being now; `at` is the step looked at, or null for now.
// The frames are replayed when first asked for and again whenever the game moved on or
// another seat is shown; the bar and the past's context are history.js's.

import { t } from "../../shell/i18n.js";
import { call, showError } from "../../shell/ui.js";
import { historyBar } from "./history.js";

/** Whose past the history shows: the seat shown (its own cards then), or nobody's. */
const pastSeat = (T) => (T.curtain ? null : T.seat);

/** The frames no longer match the table (the game moved on, another seat is shown). */
export const pastStale = (T) => !!T.past && (T.past.step !== T.pub.to_act.step || T.past.seat !== pastSeat(T));

/** Replays the history of `T`, looking at step `at` (null: now). */
export async function loadPast(T, at) {
  const seat = pastSeat(T);
  const frames = await call("hall_history", { id: T.id, seat });
  T.past = { frames, seat, step: T.pub.to_act.step, at: at == null ? null : Math.min(at, frames.length - 1) };
}

/** The frame of the step looked at, or null when the table shows now. */
export const pastFrame = (T) => (T.past && T.past.at != null ? T.past.frames[T.past.at] : null);

/** Show step `where` of the history (an index, "first", "prev"); its last step is now. */
async function goPast(T, where, draw) {
  try {
    if (!T.past || pastStale(T)) await loadPast(T, null);
  } catch (error) {
    showError(error);
    return;
  }
  const last = T.past.frames.length - 1;
  const at = where === "first" ? 0 : where === "prev" ? last - 1 : where;
  T.past.at = at >= 0 && at < last ? at : null;
  const focused = document.activeElement && document.activeElement.id;
  draw();
  const again = focused && document.getElementById(focused);
  if (again && !again.disabled) again.focus();
  else if (document.getElementById("by-history"))
    document.querySelector("#by-history button:not([disabled]), #by-history input").focus();
}

/** The history bar over the table of `T` (before its first use: "first" and "previous" only). */
export const tableHistory = (T, draw) =>
  historyBar({
    frames: T.past ? T.past.frames : null,
    at: T.past ? T.past.at : null,
    go: (where) => goPast(T, where, draw),
    label: (frame) => (frame.over ? t("game.over_title") : T.table.heading(frame.view)),
  });
