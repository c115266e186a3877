// The lobby: a new game (the game picker, that game's options as its catalog gives them, the
// seats), then my games (saved.js: running, finished, import). Nothing here knows a game's
// rules: options, seat limits and bot levels come from the engine's catalog, their words from
// the game's catalog of messages.

import { h, clear, newId } from "../../shell/dom.js";
import { t, has } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { showError } from "../../shell/ui.js";
import { createGame } from "./newgame.js";
import { gameNames, formOf, tableOf, showing, seatLimits } from "../games.js";
import { gamesSection } from "../archive/saved.js";
import { optionTips } from "./optiontips.js";

const BOT_NAMES = [
  "Ada",
  "Boris",
  "Carmen",
  "Dalia",
  "Emil",
  "Farah",
  "Gus",
  "Hana",
  "Ivo",
  "Jun",
  "Kira",
  "Lev",
  "Mina",
  "Nils",
  "Olga",
  "Pablo",
  "Quin",
  "Rana",
  "Sami",
  "Tova",
];
const MANY = 8; // above this many seats the lobby offers bots ten at a time

let picked = null; // {game, catalog, table, form}: the new-game form, kept across redraws

const gameName = (game) => t(`game.${game}.name`);
// a human seat's first name: the digit as typed text (a formatted number is isolated in Arabic)
const seatName = (n) => t("lobby.player_n", { n: String(n) });

/** A game's option words: "<game>.option.<key>" and "<game>.option.<key>.<value>". */
const optionLabel = (game, key) => t(`${game}.option.${key}`);
const valueLabel = (game, key, value) =>
  has(`${game}.option.${key}.${value}`) ? t(`${game}.option.${key}.${value}`) : String(value);

function defaults(game, catalog) {
  const saved = store.get(`newgame.${game}`);
  if (saved && Array.isArray(saved.seats) && saved.seats.length >= catalog.players.min && saved.options) return saved;
  const options = Object.fromEntries(catalog.options.map((o) => [o.key, o.suggested ?? o.default]));
  const level = catalog.bots[Math.floor(catalog.bots.length / 2)];
  // "Player 1", not "You": a name reads in the third person wherever another seat reads it
  // (hot-seat, the lobby's lists); the seat's own screen says "you" by itself (i18n setReader)
  const seats = [{ name: seatName(1), kind: "human" }];
  const count = Math.max(catalog.players.min, Math.min(3, catalog.players.max));
  while (seats.length < count) seats.push({ name: BOT_NAMES[seats.length - 1], kind: "bot", level });
  return { options, seats };
}

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
  const lists = await gamesSection(nav, () => showLobby(main, nav));
  // a link opened while the lobby was loading has shown another page meanwhile: keep it
  if (document.documentElement.dataset.page !== "lobby") return;
  clear(main);
  main.append(h("div", { class: "lobby" }, section, lists));
}

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

function unusedBotName(form) {
  const used = new Set(form.seats.map((s) => s.name));
  return BOT_NAMES.find((n) => !used.has(n)) || `${t("lobby.bot_name")} ${form.seats.length + 1}`;
}

