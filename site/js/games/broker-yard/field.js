// Broker-Yard's game field: the price table, the trades with a live preview, the hand
// (hand.js: the cards and the picked card's choices), and saving the round's orders. The
// same field serves the host's table and a remote player's page: `ctx` (site/js/hall/table/table.js,
// player.js) holds the seat's view with its legal moves, a draft kept for the round, and
// `act` to play.

import { h, newId } from "../../shell/dom.js";
import { num, money, amount, list as listText } from "../../shell/i18n.js";
import { notify } from "../../shell/ui.js";
import { COLOURS, tg, chip, colourName, cardText, choicesText, signedText } from "./cards.js";
import { changeBadge, flashBlock } from "./results.js";
import { draft, handSection } from "./hand.js";
import { debtBox, sellEnough, bankruptOk } from "./debt.js";
import { checked, updatePreview, problemsOf } from "./check.js";

export { updatePreview };

export function field(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const wrap = h("div", { class: "field" });
  if (ctx.flash && !ctx.remote) wrap.append(flashBlock(ctx));
  wrap.append(priceTable(v, me));
  const seat = me != null ? v.seats[me] : null;
  if (seat && seat.bankrupt) {
    wrap.append(
      h(
        "section",
        { class: "panel-note bad" },
        h("h3", {}, tg("field.bankrupt_title")),
        h("p", {}, tg("field.bankrupt", { round: seat.bankrupt_round })),
      ),
    );
    if (!ctx.remote && ctx.screen && !ctx.screen.humans.length) {
      wrap.append(
        h(
          "button",
          { type: "button", class: "btn btn-primary", id: "broker-play-out", onclick: ctx.playOut },
          tg("field.play_out"),
        ),
      );
    }
    return wrap;
  }
  const legal = v.legal;
  if (!legal) return wrap;
  const form = h("form", {
    class: "orders",
    id: "broker-orders",
    onsubmit: (e) => {
      e.preventDefault();
      saveOrders(ctx);
    },
  });
  form.append(
    tradeSection(ctx),
    handSection(ctx, () => updatePreview(ctx)),
    saveBar(ctx),
  );
  wrap.append(form);
  return wrap;
}

/** The prices, each colour's stop and holdings; from the second round on, the last round's
 *  change, and its bonuses, penalties and stops when it had any. A column of dashes only
 *  took room: on a phone it pushed the hand below the first screen. */
function priceTable(v, me) {
  const last = v.last;
  const struck = last && COLOURS.some((c) => last.bonus[c] || last.penalty[c] || last.stopped[c]);
  const others = (c) => v.seats.reduce((sum, s, i) => (i === me || s.bankrupt ? sum : sum + s.shares[c]), 0);
  return h(
    "section",
    { class: "prices", "aria-labelledby": "broker-prices-title" },
    h("h3", { id: "broker-prices-title" }, tg("field.prices")),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        { class: "data price-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, tg("table.share")),
            h("th", { scope: "col" }, tg("table.price")),
            last ? h("th", { scope: "col" }, tg("table.change")) : null,
            struck ? h("th", { scope: "col" }, tg("table.bonus_penalty")) : null,
            h("th", { scope: "col" }, h("abbr", { title: tg("table.holdings_long") }, tg("table.holdings"))),
          ),
        ),
        h(
          "tbody",
          {},
          COLOURS.map((c) => {
            const bonus = last && last.bonus[c],
              penalty = last && last.penalty[c],
              stopped = last && last.stopped[c];
            const stop = v.options.stop_loss && v.prices[c] > v.options.spread ? v.prices[c] - v.options.spread : null;
            return h(
              "tr",
              { "data-colour": c },
              h("th", { scope: "row" }, chip(c)),
              h(
                "td",
                { class: "num price" },
                h("b", {}, money(v.prices[c])),
                stop != null ? h("div", { class: "muted small" }, tg("field.stop_at", { price: money(stop) })) : null,
              ),
              last ? h("td", { class: "num" }, changeBadge(last.change[c])) : null,
              struck
                ? h(
                    "td",
                    { class: "num" },
                    bonus ? h("span", { class: "good" }, tg("field.bonus", { amount: money(bonus) })) : null,
                    penalty ? h("span", { class: "bad" }, tg("field.penalty", { amount: money(penalty) })) : null,
                    stopped ? h("span", { class: "bad" }, tg("field.stopped", { price: money(stopped) })) : null,
                    !bonus && !penalty && !stopped ? h("span", { class: "muted" }, "—") : null,
                  )
                : null,
              h(
                "td",
                { class: "num holdings-cell" },
                me != null && v.seats[me]
                  ? h(
                      "span",
                      { title: tg("table.holdings_long") },
                      h("b", {}, num(v.seats[me].shares[c])),
                      " + ",
                      num(others(c)),
                    )
                  : num(others(c)),
              ),
            );
          }),
        ),
      ),
    ),
  );
}

