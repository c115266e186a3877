// Saved games the lobby cannot list: what is wrong with a kept entry, and their own list, where
// each one's raw data can be exported (to keep it, or to report the problem) or deleted. The
// record is the truth of a game, but the lobby lists a game from its summary and the table
// reads the other parts, so an entry is sound only when each part has the shape the hall
// writes (docs/hall.md, "What is stored"). One damaged entry never hides the others.

import { h } from "../../shell/dom.js";
import { t, date } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call, confirmDialog, downloadText, fileSafe } from "../../shell/ui.js";

const plain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const optional = (v, ok) => v === undefined || v === null || ok(v);
const problem = (reason, params = {}) => ({ reason, params });
// games kept before the hall had several games have no `game` (store.loadGame)
const gameOf = (v) => v.game ?? (plain(v.record) ? v.record.game : undefined) ?? "broker-yard";

/** Does the lobby's summary of a game have the shape the session writes (or a pending fair
 *  deal's: no ranking yet)? */
function soundSummary(s) {
  if (!plain(s) || !Array.isArray(s.players) || !Array.isArray(s.kinds)) return false;
  const n = s.players.length;
  if (!n || s.kinds.length !== n || !s.players.every((p) => typeof p === "string")) return false;
  if (!s.kinds.every((k) => plain(k) && typeof k.kind === "string")) return false;
  if (typeof s.over !== "boolean" || !Array.isArray(s.ranking) || !Array.isArray(s.scores)) return false;
  if (!s.ranking.every((i) => Number.isInteger(i) && i >= 0 && i < n)) return false;
  if (s.over && (!s.ranking.length || s.scores.length !== n)) return false;
  return optional(s.options, plain) && optional(s.progress, (p) => plain(p) && typeof p.unit === "string");
}

/** What is wrong with a kept entry ({reason, params}: a key of "damaged.*"), or null when the
 *  lobby can list it; `games` are the games of this build. */
export function damageOf(entry, games) {
  const v = entry.value;
  if (!plain(v)) return problem("not_json");
  if (v.id !== entry.id) return problem("bad_part", { part: "id" });
  const game = gameOf(v);
  if (typeof game !== "string") return problem("bad_part", { part: "game" });
  if (!games.includes(game)) return problem("unknown_game", { game: game.slice(0, 40) });
  if (v.record == null && !(plain(v.pre) && Array.isArray(v.pre.seats))) return problem("no_record");
  if (v.record != null && !plain(v.record)) return problem("bad_part", { part: "record" });
  if (v.summary == null) return problem("no_summary");
  if (!soundSummary(v.summary)) return problem("bad_summary");
  for (const part of ["ui", "net"]) if (!optional(v[part], plain)) return problem("bad_part", { part });
  for (const part of ["created", "updated"])
    if (!optional(v[part], (x) => typeof x === "string")) return problem("bad_part", { part });
  // seats played from other devices need the host's side of them (links, codes): without it
  // nobody could ever play them
  if (!v.net && v.summary.kinds.some((k) => k.kind === "remote")) return problem("bad_part", { part: "net" });
  return null;
}

/** The entries the index lists, told apart: {games: the sound ones (as store.loadGame gives
 *  them), damaged: [{entry, problem}]}. */
export function sortEntries(entries, games) {
  const sound = [],
    damaged = [];
  for (const entry of entries) {
    const found = damageOf(entry, games);
    if (found) damaged.push({ entry, problem: found });
    else sound.push({ ...entry.value, game: gameOf(entry.value) });
  }
  sound.sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
  return { games: sound, damaged };
}

function damagedItem({ entry, problem }, refresh) {
  const v = plain(entry.value) ? entry.value : {};
  const when = typeof v.updated === "string" ? date(v.updated) : "";
  const name = typeof v.game === "string" ? t(`game.${v.game}.name`) : "";
  return h(
    "li",
    { class: "game-item", "data-damaged": entry.id },
    h(
      "div",
      { class: "game-item-head" },
      h("strong", {}, t("lobby.damaged_item", { id: entry.id.slice(0, 40) })),
      name && name !== `game.${v.game}.name` ? h("span", { class: "muted small" }, name) : null,
    ),
    h("p", { class: "bad small" }, t(`damaged.${problem.reason}`, problem.params)),
    when ? h("p", { class: "muted small" }, t("lobby.updated", { when })) : null,
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          class: "btn",
          "data-export-raw": entry.id,
          // exactly the text kept, even when it is not JSON: nothing of it is lost
          onclick: () => downloadText(`damaged-${fileSafe(entry.id)}.json`, entry.text),
        },
        t("lobby.damaged_export"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-danger-text",
          "data-delete-raw": entry.id,
          onclick: async () => {
            const sure = await confirmDialog({
              title: t("lobby.damaged_delete_title"),
              text: t("lobby.damaged_delete_text"),
              ok: t("lobby.delete"),
              danger: true,
            });
            if (!sure) return;
            store.deleteGame(entry.id);
            call("hall_close", { id: entry.id }).catch(() => {});
            refresh();
          },
        },
        t("lobby.delete"),
      ),
    ),
  );
}

/** The lobby's list of damaged saved games (null when there is none). */
export function damagedSection(damaged, refresh) {
  if (!damaged.length) return null;
  return h(
    "section",
    { class: "card-panel damaged", id: "by-damaged-panel", "aria-labelledby": "by-damaged-title" },
    h("h2", { id: "by-damaged-title" }, t("lobby.damaged")),
    h("p", { class: "small muted" }, t("lobby.damaged_hint")),
    h(
      "ul",
      { class: "game-list", id: "by-damaged" },
      damaged.map((d) => damagedItem(d, refresh)),
    ),
  );
}