function optionControl(spec, form, redraw, save) {
  const { game } = picked;
  const value = form.options[spec.key];
  const off = spec.when && Object.entries(spec.when).some(([k, v]) => form.options[k] !== v);
  const hintKey = `${game}.hint.${spec.key}.${value}`;
  const hint = has(hintKey)
    ? h("p", { class: "hint small" }, t(hintKey, { max: seatLimits(picked.catalog, form.options).max }))
    : null;
  if (spec.kind === "choice") {
    return h(
      "fieldset",
      { class: "radios", "data-option": spec.key },
      h("legend", {}, optionLabel(game, spec.key)),
      h(
        "div",
        { class: "radio-row" },
        spec.values.map((v) =>
          h(
            "label",
            { class: "radio-pill" },
            h("input", {
              type: "radio",
              name: spec.key,
              value: v,
              checked: value === v,
              disabled: off,
              onchange: () => {
                form.options[spec.key] = v;
                // the catalog's defaults for this value (a mass start turns stop-loss on)
                Object.assign(form.options, (spec.defaults && spec.defaults[v]) || {});
                const limits = seatLimits(picked.catalog, form.options);
                form.seats = form.seats.slice(0, limits.max);
                redraw();
              },
            }),
            h("span", {}, valueLabel(game, spec.key, v)),
          ),
        ),
      ),
      hint,
    );
  }
  if (spec.kind === "bool") {
    return h(
      "fieldset",
      { class: "option-bool", "data-option": spec.key },
      h("legend", {}, optionLabel(game, spec.key)),
      h(
        "label",
        { class: "check" },
        h("input", {
          type: "checkbox",
          id: `by-${spec.key.replace(/_/g, "-")}`,
          checked: !!value,
          disabled: off,
          onchange: (e) => {
            form.options[spec.key] = e.target.checked;
            redraw();
          },
        }),
        h(
          "span",
          {},
          has(`${game}.option.${spec.key}.on`) ? t(`${game}.option.${spec.key}.on`) : optionLabel(game, spec.key),
        ),
      ),
      hint,
    );
  }
  const id = newId(spec.key);
  return h(
    "div",
    { class: "option-int", "data-option": spec.key },
    h("label", { for: id, class: "inline" }, optionLabel(game, spec.key)),
    h("input", {
      type: "number",
      id,
      min: spec.min,
      max: spec.max,
      // only the arrows' stride (the form checks values itself, novalidate): a grid of
      // min + k * step that misses the default (1 to 240 by 10, default 30) would snap 30 to 31
      step: spec.step && (spec.default - spec.min) % spec.step === 0 ? spec.step : 1,
      value,
      disabled: off,
      class: "short",
      "data-int": spec.key,
      // a value the engine takes is kept at once; a refused one keeps the last good value
      // and is named when the game is started (not on leaving the field: a message appearing
      // then would move "Start the game" under the pointer and lose its click)
      oninput: (e) => {
        const n = wholeIn(spec, e.target);
        if (n == null) return;
        form.options[spec.key] = n;
        markField(e.target, null);
        save();
      },
    }),
    hint,
  );
}

/** The whole number in an int option's box if the catalog's range takes it, else null
 *  (empty, text — a number box then reads "" —, a fraction, out of range). */
function wholeIn(spec, input) {
  const text = input.value.trim();
  if (input.validity.badInput || !/^[+-]?\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= spec.min && n <= spec.max ? n : null;
}

const badNumber = (spec) =>
  t("lobby.bad_number", { option: optionLabel(picked.game, spec.key), min: spec.min, max: spec.max });

/** Our message under a field (`text`), or none: never the browser's own bubble. */
function markField(input, text) {
  const box = input.closest("[data-option]");
  const old = box.querySelector(".field-error");
  if (old) old.remove();
  if (!text) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    return;
  }
  const note = h("p", { class: "field-error bad small", id: `${input.id}-error`, role: "alert" }, text);
  input.after(note);
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", note.id);
}

/** Every int option the form sends checked against the catalog; the first refused one is
 *  named and focused. True when all are good. */
