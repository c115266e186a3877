// The table of a game hosted on this device, for every game: which seat the device shows
// (hot-seat behind a curtain), bots acting one at a time, deadlines, what an action changed,
// the tabs' panels (the game's own, and the remote players' tab when some seats play from
// afar) and the final screen's buttons. Its frame (top bar, tab bar, curtain) is drawn by
// tableframe.js; a new game is made by newgame.js. What is drawn inside a tab is the game's own
// (site/js/games/<game>/index.js), given a `ctx` with the seat's view and an `act` to play.
//
// The open game is one object `T` = {id, game, table, catalog, blob, pub, mine, seat, tab,
// curtain, hot, drafts, flash}; the page shows one game at a time.

import { h, clear } from "../shell/dom.js";
import { t, setReader } from "../shell/i18n.js";
import * as store from "../shell/store.js";
import { call, confirmDialog, notify, showError, download, fileSafe, pressing } from "../shell/ui.js";
import { useGame, showing } from "./games.js";
import { hostPanel, hostCheck, hostAddCode } from "./host.js";
import * as live from "./livehost.js";
import { isPending, showPending, closePending } from "./fairhost.js";
import { hostBoard } from "./board.js";
import { createGame, keep } from "./newgame.js";
import { topBar, tabBar, curtain, speed } from "./tableframe.js";

let T = null;
let nav = null;

function keepUi() {
  if (!T) return;
  T.blob.ui = { tab: T.tab, seat: T.seat };
  store.saveGame(T.blob);
}

export function closeGame() {
  clearTimeout(botTimer);
  clearTimeout(deadlineTimer);
  closePending();
  if (T && T.id) call("hall_close", { id: T.id }).catch(() => {});
  live.showingHost(null);
  showing(null);
  T = null;
}

// a game with remote seats has the message board (board.js) and the remote players' tab
const tabs = () => [...T.table.tabs, ...(T.blob.net ? ["board", "net"] : [])];

// ---------------------------------------------------------------- seats and the curtain
/** Which seat this device shows now. Hot-seat: the first human to play, behind a curtain
 *  whenever it changes; a human alone on this device: always theirs; several humans and
 *  none of them to play: nobody's secrets (the public view). */
async function load({ advance = false, curtain = false } = {}) {
  T.pub = await call("hall_screen", { id: T.id, seat: null });
  const { humans, waiting, kinds, result } = T.pub;
  const local = kinds.map((k, i) => (k.kind === "human" ? i : -1)).filter((i) => i >= 0);
  const hot = local.length > 1;
  let seat = T.seat;
  if (result || !humans.length) {
    seat = hot ? (result ? (local.includes(seat) ? seat : local[0]) : null) : local[0];
    T.curtain = false;
  } else {
    if (!humans.includes(seat) || (advance && !waiting.includes(seat))) seat = waiting[0] ?? humans[0];
    // "step": the game moved on; the field is covered when another person plays now or a
    // simultaneous step begins, not between one person's sequential moves
    const cover = curtain === "step" ? seat !== T.seat || T.pub.to_act.together : curtain;
    if (hot && (seat !== T.seat || cover)) T.curtain = true;
    if (!hot) T.curtain = false;
  }
  T.seat = seat ?? null;
  T.hot = hot;
  T.mine = T.curtain || T.seat == null ? null : await call("hall_screen", { id: T.id, seat: T.seat });
  keepUi();
  if (T.blob.net) await hostCheck(T);
  scheduleBots();
  scheduleDeadline();
}

// The page is busy, a dialog is open or something is pressed: a bot's move or a deadline,
// which redraw the table, wait (a redraw under a finger would lose its tap).
const occupied = () =>
  !!(document.documentElement.dataset.busy || document.querySelector("dialog[open]") || pressing());
const released = async () => {
  while (pressing()) await new Promise((resolve) => setTimeout(resolve, 100));
};