function tradeSection(ctx) {
  const legal = ctx.view.legal;
  const d = draft(ctx);
  const sec = h("fieldset", { class: "trades" }, h("legend", {}, h("h3", {}, tg("field.trade"))));
  sec.append(h("p", { class: "hint small" }, tg("field.trade_hint")));
  for (const c of COLOURS) {
    const held = legal.shares[c];
    const id = newId("trade");
    const input = h("input", {
      type: "number",
      id,
      inputmode: "numeric",
      step: 1,
      min: -held,
      value: d.trades[c] || 0,
      class: "trade-input",
      "data-colour": c,
      "data-focus": `trade-${c}`,
      "aria-describedby": `${id}-after`,
      oninput: (e) => {
        const n = Math.trunc(Number(e.target.value));
        d.trades[c] = Number.isFinite(n) ? Math.max(n, -held) : 0;
        updatePreview(ctx);
      },
      onchange: (e) => {
        e.target.value = d.trades[c] || 0;
        updatePreview(ctx);
      },
    });
    const put = (n) => {
      d.trades[c] = Math.max(n, -held);
      input.value = d.trades[c];
      updatePreview(ctx);
    };
    const bump = (delta) => () => put((d.trades[c] || 0) + delta);
    // Max: as many as the cash buys after the other colours' trades; All: sell every share
    const most = () => {
      let cash = legal.cash;
      for (const o of COLOURS) if (o !== c) cash -= (d.trades[o] || 0) * legal.prices[o];
      return Math.max(0, Math.floor(cash / legal.prices[c]));
    };
    const quick = h(
      "span",
      // each named by its word first, as shown (a voice user says it), then what it does
      { class: "trade-quick" },
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small",
          "data-max": c,
          "aria-label": `${tg("field.max")}: ${tg("field.max_long", { colour: colourName(c) })}`,
          title: tg("field.max_long", { colour: colourName(c) }),
          onclick: () => put(most()),
        },
        tg("field.max"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small",
          "data-all": c,
          disabled: held === 0,
          "aria-label": `${tg("field.all")}: ${tg("field.all_long", { colour: colourName(c) })}`,
          title: tg("field.all_long", { colour: colourName(c) }),
          onclick: () => put(-held),
        },
        tg("field.all"),
      ),
    );
    sec.append(
      h(
        "div",
        { class: "trade-row", "data-colour": c },
        h(
          "label",
          { for: id, class: "trade-label" },
          chip(c),
          h("span", { class: "muted small" }, " ", money(legal.prices[c])),
        ),
        h(
          "div",
          { class: "stepper" },
          h(
            "button",
            {
              type: "button",
              class: "btn btn-step",
              "aria-label": tg("field.sell_one", { colour: colourName(c) }),
              "data-focus": `minus-${c}`,
              onclick: bump(-1),
            },
            "−",
          ),
          input,
          h(
            "button",
            {
              type: "button",
              class: "btn btn-step",
              "aria-label": tg("field.buy_one", { colour: colourName(c) }),
              "data-focus": `plus-${c}`,
              onclick: bump(1),
            },
            "+",
          ),
        ),
        h(
          "span",
          { class: "trade-extra" },
          quick,
          h("span", { class: "trade-after small", id: `${id}-after`, "data-after": c }),
        ),
      ),
    );
  }
  sec.append(
    h(
      "dl",
      { class: "preview", "aria-live": "polite" },
      h("div", {}, h("dt", {}, tg("field.cash_now")), h("dd", {}, amount(legal.cash))),
      h("div", {}, h("dt", {}, tg("field.cash_after")), h("dd", { id: "broker-cash-after" })),
      h("div", {}, h("dt", {}, tg("field.shares_value")), h("dd", { id: "broker-shares-value" })),
      h("div", {}, h("dt", {}, tg("field.capital")), h("dd", { id: "broker-capital" })),
    ),
    debtBox(() =>
      checked(ctx).then((answer) => {
        sellEnough(answer, d.trades);
        ctx.redraw();
      }),
    ),
  );
  return sec;
}

