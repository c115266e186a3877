// The income breakdown: the sum the variant's players used to do by hand, city by city with
// the reason for every figure (home city, the cheapest leg into the city and whose it is,
// the city's maximum price, penalties for unpowered home cities and hanging lines), as the
// engine explains it in its `income` events and power previews. Also the rounds' history.

import { h } from "../../shell/dom.js";
import { keptPart } from "../../shell/keep.js";
import { num, list as listText } from "../../shell/i18n.js";
import { tg, cityName, cityText, elektro, seatName, seatOf, resourceName, signedNum } from "./words.js";

const pathText = (path) => path.map(cityName).join(" – ");

/** Why a city pays what it pays, in words. */
function reason(view, seat, c) {
  switch (c.rule) {
    case "home":
      return tg("why.home", { plant: num(c.plant) });
    case "home_by_network":
      // an idle plant's home city powered by another plant: a foreign city, paid by its leg
      if (!c.leg) return tg("why.home_by_network", { plant: num(c.plant) }); // the first rules: 5
      return `${tg("why.home_foreign", { plant: num(c.plant) })} ${reason(view, seat, {
        ...c,
        rule: c.amount === c.cap && c.leg.path.length > 2 ? "capped" : "cheapest",
      })}`;
    case "capped":
      return tg("why.capped", { path: pathText(c.leg.path), cost: num(c.leg.cost), cap: num(c.cap) });
    default: {
      const own = c.leg.owner === seat;
      const text = own
        ? tg("why.cheapest_own", { path: pathText(c.leg.path), cost: num(c.leg.cost) })
        : tg("why.cheapest_other", {
            name: seatOf(view, c.leg.owner),
            path: pathText(c.leg.path),
            cost: num(c.leg.cost),
          });
      return c.own_cost != null ? `${text} ${tg("why.own_leg", { cost: num(c.own_cost) })}` : text;
    }
  }
}

/** One penalty line: an unpowered home city costs 5 to the bank and 5 to each owner of a
 *  line its plant left hanging. Income events say what was paid; previews what is owed. */
function penaltyRows(view, e) {
  const rows = [];
  for (const p of e.penalties || []) {
    const tos = Array.isArray(p.to) ? p.to : [p.to];
    for (const to of tos) {
      const who = to == null ? tg("why.to_bank") : tg("why.to_owner", { name: seatOf(view, to) });
      const paid = p.paid != null && p.paid !== p.amount ? tg("why.paid_only", { paid: elektro(p.paid) }) : "";
      rows.push(
        h(
          "tr",
          { class: "penalty" },
          h("th", { scope: "row" }, cityText(p.city)),
          h("td", { class: "num bad" }, signedNum(-(p.paid != null ? p.paid : p.amount))),
          h("td", {}, tg("why.penalty", { to: who }), paid ? ` ${paid}` : ""),
        ),
      );
    }
  }
  return rows;
}

/** The table of one seat's income (an `income` event or a power preview). */
export function incomeTable(view, seat, e, { caption = null } = {}) {
  const body = h("tbody", {});
  for (const c of e.cities || []) {
    body.append(
      h(
        "tr",
        { "data-city": c.city, "data-rule": c.rule },
        h("th", { scope: "row" }, cityText(c.city)),
        h("td", { class: "num" }, num(c.amount)),
        h("td", {}, reason(view, seat, c)),
      ),
    );
  }
  if (!(e.cities || []).length)
    body.append(h("tr", {}, h("td", { colspan: 3, class: "empty" }, tg("income.nothing_powered"))));
  const foot = h(
    "tfoot",
    {},
    h(
      "tr",
      { class: "sum" },
      h("th", { scope: "row" }, tg("income.sum")),
      h("td", { class: "num" }, num(e.gross)),
      h(
        "td",
        {},
        e.gross !== e.rounded
          ? tg("income.rounded", { amount: elektro(e.rounded) })
          : tg("income.whole", { amount: elektro(e.rounded) }),
      ),
    ),
    penaltyRows(view, e),
    e.received
      ? h(
          "tr",
          { class: "received" },
          h("th", { scope: "row" }, tg("income.received")),
          h("td", { class: "num good" }, signedNum(e.received)),
          h("td", {}, tg("income.received_why")),
        )
      : null,
    e.cash != null
      ? h(
          "tr",
          { class: "cash" },
          h("th", { scope: "row" }, tg("income.cash")),
          h("td", { class: "num" }, num(e.cash)),
          h("td", {}, ""),
        )
      : null,
  );
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "data income-table" },
      caption ? h("caption", {}, caption) : null,
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, tg("income.city")),
          h("th", { scope: "col", class: "num" }, tg("income.amount")),
          h("th", { scope: "col" }, tg("income.why")),
        ),
      ),
      body,
      foot,
    ),
  );
}

