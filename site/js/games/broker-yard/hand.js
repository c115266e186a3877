// Broker-Yard's hand on the game field: the cards as radio tiles, the picked card's chooser
// (another colour, or the other colours' changes) with room for what its choices still lack
// (the engine says it: check.js, field.js). The round's draft (ctx.draft) starts from the
// saved order and lives as long as the round; its card is undefined until the player picks
// one or "no card" (null): nothing is preselected.

import { h, newId } from "../../shell/dom.js";
import { tip } from "../../shell/tip.js";
import { tg, chip, cardTile, cardText, signedText } from "./cards.js";
import { cardTip } from "./tips.js";

/** The draft of this round's orders, started from the saved order (kept in ctx.draft). */
export function draft(ctx) {
  const d = ctx.draft;
  if (!d.ready) {
    const order = ctx.view.order;
    d.trades = { ...(order && order.trades) };
    d.card = order ? order.card : undefined;
    d.choices = JSON.parse(JSON.stringify((order && order.choices) || {}));
    d.ready = true;
  }
  return d;
}

/** The hand as radio tiles (and "no card"), with the picked card's chooser. `changed()`
 *  refreshes the preview when a choice changes (field.js). */
export function handSection(ctx, changed) {
  const { legal, options } = ctx.view;
  const d = draft(ctx);
  const zc = options.zero_cancels;
  const pick = (card) => () => {
    d.card = card;
    d.choices = {};
    ctx.redraw();
  };
  const sec = h("fieldset", { class: "hand", "data-decision": "" }, h("legend", {}, h("h3", {}, tg("field.hand"))));
  sec.append(h("p", { class: "hint small" }, tg("field.hand_hint")));
  const tiles = h("div", { class: "hand-tiles", role: "radiogroup", "aria-label": tg("field.hand") });
  for (const entry of legal.cards) {
    const id = newId("card");
    const input = h("input", {
      type: "radio",
      name: "card",
      id,
      value: entry.card,
      checked: d.card === entry.card,
      "data-focus": `card-${entry.card}`,
      onchange: pick(entry.card),
    });
    const label = h(
      "label",
      { class: "hand-card", for: id },
      input,
      // the tile's own words name the card (its colour chip says the colour): no second name
      cardTile(entry.card, { zeroCancels: zc }),
    );
    tiles.append(label);
    tip(label, cardTip(entry.card, zc), { describe: input });
  }
  const none = h("input", {
    type: "radio",
    name: "card",
    value: "",
    checked: d.card === null,
    "data-focus": "card-none",
    onchange: pick(null),
  });
  const noneLabel = h(
    "label",
    { class: "hand-card hand-none" },
    none,
    h(
      "span",
      { class: "card-tile card-none" },
      h("span", { class: "card-main" }, "—"),
      h("span", { class: "card-sub" }, tg("field.no_card")),
    ),
  );
  tiles.append(noneLabel);
  tip(noneLabel, cardTip(null), { describe: none });
  sec.append(tiles);
  const entry = legal.cards.find((c) => c.card === d.card);
  if (entry) sec.append(chooser(ctx, entry, changed));
  return sec;
}

function chooser(ctx, entry, changed) {
  const d = draft(ctx);
  const box = h(
    "div",
    // which card the choices are for: a redraw is asynchronous, so a reader can wait for this one
    { class: "chooser", id: "broker-chooser", "data-card": entry.card },
    h("p", { class: "chooser-title" }, tg("field.choices_for", { card: cardText(entry.card) })),
  );
  if (entry.choice === "other") {
    const group = h("fieldset", { class: "choice-other" }, h("legend", {}, tg("field.choose_other")));
    for (const c of entry.colours) {
      group.append(
        h(
          "label",
          { class: "choice" },
          h("input", {
            type: "radio",
            name: "other",
            value: c,
            checked: d.choices.other === c,
            "data-focus": `other-${c}`,
            onchange: () => {
              d.choices = { other: c };
              changed();
            },
          }),
          chip(c),
        ),
      );
    }
    box.append(group);
  } else if (entry.choice === "others") {
    const group = h("fieldset", { class: "choice-others" }, h("legend", {}, tg("field.choose_others")));
    const chosen = d.choices.others || {};
    for (const c of entry.colours) {
      const id = newId("others");
      group.append(
        h(
          "div",
          { class: "choice-row" },
          h("label", { for: id }, chip(c)),
          h(
            "select",
            {
              id,
              "data-colour": c,
              "data-focus": `others-${c}`,
              onchange: (e) => {
                const value = e.target.value === "" ? undefined : Number(e.target.value);
                const others = { ...(d.choices.others || {}) };
                if (value === undefined) delete others[c];
                else others[c] = value;
                d.choices = { others };
                changed();
              },
            },
            h("option", { value: "", selected: chosen[c] === undefined }, tg("field.pick")),
            entry.values.map((n) => h("option", { value: n, selected: chosen[c] === n }, signedText(n))),
          ),
        ),
      );
    }
    box.append(group);
  } else {
    box.append(h("p", { class: "muted small" }, tg("field.no_choice")));
  }
  box.append(
    h("p", { class: "choice-message", id: "broker-choice-message", role: "status" }),
    // what this card alone would do to the prices (alone.js fills it)
    h("div", { class: "card-alone", id: "broker-card-alone", "aria-live": "polite" }),
  );
  return box;
}