function saveBar(ctx) {
  const order = ctx.view.order;
  const saved = order
    ? [
        listText(Object.entries(order.trades).map(([c, n]) => `${colourName(c)} ${signedText(n)}`)),
        order.card
          ? `${cardText(order.card)}${order.choices && (order.choices.other || order.choices.others) ? ` (${choicesText(order.choices)})` : ""}`
          : tg("field.no_card_short"),
      ]
        .filter(Boolean)
        .join(" · ")
    : "";
  return h(
    "div",
    { class: "save-bar" },
    h("p", { class: "problem", id: "broker-problem", role: "alert" }),
    ctx.remote
      ? null
      : h(
          "p",
          { class: "saved-state small", id: "broker-saved-state" },
          order ? tg("field.ready_state", { orders: saved }) : tg("field.not_ready"),
        ),
    ctx.remote ? null : h("p", { class: "hint small", id: "broker-ready-hint" }, readyHint(ctx)),
    h(
      "div",
      { class: "row" },
      h(
        "button",
        { type: "submit", class: "btn btn-primary", id: "broker-save", "data-focus": "save" },
        ctx.saveLabel || tg("field.ready"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-link",
          id: "broker-reset",
          "data-focus": "reset",
          onclick: () => {
            ctx.draft.ready = false;
            ctx.redraw();
          },
        },
        tg(order ? "field.reset" : "field.clear"),
      ),
    ),
  );
}

/** What "Ready" does here: alone against bots the round ends at once; with other people it
 *  ends when all of them are ready, and until then orders can change. */
function readyHint(ctx) {
  const people = ctx.screen ? ctx.screen.humans.length + ctx.screen.remote.length : 1;
  return tg(people > 1 ? "field.ready_hint_together" : "field.ready_hint_alone");
}

/** The draft as the engine's action. */
function orderFromDraft(ctx) {
  const d = draft(ctx);
  const trades = {};
  for (const c of COLOURS) if (d.trades[c]) trades[c] = d.trades[c];
  const action = { type: "order", trades };
  if (d.card) {
    action.card = d.card;
    const entry = ctx.view.legal.cards.find((c) => c.card === d.card);
    if (entry && entry.choice) action.choices = d.choices;
  }
  return action;
}

async function saveOrders(ctx) {
  updatePreview(ctx);
  let answer;
  try {
    answer = await checked(ctx);
  } catch {
    return; // the preview shows the engine's refusal
  }
  if (problemsOf(ctx, answer).length) return;
  if (!(await bankruptOk(answer))) return;
  const before = ctx.seat;
  const reply = await ctx.act(orderFromDraft(ctx));
  if (reply && !ctx.remote && !reply.moved && ctx.seat === before) notify(tg("field.ready_done"));
}
