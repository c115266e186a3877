// The games of this build, each arriving when it is first needed: its words (the game's
// message catalog), what the lobby asks of it (site/js/games/<game>/lobby.js), its table
// (index.js, when played), its catalog (the engine's `catalog()`, written by build.py as
// engine/<game>.json: the lobby's form) and its engine
// (engine/<game>.zip, unpacked into Python only when the game is played). The names and tags
// are the engine's registry, written by build.py as engine/games.json so that the lobby
// draws before Python is up (py.info gives the same once it is).

import { py } from "../shell/runtime.js";
import * as i18n from "../shell/i18n.js";
import { warmFonts } from "../shell/fontwarm.js";

const parts = new Map(); // "<game>/<file>": that module's default export, with the game's words
const catalogs = new Map();
let registry = null; // {games, tags}
let reading = null;

/** Read the build's registry (engine/games.json); rejects when it cannot be read, and then
 *  the names come from Python once it is up. */
export function loadRegistry() {
  reading ??= fetch(new URL("../../engine/games.json", import.meta.url))
    .then((response) => {
      if (!response.ok) throw new Error(`engine/games.json: HTTP ${response.status}`);
      return response.json();
    })
    .then((read) => (registry = read));
  reading.catch(() => (reading = null));
  return reading;
}

const registered = () => registry || py.info || { games: [], tags: {} };

/** The games this build knows, in the lobby's order. */
export const gameNames = () => registered().games;

/** The short tag a game's invites and state links carry (engine/core/game.py, its registry entry). */
export const tagOf = (game) => registered().tags[game];

/** The game a link's tag names, or a refusal (unknown_game): a link of a game this build
 *  does not know. */
export function gameOfTag(tag) {
  const game = gameNames().find((name) => tagOf(name) === tag);
  if (!game)
    throw Object.assign(new Error("unknown game"), {
      code: "unknown_game",
      params: { game: String(tag).slice(0, 40) },
    });
  return game;
}

function known(game) {
  if (!gameNames().includes(game))
    throw Object.assign(new Error("unknown game"), {
      code: "unknown_game",
      params: { game: String(game).slice(0, 40) },
    });
}

/** The game's own styles (site/css/games/<game>.css), when its table says it has some: the
 *  table resolves once they apply (nothing of the game is drawn, or measured for a result's
 *  picture, without them). */
const sheets = new Map();
function styles(game, table) {
  if (!table.css) return table;
  if (!sheets.has(game)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(`../../css/games/${game}.css`, import.meta.url).href;
    link.dataset.gameCss = game;
    // loaded or not (offline, a missing file), the game still plays: unstyled
    const applied = new Promise((done) => {
      link.addEventListener("load", done);
      link.addEventListener("error", done);
    });
    sheets.set(game, applied);
    document.head.append(link);
  }
  return sheets.get(game).then(() => table);
}

// Each pattern written out, so the build's bundler finds every game's file (tools/bundle.mjs)
const MODULES = {
  "lobby.js": (game) => import(`../games/${game}/lobby.js`),
  "index.js": (game) => import(`../games/${game}/index.js`),
};

/** One of the game's modules (`lobby.js` or `index.js`) with its words and styles. */
function part(game, file) {
  known(game);
  const key = `${game}/${file}`;
  if (!parts.has(key)) {
    const loading = Promise.all([MODULES[file](game), i18n.loadGame(game)]).then(([m]) => styles(game, m.default));
    loading.catch(() => parts.delete(key));
    parts.set(key, loading);
  }
  return parts.get(key);
}

/** What the lobby asks of a game (its form's hooks, how its saved games and scores read):
 *  site/js/games/<game>/lobby.js and its words, without the table. */
export const lobbyOf = (game) => part(game, "lobby.js");

/** The game's whole table (site/js/games/<game>/index.js, the lobby's part in it) and words,
 *  no engine: loaded when the game is played or its rules are read. */
export const tableOf = (game) => part(game, "index.js");

/** The game's lobby part and catalog, without its table or engine: {name, table, catalog}. */
export async function formOf(game) {
  const table = await lobbyOf(game);
  if (!catalogs.has(game)) {
    const loading = fetch(new URL(`../../engine/${game}.json`, import.meta.url))
      .then((response) => {
        if (!response.ok)
          throw Object.assign(new Error(`HTTP ${response.status}`), { code: "game_not_loaded", params: { game } });
        return response.json();
      })
      .then((catalog) => {
        if (table.useCatalog) table.useCatalog(catalog);
        return catalog;
      });
    loading.catch(() => catalogs.delete(game));
    catalogs.set(game, loading);
  }
  return { name: game, table, catalog: await catalogs.get(game) };
}

/** The seat limits of a game's catalog for these options: the catalog's, or those of a chosen
 *  option value (a duel: two). */
export function seatLimits(catalog, options) {
  let limits = catalog.players;
  for (const o of catalog.options) {
    const own = o.players && o.players[String(options[o.key])];
    if (own) limits = own;
  }
  return limits;
}

/** Everything to play `game`: {name, table, catalog}, its whole table and its engine installed. */
export async function useGame(game) {
  const [{ catalog }, table] = await Promise.all([formOf(game), tableOf(game), py.install(game)]);
  return { name: game, table, catalog };
}

/** What a page about to draw `game`'s table (`useGame`'s) does while the engine works long
 *  enough first (the host's record read, a replay's steps played): the game's own `beforeOpen`
 *  (its map's shapes) and the fonts of the page's styles looked up (shell/fontwarm.js), so
 *  that the first draw finds them ready. What either has made already, it does not make again. */
export function openingAhead(game) {
  if (game.table.beforeOpen) game.table.beforeOpen();
  warmFonts(document.title);
}

/** While a game is shown, shared texts and errors speak its words. */
export function showing(game, table = null) {
  i18n.setGame(game, table && table.errorParams ? table.errorParams : null);
  i18n.setReader(null); // a page that plays a seat says which (table.js, player.js)
  nameThePage();
}

/** The window's title names the game being shown (an Ekonos link opens on a page that says
 *  Ekonos; its table's top bar names it too), the hall elsewhere; the header names the hall. */
export function nameThePage() {
  const game = i18n.activeGame();
  const hall = i18n.t("app.title");
  const name = game ? i18n.t(`game.${game}.name`) : hall;
  // the header always names the hall; a game's name is in its table's top bar
  const title = document.querySelector(".by-title");
  if (title) title.textContent = hall;
  document.title = game ? `${name} — ${hall}` : `${hall} — ${i18n.t("nav.lobby")}`;
}
