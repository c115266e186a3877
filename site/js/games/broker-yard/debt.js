// Broker-Yard's warning before a bankruptcy: cash below zero when the round's update begins
// (after the trades) makes a player bankrupt, so the field says so before the round ends —
// what will happen and how much to sell — and offers "Sell enough" as one click.

import { h } from "../../shell/dom.js";
import { money } from "../../shell/i18n.js";
import { confirmDialog } from "../../shell/ui.js";
import { COLOURS, tg } from "./cards.js";

/** Cash after the draft's trades at the round's prices. */
export function cashAfter(legal, trades) {
  return COLOURS.reduce((cash, c) => cash - (trades[c] || 0) * legal.prices[c], legal.cash);
}

/** Shares of each colour that could still be sold on top of the draft's trades. */
const room = (legal, trades, c) => (trades[c] || 0) + legal.shares[c];

/** The sales that bring cash back to zero or above: one colour alone when one can (the
 *  smallest sum over the need), else from the dearest colour down; null when even selling
 *  everything is not enough. */
export function salesFor(legal, trades) {
  let need = -cashAfter(legal, trades);
  if (need <= 0) return {};
  const priced = COLOURS.filter((c) => legal.prices[c] > 0 && room(legal, trades, c) > 0);
  const alone = priced
    .filter((c) => room(legal, trades, c) * legal.prices[c] >= need)
    .map((c) => ({ c, n: Math.ceil(need / legal.prices[c]) }))
    .sort((a, b) => a.n * legal.prices[a.c] - b.n * legal.prices[b.c]);
  if (alone.length) return { [alone[0].c]: alone[0].n };
  const sales = {};
  for (const c of priced.sort((a, b) => legal.prices[b] - legal.prices[a])) {
    const n = Math.min(room(legal, trades, c), Math.ceil(need / legal.prices[c]));
    sales[c] = n;
    need -= n * legal.prices[c];
    if (need <= 0) return sales;
  }
  return null;
}

/** The warning box (filled by `showDebt` on every preview). */
export function debtBox(onSell) {
  return h(
    "div",
    { class: "panel-note bad debt", id: "broker-debt", role: "alert", hidden: true },
    h("p", { id: "broker-debt-text" }),
    h("button", { type: "button", class: "btn", id: "broker-sell-enough", onclick: onSell }, tg("field.sell_enough")),
  );
}

/** Show or hide the warning for the draft's trades. */
export function showDebt(legal, trades) {
  const box = document.getElementById("broker-debt");
  if (!box) return;
  const cash = cashAfter(legal, trades);
  box.hidden = cash >= 0;
  if (cash >= 0) return;
  const sales = salesFor(legal, trades);
  document.getElementById("broker-debt-text").textContent = sales
    ? tg("field.debt", { cash: money(cash), need: money(-cash) })
    : tg("field.debt_hopeless", { cash: money(cash) });
  document.getElementById("broker-sell-enough").hidden = !sales;
}

/** Add the sales that cover the debt to the draft's trades. */
export function sellEnough(legal, trades) {
  const sales = salesFor(legal, trades) || {};
  for (const [c, n] of Object.entries(sales)) trades[c] = (trades[c] || 0) - n;
}

/** Saving orders that leave cash below zero (no trades: the engine takes them) asks first. */
export function bankruptOk(legal, trades) {
  const cash = cashAfter(legal, trades);
  if (cash >= 0) return Promise.resolve(true);
  return confirmDialog({
    title: tg("field.bankrupt_confirm_title"),
    text: tg("field.bankrupt_confirm", { cash: money(cash) }),
    ok: tg("field.bankrupt_confirm_ok"),
    cancel: tg("field.bankrupt_confirm_cancel"),
    danger: true,
  });
}
