// The lobby: a new game (mode, deal, summation, stop-loss, seats), my running games, the
// archive of finished games, and import of a record file.

import { h, clear, newId } from "./dom.js";
import { t, num, money, date } from "./i18n.js";
import * as store from "./store.js";
import { call, confirmDialog, notify, showError, download, fileSafe } from "./ui.js";
import { createGame, randomId } from "./game.js";
import { lobbyPanel } from "./netui.js";

const LEVELS = ["easy", "normal", "strong"];
const BOT_NAMES = ["Ada", "Boris", "Carmen", "Dalia", "Emil", "Farah", "Gus", "Hana", "Ivo", "Jun", "Kira", "Lev",
  "Mina", "Nils", "Olga", "Pablo", "Quin", "Rana", "Sami", "Tova"];
const MAX_SEATS = 8, MAX_MASS = 40;

let form = null;   // the new-game form's values, kept across redraws and visits

function defaults() {
  const saved = store.get("newgame");
  if (saved && Array.isArray(saved.seats) && saved.seats.length >= 2) return saved;
  return {
    mode: "classic", deal: "3+5", summation: "top3", stop_loss: false, spread: 30,
    seats: [{ name: t("lobby.default_name"), kind: "human" },
      { name: BOT_NAMES[0], kind: "bot", level: "normal" }, { name: BOT_NAMES[1], kind: "bot", level: "normal" }],
  };
}

export function showLobby(main, nav) {
  if (!form) form = defaults();
  clear(main);
  main.append(h("div", { class: "lobby" }, newGameSection(main, nav), gamesSection(main, nav)));
}

function unusedBotName() {
  const used = new Set(form.seats.map((s) => s.name));
  return BOT_NAMES.find((n) => !used.has(n)) || `${t("lobby.bot_name")} ${form.seats.length + 1}`;
}

function radios(name, legend, values, current, onchange) {
  return h("fieldset", { class: "radios" }, h("legend", {}, legend),
    h("div", { class: "radio-row" }, values.map(([value, label]) => h("label", { class: "radio-pill" },
      h("input", { type: "radio", name, value, checked: current === value, onchange: () => onchange(value) }),
      h("span", {}, label)))));
}

