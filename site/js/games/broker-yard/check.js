// The round's draft as the engine checks it before Ready (engine/broker/draft.py, the tool
// "draft"): the trades as the engine takes them or its refusal, cash and holdings after them,
// the sales that cover a debt, what the card's choices lack, and the card alone for this
// player. The page draws the answer; it checks nothing itself.

import { amount, money, errorText } from "../../shell/i18n.js";
import { call } from "../../shell/ui.js";
import { COLOURS, GAME, tg, cardText } from "./cards.js";
import { draft } from "./hand.js";
import { showDebt } from "./debt.js";
import { drawAlone, aloneError } from "./alone.js";

/** The tool's arguments for the draft as it is now. */
function argsOf(ctx) {
  const v = ctx.view,
    legal = v.legal,
    d = draft(ctx);
  const trades = {};
  for (const c of COLOURS) if (d.trades[c]) trades[c] = d.trades[c];
  const args = { prices: legal.prices, options: v.options, cash: legal.cash, shares: legal.shares, trades };
  if (d.card) Object.assign(args, { card: d.card, choices: d.choices });
  return args;
}

/** A key that changes whenever the answer could. */
export const draftKey = (ctx) => JSON.stringify(argsOf(ctx));

// the last answer per draft, beside it (a draft is kept as JSON: a remote player's page stores it)
const answers = new WeakMap();

/** The engine's answer for the draft as it is now (a promise, asked once per draft). */
export function checked(ctx) {
  const d = draft(ctx);
  const args = argsOf(ctx);
  // an untouched draft (no trades, no card): the seat's legal moves carry the answer, so a
  // move's redraw asks nothing more (docs/hall.md, "one call a move")
  if (!Object.keys(args.trades).length && !args.card && ctx.view.legal.untouched) {
    return Promise.resolve(ctx.view.legal.untouched);
  }
  const key = JSON.stringify(args);
  let last = answers.get(d);
  if (!last || last.key !== key) {
    last = { key, answer: call("game_tool", { game: GAME, tool: "draft", args }) };
    answers.set(d, last);
  }
  return last.answer;
}

/** What stops Ready, in words: trades the engine refuses, a card not chosen, choices that
 *  lack something (all from the engine's answer for the draft, check.js). */
export function problemsOf(ctx, answer) {
  const problems = [];
  if (answer.refused) problems.push(tg("field.cash_negative", { cash: money(answer.cash) }));
  const choice = choiceText(ctx, answer);
  if (choice) problems.push(choice);
  return problems;
}

function choiceText(ctx, answer) {
  const d = draft(ctx);
  if (d.card === undefined) return tg("field.need_card");
  const lack = answer.choices;
  if (!lack) return "";
  if (lack.problem === "refused") return errorText(lack.error);
  return tg(`field.${lack.problem}`, { card: cardText(d.card) });
}

/** Live preview: the engine's answer for the draft drawn — cash and holdings after the
 *  trades, a debt and its cover, the card alone for this player, and whether Ready can go. */
export function updatePreview(ctx) {
  if (!ctx.view.legal || !document.getElementById("broker-orders")) return;
  const key = draftKey(ctx);
  const current = () => draftKey(ctx) === key && document.getElementById("broker-orders");
  checked(ctx)
    .then((answer) => current() && drawAnswer(ctx, answer))
    .catch((error) => {
      if (!current()) return;
      aloneError(error);
      document.getElementById("broker-problem").textContent = errorText(error);
    });
}

function drawAnswer(ctx, answer) {
  const d = draft(ctx);
  for (const c of COLOURS) {
    const after = document.querySelector(`[data-after="${c}"]`);
    if (after) after.textContent = tg("field.holding_after", { count: answer.held[c] });
  }
  const set = (id, text, bad) => {
    const el = document.getElementById(id);
    if (el) {
      el.replaceChildren(text);
      el.classList.toggle("bad", !!bad);
    }
  };
  set("broker-cash-after", amount(answer.cash), answer.cash < 0);
  set("broker-shares-value", amount(answer.value));
  set("broker-capital", amount(answer.capital));
  showDebt(answer);
  const choice = choiceText(ctx, answer);
  const msg = document.getElementById("broker-choice-message");
  if (msg) {
    msg.textContent = choice || (d.card ? tg("field.choices_ok") : "");
    msg.classList.toggle("bad", !!choice);
  }
  if (d.card) drawAlone(answer, JSON.stringify([d.card, d.choices]), ctx.view.options);
  const problems = problemsOf(ctx, answer);
  set("broker-problem", problems.join(" "), problems.length);
  const save = document.getElementById("broker-save");
  if (save) save.disabled = problems.length > 0;
}
