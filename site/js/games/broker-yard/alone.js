// What the picked card would do to the prices on its own (issue 17, a guardrail while
// choosing): under the card's choices, each colour's move if it were the only card of the
// round, from the engine's own update (engine/broker/preview.py, the tool "preview") — never
// a second copy of the rules here. Everybody's cards count together when the round ends, so
// the box says so: this is the card alone, before the others' cards.

import { h } from "../../shell/dom.js";
import { money, fromTo, errorText } from "../../shell/i18n.js";
import { call } from "../../shell/ui.js";
import { COLOURS, GAME, tg, chip } from "./cards.js";
import { changeBadge } from "./results.js";
import { draft, choiceProblem } from "./hand.js";

const keyOf = (d) => JSON.stringify([d.card, d.choices]);

function moveLine(colour, move, zeroCancels) {
  const notes = [];
  if (move.change) notes.push(fromTo(money(move.price), money(move.new_price)), " ", changeBadge(move.change));
  else notes.push(h("span", { class: "muted" }, tg("alone.same", { price: money(move.price) })));
  if (move.bonus) notes.push(h("span", { class: "good" }, tg("alone.bonus", { amount: money(move.bonus) })));
  if (move.penalty) notes.push(h("span", { class: "bad" }, tg("alone.penalty", { amount: money(move.penalty) })));
  if (move.stopped) notes.push(h("span", { class: "bad" }, tg("alone.stopped", { price: money(move.stop) })));
  if (move.zeros) notes.push(h("span", {}, tg("alone.zero", { count: zeroCancels })));
  return h(
    "li",
    { "data-colour": colour, "data-change": move.change },
    chip(colour),
    h("span", { class: "card-alone-move" }, notes),
  );
}

function drawMoves(box, key, moves, options) {
  box.dataset.key = key;
  box.dataset.state = "shown";
  box.replaceChildren(
    h("p", { class: "card-alone-title" }, tg("alone.title")),
    h(
      "ul",
      { class: "card-alone-list" },
      COLOURS.map((c) => moveLine(c, moves[c], options.zero_cancels)),
    ),
    h("p", { class: "hint small" }, tg("alone.hint")),
  );
}

/** Fill the chooser's box (#broker-card-alone, hand.js) for the card and choices of the draft: at once when the engine has answered
 *  for them already (the draft keeps the answer for the round), else once it answers. */
export function showAlone(ctx) {
  const box = document.getElementById("broker-card-alone");
  if (!box) return;
  const d = draft(ctx);
  if (!d.card) return box.replaceChildren();
  if (choiceProblem(ctx)) {
    box.dataset.state = "waiting";
    box.replaceChildren(h("p", { class: "muted small" }, tg("alone.waiting")));
    return;
  }
  const key = keyOf(d);
  if (d.alone && d.alone.key === key) return drawMoves(box, key, d.alone.moves, ctx.view.options);
  if (d.asking === key) return; // the engine is answering for these already
  d.asking = key;
  box.dataset.state = "asking";
  const { prices, options } = ctx.view;
  call("game_tool", { game: GAME, tool: "preview", args: { prices, options, card: d.card, choices: d.choices } })
    .then((moves) => {
      d.alone = { key, moves };
      const now = document.getElementById("broker-card-alone");
      // the player may have picked another card meanwhile: only its own answer is drawn
      if (now && keyOf(draft(ctx)) === key) drawMoves(now, key, moves, options);
    })
    .catch((error) => {
      const now = document.getElementById("broker-card-alone");
      if (now && keyOf(draft(ctx)) === key) {
        now.dataset.state = "error";
        now.replaceChildren(h("p", { class: "bad small" }, errorText(error)));
      }
    })
    .finally(() => {
      if (d.asking === key) d.asking = null;
    });
}
