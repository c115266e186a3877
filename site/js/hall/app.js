// The hall: the entry of the page's UI. It shows the lobby, a hosted game's table or a
// remote player's page, keeps where the player was (so a reload reopens it), opens links
// visited in the address bar, and follows the chosen language.

import { ready, loadingBar } from "../shell/runtime.js";
import { h } from "../shell/dom.js";
import * as i18n from "../shell/i18n.js";
import { t, errorText } from "../shell/i18n.js";
import * as store from "../shell/store.js";
import { busyWhile, showError, keepNotice, dropNotice, dropNotices, dropToasts } from "../shell/ui.js";
import { during, hold } from "../shell/settle.js";
import "../shell/unsaved.js"; // what the page says when its storage does not keep what it writes
import { showLobby } from "./lobby/lobby.js";
import { nameThePage, gameNames, loadRegistry } from "./games.js";

// Only the lobby is imported with the page: a table, a player's page (and with them the net
// layer), a rule book and a replay load when one is first shown, so a cold start fetches
// and compiles none of them while Pyodide loads.
let shownTable = null; // table.js once a table was shown: leaving it closes the game
const table = async () => (shownTable = await import("./table/table.js"));
const player = () => import("./remote/player.js");
const replay = () => import("./table/replay.js");
const closeGame = () => shownTable && shownTable.closeGame();

// The hall's styles are not needed for the shell's first paint, so they load without
// blocking it.
document.head.append(h("link", { rel: "stylesheet", href: new URL("../../css/app.css", import.meta.url).href }));

let route = store.get("route", { page: "lobby" });
let started = false;

const nav = {
  /** A pasted or pushed link or code: the route it leads to (or a refusal). */
  openCode: async (text) => (await player()).openCode(text, { hostGames }),
  async go(next) {
    const code = next && next.code;
    route =
      next && next.page === "game" && next.id
        ? { page: "game", id: next.id }
        : next && next.page === "play" && next.g
          ? { page: "play", g: next.g, offer: next.offer }
          : next && next.page === "rules" && next.game
            ? { page: "rules", game: next.game, back: next.back || null }
            : next && next.page === "replay" && typeof next.code === "string"
              ? { page: "replay", code: next.code }
              : { page: "lobby" };
    store.set("route", { ...route, offer: undefined });
    if (route.page !== "game") closeGame();
    // what they said was about the lobby ("The game was imported." would cover a phone's bar)
    if (route.page !== "lobby") {
      dropNotices();
      dropToasts();
    }
    // a new page starts at its top (a table then scrolls to its decision itself)
    window.scrollTo(0, 0);
    await during(() => render({ code }));
  },
};

async function render({ code = null } = {}) {
  const main = document.getElementById("app");
  delete main.dataset.game; // a hosted game's table says its game (table.js)
  updateChrome();
  try {
    if (route.page === "game" && store.loadGame(route.id)) {
      if (await (await table()).showGame(main, route.id, nav, { code })) return;
      route = { page: "lobby" };
      store.set("route", route);
    }
    if (route.page === "rules" && gameNames().includes(route.game)) {
      const { showHowTo } = await import("./lobby/howto.js");
      if (await showHowTo(main, route.game, nav, route.back)) return;
    }
    if (route.page === "play" && typeof route.g === "string") {
      if (await (await player()).showPlay(main, route.g, nav, route)) return;
    }
    if (route.page === "replay" && typeof route.code === "string") {
      const { showReplay, readReplay } = await replay();
      await showReplay(main, await readReplay(route.code));
      return;
    }
    await showLobby(main, nav);
  } catch (error) {
    showError(error);
    // a page that could not be drawn (a stored game or link it cannot read) leaves the lobby
    // in its place, never a blank page, and a reload starts there
    if (route.page === "lobby") return;
    route = { page: "lobby" };
    store.set("route", route);
    closeGame();
    updateChrome();
    await showLobby(main, nav).catch(showError);
  }
}

// ---------------------------------------------------------------- the page's frame
function buildChrome() {
  const header = document.querySelector(".by-header");
  const select = h(
    "select",
    { id: "by-lang", onchange: (e) => i18n.setLanguage(e.target.value, true) },
    i18n.LANGUAGES.map((l) => h("option", { value: l.code, lang: l.code }, l.name)),
  );
  header.append(
    h(
      "nav",
      { class: "by-nav", "aria-label": "main" },
      h("button", { type: "button", class: "btn btn-nav", id: "by-lobby", onclick: () => nav.go({ page: "lobby" }) }),
      h("label", { class: "lang" }, h("span", { class: "sr-only", id: "by-lang-label" }), select),
    ),
  );
  document.body.append(
    h(
      "div",
      { id: "by-busy", class: "busy", role: "status", hidden: true },
      h("span", { class: "spinner", "aria-hidden": "true" }),
      h("span", { id: "by-busy-text" }),
    ),
    h("div", { id: "by-notices", class: "notices", "aria-live": "polite" }),
  );
}

