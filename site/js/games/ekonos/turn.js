// The steps of a turn after the card: a president's choice to expand or wait and the growth
// actions that follow (maybe in another player's turn, then confirmed), the seller's choice of a successor,
// selling and buying a share. Each panel offers exactly the engine's `legal`; the waiting
// panel says who is asked for what while another seat decides.

import { h } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { tg, coins as coinsText, companyChip, companyName, seatName } from "./words.js";
import { spaceList } from "./hand.js";

function panel(id, title, ...children) {
  return h(
    "section",
    { class: "act-panel ek-act", id, "aria-labelledby": "ek-act-title", "data-decision": "" },
    h("h3", { id: "ek-act-title" }, title),
    ...children,
  );
}

function expandPanel(ctx) {
  const v = ctx.view;
  const L = v.legal;
  const company = companyName(L.company);
  const mine = v.turn === ctx.seat;
  return panel(
    "ek-expand-panel",
    tg("expand.title", { company }),
    h(
      "p",
      {},
      companyChip(v, L.company),
      " ",
      tg("expand.text", { company, actions: L.actions, at: num(v.limits.expand_at) }),
    ),
    mine ? null : h("p", { class: "small muted" }, tg("expand.other_turn", { name: v.players[v.turn] })),
    h(
      "div",
      { class: "row" },
      h(
        "button",
        { type: "button", class: "btn btn-primary", id: "ek-expand", onclick: () => ctx.act({ type: "expand" }) },
        tg("expand.expand", { actions: L.actions }),
      ),
      h(
        "button",
        { type: "button", class: "btn", id: "ek-wait", onclick: () => ctx.act({ type: "wait" }) },
        tg("expand.wait"),
      ),
    ),
  );
}

/** The growth step's targets for the map and the list. */
export function growTargets(L) {
  const out = new Map();
  for (const p of L.place) out.set(p.space, { kind: "place", company: L.company, replaces: p.replaces });
  for (const s of L.protect) out.set(s, { kind: "protect", company: L.company });
  return out;
}

export function growMap(ctx) {
  const L = ctx.view.legal;
  return { targets: growTargets(L), base: L.base, onSpace: (space) => ctx.act({ type: "grow", space }) };
}

function growPanel(ctx) {
  const v = ctx.view;
  const L = v.legal;
  const company = companyName(L.company);
  return panel(
    "ek-grow-panel",
    tg("grow.title", { company, n: num(L.size - L.left + 1), of: num(L.size) }),
    h("p", {}, companyChip(v, L.company), " ", tg("grow.text", { company })),
    v.turn === ctx.seat ? null : h("p", { class: "small muted" }, tg("expand.other_turn", { name: v.players[v.turn] })),
    spaceList(v, growTargets(L), (space) => ctx.act({ type: "grow", space })),
  );
}

// A president's decision in another player's turn ends with a confirmation: until then the
// wait or the last tile may be taken back with the table's Undo (engine rules 2).
function confirmPanel(ctx) {
  const v = ctx.view;
  const L = v.legal;
  const company = companyName(L.company);
  return panel(
    "ek-confirm-panel",
    tg("confirm.title", { company }),
    h("p", {}, companyChip(v, L.company), " ", tg(L.waited ? "confirm.waited" : "confirm.grew", { company })),
    h("p", { class: "small muted" }, tg("confirm.text", { name: v.players[L.to] })),
    h(
      "button",
      { type: "button", class: "btn btn-primary", id: "ek-done", onclick: () => ctx.act({ type: "done" }) },
      tg("confirm.done"),
    ),
  );
}

function successorPanel(ctx) {
  const v = ctx.view;
  const L = v.legal;
  return panel(
    "ek-successor-panel",
    tg("successor.title", { company: companyName(L.company) }),
    h("p", {}, tg("successor.text", { company: companyName(L.company) })),
    h(
      "div",
      { class: "row" },
      L.candidates.map((i) =>
        h(
          "button",
          { type: "button", class: "btn", "data-successor": i, onclick: () => ctx.act({ type: "successor", seat: i }) },
          seatName(v, i),
        ),
      ),
    ),
  );
}

