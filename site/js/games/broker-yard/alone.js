// What the picked card would do on its own (issue 17, a guardrail while choosing; issue 32:
// what it does to me): each colour's move if it were the only card of the round, then for
// this player the shares held after the trades, the bonus or penalty per share times them,
// the cash left, and a warning when the card alone would bankrupt them. All of it is the
// engine's answer (engine/broker/draft.py via check.js) — never a second copy of the rules.
// Everybody's cards count together when the round ends, so the box says so.

import { h } from "../../shell/dom.js";
import { money, num, fromTo, errorText } from "../../shell/i18n.js";
import { COLOURS, tg, chip } from "./cards.js";
import { changeBadge } from "./results.js";

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

/** This player's line for a colour they hold after the trades. */
function mineLine(colour, move, mine) {
  const notes = [
    h(
      "span",
      {},
      tg("alone.mine_value", { count: num(mine.kept), price: money(move.new_price), value: money(mine.value) }),
    ),
  ];
  const count = num(mine.shares);
  if (move.stopped) {
    notes.push(
      h("span", { class: "bad" }, tg("alone.mine_sold", { amount: money(mine.cash), count, price: money(move.stop) })),
    );
  } else if (move.penalty) {
    notes.push(
      h("b", { class: "bad" }, tg("alone.mine_pay", { amount: money(-mine.cash), count, per: money(move.penalty) })),
    );
  } else if (move.bonus) {
    notes.push(
      h("span", { class: "good" }, tg("alone.mine_get", { amount: money(mine.cash), count, per: money(move.bonus) })),
    );
  }
  return h(
    "li",
    { "data-held": colour, "data-cash": mine.cash },
    chip(colour),
    h("span", { class: "card-alone-move" }, notes),
  );
}

/** The warning of where the card alone leads this player (engine's `fate`), or null. */
function fateNote(alone) {
  const { fate, cash } = alone;
  if (!fate) return null;
  const text =
    fate === "debt"
      ? tg("alone.fate_debt", { cash: money(cash), need: money(-cash) })
      : tg(`alone.fate_${fate}`, { cash: money(cash) });
  return h("p", { class: "panel-note bad card-alone-fate", role: "alert", "data-fate": fate }, text);
}

/** Fill the chooser's box (#broker-card-alone, hand.js) from the engine's answer for the draft;
 *  `key` names the card and choices it is for (a reader waits for its own). */
export function drawAlone(answer, key, options) {
  const box = document.getElementById("broker-card-alone");
  if (!box) return;
  const alone = answer.alone;
  if (!alone) {
    box.dataset.state = "waiting";
    delete box.dataset.key;
    box.replaceChildren(h("p", { class: "muted small" }, tg("alone.waiting")));
    return;
  }
  box.dataset.key = key;
  box.dataset.state = "shown";
  box.dataset.fate = alone.fate || "";
  const held = COLOURS.filter((c) => alone.colours[c].shares);
  const parts = [
    h("p", { class: "card-alone-title" }, tg("alone.title")),
    h(
      "ul",
      { class: "card-alone-list" },
      COLOURS.map((c) => moveLine(c, alone.moves[c], options.zero_cancels)),
    ),
    h("p", { class: "card-alone-title" }, tg("alone.mine_title")),
    held.length
      ? h(
          "ul",
          { class: "card-alone-list card-alone-mine" },
          held.map((c) => mineLine(c, alone.moves[c], alone.colours[c])),
        )
      : null,
    h(
      "p",
      { class: "card-alone-total", id: "broker-alone-total" },
      tg("alone.mine_total", { cash: money(alone.cash), value: money(alone.value), capital: money(alone.capital) }),
    ),
    fateNote(alone),
    h("p", { class: "hint small" }, tg("alone.hint")),
  ];
  box.replaceChildren(...parts.filter(Boolean));
}

/** The box when the engine refused the draft. */
export function aloneError(error) {
  const box = document.getElementById("broker-card-alone");
  if (!box) return;
  box.dataset.state = "error";
  box.replaceChildren(h("p", { class: "bad small" }, errorText(error)));
}
