// My games in the lobby: the running ones, the archive of finished ones (each with its
// summary from the session, opened, exported or deleted here), the damaged ones apart
// (damaged.js) and the import of a record file (checked first by recordfile.js).

import { h } from "../../shell/dom.js";
import { t, has, num, date } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call, confirmDialog, notify, showError, keepNotice } from "../../shell/ui.js";
import { during } from "../../shell/settle.js";
import { randomId } from "../lobby/newgame.js";
import { lobbyPanel } from "../lobby/together.js";
import { gameNames, lobbyOf, useGame, formOf } from "../games.js";
import { sortEntries, damagedSection } from "./damaged.js";
import { readRecordFile, checkSeats, ownSeats } from "./recordfile.js";
import { exportRecord, isPublicFile } from "./exportfile.js";
import { replayCode } from "../table/replay.js";
import { statsSection } from "./stats.js";

const gameName = (game) => t(`game.${game}.name`);

function describePlayers(summary) {
  return summary.players.map((name, i) => {
    const k = summary.kinds[i];
    return h(
      "li",
      {},
      h("bdi", {}, name),
      k.kind === "bot" ? h("span", { class: "muted small" }, ` (${t(`level.${k.level}`)})`) : null,
    );
  });
}

/** "Round 3 of 8" from the summary's progress ({unit, n, of}). */
export function progressText(progress) {
  if (!progress) return "";
  const open = `progress.${progress.unit}_open`;
  return t(progress.of == null && has(open) ? open : `progress.${progress.unit}`, { n: progress.n, of: progress.of });
}

function gameItem(game, table, nav, refresh) {
  const sum = game.summary;
  const score = (i) => (table.scoreText ? table.scoreText(sum.scores[i]) : num(sum.scores[i]));
  const title = sum.over
    ? t("lobby.finished_title", { winner: sum.players[sum.ranking[0]], score: score(sum.ranking[0]) })
    : progressText(sum.progress);
  const actions = h(
    "div",
    { class: "row" },
    h(
      "button",
      {
        type: "button",
        class: "btn btn-primary",
        "data-open": game.id,
        onclick: () => nav.go({ page: "game", id: game.id }),
      },
      sum.over ? t("lobby.open") : t("lobby.continue"),
    ),
    h(
      "button",
      {
        type: "button",
        class: "btn",
        onclick: () => exportRecord(game.game, game.record, !!sum.over).catch(showError),
      },
      t("lobby.export"),
    ),
    h(
      "button",
      {
        type: "button",
        class: "btn btn-danger-text",
        onclick: async () => {
          if (
            await confirmDialog({
              title: t("lobby.delete_title"),
              text: t("lobby.delete_text"),
              ok: t("lobby.delete"),
              danger: true,
            })
          ) {
            store.deleteGame(game.id);
            call("hall_close", { id: game.id }).catch(() => {});
            refresh();
          }
        },
      },
      t("lobby.delete"),
    ),
  );
  return h(
    "li",
    { class: "game-item", "data-game": game.id, "data-kind": game.game },
    h(
      "div",
      { class: "game-item-head" },
      h("strong", {}, title),
      h("span", { class: "muted small" }, [gameName(game.game), ...table.chips(sum.options)].join(" · ")),
    ),
    sum.over
      ? h(
          "ol",
          { class: "mini-ranking small" },
          sum.ranking.map((i) => h("li", {}, h("bdi", {}, sum.players[i]), " — ", score(i))),
        )
      : h("ul", { class: "names small" }, describePlayers(sum)),
    h("p", { class: "muted small" }, t("lobby.updated", { when: date(game.updated) })),
    actions,
  );
}

/** The running games, the archive of finished ones and the import; `refresh()` draws the
 *  lobby again (after a delete or an import). */