function numbersGood(f, catalog) {
  let first = null;
  for (const spec of catalog.options.filter((o) => o.kind === "int")) {
    const input = f.querySelector(`input[data-int="${spec.key}"]`);
    if (!input || input.disabled) continue;
    const bad = wholeIn(spec, input) == null;
    markField(input, bad ? badNumber(spec) : null);
    if (bad && !first) first = input;
  }
  if (first) first.focus();
  return !first;
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
      if (!numbersGood(f, catalog)) return;
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
        generic.map((spec) => optionTips(optionControl(spec, form, redraw, save), game, spec)),
      ),
    );
  }
  if (table.lobby) f.append(table.lobby({ form, catalog, redraw, save }));

  const seats = h("fieldset", { class: "seats" }, h("legend", {}, t("lobby.seats", { count: form.seats.length })));
  const list = h("ol", { class: "seat-list" });
  form.seats.forEach((seat, i) => {
    const nameId = newId("seat-name"),
      kindId = newId("seat-kind");
    list.append(
      h(
        "li",
        { class: "seat-row" },
        h("label", { for: nameId, class: "sr-only" }, t("lobby.seat_name", { n: i + 1 })),
        h("input", {
          id: nameId,
          class: "seat-name",
          type: "text",
          maxlength: 40,
          required: true,
          value: seat.name,
          autocomplete: "off",
          "data-seat": i,
          oninput: (e) => {
            seat.name = e.target.value;
            e.target.removeAttribute("aria-invalid");
            save();
          },
        }),
        h("label", { for: kindId, class: "sr-only" }, t("lobby.seat_kind", { n: i + 1 })),
        h(
          "select",
          {
            id: kindId,
            class: "seat-kind",
            "data-seat": i,
            onchange: (e) => {
              const value = e.target.value;
              if (value === "human" || value === "remote") {
                seat.kind = value;
                delete seat.level;
              } else {
                seat.kind = "bot";
                seat.level = value;
              }
              save();
            },
          },
          h("option", { value: "human", selected: seat.kind === "human" }, t("lobby.human")),
          h("option", { value: "remote", selected: seat.kind === "remote" }, t("lobby.remote")),
          catalog.bots.map((l) =>
            h(
              "option",
              { value: l, selected: seat.kind === "bot" && seat.level === l },
              t("lobby.bot_level", { level: t(`level.${l}`) }),
            ),
          ),
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-icon",
            "aria-label": t("lobby.remove_seat", { n: i + 1 }),
            disabled: form.seats.length <= limits.min,
            onclick: () => {
              form.seats.splice(i, 1);
              redraw();
            },
          },
          "✕",
        ),
      ),
    );
  });
  seats.append(list);
  const level = catalog.bots[Math.floor(catalog.bots.length / 2)];
  const adds = h("div", { class: "row" });
  adds.append(
    h(
      "button",
      {
        type: "button",
        class: "btn",
        id: "by-add-human",
        disabled: form.seats.length >= Math.min(limits.max, MANY),
        onclick: () => {
          form.seats.push({ name: seatName(form.seats.length + 1), kind: "human" });
          redraw();
        },
      },
      t("lobby.add_human"),
    ),
  );
  adds.append(
    h(
      "button",
      {
        type: "button",
        class: "btn",
        id: "by-add-bot",
        disabled: form.seats.length >= limits.max,
        onclick: () => {
          form.seats.push({ name: unusedBotName(form), kind: "bot", level });
          redraw();
        },
      },
      t("lobby.add_bot"),
    ),
  );
  if (limits.max > MANY) {
    adds.append(
      h(
        "button",
        {
          type: "button",
          class: "btn",
          disabled: form.seats.length >= limits.max,
          onclick: () => {
            for (let k = 0; k < 10 && form.seats.length < limits.max; k += 1)
              form.seats.push({ name: unusedBotName(form), kind: "bot", level: catalog.bots[0] });
            redraw();
          },
        },
        t("lobby.add_ten_bots"),
      ),
    );
  }
  seats.append(
    adds,
    h("p", { class: "hint small" }, t("lobby.seats_hint", { min: limits.min, max: limits.max })),
    h("p", { class: "hint small" }, t("lobby.remote_hint")),
  );
  f.append(
    seats,
    h(
      "div",
      { class: "row end" },
      h("button", { type: "submit", class: "btn btn-primary btn-big", id: "by-start" }, t("lobby.start")),
    ),
  );
  sec.append(f);
  return sec;
}
