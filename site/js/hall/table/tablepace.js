// The open game moving by itself (table.js): bots acting and deadlines closing a step. Each
// is one timer for the one game the page shows; what they play goes through the table's
// `afterReply` (tablemoves.js), so the table is redrawn as after a person's move. They wait
// while the page is busy, a dialog is open or something is pressed. While one is due and
// nothing holds it back, the page is not at rest (settle.js): a bot's move is coming.

import { call, showError, pressing } from "../../shell/ui.js";
import { blocker, during } from "../../shell/settle.js";
import { speed, people } from "./tableframe.js";
import { asking, keepMove } from "./answer.js";
import { redrawNow } from "./gamelog.js";

// The page is busy, a dialog is open or something is pressed: a bot's move or a deadline,
// which redraw the table, wait (a redraw under a finger would lose its tap).
const occupied = () =>
  !!(document.documentElement.dataset.busy || document.querySelector("dialog[open]") || pressing());

/** Resolves once nothing is pressed (a redraw then keeps the press's click). */
export const released = async () => {
  while (pressing()) await new Promise((resolve) => setTimeout(resolve, 100));
};

let botTimer = null;
let deadlineTimer = null;
// when each timer is due (ms since the epoch; null: none set)
let botDue = null;
let deadlineDue = null;
// a deadline further away than this is no move about to happen (a timed day's evening)
const SOON_MS = 2000;

blocker(() => (botDue !== null || (deadlineDue !== null && deadlineDue - Date.now() < SOON_MS)) && !occupied());

/** A timer that says when it is due; its work counts for the page's rest (settle.js). */
function setBot(fn, ms) {
  clearTimeout(botTimer);
  botDue = Date.now() + ms;
  botTimer = setTimeout(() => {
    botDue = null;
    during(fn);
  }, ms);
}

function setDeadline(fn, ms) {
  clearTimeout(deadlineTimer);
  deadlineDue = Date.now() + ms;
  deadlineTimer = setTimeout(() => {
    deadlineDue = null;
    during(fn);
  }, ms);
}

function clearBot() {
  clearTimeout(botTimer);
  botDue = null;
}

function clearDeadline() {
  clearTimeout(deadlineTimer);
  deadlineDue = null;
}

/** Stops both timers (the game is closed). */
export function stopPace() {
  clearBot();
  clearDeadline();
}

/** Sets both timers anew for the open game `T` (after each load of its screen). */
export function schedulePace(T, afterReply) {
  scheduleBots(T, afterReply);
  scheduleDeadline(T, afterReply);
}

// A step with a deadline (to_act's, the host's stamps) closes when it passes, as the host's
// "end this step now" would: at once when the page opens after it (a reload, a device that
// was asleep), else by a timer. The game's default applies to whoever has not played.
function scheduleDeadline(T, afterReply) {
  clearDeadline();
  if (!T.pub || T.pub.result) return;
  const { deadline, close } = T.pub.to_act;
  if (deadline == null || !close) return;
  const due = async () => {
    if (T.closed || T.pub.to_act.deadline !== deadline) return;
    if (occupied()) {
      setDeadline(due, 500);
      return;
    }
    try {
      const at = Math.max(Date.now(), deadline);
      await afterReply(await call("hall_close_step", { id: T.id, at, ...asking(T) }, { busy: true }));
    } catch (error) {
      showError(error);
    }
  };
  // timers are capped at about 24.8 days; a later deadline is looked at again then
  setDeadline(due, Math.min(Math.max(0, deadline - Date.now()), 2 ** 31 - 1));
}

/** Schedules the bots of `T` again (the table's pace was changed). */
export function scheduleBots(T, afterReply) {
  // In a simultaneous step bots decide quietly while people think (nothing of theirs shows
  // before the step closes). When bots are to play and no person is, each bot's move is
  // shown on its own, at the table's pace.
  clearBot();
  if (!T.pub || T.pub.result || !T.pub.bots.length) return;
  const alone = !people(T);
  const visible = !T.pub.to_act.together || alone;
  const step = async () => {
    if (T.closed) return;
    if (occupied()) {
      setBot(step, 200);
      return;
    }
    let reply;
    try {
      // a bot the table shows brings what the table draws; a quiet one what it did and what
      // the page keeps (and the table, when its move shows: an event, the step moved). At the
      // instant pace the bots play on until a person is named again, drawn once: each move
      // would be drawn and replaced before anyone saw it. A table of bots alone is watched,
      // one move a call (in one call the page would show nothing until the game's end).
      reply =
        visible && !alone && speed() === 0
          ? await call("hall_play_out", { id: T.id, at: Date.now(), ...asking(T) })
          : await call("hall_bot_step", { id: T.id, at: Date.now(), ...asking(T, { quiet: !visible }) });
    } catch (error) {
      showError(error);
      return;
    }
    if (T.closed) return;
    // a quiet bot's move that the table sees (a public vote, who is done) is drawn, unless
    // a person is typing: the next redraw shows it then
    const typing = () =>
      document.activeElement &&
      document.activeElement.matches("input:not([type=radio]):not([type=checkbox]), textarea");
    if (visible || reply.moved || (reply.events && reply.events.length && !typing()))
      await afterReply(reply, { bot: true }); // schedules the next
    else {
      await keepMove(T, reply.stored);
      // who is done shows at once in the log's "now" list; the table at the next move
      if (reply.screen) {
        T.pub = { ...T.pub, to_act: reply.screen.to_act };
        redrawNow(T.pub);
      }
      if (reply.pending > 0) setBot(step, 50);
    }
  };
  const pace = speed();
  if (visible && pace === null) return; // paused: until the pace changes (or "play out")
  setBot(step, visible ? pace : 300);
}