function tradePanel(ctx, kind) {
  const v = ctx.view;
  const L = v.legal;
  const list = kind === "sell" ? L.sell : L.buy;
  const coins = v.seats[ctx.seat].coins;
  // a buy ends the turn: the share is chosen first (and may be changed), then the turn ended
  const draft = ctx.draft || {};
  const chosen = kind === "buy" ? list.find((e) => e.company === draft.buy) : null;
  const choose = (e) => () => {
    if (kind === "sell") return ctx.act({ type: "sell", company: e.company });
    draft.buy = e.company;
    return ctx.redraw();
  };
  return panel(
    `ek-${kind}-panel`,
    tg(`${kind}.title`),
    h("p", { class: "small" }, tg(`${kind}.text`, { coins })),
    h(
      "ul",
      { class: "trade-list" },
      list.map((e) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: ["btn", "trade-btn", chosen === e && "chosen"],
              [`data-${kind}`]: e.company,
              "data-focus": `${kind}-${e.company}`,
              "aria-pressed": kind === "buy" ? String(chosen === e) : null,
              onclick: choose(e),
            },
            companyChip(v, e.company),
            h(
              "span",
              { class: "trade-text" },
              kind === "sell"
                ? tg("sell.row", { pays: num(e.pays), held: num(e.held) })
                : tg("buy.row", { cost: num(e.cost) }),
              kind === "buy" && e.president ? h("strong", { class: "use-note" }, " ", tg("buy.president")) : null,
            ),
          ),
        ),
      ),
    ),
    list.length ? null : h("p", { class: "muted small" }, tg(`${kind}.none`)),
    chosen
      ? h(
          "button",
          {
            type: "button",
            class: "btn btn-primary",
            id: "ek-end-turn",
            "data-focus": "end-turn",
            onclick: () => ctx.act({ type: "buy", company: chosen.company }),
          },
          tg("buy.confirm", { company: companyName(chosen.company), cost: coinsText(chosen.cost) }),
        )
      : null,
    h(
      "button",
      {
        type: "button",
        class: ["btn", !chosen && "btn-primary"],
        id: "ek-pass",
        onclick: () => ctx.act({ type: "pass" }),
      },
      tg(kind === "sell" ? "sell.pass" : "buy.pass"),
    ),
  );
}

/** The panel of the step this seat decides now (the play step is the hand's). */
export function stepPanel(ctx) {
  switch (ctx.view.legal.phase) {
    case "expand_or_wait":
      return expandPanel(ctx);
    case "grow":
      return growPanel(ctx);
    case "confirm":
      return confirmPanel(ctx);
    case "successor":
      return successorPanel(ctx);
    case "sell":
    case "buy":
      return tradePanel(ctx, ctx.view.legal.phase);
    default:
      return null;
  }
}

/** Who is asked what, while another seat decides. */
export function waitingText(view) {
  const who = view.acting;
  if (who == null) return null;
  const name = view.players[who];
  const x = view.expansion;
  switch (view.phase) {
    case "expand_or_wait":
      return tg("wait.expand", { name, company: companyName(x.company) });
    case "grow":
      return tg("wait.grow", { name, company: companyName(x.company) });
    case "confirm":
      return tg("wait.confirm", { name, company: companyName(x.company) });
    case "successor":
      return tg("wait.successor", { name, company: companyName(view.successor.company) });
    case "sell":
      return tg("wait.sell", { name });
    case "buy":
      return tg("wait.buy", { name });
    default:
      return tg("wait.play", { name });
  }
}

export function waitingPanel(view) {
  const text = waitingText(view);
  if (!text) return null;
  return h(
    "section",
    { class: "act-panel waiting-panel", id: "ek-waiting", "data-phase": view.phase, "aria-live": "polite" },
    h("h3", {}, tg(`phase.${view.phase}`)),
    h("p", {}, text),
  );
}
