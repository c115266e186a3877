// The plant market and its auction (phase 2): only the current bidder acts; the lowest and
// highest bids come from the view's `legal` (min_bid, max_bid), never from arithmetic here.

import { h, newId } from "../../shell/dom.js";
import { keptPart } from "../../shell/keep.js";
import { num } from "../../shell/i18n.js";
import { tg, plant, kindName, kindMark, needsText, elektro, seatName, plantText } from "./words.js";

// ---------------------------------------------------------------- plant cards
/** A plant card: its number, kind, fuel and the cities it powers (besides its home). */
export function plantCard(n, { extra = null, cls = null } = {}) {
  if (n === "step3")
    return h(
      "div",
      { class: ["plant-card", "step3-card", cls] },
      h("span", { class: "plant-no" }, tg("market.step3_card")),
    );
  const p = plant(n);
  return h(
    "div",
    { class: ["plant-card", `kind-${p.kind}`, cls], "data-plant": n },
    h("span", { class: "plant-no" }, num(p.n)),
    h("span", { class: "plant-kind" }, kindMark(p.kind), " ", kindName(p.kind)),
    h("span", { class: "plant-needs small" }, needsText(p.n)),
    h("span", { class: "plant-powers small" }, tg("plant.powers", { count: p.powers })),
    extra,
  );
}

// ---------------------------------------------------------------- the plant market
export function plantMarket(v) {
  const shown = [v.auction && v.auction.plant, v.current, v.future, v.stage, v.deck_size, v.step3_in_deck];
  return keptPart("grid-plants", shown, () => drawPlants(v));
}

function drawPlants(v) {
  const a = v.auction;
  const row = (list, label, current) =>
    h(
      "div",
      { class: "market-row" },
      h("h4", {}, label),
      list.length
        ? h(
            "ul",
            { class: "plant-row" },
            list.map((n) =>
              h("li", {}, plantCard(n, { cls: [current && "current", a && a.plant === n && "auctioned"] })),
            ),
          )
        : h("p", { class: "empty" }, tg("market.none")),
    );
  const box = h("section", { class: "plant-market", "aria-labelledby": "grid-market-title" });
  box.append(h("h3", { id: "grid-market-title" }, tg("market.title")));
  box.append(row(v.current, v.stage === 3 ? tg("market.all_current") : tg("market.current"), true));
  if (v.stage !== 3) box.append(row(v.future, tg("market.future"), false));
  box.append(
    h(
      "p",
      { class: "small muted" },
      tg("market.deck", { count: v.deck_size }),
      v.step3_in_deck ? ` · ${tg("market.step3_in_deck")}` : "",
    ),
  );
  return box;
}

/** Who is in the auction now: the plant, the bid and its leader, the bidders in turn. */
export function auctionState(v) {
  const a = v.auction;
  if (!a) return null;
  return h(
    "div",
    { class: "auction-state", role: "status" },
    h("p", {}, tg("auction.now", { plant: num(a.plant), bid: elektro(a.bid) }), " ", seatName(v, a.leader)),
    h(
      "ul",
      { class: "bidders" },
      a.bidders.map((i) =>
        h(
          "li",
          { class: [i === a.turn && "turn", i === a.leader && "leader"] },
          seatName(v, i),
          i === a.turn ? h("span", { class: "badge" }, tg("auction.to_bid")) : null,
          i === a.leader ? h("span", { class: "badge badge-good" }, tg("auction.leads")) : null,
        ),
      ),
    ),
  );
}

/** A whole-number stepper with − and + (within [min, max]); calls onchange(value). */
export function stepper({ id, value, min, max, label, onchange, focus }) {
  const input = h("input", {
    type: "number",
    id,
    class: "amount-input",
    inputmode: "numeric",
    min,
    max,
    step: 1,
    value,
    "data-focus": focus,
    oninput: (e) => {
      const x = Math.trunc(Number(e.target.value));
      if (Number.isFinite(x)) onchange(Math.max(min, Math.min(max, x)), false);
    },
    onchange: (e) => {
      const x = Math.trunc(Number(e.target.value));
      const y = Number.isFinite(x) ? Math.max(min, Math.min(max, x)) : min;
      e.target.value = y;
      onchange(y, true);
    },
  });
  const bump = (d) => () => {
    const y = Math.max(min, Math.min(max, Number(input.value) + d));
    input.value = y;
    onchange(y, true);
  };
  return h(
    "div",
    { class: "stepper" },
    h(
      "button",
      {
        type: "button",
        class: "btn btn-step",
        "aria-label": tg("amount.less", { what: label }),
        onclick: bump(-1),
        "data-focus": `${focus}-less`,
      },
      "−",
    ),
    input,
    h(
      "button",
      {
        type: "button",
        class: "btn btn-step",
        "aria-label": tg("amount.more", { what: label }),
        onclick: bump(1),
        "data-focus": `${focus}-more`,
      },
      "+",
    ),
  );
}

