// The table of a game hosted on this device, for every game: which seat the device shows
// (hot-seat behind a curtain: seat.js) and the tabs' panels (the game's own, and the remote
// players' tab when some seats play from afar), drawn with its parts: the frame (top bar, tab bar,
// curtain: tableframe.js), the moves and what they changed (tablemoves.js), bots and
// deadlines (tablepace.js), the history (tablepast.js), the end (tableend.js). A new game is
// made by newgame.js. What is drawn inside a tab is the game's own
// (site/js/games/<game>/index.js), given a `ctx` with the seat's view and an `act` to play.
//
// The open game is one object `T` = {id, game, table, catalog, blob, pub, mine, seat, tab,
// curtain, hot, drafts, flash, past, share, moves, closed, answer, menu, shown}; the page shows
// one game at a time. `past`: the history shown instead of now (tablepast.js), or null;
// `moves`: its moves (tablemoves.js); `closed`: the page has left it (its timers and replies
// stop); `answer`: the number of the session's answer drawn (load); `menu`: the top bar's menu
// is open; `shown`: the decision last brought into view (`inView`).

import { h } from "../../shell/dom.js";
import { t, setReader } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call, notify, showError } from "../../shell/ui.js";
import { hideTip, tipShown } from "../../shell/tip.js";
import { atFrame, afterFrame } from "../../shell/settle.js";
import { forgetParts } from "../../shell/keep.js";
import { drawInPlace } from "../../shell/place.js";
import { useGame, showing, openingAhead } from "../games.js";
import { hostCheck, hostAddCode } from "../remote/host.js";
import { hostPanel } from "../remote/hostpanel.js";
import * as live from "../remote/livehost.js";
import { isPending, showPending, closePending } from "../remote/fairhost.js";
import { hostBoard } from "../remote/board.js";
import { keep } from "../lobby/newgame.js";
import { topBar, tabBar, curtain } from "./tableframe.js";
import { showSeat } from "./seat.js";
import { seatView } from "./answer.js";
import { gameLog, closeLog, fitLog } from "./gamelog.js";
import { showTour } from "./tour.js";
import { pastContext, pastPanel } from "./history.js";
import { shareBox } from "./share.js";
import { tableMoves } from "./tablemoves.js";
import { schedulePace, scheduleBots, stopPace } from "./tablepace.js";
import { loadPast, pastFrame, pastStale, tableHistory } from "./tablepast.js";
import { finalScreen, exportGame } from "./tableend.js";
import { undoButton } from "./tableundo.js";
import { announceNews } from "./announce.js";
import { inView } from "./inview.js";

let T = null;
let nav = null;

function keepUi() {
  if (!T) return;
  T.blob.ui = { tab: T.tab, seat: T.seat };
  store.saveGame(T.blob);
}

/** The step's drafts (each seat's move not sent yet) kept with the game, for a table that says
 *  so (`keepDrafts`): a reload or a trip to the lobby loses none; the step's end drops them. */
function keepDrafts() {
  if (!T || T.closed || !T.table.keepDrafts) return;
  const kept = JSON.stringify(T.drafts);
  if (kept === JSON.stringify(T.blob.drafts || {})) return;
  T.blob.drafts = JSON.parse(kept);
  store.saveGame(T.blob);
}
addEventListener("pagehide", keepDrafts);
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && keepDrafts());

export function closeGame() {
  keepDrafts();
  stopPace();
  closeLog();
  closePending();
  if (T) T.closed = true;
  if (T && T.id) call("hall_close", { id: T.id }).catch(() => {});
  if (T) store.letGo(T.id);
  forgetParts();
  live.showingHost(null);
  showing(null);
  T = null;
}

// a game with remote seats has the message board (board.js) and the remote players' tab
const tabs = () => [...T.table.tabs, ...(T.blob.net ? ["board", "net"] : [])];

// ---------------------------------------------------------------- reading the table
/** What the table draws: a move's answer carries it (`drawn`: the public screen, the view of
 *  the seat shown, the remote seats' link parts: answer.js), else it is read in one call
 *  (`hall_table`), as it is when the answer is older than the one drawn (`answer` numbers them). Then the seat to show (seat.js) and, when that is not the seat the view
 *  came for (a game opened, a hot-seat game at its end), that seat's own view. */
async function load({ advance = false, curtain = false } = {}, drawn = null) {
  // an answer older than the one drawn (a bot's and a person's may come crosswise) is not drawn
  const fresh = drawn && drawn.screen && !(drawn.answer < T.answer);
  const got = fresh ? drawn : await call("hall_table", { id: T.id, show: T.seat });
  T.answer = got.answer;
  T.pub = got.screen;
  showSeat(T, { advance, curtain });
  // `undo`: how many of the seat's actions of this turn it may take back (tableundo.js)
  if (T.curtain || T.seat == null) T.mine = null;
  else if (T.seat === got.shown && got.mine) T.mine = { view: seatView(got.screen.view, got.mine), undo: got.undo };
  else {
    const own = await call("hall_table", { id: T.id, show: T.seat });
    T.mine = { view: seatView(own.screen.view, own.mine), undo: own.undo };
  }
  await follow(got.link);
}