/** What ran and what burned, in words. */
function ranText(e) {
  const burned = listText(
    Object.entries(e.burned || {})
      .filter(([, k]) => k)
      .map(([r, k]) => tg("resource.amount", { count: k, resource: resourceName(r) })),
  );
  if (!(e.run || []).length) return tg("income.ran_none");
  const plants = listText(e.run);
  return burned ? tg("income.ran_burning", { plants, burned }) : tg("income.ran", { plants });
}

/** The last bureaucracy, one card per player; kept by what it shows (issue 28: the income
 *  tab was some 130 nodes made anew at every bot's step, though it changes once a round). */
export function incomeSection(view, { me = null } = {}) {
  return keptPart("grid-income", [view.income, view.players, me], () => drawIncome(view, me));
}

function drawIncome(view, me) {
  const inc = view.income;
  const box = h("section", { class: "income", "aria-labelledby": "grid-income-title" });
  if (!inc) {
    box.append(
      h("h3", { id: "grid-income-title" }, tg("income.title_none")),
      h("p", { class: "empty" }, tg("income.none_yet")),
    );
    return box;
  }
  box.append(h("h3", { id: "grid-income-title" }, tg("income.title", { round: num(inc.round) })));
  box.append(h("p", { class: "hint small" }, tg("income.hint")));
  const seats = inc.seats.slice().sort((a, b) => (a.seat === me ? -1 : b.seat === me ? 1 : a.seat - b.seat));
  const cards = h("div", { class: "income-cards" });
  for (const e of seats) {
    cards.append(
      h(
        "article",
        { class: ["income-card", e.seat === me && "mine"], "data-seat": e.seat },
        h(
          "h4",
          {},
          seatName(view, e.seat),
          " ",
          h(
            "span",
            { class: ["income-total", !e.rounded && "zero"] },
            tg("income.card_total", { count: e.powered, amount: elektro(e.rounded) }),
          ),
        ),
        h("p", { class: "small muted" }, ranText(e)),
        incomeTable(view, e.seat, e),
      ),
    );
  }
  box.append(cards);
  return box;
}

/** Every round so far (a link carries the last 8): cities powered, income and Elektro; kept
 *  by what it shows, as the income above. */
export function historySection(view) {
  const rows = view.history || [];
  if (!rows.length) return null;
  return keptPart("grid-history", [rows, view.players], () => drawHistory(view, rows));
}

function drawHistory(view, rows) {
  return h(
    "section",
    { class: "history", "aria-labelledby": "grid-history-title" },
    h("h3", { id: "grid-history-title" }, tg("rounds.title")),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        { class: "data history-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, tg("rounds.round")),
            h("th", { scope: "col", class: "num" }, tg("rounds.covered")),
            view.players.map((_, i) => h("th", { scope: "col" }, seatName(view, i))),
          ),
        ),
        h(
          "tbody",
          {},
          rows
            .slice()
            .reverse()
            .map((r) =>
              h(
                "tr",
                {},
                h("th", { scope: "row" }, tg("rounds.round_step", { round: num(r.round), stage: num(r.stage) })),
                h("td", { class: "num" }, num(r.covered)),
                view.players.map((_, i) =>
                  h(
                    "td",
                    { class: "num" },
                    tg("rounds.cell", { count: r.powered[i], earned: num(r.earned[i]), cash: num(r.cash[i]) }),
                  ),
                ),
              ),
            ),
        ),
      ),
    ),
    h("p", { class: "small muted" }, tg("rounds.legend")),
  );
}