function newGameSection(main, nav) {
  const redraw = () => { store.set("newgame", form); showLobby(main, nav); };
  const maxSeats = form.mode === "mass" ? MAX_MASS : form.mode === "duel" ? 2 : MAX_SEATS;
  const sec = h("section", { class: "card-panel new-game", "aria-labelledby": "by-new-title" },
    h("h2", { id: "by-new-title" }, t("lobby.new_game")));
  const f = h("form", { id: "by-new-game", onsubmit: async (e) => {
    e.preventDefault();
    store.set("newgame", form);
    const seats = form.seats.map((s) => (s.kind === "bot" ? { name: s.name.trim(), kind: "bot", level: s.level }
      : { name: s.name.trim(), kind: s.kind === "remote" ? "remote" : "human" }));
    const options = { mode: form.mode, deal: form.deal, summation: form.summation, stop_loss: form.stop_loss, spread: form.spread };
    try {
      const id = await createGame(options, seats);
      nav.go({ page: "game", id });
    } catch (error) {
      showError(error);
    }
  } });
  f.append(
    radios("mode", t("lobby.mode"), [["classic", t("mode.classic")], ["duel", t("mode.duel")], ["mass", t("mode.mass")]], form.mode, (v) => {
      form.mode = v;
      if (v === "duel") form.seats = form.seats.slice(0, 2);
      if (v !== "mass") form.seats = form.seats.slice(0, MAX_SEATS);
      redraw();
    }),
    radios("deal", t("lobby.deal"), [["3+5", t("deal.short", { deal: "3+5", rounds: 8 })], ["4+6", t("deal.short", { deal: "4+6", rounds: 10 })]], form.deal, (v) => { form.deal = v; store.set("newgame", form); }),
    radios("summation", t("lobby.summation"), [["top3", t("summation.top3")], ["trump", t("summation.trump")]], form.summation, (v) => { form.summation = v; store.set("newgame", form); }));
  const spreadId = newId("spread");
  f.append(h("fieldset", { class: "stoploss" }, h("legend", {}, t("lobby.stop_loss")),
    h("label", { class: "check" }, h("input", { type: "checkbox", id: "by-stop-loss", checked: form.stop_loss, onchange: (e) => { form.stop_loss = e.target.checked; redraw(); } }),
      h("span", {}, t("lobby.stop_loss_on"))),
    h("label", { for: spreadId, class: "inline" }, t("lobby.spread")),
    h("input", { type: "number", id: spreadId, min: 1, max: 240, step: 10, value: form.spread, disabled: !form.stop_loss, class: "short",
      onchange: (e) => { form.spread = Math.max(1, Math.min(240, Math.trunc(Number(e.target.value)) || 30)); e.target.value = form.spread; store.set("newgame", form); } })));

  const seats = h("fieldset", { class: "seats" }, h("legend", {}, t("lobby.seats", { count: form.seats.length })));
  const list = h("ol", { class: "seat-list" });
  form.seats.forEach((seat, i) => {
    const nameId = newId("seat-name"), kindId = newId("seat-kind");
    list.append(h("li", { class: "seat-row" },
      h("label", { for: nameId, class: "sr-only" }, t("lobby.seat_name", { n: i + 1 })),
      h("input", { id: nameId, class: "seat-name", type: "text", maxlength: 40, required: true, value: seat.name, autocomplete: "off",
        "data-seat": i, oninput: (e) => { seat.name = e.target.value; store.set("newgame", form); } }),
      h("label", { for: kindId, class: "sr-only" }, t("lobby.seat_kind", { n: i + 1 })),
      h("select", { id: kindId, class: "seat-kind", "data-seat": i, onchange: (e) => {
        const value = e.target.value;
        if (value === "human" || value === "remote") { seat.kind = value; delete seat.level; } else { seat.kind = "bot"; seat.level = value; }
        store.set("newgame", form);
      } },
      h("option", { value: "human", selected: seat.kind === "human" }, t("lobby.human")),
      h("option", { value: "remote", selected: seat.kind === "remote" }, t("lobby.remote")),
      LEVELS.map((l) => h("option", { value: l, selected: seat.kind === "bot" && seat.level === l }, t("lobby.bot_level", { level: t(`level.${l}`) })))),
      h("button", { type: "button", class: "btn btn-icon", "aria-label": t("lobby.remove_seat", { n: i + 1 }), disabled: form.seats.length <= 2,
        onclick: () => { form.seats.splice(i, 1); redraw(); } }, "✕")));
  });
  seats.append(list);
  const adds = h("div", { class: "row" });
  adds.append(h("button", { type: "button", class: "btn", id: "by-add-human", disabled: form.seats.length >= Math.min(maxSeats, MAX_SEATS),
    onclick: () => { form.seats.push({ name: t("lobby.player_n", { n: form.seats.length + 1 }), kind: "human" }); redraw(); } }, t("lobby.add_human")));
  adds.append(h("button", { type: "button", class: "btn", id: "by-add-bot", disabled: form.seats.length >= maxSeats,
    onclick: () => { form.seats.push({ name: unusedBotName(), kind: "bot", level: "normal" }); redraw(); } }, t("lobby.add_bot")));
  if (form.mode === "mass") {
    adds.append(h("button", { type: "button", class: "btn", disabled: form.seats.length >= MAX_MASS, onclick: () => {
      for (let k = 0; k < 10 && form.seats.length < MAX_MASS; k += 1) form.seats.push({ name: unusedBotName(), kind: "bot", level: "easy" });
      redraw();
    } }, t("lobby.add_ten_bots")));
  }
  seats.append(adds, h("p", { class: "hint small" }, form.mode === "duel" ? t("lobby.duel_hint") : form.mode === "mass" ? t("lobby.mass_hint", { max: MAX_MASS }) : t("lobby.seats_hint", { max: MAX_SEATS })),
    h("p", { class: "hint small" }, t("lobby.remote_hint")));
  f.append(seats, h("div", { class: "row end" }, h("button", { type: "submit", class: "btn btn-primary btn-big", id: "by-start" }, t("lobby.start"))));
  sec.append(f);
  return sec;
}

function describePlayers(summary) {
  return summary.players.map((name, i) => {
    const k = summary.kinds[i];
    return h("li", {}, h("bdi", {}, name), k.kind === "bot" ? h("span", { class: "muted small" }, ` (${t(`level.${k.level}`)})`) : null);
  });
}