function updateChrome() {
  const text = (id, key) => {
    const el = document.getElementById(id);
    if (el) el.textContent = t(key);
  };
  text("by-lobby", "nav.lobby");
  text("by-lang-label", "nav.language");
  text("by-busy-text", "common.busy");
  text("by-loading-text", "shell.loading");
  text("by-intro", "shell.intro");
  text("by-retry", "shell.retry");
  const errorTitle = document.querySelector("#by-error h2");
  if (errorTitle) errorTitle.textContent = t("shell.error_title");
  const lang = document.getElementById("by-lang");
  if (lang) {
    lang.value = i18n.current();
    lang.setAttribute("aria-label", t("nav.language"));
  }
  const lobby = document.getElementById("by-lobby");
  if (lobby) lobby.hidden = route.page === "lobby";
  document.documentElement.dataset.page = route.page;
  nameThePage();
  const main = document.getElementById("app");
  if (main) main.setAttribute("aria-label", t("app.title"));
}

i18n.onChange(() => {
  if (started) during(render);
  else updateChrome();
});

/** A link opened in the address bar (#i1…, #r1…, #o1…, #f1…, a replay #w1…): kept in this browser. The
 *  fragment is removed first, whatever it holds (so a reload shows the stored state rather
 *  than reading it again, and a bad one cannot stop the page twice); one that cannot be used
 *  leaves a notice saying why, over the lobby. The page is busy until the link's page is drawn
 *  (a long link is read in Python). */
async function openFragment() {
  const hash = location.hash;
  if (!hash) return false;
  history.replaceState(null, "", location.pathname + location.search);
  dropNotice("link");
  await busyWhile(() => readFragment(hash));
  return true;
}

async function readFragment(hash) {
  try {
    const raw = hash.slice(1).replace(/\s+/g, "");
    const { readReplay, LETTER: REPLAY } = await replay();
    if (raw.startsWith(`${REPLAY}1.`)) {
      await readReplay(raw); // a replay that cannot be read says why over the lobby
      await nav.go({ page: "replay", code: raw });
    } else await nav.go(await nav.openCode((await import("./remote/codes.js")).fragmentCode(hash)));
  } catch (error) {
    if (!(error && error.code)) console.error(error);
    const why = () => [
      h("strong", {}, t("link.failed")),
      " ",
      error && error.code ? errorText(error) : t("error.unknown", { code: String((error && error.message) || error) }),
    ];
    keepNotice("link", why, { code: (error && error.code) || "unknown" });
    await nav.go({ page: "lobby" });
  }
}
window.addEventListener("hashchange", () => {
  if (started) openFragment();
});

function hostGames() {
  return store
    .allGames()
    .filter((g) => g.net && g.summary && !g.summary.over)
    .map((g) => g.id);
}

/** The lobby needs no Python (the games' names, catalogs and words come from the build), so
 *  a visit that opens on it draws it while Python is still loading; a game, a player's page
 *  or a link waits for Python. Resolves to whether it drew. */
async function drawEarly() {
  if (location.hash || route.page !== "lobby") return false;
  try {
    await loadRegistry();
  } catch (error) {
    console.warn("the lobby waits for Python:", error);
    return false;
  }
  if (document.documentElement.dataset.runtime) return false; // Python is up (or failed) already
  started = true;
  loadingBar(); // the lobby takes the loading panel's place, the panel a bar in the header
  document.getElementById("app").hidden = false;
  await render();
  performance.mark("broker:hall", { detail: { before: "python" } });
  return true;
}

async function firstDraw() {
  loadRegistry().catch(() => {}); // read beside the words (drawEarly says if it failed)
  try {
    await i18n.setLanguage(i18n.preferred());
  } catch (error) {
    console.error(error);
  }
  buildChrome();
  updateChrome();
  return drawEarly();
}

async function start() {
  const early = await firstDraw();
  try {
    await ready;
  } catch {
    return;
  }
  started = true;
  document.documentElement.dataset.hall = "ready";
  if (!(await openFragment()) && !early) await render();
  if (!early) performance.mark("broker:hall", { detail: { before: null } });
}

// the page is at rest once the hall has drawn its first page after Python's start (or the
// start failed: nothing more will happen)
const starting = hold();
start().finally(starting);
