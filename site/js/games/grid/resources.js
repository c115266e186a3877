// The resource market (its spaces, cheapest first, with the units on them) and phase 3's
// buying: per plant and resource, how many, at the engine's cumulative price (`legal`).

import { h, newId } from "../../shell/dom.js";
import { keptPart, keptParts } from "../../shell/keep.js";
import { num } from "../../shell/i18n.js";
import { tg, elektro, resourceMark, resourceName, SPACES, RESOURCES, amountOf } from "./words.js";
import { stepper } from "./market.js";
import { outlookLines } from "./outlook.js";

/** Each resource's spaces, cheapest first: the units on the market fill the dearest. The market
 *  and each resource's row are built at every draw and placed over the old ones (`data-place`,
 *  shell/place.js) around their parts, kept by what they show (keep.js) and put in them with
 *  dom.js `append`: a purchase or a refill changes a row's head and a group or two of its
 *  spaces, and the rows around them never leave the page (kept inside a kept market, they
 *  moved into a new one at each change; whole, a row was some 70 nodes made anew). */
export function resourceMarket(v) {
  return h(
    "section",
    { class: "resource-market", "data-place": "grid-resources", "aria-labelledby": "grid-res-title" },
    keptPart("grid-resources-title", [], () => h("h3", { id: "grid-res-title" }, tg("resources.title"))),
    h(
      "div",
      { class: "res-rows" },
      RESOURCES.map((r) => resourceRow(v, r)),
    ),
  );
}

/** One resource's row: its name, next price and supply, and its spaces with the units on them,
 *  grouped by price. */
function resourceRow(v, r) {
  const spaces = SPACES[r] || [];
  const have = v.resources[r];
  const firstFull = spaces.length - have;
  const groups = [];
  spaces.forEach((price, i) => {
    let g = groups[groups.length - 1];
    if (!g || g.price !== price) groups.push((g = { price, cells: [] }));
    g.cells.push(i >= firstFull);
  });
  const part = keptParts(`grid-resources-${r}`);
  return h(
    "div",
    { class: `res-row res-${r}`, "data-resource": r, "data-place": `res-${r}` },
    part("head", [v.prices[r], have, v.supply[r]], () =>
      h(
        "div",
        { class: "res-head" },
        resourceMark(r, 16),
        h("strong", {}, resourceName(r)),
        h(
          "span",
          { class: "small muted" },
          v.prices[r] != null
            ? tg("resources.next", { price: elektro(v.prices[r]), count: have })
            : tg("resources.sold_out"),
        ),
        h("span", { class: "small muted" }, tg("resources.supply", { count: v.supply[r] })),
      ),
    ),
    h(
      "ol",
      { class: "res-spaces", "aria-hidden": "true" },
      groups.map((g, k) => part(k, [g.price, g.cells], () => spaceGroup(r, g))),
    ),
  );
}

/** The spaces of one price, with the units on them. */
function spaceGroup(r, g) {
  return h(
    "li",
    { class: "res-space" },
    h("span", { class: "res-price" }, num(g.price)),
    h(
      "span",
      { class: "res-cells" },
      g.cells.map((full) => h("span", { class: ["res-cell", full && "full"] }, full ? resourceMark(r, 10) : null)),
    ),
  );
}

/** The buyer's decision: per plant and resource, how many, at the engine's price. */
export function buyPanel(ctx) {
  const v = ctx.view,
    L = v.legal,
    d = ctx.draft;
  d.amounts ||= {};
  const box = h("section", { class: "act-panel", "aria-labelledby": "grid-act-title", "data-decision": "" });
  box.append(h("h3", { id: "grid-act-title" }, tg("buy.title")));
  box.append(h("p", { class: "hint small" }, tg("buy.hint")));
  const mine = v.seats[ctx.seat];
  const list = h("ul", { class: "buy-list" });
  for (const o of L.buy) {
    const key = `${o.plant}:${o.resource}`;
    const k = Math.max(1, Math.min(o.max, d.amounts[key] || 1));
    d.amounts[key] = k;
    const held = (mine.plants.find((p) => p.n === o.plant) || {}).res || {};
    const id = newId("buy");
    const button = h(
      "button",
      {
        type: "button",
        class: "btn btn-primary",
        "data-buy": key,
        "data-focus": `buy-${key}`,
        onclick: () => ctx.act({ type: "buy", plant: o.plant, resource: o.resource, amount: d.amounts[key] }),
      },
      tg("buy.button", { cost: elektro(o.costs[k - 1]) }),
    );
    list.append(
      h(
        "li",
        { class: "buy-row", "data-plant": o.plant, "data-resource": o.resource },
        h(
          "div",
          { class: "buy-what" },
          h("label", { for: id }, tg("buy.for_plant", { resource: resourceName(o.resource), plant: num(o.plant) })),
          h(
            "span",
            { class: "small muted" },
            tg("buy.holds"),
            " ",
            Object.keys(held).length ? Object.entries(held).map(([r, x]) => amountOf(r, x)) : tg("plant.empty"),
          ),
        ),
        stepper({
          id,
          value: k,
          min: 1,
          max: o.max,
          label: resourceName(o.resource),
          focus: `amount-${key}`,
          onchange: (x) => {
            d.amounts[key] = x;
            button.textContent = tg("buy.button", { cost: elektro(o.costs[x - 1]) });
          },
        }),
        button,
      ),
    );
  }
  box.append(list);
  box.append(h("p", { class: "small muted" }, tg("auction.cash", { cash: elektro(L.cash) })));
  // before "done": the plants that would idle without more fuel, and the money left after
  box.append(outlookLines(v.outlook));
  box.append(
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          class: "btn",
          id: "grid-done",
          "data-focus": "done",
          onclick: () => ctx.act({ type: "done" }),
        },
        tg("buy.done"),
      ),
    ),
  );
  return box;
}
