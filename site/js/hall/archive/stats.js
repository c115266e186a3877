// Statistics on this device (docs/hall.md): for each person who played here, per game and
// mode, the games played, wins, average place and best score, and the strong bot's record
// against them. A game adds its entry once, when it ends at this device's table: the entry
// comes from the engine (engine/core/stats.py: the game's own result and catalog) and is kept
// under its key (`stats.<key>`), so reopening a finished game or importing it again never
// counts it twice. A stored entry that cannot be read is left out with a notice, never taking
// the lobby down.

import { h } from "../../shell/dom.js";
import { t, has, num, seatRef } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { confirmDialog, notify, downloadText } from "../../shell/ui.js";
import { gameNames, lobbyOf } from "../games.js";

const PREFIX = "stats.";
const VERSION = 1;

/** A game that ended now at this table: `before` is the summary kept until now (a game
 *  already over when it was opened or imported ended elsewhere or earlier), `stored` what the
 *  session stored now. Returns true when an entry was added. */
export function recordEnd(before, stored) {
  const entry = stored && stored.stats;
  if (!entry || typeof entry.key !== "string" || (before && before.over)) return false;
  if (!entry.people.length) return false; // nobody of this device played it (remote seats only)
  const key = PREFIX + entry.key;
  if (store.getText(key) != null) return false; // this very game is counted already
  const { key: _key, ...kept } = entry;
  return store.set(key, { v: VERSION, ...kept, ended: new Date().toISOString() });
}

const plain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const whole = (n, min) => Number.isInteger(n) && n >= min;

/** Is a kept entry of the shape recordEnd writes, for a game of this build? */
function sound(v, games) {
  if (!plain(v) || v.v !== VERSION || typeof v.game !== "string" || !games.includes(v.game)) return false;
  if (!(v.by === null || typeof v.by === "string") || !(v.mode === null || typeof v.mode === "string")) return false;
  if (!whole(v.seats, 1) || !Array.isArray(v.people) || !v.people.length) return false;
  const person = (p) =>
    plain(p) &&
    typeof p.name === "string" &&
    whole(p.place, 1) &&
    p.place <= v.seats &&
    (p.score === null || Number.isFinite(p.score));
  if (!v.people.every(person)) return false;
  return v.rival === null || (plain(v.rival) && typeof v.rival.level === "string" && typeof v.rival.won === "boolean");
}

/** Every kept entry, told apart: {entries: the sound ones, damaged: [{key, text}]}. */
export function readStats(games = gameNames()) {
  const entries = [],
    damaged = [];
  for (const key of store.keys(PREFIX).sort()) {
    const text = store.getText(key);
    if (text == null) continue;
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (sound(value, games)) entries.push(value);
    else damaged.push({ key, text });
  }
  return { entries, damaged };
}

/** Per person, per game and mode: played, wins, sum of places, best score, and the games
 *  with the rival bot at the table (its wins, the person's). */
function tally(entries, games) {
  const people = new Map();
  for (const e of entries) {
    for (const p of e.people) {
      if (!people.has(p.name)) people.set(p.name, new Map());
      const rows = people.get(p.name);
      const id = `${e.game}\u0000${e.mode ?? ""}`;
      if (!rows.has(id))
        rows.set(id, { game: e.game, by: e.by, mode: e.mode, played: 0, wins: 0, places: 0, best: null, rival: null });
      const row = rows.get(id);
      row.played += 1;
      row.places += p.place;
      if (p.place === 1) row.wins += 1;
      if (p.score !== null && (row.best === null || p.score > row.best)) row.best = p.score;
      if (e.rival) {
        row.rival ??= { level: e.rival.level, games: 0, its: 0, own: 0 };
        row.rival.games += 1;
        if (e.rival.won) row.rival.its += 1;
        if (p.place === 1) row.rival.own += 1;
      }
    }
  }
  const order = (row) => games.indexOf(row.game);
  return [...people.entries()]
    .map(([name, rows]) => ({
      name,
      played: [...rows.values()].reduce((n, r) => n + r.played, 0),
      rows: [...rows.values()].sort((a, b) => order(a) - order(b) || String(a.mode).localeCompare(String(b.mode))),
    }))
    .sort((a, b) => b.played - a.played || a.name.localeCompare(b.name));
}

function rowTitle(row) {
  const game = t(`game.${row.game}.name`);
  if (row.mode === null || !row.by) return game;
  const key = `${row.game}.option.${row.by}.${row.mode}`;
  return t("stats.game_mode", { game, mode: has(key) ? t(key) : row.mode });
}

