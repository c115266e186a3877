// One row of a final ranking, as every game's final screen shows it: the place, the name
// with a bot's level, the game's own detail under it and the score at the end (app.css:
// .ranking .rank-row).

import { h } from "./dom.js";
import { t, num } from "./i18n.js";

/** A bot seat's mark ("bot · strong"); nothing for a person. `kind` is a seat's kind as the
 *  host's table has it, or as a state link tells a remote page. */
export function botBadge(kind) {
  return kind && kind.kind === "bot"
    ? h("span", { class: "badge", "data-bot": kind.level }, t("players.bot", { level: t(`level.${kind.level}`) }))
    : null;
}

/** A final ranking, best first: a row per `rows` item ({seat, place}), its name, detail and
 *  score the game's own nodes (`parts.name(row)`, ...); `kinds` the seats' kinds, if known. */
export function rankList(rows, kinds, parts) {
  return h(
    "ol",
    { class: "ranking" },
    rows.map((row) =>
      rankRow({
        seat: row.seat,
        place: row.place,
        name: parts.name(row),
        kind: kinds && kinds[row.seat],
        detail: parts.detail(row),
        score: parts.score(row),
      }),
    ),
  );
}

/** `kind` is the seat's kind ({kind, level}) or null (not known);
 *  `name` a node (a <bdi>), `detail` and `score` the game's own nodes. */
export function rankRow({ seat, place, name, kind, detail, score, attrs = {} }) {
  return h(
    "li",
    { class: ["rank-row", place === 1 && "first"], "data-seat": seat, ...attrs },
    h("span", { class: "place" }, num(place)),
    h("div", { class: "rank-main" }, h("div", { class: "rank-name" }, name, botBadge(kind)), detail),
    score,
  );
}