// ---------------------------------------------------------------- deadlines
// A step with a deadline (to_act's, the host's stamps) closes when it passes, as the host's
// "end this step now" would: at once when the page opens after it (a reload, a device that
// was asleep), else by a timer. The game's default applies to whoever has not played.
let deadlineTimer = null;
function scheduleDeadline() {
  clearTimeout(deadlineTimer);
  if (!T || !T.pub || T.pub.result) return;
  const { deadline, close } = T.pub.to_act;
  if (deadline == null || !close) return;
  const id = T.id;
  const due = async () => {
    if (!T || T.id !== id || T.pub.to_act.deadline !== deadline) return;
    if (occupied()) {
      deadlineTimer = setTimeout(due, 500);
      return;
    }
    try {
      await afterReply(await call("hall_close_step", { id, at: Math.max(Date.now(), deadline) }, { busy: true }));
    } catch (error) {
      showError(error);
    }
  };
  // timers are capped at about 24.8 days; a later deadline is looked at again then
  deadlineTimer = setTimeout(due, Math.min(Math.max(0, deadline - Date.now()), 2 ** 31 - 1));
}

// ---------------------------------------------------------------- bots
// In a simultaneous step bots decide quietly while people think (nothing of theirs shows
// before the step closes). When bots are to play and no person is, each bot's move is shown
// on its own, at the table's pace.
let botTimer = null;
function scheduleBots() {
  clearTimeout(botTimer);
  if (!T || !T.pub || T.pub.result || !T.pub.bots.length) return;
  const id = T.id;
  const people = T.pub.humans.length + T.pub.remote.length;
  const visible = !T.pub.to_act.together || !people;
  const step = async () => {
    if (!T || T.id !== id) return;
    if (occupied()) {
      botTimer = setTimeout(step, 200);
      return;
    }
    let reply;
    try {
      reply = await call("hall_bot_step", { id, at: Date.now() });
    } catch (error) {
      showError(error);
      return;
    }
    if (!T || T.id !== id) return;
    if (visible || reply.moved) await afterReply(reply, { bot: true });
    else {
      // a quiet bot's move that the table sees (a public vote, who is done) is drawn, unless
      // a person is typing: the next redraw shows it then
      const typing =
        document.activeElement &&
        document.activeElement.matches("input:not([type=radio]):not([type=checkbox]), textarea");
      if (reply.events && reply.events.length && !typing)
        await afterReply(reply, { bot: true }); // schedules the next
      else if (reply.pending > 0) botTimer = setTimeout(step, 50);
    }
  };
  const pace = speed();
  if (visible && pace === null) return; // paused: until the pace changes (or "play out")
  botTimer = setTimeout(step, visible ? pace : 300);
}

// ---------------------------------------------------------------- opening
export async function showGame(main, id, navigator, { code = null } = {}) {
  nav = navigator;
  const pending = store.loadGame(id);
  if (isPending(pending)) {
    // a fair game still being dealt: the exchange's page until every value is in
    if (T) closeGame();
    try {
      await useGame(pending.game);
    } catch (error) {
      showError(error);
      return false;
    }
    showing(pending.game);
    await showPending(main, id, navigator, { code });
    return true;
  }
  if (!T || T.id !== id) {
    if (T) closeGame();
    const blob = store.loadGame(id);
    if (!blob) return false;
    let game, stored;
    try {
      game = await useGame(blob.game);
      stored = await call("hall_open", { id, record: blob.record }, { busy: true });
    } catch (error) {
      showError(error);
      return false;
    }
    const all = [...game.table.tabs, ...(blob.net ? ["board", "net"] : [])];
    T = {
      id,
      game: blob.game,
      table: game.table,
      catalog: game.catalog,
      blob,
      tab: all.includes(blob.ui && blob.ui.tab) ? blob.ui.tab : all[0],
      seat: blob.ui && Number.isInteger(blob.ui.seat) ? blob.ui.seat : null,
      curtain: false,
      flash: null,
      drafts: {},
    };
    keep(blob, stored);
    // opening a game makes a fresh link from its record (the stored one may be older)
    if (blob.net) blob.net.linkPublic = null;
    showing(T.game, T.table);
    live.showingHost(T.blob.net ? id : null);
    await load({ curtain: true });
  } else {
    await load();
  }
  draw(main);
  if (code && T.blob.net) {
    // an action code opened as a link on the host's browser
    T.tab = "net";
    keepUi();
    draw(main);
    const out = await hostAddCode(T, code, { refresh: afterReply });
    notify(out.message, out.ok ? "info" : "error");
  }
  return true;
}

