// Playing at the open game's table (table.js): the seat shown acting, the host's own moves
// (end this step now, a game master's action, play out), and `afterReply`, which shows what
// any move changed (a person's, a bot's, a deadline's, a remote player's code): the flash of
// a step that moved, the next seat behind the hot-seat curtain, the table redrawn.

import { t, list } from "../../shell/i18n.js";
import { call, confirmDialog, notify, dropToasts, showError } from "../../shell/ui.js";
import { during, hold } from "../../shell/settle.js";
import * as live from "../remote/livehost.js";
import { released } from "./tablepace.js";
import { asking, keepMove } from "./answer.js";
import { speed, people } from "./tableframe.js";

const DRAW_EVERY_MS = 100;

const CLOSE_KEYS = {
  button: "game.end_step",
  title: "game.end_step_title",
  text: "game.end_step_text",
  missing: "game.end_step_missing",
  hint: "game.end_step_hint", // beside the menu's button: what it does, before it is pressed
};

/** The moves of the open game `T`; `load(opts, drawn)` takes what a reply says the table
 *  draws (or reads it), `draw()` redraws. */
export function tableMoves(T, { load, draw }) {
  /** Show what a bridge call changed (`reply` from the session, or null: only redraw). */
  const afterReply = (reply, how) => during(() => showReply(reply, how));

  // At the instant pace a table of bots alone is drawn at most every DRAW_EVERY_MS: each move
  // drawn at once was replaced before anyone saw it (a grid game of bots: 328 draws, now 62),
  // and the garbage of those draws grew the page's heap (issue 28). The moves between are
  // kept (the log lists them); a timer draws the latest; the page is not at rest until it has.
  let drawnAt = -Infinity;
  let catchUp = null;
  const watched = () => speed() === 0 && !people(T) && !T.pub.result;

  function drawMove(bot) {
    const wait = bot && watched() ? drawnAt + DRAW_EVERY_MS - performance.now() : 0;
    if (wait <= 0) drawNow();
    else if (!catchUp) {
      const due = { done: hold() };
      due.timer = setTimeout(async () => {
        await released();
        if (catchUp === due) drawNow();
      }, wait);
      catchUp = due;
    }
  }

  function drawNow() {
    if (catchUp) {
      clearTimeout(catchUp.timer);
      catchUp.done();
      catchUp = null;
    }
    drawnAt = performance.now();
    if (!T.closed) draw();
  }

  async function showReply(reply, { acted = false, bot = false } = {}) {
    if (T.closed) return reply;
    if (!reply) {
      await load();
      await released();
      draw();
      return reply;
    }
    await keepMove(T, reply.stored);
    if (T.closed) return reply;
    const together = T.pub.to_act.together;
    if (reply.moved) {
      dropToasts(); // what they said was about the step that has ended
      T.flash = { from: reply.step_before, events: reply.events };
      // the field shows what moved in its flash; on another tab a notice says so
      if (T.table.movedText && !bot && T.tab !== T.table.tabs[0]) {
        const text = T.table.movedText(reply);
        if (text) notify(text);
      }
      if (T.hot && T.pub.to_act.together) T.seat = null; // a new simultaneous step starts with the first human
      await load({ advance: true, curtain: T.hot && "step" }, reply);
    } else {
      await load({ advance: acted }, reply);
    }
    // a press that began meanwhile (during a bot's move, a deadline) keeps its click: the
    // table is redrawn once it is released
    await released();
    if (T.closed) return reply;
    drawMove(bot);
    // the person's own move ended a simultaneous step: its result comes into view, where the
    // orders were (a phone's page is scrolled down to its buttons)
    if (reply.moved && acted && together && !T.curtain) showFlash();
    if (T.blob.net) live.pushStatus(T);
    return reply;
  }

  /** A host's call whose reply is shown (null when it failed: its error is shown). */
  async function hostCall(name, args) {
    try {
      return await afterReply(await call(name, { id: T.id, ...args, at: Date.now(), ...asking(T) }, { busy: true }));
    } catch (error) {
      showError(error);
      return null;
    }
  }

  /** The words of the host's "end this step now": the game's own (a round, a day) or the hall's. */
  function closeText(part, names = "") {
    // the hint is a hook of its own (`closeHint(view)`): a game's closeText knows its four parts
    if (part === "hint") return (T.table.closeHint && T.table.closeHint(T.pub.view)) || t(CLOSE_KEYS.hint);
    const own = T.table.closeText && T.table.closeText(part, T.pub.view, names);
    return own || t(CLOSE_KEYS[part], { names });
  }

  return {
    afterReply,
    closeText,
    /** The seat shown plays `action`; resolves the session's reply (null when refused). */
    async act(action) {
      let reply;
      try {
        reply = await call(
          "hall_act",
          { id: T.id, seat: T.seat, action, at: Date.now(), ...asking(T) },
          { busy: true },
        );
      } catch (error) {
        showError(error);
        return null;
      }
      await afterReply(reply, { acted: true });
      return reply;
    },
    /** The host's "end this step now", after asking (whoever has not played gets the default). */
    async endStep() {
      const v = T.pub.view;
      const missing = [...T.pub.waiting, ...T.pub.remote_waiting].map((i) => v.players[i]);
      const ok = await confirmDialog({
        title: closeText("title"),
        text: missing.length ? closeText("missing", list(missing)) : closeText("text"),
        ok: closeText("button"),
      });
      if (ok) await hostCall("hall_close_step", {});
    },
    /** The host as game master plays one of the game's own host actions (a deadline, ...). */
    hostAct: (action) => hostCall("hall_host_act", { action }),
    playOut: () => hostCall("hall_play_out", {}),
  };
}

function showFlash() {
  // inview.js's inView has scrolled it into view with the next decision
  const flash = document.querySelector("#by-panel .flash");
  if (!flash) return;
  const title = flash.querySelector("h3");
  if (title) {
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }
}
