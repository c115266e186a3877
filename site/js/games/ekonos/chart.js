// The stock chart: a card per company with its column of share spaces (their number is the
// view's `limits`; a share's price is the next free space), who holds how many, its president,
// its tiles on the map (a share's worth at the end) and its growth track. All figures are the
// view's.

import { h } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { tg, companies, companyChip, seatName, looks } from "./words.js";
import { growthTrack, growthLegend } from "./growth.js";
import { keptPart } from "../../shell/keep.js";

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

/** One company's card. */
export function companyCard(view, c, me) {
  const co = view.companies[c];
  return h(
    "article",
    { class: ["company-card", looks(view, c).colour], "data-company": c },
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
    column(view, c),
    holders(view, c, me),
    growthTrack(view, c),
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
      // a step changes one or two companies (a counter, a tile, a share): the others' cards
      // are the same nodes again, kept by all a card shows
      companies(view).map(({ company: c }) =>
        keptPart(`ek-company-${c}`, [view.companies[c], view.limits, view.players, view.company_list, me], () =>
          companyCard(view, c, me),
        ),
      ),
    ),
    keptPart("ek-growth-legend", [view.limits], () => growthLegend(view)),
  );
}