function gameItem(game, nav, main) {
  const sum = game.summary;
  const o = sum.options;
  const title = sum.over
    ? t("lobby.finished_title", { winner: sum.players[sum.ranking[0]], capital: money(sum.capital[sum.ranking[0]]) })
    : t("game.round", { round: sum.round, total: sum.rounds_total });
  const actions = h("div", { class: "row" },
    h("button", { type: "button", class: "btn btn-primary", "data-open": game.id, onclick: () => nav.go({ page: "game", id: game.id }) },
      sum.over ? t("lobby.open") : t("lobby.continue")),
    h("button", { type: "button", class: "btn", onclick: () => download(`broker-yard-${fileSafe(sum.players.join("-"))}.json`, game.record) }, t("lobby.export")),
    h("button", { type: "button", class: "btn btn-danger-text", onclick: async () => {
      if (await confirmDialog({ title: t("lobby.delete_title"), text: t("lobby.delete_text"), ok: t("lobby.delete"), danger: true })) {
        store.deleteGame(game.id);
        call("hall_close", { id: game.id }).catch(() => {});
        showLobby(main, nav);
      }
    } }, t("lobby.delete")));
  return h("li", { class: "game-item", "data-game": game.id },
    h("div", { class: "game-item-head" }, h("strong", {}, title),
      h("span", { class: "muted small" }, `${t(`mode.${o.mode}`)} · ${o.deal} · ${t(`summation.${o.summation}`)}${o.stop_loss ? " · " + t("stop_loss.value", { spread: money(o.spread) }) : ""}`)),
    sum.over
      ? h("ol", { class: "mini-ranking small" }, sum.ranking.map((i) => h("li", {}, h("bdi", {}, sum.players[i]), " — ", money(sum.capital[i]))))
      : h("ul", { class: "names small" }, describePlayers(sum)),
    h("p", { class: "muted small" }, t("lobby.updated", { when: date(game.updated) })),
    actions);
}

function gamesSection(main, nav) {
  const games = store.allGames().filter((g) => g.summary);
  const running = games.filter((g) => !g.summary.over), finished = games.filter((g) => g.summary.over);
  const fileInput = h("input", { type: "file", accept: ".json,application/json", hidden: true, id: "by-import-file",
    onchange: (e) => importFile(e.target.files[0], main, nav) });
  const hostGames = () => running.filter((g) => g.net).map((g) => g.id);
  const wrap = h("div", { class: "game-lists" },
    lobbyPanel(nav, hostGames),
    h("section", { class: "card-panel", "aria-labelledby": "by-running-title" },
      h("h2", { id: "by-running-title" }, t("lobby.running")),
      running.length ? h("ul", { class: "game-list", id: "by-running" }, running.map((g) => gameItem(g, nav, main)))
        : h("p", { class: "empty" }, t("lobby.no_running"))),
    h("section", { class: "card-panel", "aria-labelledby": "by-archive-title" },
      h("h2", { id: "by-archive-title" }, t("lobby.archive")),
      finished.length ? h("ul", { class: "game-list", id: "by-archive" }, finished.map((g) => gameItem(g, nav, main)))
        : h("p", { class: "empty" }, t("lobby.no_finished"))),
    h("section", { class: "card-panel" }, h("h2", {}, t("lobby.import")), h("p", { class: "small muted" }, t("lobby.import_hint")),
      fileInput, h("button", { type: "button", class: "btn", id: "by-import", onclick: () => fileInput.click() }, t("lobby.import_button")),
      store.persistent() ? null : h("p", { class: "bad small" }, t("storage.none"))));
  return wrap;
}

async function importFile(file, main, nav) {
  if (!file) return;
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch {
    notify(t("error.bad_json"), "error");
    return;
  }
  try {
    const checked = await call("hall_check_record", { record }, { busy: true });
    const game = { id: randomId(), created: new Date().toISOString(), record: checked.record, orders: {}, summary: checked.summary, ui: { tab: "field", seat: null } };
    store.saveGame(game);
    notify(t("lobby.imported"));
    showLobby(main, nav);
  } catch (error) {
    showError(error);
  }
}

export { num };
