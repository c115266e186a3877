// The final screen: places and each player's score broken down into coins and, company by
// company, shares × the company's value (its tiles on the map), beside the final board. The
// host's screen comes from the engine's `hall_final`; a remote page builds the same rows from
// its view.

import { h } from "../../shell/dom.js";
import { rankList } from "../../shell/ranking.js";
import { t, num, seatRef, list as listText } from "../../shell/i18n.js";
import { tg, coins, companies, companyChip, seatName, patternHost } from "./words.js";
import { mapCard } from "./mapcard.js";

/** hall_final's shape from a view (a remote page has no hall_final). */
export function finalOf(v) {
  const r = v.result;
  const letters = companies(v).map((x) => x.company);
  return {
    rows: r.ranking.map((i) => {
      const shares = v.seats[i].shares;
      const values = Object.fromEntries(letters.map((c) => [c, shares[c] * v.companies[c].value]));
      return {
        place: r.places[i],
        seat: i,
        name: v.players[i],
        coins: v.seats[i].coins,
        shares,
        values,
        score: r.scores[i],
        president_of: v.seats[i].president_of,
      };
    }),
    companies: Object.fromEntries(letters.map((c) => [c, { value: v.companies[c].value }])),
  };
}

function breakdown(v, f, row) {
  const parts = companies(v)
    .map((x) => x.company)
    .filter((c) => row.shares[c] > 0)
    .map((c) =>
      h(
        "li",
        { class: "worth", "data-company": c },
        companyChip(v, c, { name: false, size: 16 }),
        h(
          "span",
          { class: "num" },
          tg("final.worth", {
            shares: num(row.shares[c]),
            value: num(f.companies[c].value),
            worth: num(row.values[c]),
          }),
        ),
      ),
    );
  return h("ul", { class: "breakdown" }, h("li", { class: "worth coins" }, coins(row.coins)), parts);
}

/** The final screen: the winner, the ranking with each score broken down and the companies'
 *  values, and beside them the final board (`board: false` where the page shows the map
 *  anyway: a remote player's). */
export function finalScreen(f, v, kinds, { board = true } = {}) {
  const winners = f.rows.filter((r) => r.place === 1);
  const box = h(
    "section",
    { class: "final ek-final", "aria-labelledby": "ek-final-title" },
    patternHost(),
    h("h3", { id: "ek-final-title" }, t("final.title")),
    h(
      "p",
      { class: "winner" },
      h("span", { class: "trophy", "aria-hidden": "true" }, "★ "),
      winners.length > 1
        ? tg("final.tie", { names: listText(winners.map((r) => r.name)), score: winners[0].score })
        : tg("final.winner", { name: seatRef(winners[0].seat, winners[0].name), score: winners[0].score }),
    ),
  );
  const scores = h("div", { class: "final-scores" });
  scores.append(
    rankList(f.rows, kinds, {
      name: (row) => seatName(v, row.seat),
      detail: (row) => breakdown(v, f, row),
      score: (row) => h("span", { class: "capital", "data-score": row.score }, tg("score", { count: row.score })),
    }),
  );
  scores.append(
    h("h4", {}, tg("final.values")),
    h(
      "ul",
      { class: "company-values" },
      companies(v).map((x) =>
        h(
          "li",
          { "data-company": x.company },
          companyChip(v, x.company),
          " ",
          tg("final.value", { n: num(f.companies[x.company].value) }),
        ),
      ),
    ),
  );
  box.append(h("div", { class: "final-body" }, scores, board ? mapCard(v, {}, "ek-final-map-heading") : null));
  return box;
}