export async function gamesSection(nav, refresh) {
  const rebuilt = store.repairIndex();
  if (rebuilt) keepNotice("index", () => t("storage.index_rebuilt", { count: rebuilt }), { kind: "info" });
  const entries = store.gameEntries();
  const { games, damaged } = sortEntries(entries, gameNames());
  const tables = new Map();
  for (const name of new Set(games.map((g) => g.game))) {
    try {
      tables.set(name, await lobbyOf(name));
    } catch (error) {
      showError(error);
    }
  }
  // an entry of a sound shape may still hold what the game's table cannot show: it is listed
  // as damaged instead of taking the lobby down with it
  const items = new Map();
  for (const g of games.filter((x) => tables.has(x.game))) {
    try {
      items.set(g, gameItem(g, tables.get(g.game), nav, refresh));
    } catch (error) {
      console.warn(`saved game ${g.id}:`, error);
      damaged.push({
        entry: entries.find((e) => e.id === g.id),
        problem: { reason: "unreadable", params: {} },
      });
    }
  }
  const listed = [...items.keys()];
  const running = listed.filter((g) => !g.summary.over),
    finished = listed.filter((g) => g.summary.over);
  const item = (g) => items.get(g);
  const fileInput = h("input", {
    type: "file",
    accept: ".json,application/json",
    hidden: true,
    id: "by-import-file",
    onchange: (e) => {
      const file = e.target.files[0];
      e.target.value = ""; // the same file chosen again (after a refusal) is read again
      // the page is not at rest until the game is listed: the file's reading is no bridge call,
      // and a test's next click came between it and the list (test_grid_table opened the game
      // listed first before, once in a full run)
      during(() => importFile(file, nav, refresh));
    },
  });
  const stats = await statsSection(refresh);
  return h(
    "div",
    { class: "game-lists" },
    lobbyPanel(nav),
    h(
      "section",
      { class: "card-panel", "aria-labelledby": "by-running-title" },
      h("h2", { id: "by-running-title" }, t("lobby.running")),
      running.length
        ? h("ul", { class: "game-list", id: "by-running" }, running.map(item))
        : h("p", { class: "empty" }, t("lobby.no_running")),
    ),
    h(
      "section",
      { class: "card-panel", "aria-labelledby": "by-archive-title" },
      h("h2", { id: "by-archive-title" }, t("lobby.archive")),
      finished.length
        ? h("ul", { class: "game-list", id: "by-archive" }, finished.map(item))
        : h("p", { class: "empty" }, t("lobby.no_finished")),
    ),
    stats,
    damagedSection(damaged, refresh),
    h(
      "section",
      { class: "card-panel" },
      h("h2", {}, t("lobby.import")),
      h("p", { class: "small muted" }, t("lobby.import_hint")),
      fileInput,
      h(
        "button",
        { type: "button", class: "btn", id: "by-import", onclick: () => fileInput.click() },
        t("lobby.import_button"),
      ),
      store.persistent() ? null : h("p", { class: "bad small" }, t("storage.none")),
    ),
  );
}

/** The same game, at the same point: the seed, the players, the options, the setup and
 *  every action alike (an export imported twice, a finished game already in the archive). */
function sameGame(a, b) {
  if (!a || !b) return false;
  const identity = (r) => JSON.stringify([r.game, r.seed, r.players, r.options, r.setup ?? null, r.actions]);
  return identity(a) === identity(b);
}

async function importFile(file, nav, refresh) {
  if (!file) return;
  try {
    // sizes, depth and seats are checked before Python sees anything of the record
    const read = await readRecordFile(file);
    // a public file (a game exported while it was being played): its replay
    if (isPublicFile(read)) return nav.go({ page: "replay", code: await replayCode(read) });
    const game = read && typeof read === "object" ? read.game : null;
    if (gameNames().includes(game)) {
      checkSeats(read, (await formOf(game)).catalog);
      await useGame(game);
    }
    const { record, moved } = ownSeats(read);
    const checked = await call("hall_check_record", { record }, { busy: true });
    if (store.allGames().some((kept) => sameGame(kept.record, checked.record))) {
      notify(t("lobby.import_duplicate"));
      return;
    }
    const id = randomId();
    const kept = store.saveGame({
      id,
      game: checked.summary.game,
      created: new Date().toISOString(),
      record: checked.record,
      summary: checked.summary,
      ui: { tab: null, seat: null },
    });
    if (!kept) {
      store.deleteGame(id); // nothing half-kept: the page would list it until a reload
      notify(t("lobby.import_not_stored"), "error");
      return;
    }
    notify(t(moved ? "lobby.imported_remote" : "lobby.imported"));
    refresh();
  } catch (error) {
    showError(error);
  }
}
