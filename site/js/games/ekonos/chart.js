// The stock chart: a card per company with its column of share spaces (their number is the
// view's `limits`; a share's price is the next free space), who holds how many, its president,
// its tiles on the map (a share's worth at the end) and its growth track. All figures are the
// view's.

import { h } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { tg, companies, companyChip, seatName, looks } from "./words.js";
import { growthTrack, growthLegend } from "./growth.js";
import { keptPart, keptParts } from "../../shell/keep.js";

function column(view, c) {
  const co = view.companies[c];
  const size = view.limits.column; // the spaces a column shows; `buy_cost` says when it is full
  const cells = [];
  for (let k = 1; k <= Math.max(size, co.shares); k++)
    cells.push(h("li", { class: ["share-cell", k <= co.shares && "taken", looks(view, c).colour] }, num(k)));
  return h(
    "div",
    { class: "column" },
    h(
      "ol",
      { class: "share-column", "aria-label": tg("chart.column", { count: co.shares, column: num(size) }) },
      cells,
    ),
    h(
      "p",
      { class: "small prices" },
      co.buy_cost == null ? tg("chart.full") : tg("chart.buy_cost", { cost: num(co.buy_cost) }),
      " · ",
      tg("chart.sell_pays", { pays: num(co.sell_pays) }),
    ),
  );
}

function holders(view, c, me) {
  const co = view.companies[c];
  const list = co.holdings
    .map((k, i) => [k, i])
    .filter(([k]) => k > 0)
    .map(([k, i]) =>
      h(
        "li",
        { class: ["holder", i === co.president && "president", i === me && "me"], "data-seat": i },
        i === co.president ? h("span", { class: "crown", "aria-hidden": "true" }, "♛ ") : null,
        seatName(view, i),
        " ",
        h("span", { class: "num" }, "×", num(k)),
      ),
    );
  return h(
    "div",
    { class: "holders" },
    h(
      "p",
      { class: "small president-line", "data-president": co.president == null ? "" : co.president },
      co.president == null
        ? tg("chart.no_president")
        : [tg("chart.president"), " ", h("strong", {}, seatName(view, co.president))],
    ),
    list.length ? h("ul", { class: "holder-list" }, list) : h("p", { class: "small muted" }, tg("chart.no_shares")),
  );
}

/** One company's card, built at every draw and placed over the old one (its `data-place`,
 *  shell/place.js) around its head, column, holders and growth track, each kept by what it
 *  shows (keep.js): a step changes a counter, a share or a tile, one part of a card or two,
 *  and the whole card, some 40 nodes, was made anew. */
export function companyCard(view, c, me) {
  const co = view.companies[c];
  const part = keptParts(`ek-company-${c}`);
  const looked = [view.company_list, view.players];
  return h(
    "article",
    { class: ["company-card", looks(view, c).colour], "data-company": c, "data-place": `company-${c}` },
    part("head", [co.tiles, co.protected, looked], () =>
      h(
        "header",
        { class: "company-head" },
        h("h4", {}, companyChip(view, c, { size: 24 })),
        h(
          "span",
          { class: "tiles", title: tg("chart.tiles_title") },
          tg("chart.tiles", { count: co.tiles, protected: co.protected }),
        ),
      ),
    ),
    part("column", [co.shares, co.buy_cost, co.sell_pays, view.limits, looked], () => column(view, c)),
    part("holders", [co.holdings, co.president, me, looked], () => holders(view, c, me)),
    part("growth", [co.growth, view.limits], () => growthTrack(view, c)),
  );
}

/** The chart of every company. */
export function chartSection(view, me) {
  return h(
    "section",
    { class: "ek-chart", "aria-labelledby": "ek-chart-title" },
    keptPart("ek-chart-title", [], () => h("h3", { id: "ek-chart-title" }, tg("chart.title"))),
    h(
      "div",
      { class: "company-grid" },
      companies(view).map(({ company: c }) => companyCard(view, c, me)),
    ),
    keptPart("ek-growth-legend", [view.limits], () => growthLegend(view)),
  );
}
