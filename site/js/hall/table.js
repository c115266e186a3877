// The table of a game hosted on this device, for every game: the top bar (what is played,
// who is to play, the host's "end this step now"), the tabs (the game's own, and the remote
// players' tab when some seats play from afar), the hot-seat curtain, bots acting one at a
// time, and the final screen's buttons. What is drawn inside a tab is the game's own
// (site/js/games/<game>/index.js), given a `ctx` with the seat's view and an `act` to play.
//
// The open game is one object `T` = {id, game, table, catalog, blob, pub, mine, seat, tab,
// curtain, hot, drafts, flash}; the page shows one game at a time.

import { h, clear } from "../shell/dom.js";
import { t } from "../shell/i18n.js";
import * as store from "../shell/store.js";
import { call, confirmDialog, notify, showError, download, fileSafe } from "../shell/ui.js";
import { useGame, showing } from "./games.js";
import { createHost, hostPanel, hostCheck, hostAddCode } from "./host.js";
import * as live from "./livehost.js";
import { createPending, isPending, showPending, closePending } from "./fairhost.js";
import { hostBoard } from "./board.js";

let T = null;
let nav = null;

// how long a bot's move stays on screen before the next one (the table's pace setting)
export const SPEEDS = { slow: 1600, normal: 800, fast: 300, instant: 0 };
const speed = () => SPEEDS[store.get("botSpeed", "normal")] ?? SPEEDS.normal;

// ---------------------------------------------------------------- creating and keeping
export function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0"))
    .join("")
    .slice(0, 12);
}

/** A new hosted game of `game`; resolves its id. */
export async function createGame(game, options, seats) {
  const { catalog } = await useGame(game);
  const id = randomId();
  const created = new Date().toISOString();
  // a fair deal with remote seats: the seed comes from every device's value (fairhost.js)
  if (catalog.fair && seats.some((s) => s.kind === "remote"))
    return createPending(id, game, options, seats, { created });
  const seed = crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
  const stored = await call("hall_create", { id, game, options, seats, seed, meta: { created } }, { busy: true });
  const remote = seats.some((s) => s.kind === "remote");
  const blob = { id, game, created, ui: { tab: remote ? "net" : null, seat: null } };
  if (remote) blob.net = await createHost(id, game, seats);
  keep(blob, stored);
  return id;
}