function scoreOf(table, n) {
  if (n === null) return "—";
  if (table && table.scoreNode) return table.scoreNode(n);
  return table && table.scoreText ? table.scoreText(n) : num(n);
}

function figure(label, value, name) {
  return h("div", { "data-figure": name }, h("dt", {}, label), h("dd", {}, value));
}

function rowItem(row, table, name) {
  const best = has(`${row.game}.stats.best`) ? t(`${row.game}.stats.best`) : t("stats.best");
  const average = Math.round((row.places / row.played) * 10) / 10;
  return h(
    "li",
    { class: "stats-row", "data-game": row.game, "data-mode": row.mode ?? "" },
    h("h4", {}, rowTitle(row)),
    h(
      "dl",
      { class: "stats-figures" },
      figure(t("stats.played"), num(row.played), "played"),
      figure(t("stats.wins"), num(row.wins), "wins"),
      figure(t("stats.average_place"), num(average), "average"),
      figure(best, scoreOf(table, row.best), "best"),
    ),
    row.rival
      ? h(
          "p",
          { class: "stats-rival small", "data-rival": row.rival.level },
          // the lobby is nobody's screen: the person is named (an isolate in Arabic text)
          t("stats.rival", {
            count: row.rival.games,
            bot_wins: row.rival.its,
            player: seatRef(null, name),
            wins: row.rival.own,
          }),
        )
      : null,
  );
}

function damagedNote(damaged, refresh) {
  if (!damaged.length) return null;
  return h(
    "div",
    { class: "stats-damaged", id: "by-stats-damaged", role: "status" },
    h("p", { class: "bad small" }, t("stats.damaged", { count: damaged.length })),
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          class: "btn",
          id: "by-stats-damaged-export",
          // exactly the texts kept, even when they are not JSON: nothing of them is lost
          onclick: () =>
            downloadText(
              "damaged-statistics.json",
              JSON.stringify(Object.fromEntries(damaged.map((d) => [d.key, d.text])), null, 1),
            ),
        },
        t("lobby.damaged_export"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-danger-text",
          id: "by-stats-damaged-remove",
          onclick: async () => {
            const sure = await confirmDialog({
              title: t("stats.remove_damaged_title"),
              text: t("stats.remove_damaged_text", { count: damaged.length }),
              ok: t("lobby.delete"),
              danger: true,
            });
            if (!sure) return;
            for (const d of damaged) store.remove(d.key);
            refresh();
          },
        },
        t("stats.remove_damaged"),
      ),
    ),
  );
}

async function resetStats(refresh) {
  const sure = await confirmDialog({
    title: t("stats.reset_title"),
    text: t("stats.reset_text"),
    ok: t("stats.reset"),
    danger: true,
  });
  if (!sure) return;
  for (const key of store.keys(PREFIX)) store.remove(key);
  notify(t("stats.reset_done"));
  refresh();
}

/** The lobby's "Statistics on this device"; `refresh()` draws the lobby again. */
export async function statsSection(refresh) {
  const games = gameNames();
  const { entries, damaged } = readStats(games);
  const tables = new Map();
  for (const game of new Set(entries.map((e) => e.game))) {
    try {
      tables.set(game, await lobbyOf(game)); // its words and its way of writing a score
    } catch (error) {
      console.warn(`statistics of ${game}:`, error);
    }
  }
  const people = tally(entries, games);
  const sec = h(
    "section",
    { class: "card-panel stats", id: "by-stats", "aria-labelledby": "by-stats-title" },
    h("h2", { id: "by-stats-title" }, t("stats.title")),
    h("p", { class: "hint small" }, t("stats.hint")),
    damagedNote(damaged, refresh),
  );
  if (!people.length) {
    sec.append(h("p", { class: "empty" }, t("stats.none")));
  }
  for (const person of people) {
    sec.append(
      h(
        "div",
        { class: "stats-person", "data-name": person.name },
        h("h3", {}, h("bdi", {}, person.name)),
        h(
          "ul",
          { class: "stats-rows" },
          person.rows.map((row) => rowItem(row, tables.get(row.game), person.name)),
        ),
      ),
    );
  }
  if (entries.length || damaged.length) {
    sec.append(
      h(
        "div",
        { class: "row" },
        h(
          "button",
          { type: "button", class: "btn btn-danger-text", id: "by-stats-reset", onclick: () => resetStats(refresh) },
          t("stats.reset"),
        ),
      ),
    );
  }
  return sec;
}
