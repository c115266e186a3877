// The lobby: a new game (the game picker, that game's options as its catalog gives them:
// options.js, the seats: seats.js), then my games (saved.js: running, finished, import).
// Nothing here knows a game's rules: options, seat limits and bot levels come from the
// engine's catalog, their words from the game's catalog of messages.

import { h, clear } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { showError } from "../../shell/ui.js";
import { createGame } from "./newgame.js";
import { gameNames, formOf, tableOf, showing, seatLimits } from "../games.js";
import { gamesSection } from "../archive/saved.js";
import { optionTips } from "./optiontips.js";
import { optionControl, numbersGood } from "./options.js";
import { firstSeats, seatsFieldset } from "./seats.js";

function defaults(game, catalog) {
  const saved = store.get(`newgame.${game}`);
  if (saved && Array.isArray(saved.seats) && saved.seats.length >= catalog.players.min && saved.options) return saved;
  const options = Object.fromEntries(catalog.options.map((o) => [o.key, o.suggested ?? o.default]));
  return { options, seats: firstSeats(catalog) };
}

let picked = null; // {game, catalog, table, form}: the new-game form, kept across redraws

const gameName = (game) => t(`game.${game}.name`);
/** The seat whose name the engine refused ("players[1]"): marked and focused, to fix it. */
function markSeat(form, error) {
  const seat = /^players\[(\d+)\]/.exec((error && error.where) || "");
  const input = seat && form.querySelector(`.seat-name[data-seat="${seat[1]}"]`);
  if (!input) return;
  input.setAttribute("aria-invalid", "true");
  input.focus();
}

export async function showLobby(main, nav) {
  const games = gameNames();
  const game = games.includes(store.get("lobbyGame")) ? store.get("lobbyGame") : games[0];
  showing(null);
  let section;
  try {
    if (!picked || picked.game !== game) {
      clear(main);
      main.append(h("p", { class: "muted", role: "status" }, t("lobby.loading_game", { game: gameName(game) })));
      const { catalog, table } = await formOf(game);
      picked = { game, catalog, table, form: defaults(game, catalog) };
      if (document.documentElement.dataset.page !== "lobby") return;
    }
    section = newGameSection(main, nav);
  } catch (error) {
    showError(error);
    section = h("section", { class: "card-panel" }, gamePicker(main, nav, game));
  }
  // a link opened while the lobby was loading has shown another page meanwhile: keep it
  const elsewhere = () => document.documentElement.dataset.page !== "lobby";
  if (!main.querySelector(":scope > .lobby")) {
    // A first draw (a start, the way back from a table) in two tasks: the new game's form,
    // then my games beside it (below it on a phone). As one task it was the longest of a
    // start on a phone (Lighthouse's blocking time). The lobby's columns are fixed: what the
    // first task drew does not move when the second adds to it.
    if (elsewhere()) return;
    const lobby = h("div", { class: "lobby" }, section);
    clear(main);
    main.append(lobby);
    await nextTask();
    const lists = await gamesSection(nav, () => showLobby(main, nav));
    if (!elsewhere() && lobby.isConnected) lobby.append(lists);
    return;
  }
  const lists = await gamesSection(nav, () => showLobby(main, nav));
  if (elsewhere()) return;
  clear(main);
  main.append(h("div", { class: "lobby" }, section, lists));
}

/** After the browser has had its turn (a paint, input) since the current task. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function gamePicker(main, nav, current) {
  return h(
    "fieldset",
    { class: "radios game-picker" },
    h("legend", {}, t("lobby.game")),
    h(
      "div",
      { class: "radio-row" },
      gameNames().map((g) =>
        h(
          "label",
          { class: "radio-pill", title: t(`game.${g}.blurb`) },
          h("input", {
            type: "radio",
            name: "game",
            value: g,
            checked: g === current,
            onchange: () => {
              store.set("lobbyGame", g);
              showLobby(main, nav);
            },
          }),
          h("span", {}, gameName(g)),
        ),
      ),
    ),
    h("p", { class: "hint small" }, t(`game.${current}.blurb`)),
    h(
      "button",
      {
        type: "button",
        class: "btn btn-link",
        id: "by-howto-open",
        "data-game": current,
        onclick: () => nav.go({ page: "rules", game: current }),
      },
      t("howto.open_game", { game: gameName(current) }),
    ),
  );
}

function newGameSection(main, nav) {
  const { game, catalog, table, form } = picked;
  const save = () => store.set(`newgame.${game}`, form);
  const redraw = () => {
    save();
    showLobby(main, nav);
  };
  const limits = seatLimits(catalog, form.options);
  const sec = h(
    "section",
    { class: "card-panel new-game", "aria-labelledby": "by-new-title" },
    h("h2", { id: "by-new-title" }, t("lobby.new_game")),
    gamePicker(main, nav, game),
  );
  const f = h("form", {
    id: "by-new-game",
    "data-game": game,
    // the browser's own checks speak its language, not the player's: the form checks itself
    novalidate: true,
    onsubmit: async (e) => {
      e.preventDefault();
      if (!numbersGood(f, game, catalog)) return;
      save();
      const seats = form.seats.map((s) =>
        s.kind === "bot"
          ? { name: s.name.trim(), kind: "bot", level: s.level }
          : { name: s.name.trim(), kind: s.kind === "remote" ? "remote" : "human" },
      );
      const options = Object.fromEntries(catalog.options.map((o) => [o.key, form.options[o.key]]));
      try {
        const id = await createGame(game, options, seats);
        nav.go({ page: "game", id });
      } catch (error) {
        // the error's parameters read as the game's words (its whole table, loaded to play)
        showing(game, await tableOf(game).catch(() => table));
        showError(error);
        showing(null);
        markSeat(f, error);
      }
    },
  });
  // options the game's own lobby controls draw (the spy game's role counts) are left out here
  const own = new Set(table.lobbyOptions ? table.lobbyOptions(catalog) : []);
  const generic = catalog.options.filter((spec) => !own.has(spec.key));
  if (generic.length) {
    f.append(
      h(
        "div",
        { class: "options" },
        generic.map((spec) => optionTips(optionControl(spec, picked, redraw, save), game, spec)),
      ),
    );
  }
  if (table.lobby) f.append(table.lobby({ form, catalog, redraw, save }));

  f.append(
    seatsFieldset(catalog, form, limits, redraw, save),
    h(
      "div",
      { class: "row end" },
      h("button", { type: "submit", class: "btn btn-primary btn-big", id: "by-start" }, t("lobby.start")),
    ),
  );
  sec.append(f);
  return sec;
}