function keep(blob, stored) {
  blob.game = stored.game;
  blob.record = stored.record;
  blob.summary = stored.summary;
  if (!store.saveGame(blob)) notify(t("storage.full"), "error");
}

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
const tabLabel = (tab) => (tab === "net" || tab === "board" ? t(`tab.${tab}`) : T.table.tabLabel(tab));
const kindOf = (i) => T.pub.kinds[i].kind;

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
    if (document.documentElement.dataset.busy || document.querySelector("dialog[open]")) {
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
    if (document.documentElement.dataset.busy || document.querySelector("dialog[open]")) {
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
  botTimer = setTimeout(step, visible ? speed() : 300);
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
  const key = `${T.seat}:${T.pub.to_act.step}`;
  if (!T.drafts[key]) T.drafts = { [key]: {} }; // a draft lives as long as its step
  return {
    game: T.game,
    view: screen.view,
    seat: T.curtain ? null : T.seat,
    screen: T.pub,
    kinds: T.pub.kinds,
    catalog: T.catalog,
    hot: T.hot,
    remote: false,
    draft: T.drafts[key],
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
  const focusKey = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.focus;
  clear(main);
  main.append(
    topBar(),
    tabBar(),
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

function whoPlays() {
  const { to_act: turn, view, result } = T.pub;
  if (result) return null;
  const names = (seats) => seats.map((i) => view.players[i]).join(", ");
  if (turn.together) {
    const waiting = [...T.pub.waiting, ...T.pub.remote_waiting];
    return waiting.length && T.pub.humans.length + T.pub.remote.length > 1
      ? t("game.waiting_for", { names: names(waiting) })
      : null;
  }
  const seat = turn.seats[0];
  if (seat == null) return null;
  const kind = kindOf(seat);
  return kind === "bot"
    ? t("game.bot_turn", { name: view.players[seat] })
    : kind === "remote"
      ? t("game.remote_turn", { name: view.players[seat] })
      : t("game.turn_of", { name: view.players[seat] });
}

function topBar() {
  const v = T.pub.view;
  const over = !!T.pub.result;
  const bar = h(
    "section",
    { class: "game-top" },
    h(
      "div",
      { class: "game-heading" },
      h("h2", {}, over ? t("game.over_title") : T.table.heading(v)),
      h(
        "ul",
        { class: "chips" },
        T.table.chips(v.options).map((c) => h("li", {}, c)),
      ),
    ),
  );
  const actions = h("div", { class: "game-actions" });
  if (T.hot && !over && T.pub.humans.length > 1) {
    const select = h(
      "select",
      {
        id: "by-seat-switch",
        "aria-label": t("game.switch_player"),
        onchange: async (e) => {
          T.seat = Number(e.target.value);
          T.curtain = true;
          await load({ curtain: true });
          draw();
        },
      },
      T.pub.humans.map((i) =>
        h("option", { value: i, selected: i === T.seat }, `${v.players[i]}${T.pub.done[i] ? " ✓" : ""}`),
      ),
    );
    actions.append(h("label", { class: "seat-switch" }, h("span", {}, t("game.player")), select));
  }
  if (!over && T.pub.kinds.some((k) => k.kind === "bot")) {
    const pace = store.get("botSpeed", "normal");
    actions.append(
      h(
        "label",
        { class: "seat-switch" },
        h("span", {}, t("game.bot_speed")),
        h(
          "select",
          {
            id: "by-bot-speed",
            onchange: (e) => {
              store.set("botSpeed", e.target.value);
              scheduleBots();
            },
          },
          Object.keys(SPEEDS).map((s) => h("option", { value: s, selected: s === pace }, t(`game.speed.${s}`))),
        ),
      ),
    );
  }
  if (!over && T.pub.to_act.close && T.pub.to_act.together) {
    actions.append(
      h("button", { type: "button", class: "btn", id: "by-end-round", onclick: endStep }, closeText("button")),
    );
  }
  actions.append(h("button", { type: "button", class: "btn", onclick: exportGame }, t("lobby.export")));
  bar.append(actions);
  const who = whoPlays();
  if (who) bar.append(h("p", { class: "waiting small", id: "by-waiting" }, who));
  return bar;
}

function tabBar() {
  const list = h("div", { class: "tabs", role: "tablist", "aria-label": t("game.tabs") });
  const all = tabs();
  all.forEach((tab, index) => {
    const selected = tab === T.tab;
    const go = (next) => {
      T.tab = next;
      keepUi();
      draw();
      document.getElementById(`by-tab-${next}`).focus();
    };
    list.append(
      h(
        "button",
        {
          type: "button",
          role: "tab",
          id: `by-tab-${tab}`,
          class: "tab",
          "aria-selected": selected ? "true" : "false",
          "aria-controls": "by-panel",
          tabindex: selected ? "0" : "-1",
          "data-tab": tab,
          onclick: () => go(tab),
          onkeydown: (e) => {
            const step = { ArrowRight: 1, ArrowLeft: -1, Home: -99, End: 99 }[e.key];
            if (step === undefined) return;
            e.preventDefault();
            const dir = document.documentElement.dir === "rtl" && Math.abs(step) === 1 ? -step : step;
            go(all[Math.max(0, Math.min(all.length - 1, index + dir))]);
          },
        },
        tabLabel(tab),
      ),
    );
  });
  return list;
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
  if (T.curtain && T.tab === T.table.tabs[0]) return curtain();
  return T.table.panel(T.tab, ctx);
}

// ---------------------------------------------------------------- the curtain
function curtain() {
  const name = T.pub.view.players[T.seat];
  const box = h("div", { class: "curtain", id: "by-curtain" });
  const recent = T.flash && T.table.flash ? T.table.flash({ ...context(), view: T.pub.view, seat: null }) : null;
  if (recent) box.append(recent);
  box.append(
    h("div", { class: "curtain-icon", "aria-hidden": "true" }, "⇄"),
    h("h3", {}, t("curtain.pass", { name })),
    h("p", {}, t("curtain.private", { name })),
    h(
      "button",
      {
        type: "button",
        class: "btn btn-primary btn-big",
        id: "by-reveal",
        onclick: async () => {
          T.curtain = false;
          T.flash = null;
          await load();
          draw();
          const first = document.querySelector("#by-panel h3");
          if (first) {
            first.tabIndex = -1;
            first.focus();
          }
        },
      },
      t("curtain.show", { name }),
    ),
  );
  return box;
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
    draw();
    return reply;
  }
  keep(T.blob, reply.stored);
  if (reply.moved) {
    T.flash = { from: reply.step_before, events: reply.events };
    if (T.table.movedText && !bot) {
      const text = T.table.movedText(reply);
      if (text) notify(text);
    }
    if (T.hot && T.pub.to_act.together) T.seat = null; // a new simultaneous step starts with the first human
    await load({ advance: true, curtain: T.hot && "step" });
  } else {
    await load({ advance: acted });
  }
  draw();
  if (T.blob.net) live.pushStatus(T);
  return reply;
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