/** What follows a new screen: the history looked at while the game moves on (bots, a
 *  deadline) is replayed again, so its last step stays now and the step looked at stays in
 *  view; the seat shown is kept; the host's links follow the game (from the remote seats'
 *  `link` parts just read); the next bot or deadline is timed. */
async function follow(link) {
  if (pastStale(T)) await loadPast(T, T.past.at);
  keepUi();
  if (T.blob.net) await hostCheck(T, link);
  schedulePace(T, T.moves.afterReply);
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
    const blob = store.openGame(id); // another tab's change to it from now on stops this one saving it
    if (!blob) return false;
    let game, stored;
    try {
      game = await useGame(blob.game);
      openingAhead(game); // while the engine reads the game
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
      // (the drafts a reload or the lobby left: `keepDrafts`; context() drops another step's)
      drafts: (game.table.keepDrafts && blob.drafts) || {},
      past: null,
      share: null,
      closed: false,
      answer: 0,
      menu: false,
      shown: null,
    };
    T.moves = tableMoves(T, { load, draw: () => draw() });
    keep(blob, stored);
    // opening a game makes a fresh link from its record (the stored one may be older)
    if (blob.net) blob.net.linkPublic = null;
    showing(T.game, T.table);
    live.showingHost(T.blob.net ? id : null);
    await load({ curtain: true });
    draw(main, { opening: true });
  } else {
    await load();
    draw(main);
  }
  if (code && T.blob.net) {
    // an action code opened as a link on the host's browser
    T.tab = "net";
    keepUi();
    draw(main);
    const out = await hostAddCode(T, code, { refresh: T.moves.afterReply });
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
    // the game's first draw since it was opened: what it leaves out, it draws at `redraw`
    opening: !!T.opening,
    act: T.moves.act,
    redraw: () => draw(),
    showTab: (tab) => {
      T.tab = tab;
      T.flash = null;
      keepUi();
      draw();
    },
    playOut: T.moves.playOut,
    hostAct: T.moves.hostAct,
  };
}

function draw(main = document.getElementById("app"), { opening = false } = {}) {
  if (!T) return;
  // messages about the seat shown read "you" (behind the curtain, nobody's: third person; a
  // finished game at a shared device is everybody's: each seat by its name)
  const reader = T.curtain || (T.hot && T.pub.result) ? null : T.seat;
  setReader(reader, reader == null ? null : T.pub.view.players[reader]);
  const focusKey = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.focus;
  const focusInside = main.contains(document.activeElement) && document.activeElement !== main;
  const tipped = tipShown();
  const past = pastFrame(T);
  main.dataset.width = innerWidth;
  T.opening = opening; // ctx.opening: a table may leave a part to its next draw (the grid's map)
  // the page's width is the game's (its CSS: a map's table is wider); app.js's render lets it go
  if (main.dataset.game !== T.game) main.dataset.game = T.game;
  drawInPlace(main, () => [
    topBar(
      T,
      {
        switchSeat: async (seat) => {
          T.seat = seat;
          T.curtain = true;
          await load({ curtain: true });
          draw();
        },
        paceChanged: () => scheduleBots(T, T.moves.afterReply),
        endStep: T.moves.endStep,
        howTo: () => nav.go({ page: "rules", game: T.game, back: { page: "game", id: T.id } }),
        exportGame: () => exportGame(T),
        share,
        closeText: T.moves.closeText,
        undo: undoButton(T, T.moves.afterReply),
      },
      tableHistory(T, () => draw()),
    ),
    T.share || "", // a missing box would be written as the text "undefined"
    tabBar(T, tabs(), (next) => {
      T.tab = next;
      keepUi();
      // the tab shows chosen at the next frame (tabBar), its panel at the one after
      afterFrame(() => T && draw());
    }),
    tableBody(past),
  ]);
  if (T.table.afterDraw) T.table.afterDraw(past ? pastContext(context(), past) : context());
  T.opening = false;
  // the tour explains the present table, never a past one; a step of it shown anew is what
  // the page scrolls to, else the decision at hand
  const touring = !past && showTour(T, context());
  // a game just opened (`opening`) is brought into view at the next frame: measured now, its
  // whole new table would be laid out in this task too (the frame's first draw on a phone, one
  // long task of Lighthouse's). Every other draw keeps its order: the curtain's reveal focuses
  // the seat's first heading after it (panel, below)
  const bring = () => T && !T.closed && inView(T, main, touring);
  if (!past) opening ? atFrame(bring) : bring();
  if (!past) announceNews(T.id, main);
  if (focusKey) {
    const again = main.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    // where it was: the page stays where the person (or inView) put it
    if (again) again.focus({ preventScroll: true });
    // the focus came back with the redraw (a bot's move): a tip the person had dismissed
    // (Escape) stays hidden
    if (again && !tipped) hideTip();
  }
  if (focusInside && !main.contains(document.activeElement)) landFocus(main);
}