export const openId = () => (T ? T.id : null);

// ---------------------------------------------------------------- drawing
/** What the game's table draws with: the seat's view and how to act (`ctx.act(action)`). */
function context() {
  const screen = T.mine || T.pub;
  // a draft lives as long as its step; each seat keeps its own while the device is passed
  const step = T.pub.to_act.step;
  if (T.drafts.step !== step) T.drafts = { step, seats: {} };
  const seat = T.curtain ? "curtain" : T.seat;
  if (!T.drafts.seats[seat]) T.drafts.seats[seat] = {};
  return {
    game: T.game,
    view: screen.view,
    seat: T.curtain ? null : T.seat,
    screen: T.pub,
    kinds: T.pub.kinds,
    catalog: T.catalog,
    hot: T.hot,
    remote: false,
    draft: T.drafts.seats[seat],
    flash: T.flash,
    act,
    redraw: () => draw(),
    showTab: (tab) => {
      T.tab = tab;
      T.flash = null;
      keepUi();
      draw();
    },
    playOut,
    hostAct,
  };
}

function draw(main = document.getElementById("app")) {
  if (!T) return;
  // messages about the seat shown read "you" (behind the curtain, nobody's: third person)
  const reader = T.curtain ? null : T.seat;
  setReader(reader, reader == null ? null : T.pub.view.players[reader]);
  const focusKey = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.focus;
  clear(main);
  main.append(
    topBar(T, {
      switchSeat: async (seat) => {
        T.seat = seat;
        T.curtain = true;
        await load({ curtain: true });
        draw();
      },
      paceChanged: scheduleBots,
      endStep,
      exportGame,
      closeText,
    }),
    tabBar(T, tabs(), (next) => {
      T.tab = next;
      keepUi();
      draw();
      document.getElementById(`by-tab-${next}`).focus();
    }),
    h(
      "section",
      {
        class: "tab-panel",
        id: "by-panel",
        role: "tabpanel",
        "aria-labelledby": `by-tab-${T.tab}`,
        tabindex: "-1",
        "data-game": T.game,
      },
      panel(),
    ),
  );
  if (T.table.afterDraw) T.table.afterDraw(context());
  if (focusKey) {
    const again = main.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (again) again.focus();
  }
}

function panel() {
  if (T.tab === "net") return hostPanel(T, { refresh: afterReply });
  if (T.tab === "board") {
    const seat = T.curtain ? null : T.seat; // behind the curtain: the public thread only
    return hostBoard(T, { seat, view: seat != null && T.mine ? T.mine.view : null, redraw: () => draw() });
  }
  const ctx = context();
  if (T.pub.result && T.tab === T.table.tabs[0]) return finalScreen(ctx);
  // behind the curtain the other tabs show the public view (no seat's secrets)
  if (T.curtain && T.tab === T.table.tabs[0]) {
    const recent = T.flash && T.table.flash ? T.table.flash({ ...ctx, view: T.pub.view, seat: null }) : null;
    return curtain(T, recent, async () => {
      T.curtain = false;
      T.flash = null;
      await load();
      draw();
      const first = document.querySelector("#by-panel h3");
      if (first) {
        first.tabIndex = -1;
        first.focus();
      }
    });
  }
  return T.table.panel(T.tab, ctx);
}

