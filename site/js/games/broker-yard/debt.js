// Broker-Yard's warnings before a bankruptcy: cash below zero when the round's update begins
// (after the trades) makes a player bankrupt, so the field says so before the round ends —
// what will happen and how much to sell — and offers "Sell enough" as one click; and a card
// that alone would bankrupt the player asks before Ready. The sales and the fate are the
// engine's answer for the draft (engine/broker/draft.py via check.js): one answer for the
// panel and the question, never worked out here.

import { h } from "../../shell/dom.js";
import { money } from "../../shell/i18n.js";
import { confirmDialog } from "../../shell/ui.js";
import { tg } from "./cards.js";

/** The warning box (filled by `showDebt` on every answer). */
export function debtBox(onSell) {
  return h(
    "div",
    { class: "panel-note bad debt", id: "broker-debt", role: "alert", hidden: true },
    h("p", { id: "broker-debt-text" }),
    h("button", { type: "button", class: "btn", id: "broker-sell-enough", onclick: onSell }, tg("field.sell_enough")),
  );
}

/** Show or hide the warning for the engine's answer. */
export function showDebt(answer) {
  const box = document.getElementById("broker-debt");
  if (!box) return;
  const cash = answer.cash;
  box.hidden = cash >= 0;
  if (cash >= 0) return;
  document.getElementById("broker-debt-text").textContent = answer.cover
    ? tg("field.debt", { cash: money(cash), need: money(-cash) })
    : tg("field.debt_hopeless", { cash: money(cash) });
  document.getElementById("broker-sell-enough").hidden = !answer.cover;
}

/** Add the engine's sales that cover the debt to the draft's trades. */
export function sellEnough(answer, trades) {
  for (const [c, n] of Object.entries(answer.cover || {})) trades[c] = (trades[c] || 0) + n;
}

/** Ready with cash below zero at the update (no trades: the engine takes them), or with a
 *  card that alone would bankrupt the player, asks first, in the panel's own words. */
export function bankruptOk(answer) {
  const ask = (title, text) =>
    confirmDialog({
      title,
      text,
      ok: tg("field.bankrupt_confirm_ok"),
      cancel: tg("field.bankrupt_confirm_cancel"),
      danger: true,
    });
  const cash = answer.cash;
  if (cash < 0) {
    const key = answer.cover ? "field.bankrupt_confirm" : "field.bankrupt_confirm_hopeless";
    return ask(tg("field.bankrupt_confirm_title"), tg(key, { cash: money(cash) }));
  }
  const fate = answer.alone && answer.alone.fate;
  if (fate === "bankrupt" || fate === "broke") {
    return ask(tg("field.card_bankrupt_title"), tg(`alone.fate_${fate}`, { cash: money(answer.alone.cash) }));
  }
  return Promise.resolve(true);
}