/** The focused control was drawn away and no `data-focus` key brings it back (a step that
 *  ended, the final screen): the focus lands on the panel's first heading, never on <body>,
 *  from where a keyboard's next Tab would start over at the page's top. */
function landFocus(main) {
  const heading = main.querySelector("#by-panel :is(h2, h3)") || main.querySelector("#by-panel");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

// A window of a new width (a phone turned, a window resized) shows the decision at hand again,
// its game log opened or closed for that width (beside the table, or a drawer: fitLog), in
// the resize event itself and without drawing the table again: a media query's change event
// can come frames later (a second on a busy machine), while the page says it is at rest and
// laid out for the new width; and a full-page screenshot resizes the window for a moment
// (even to 1×1), which must not cost two redraws of the whole table. A change of height
// alone (a phone's keyboard opening) leaves the page as it is, and so does a width that
// comes back. `#app[data-width]` is the width the table was last laid out for.
addEventListener("resize", () => {
  const main = document.getElementById("app");
  // (a game being opened has no screen yet: it is laid out when it is drawn)
  if (!T || T.closed || !T.pub || !main || main.dataset.width === String(innerWidth)) return;
  main.dataset.width = innerWidth;
  T.shown = null;
  fitLog();
  inView(T, main, false);
});

/** The panels and the game log; a log in a column beside them says so (`data-log-column`,
 *  app.css; not a `:has()` rule, which WebKit checked again at every change of the page). */
function tableBody(past) {
  // the log beside a past step is that step's: nothing after it shows
  const log = gameLog(past ? { table: T.table, pub: { view: past.view, result: past.result } } : T);
  const column = log.hasAttribute("data-column") ? "" : null;
  return h("div", { class: "table-body", "data-log-column": column }, panels(), log);
}

/** The open tab's panel, and the others' parked: what a tab's panel kept (keep.js) stays in
 *  the page, out of sight and laid out, so opening the tab again puts nothing new in the page
 *  for it (a switch from the table to the log and back styled and laid out the whole map
 *  again). In the tabs' order, which never moves one. Behind the curtain the open one only: the
 *  seat's own parts leave the page. */
function panels() {
  const open = h(
    "section",
    {
      class: "tab-panel",
      id: "by-panel",
      role: "tabpanel",
      "aria-labelledby": `by-tab-${T.tab}`,
      tabindex: "-1",
      "data-game": T.game,
      "data-place": T.tab,
    },
    panel(),
  );
  if (T.curtain) return open;
  const parked = (tab) => h("section", { class: "tab-panel parked", "data-place": tab, "data-parked": "", inert: "" });
  return tabs().map((tab) => (tab === T.tab ? open : parked(tab)));
}

function panel() {
  if (T.tab === "net") return hostPanel(T, { refresh: T.moves.afterReply });
  if (T.tab === "board") {
    const seat = T.curtain ? null : T.seat; // behind the curtain: the public thread only
    return hostBoard(T, { seat, view: seat != null && T.mine ? T.mine.view : null, redraw: () => draw() });
  }
  const ctx = context();
  const frame = pastFrame(T);
  if (frame) return pastPanel(T.table, T.tab, pastContext(ctx, frame), frame);
  if (T.pub.result && T.tab === T.table.tabs[0]) return finalScreen(T, ctx, nav);
  // behind the curtain the other tabs show the public view (no seat's secrets)
  if (T.curtain && T.tab === T.table.tabs[0]) {
    const recent = T.flash && T.table.flash ? T.table.flash({ ...ctx, view: T.pub.view, seat: null }) : null;
    return curtain(T, recent, async () => {
      T.curtain = false;
      T.flash = null;
      await load();
      draw();
      // the seat's screen from its first heading, scrolled to as focus scrolls; draw() may
      // have landed the focus there already without scrolling (landFocus), so it moves again.
      // First as seen: the topmost (Ekonos on a wide screen sets its map and decision above
      // what just happened, which comes first in the page)
      const heads = [...document.querySelectorAll("#by-panel h3")];
      const top = (e) => e.getBoundingClientRect().top;
      const first = heads.reduce((a, b) => (top(b) < top(a) ? b : a), heads[0]);
      if (first) {
        first.tabIndex = -1;
        if (document.activeElement === first) first.blur();
        first.focus();
      }
    });
  }
  return T.table.panel(T.tab, ctx);
}

/** "Share and embed": the replay link of the game so far, the <iframe> snippet (share.js). */
async function share() {
  if (T.share) T.share = null;
  else {
    try {
      T.share = await shareBox(T.id, t(`game.${T.game}.name`));
    } catch (error) {
      showError(error);
      return;
    }
  }
  draw();
  const box = document.getElementById("by-share-box");
  if (box) box.scrollIntoView({ block: "nearest" });
}
