// The round's draft as the engine checks it before Ready (engine/broker/draft.py, the tool
// "draft"): the trades as the engine takes them or its refusal, cash and holdings after them,
// the sales that cover a debt, what the card's choices lack, and the card alone for this
// player. The page draws the answer; it checks nothing itself.

import { call } from "../../shell/ui.js";
import { COLOURS, GAME } from "./cards.js";
import { draft } from "./hand.js";

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
  const key = JSON.stringify(args);
  let last = answers.get(d);
  if (!last || last.key !== key) {
    last = { key, answer: call("game_tool", { game: GAME, tool: "draft", args }) };
    answers.set(d, last);
  }
  return last.answer;
}