/** The chooser's or the bidder's decision. */
export function auctionPanel(ctx) {
  const v = ctx.view,
    L = v.legal,
    d = ctx.draft;
  const box = h("section", { class: "act-panel", "aria-labelledby": "grid-act-title", "data-decision": "" });
  if (L.kind === "open") {
    box.append(h("h3", { id: "grid-act-title" }, tg("auction.choose_title")));
    box.append(h("p", { class: "hint small" }, L.may_pass ? tg("auction.choose_hint") : tg("auction.must_buy")));
    const offered = L.plants;
    if (!offered.some((o) => o.plant === d.plant)) d.plant = offered.length ? offered[0].plant : null;
    const group = h("div", { class: "plant-choices", role: "radiogroup", "aria-label": tg("auction.choose_title") });
    for (const o of offered) {
      const id = newId("plant");
      group.append(
        h(
          "label",
          { class: "plant-choice", for: id },
          h("input", {
            type: "radio",
            name: "grid-plant",
            id,
            value: o.plant,
            checked: d.plant === o.plant,
            "data-focus": `plant-${o.plant}`,
            onchange: () => {
              d.plant = o.plant;
              d.bid = o.min_bid;
              ctx.redraw();
            },
          }),
          plantCard(o.plant, {
            extra: h("span", { class: "plant-min small" }, tg("auction.min_bid", { amount: elektro(o.min_bid) })),
          }),
          h("span", { class: "sr-only" }, plantText(o.plant)),
        ),
      );
    }
    box.append(group);
    const chosen = offered.find((o) => o.plant === d.plant);
    if (chosen) {
      if (!(d.bid >= chosen.min_bid && d.bid <= L.cash)) d.bid = chosen.min_bid;
      box.append(
        bidRow(
          ctx,
          chosen.min_bid,
          L.cash,
          () => ({ type: "open", plant: chosen.plant, bid: d.bid }),
          (x) => tg("auction.open_at", { plant: num(chosen.plant), amount: elektro(x) }),
        ),
      );
    } else {
      box.append(h("p", { class: "empty" }, tg("auction.none_affordable")));
    }
  } else {
    box.append(h("h3", { id: "grid-act-title" }, tg("auction.bid_title", { plant: num(L.plant) })));
    box.append(plantCard(L.plant, { cls: "auctioned" }));
    box.append(h("p", {}, tg("auction.high_bid", { bid: elektro(L.bid) }), " ", seatName(v, L.leader)));
    if (!(d.bid >= L.min_bid && d.bid <= L.max_bid)) d.bid = L.min_bid;
    box.append(
      bidRow(
        ctx,
        L.min_bid,
        L.max_bid,
        () => ({ type: "bid", amount: d.bid }),
        (x) => tg("auction.bid_at", { amount: elektro(x) }),
      ),
    );
  }
  box.append(h("p", { class: "small muted" }, tg("auction.cash", { cash: elektro(L.cash) })));
  if (L.may_pass) {
    box.append(
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            type: "button",
            class: "btn",
            id: "grid-pass",
            "data-focus": "pass",
            onclick: () => ctx.act({ type: "pass" }),
          },
          L.kind === "open" ? tg("auction.pass_round") : tg("auction.pass_bid"),
        ),
      ),
    );
  }
  return box;
}

function bidRow(ctx, min, max, action, label) {
  const d = ctx.draft;
  const id = newId("bid");
  const go = h(
    "button",
    { type: "button", class: "btn btn-primary", id: "grid-bid", "data-focus": "bid", onclick: () => ctx.act(action()) },
    label(d.bid),
  );
  const redo = () => (go.textContent = label(d.bid));
  return h(
    "div",
    { class: "bid-row" },
    h("label", { for: id }, tg("auction.your_bid")),
    stepper({
      id,
      value: d.bid,
      min,
      max,
      label: tg("auction.your_bid"),
      focus: "bid-amount",
      onchange: (x) => {
        d.bid = x;
        redo();
      },
    }),
    go,
  );
}