// ---------------------------------------------------------------- acting
/** The seat shown plays `action`; resolves the session's reply (null when refused). */
async function act(action) {
  let reply;
  try {
    reply = await call("hall_act", { id: T.id, seat: T.seat, action, at: Date.now() }, { busy: true });
  } catch (error) {
    showError(error);
    return null;
  }
  await afterReply(reply, { acted: true });
  return reply;
}

/** Show what a bridge call changed (`reply` from the session, or null: only redraw). */
async function afterReply(reply, { acted = false, bot = false } = {}) {
  if (!T) return reply;
  if (!reply) {
    await load();
    await released();
    draw();
    return reply;
  }
  keep(T.blob, reply.stored);
  const together = T.pub.to_act.together;
  if (reply.moved) {
    T.flash = { from: reply.step_before, events: reply.events };
    // the field shows what moved in its flash; on another tab a notice says so
    if (T.table.movedText && !bot && T.tab !== T.table.tabs[0]) {
      const text = T.table.movedText(reply);
      if (text) notify(text);
    }
    if (T.hot && T.pub.to_act.together) T.seat = null; // a new simultaneous step starts with the first human
    await load({ advance: true, curtain: T.hot && "step" });
  } else {
    await load({ advance: acted });
  }
  // a press that began meanwhile (during a bot's move, a deadline) keeps its click: the
  // table is redrawn once it is released
  await released();
  if (!T) return reply;
  draw();
  // the person's own move ended a simultaneous step: its result comes into view, where the
  // orders were (a phone's page is scrolled down to its buttons)
  if (reply.moved && acted && together && !T.curtain) showFlash();
  if (T.blob.net) live.pushStatus(T);
  return reply;
}

function showFlash() {
  const flash = document.querySelector("#by-panel .flash");
  if (!flash) return;
  flash.scrollIntoView({ block: "start" });
  const title = flash.querySelector("h3");
  if (title) {
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }
}

const CLOSE_KEYS = {
  button: "game.end_step",
  title: "game.end_step_title",
  text: "game.end_step_text",
  missing: "game.end_step_missing",
};

/** The words of the host's "end this step now": the game's own (a round, a day) or the hall's. */
function closeText(part, names = "") {
  const own = T.table.closeText && T.table.closeText(part, T.pub.view, names);
  return own || t(CLOSE_KEYS[part], { names });
}

async function endStep() {
  const v = T.pub.view;
  const missing = [...T.pub.waiting, ...T.pub.remote_waiting].map((i) => v.players[i]);
  const ok = await confirmDialog({
    title: closeText("title"),
    text: missing.length ? closeText("missing", missing.join(", ")) : closeText("text"),
    ok: closeText("button"),
  });
  if (!ok) return;
  try {
    await afterReply(await call("hall_close_step", { id: T.id, at: Date.now() }, { busy: true }));
  } catch (error) {
    showError(error);
  }
}

/** The host as game master plays one of the game's own host actions (a deadline, ...). */
async function hostAct(action) {
  try {
    return await afterReply(await call("hall_host_act", { id: T.id, action, at: Date.now() }, { busy: true }));
  } catch (error) {
    showError(error);
    return null;
  }
}

async function playOut() {
  try {
    await afterReply(await call("hall_play_out", { id: T.id, at: Date.now() }, { busy: true }));
  } catch (error) {
    showError(error);
  }
}

async function exportGame() {
  try {
    const record = await call("hall_export", { id: T.id });
    download(`${T.game}-${fileSafe(record.players.join("-"))}.json`, record);
  } catch (error) {
    showError(error);
  }
}

// ---------------------------------------------------------------- the end
function finalScreen(ctx) {
  const box = T.table.final(ctx);
  box.append(
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", class: "btn btn-primary", id: "by-rematch", onclick: rematch }, t("final.rematch")),
      h("button", { type: "button", class: "btn", onclick: exportGame }, t("lobby.export")),
      h("button", { type: "button", class: "btn", onclick: () => nav.go({ page: "lobby" }) }, t("nav.lobby")),
    ),
  );
  return box;
}

async function rematch() {
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
