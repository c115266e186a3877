// Learning Broker-Yard in the app: the "How to play" page's card list and worked round (from
// the engine's `howto` in the catalog: the packs' tables and a round the engine played), the
// first-game tour's steps, and the game log's lines (the rounds' ends, bonuses, penalties,
// stop sales and bankruptcies, from the view's history).

import { h } from "../../shell/dom.js";
import { fromTo, money, num, list as listText, richList } from "../../shell/i18n.js";
import { tg, COLOURS, chip, cardTile, cardText, choicesText, colourName, signedText } from "./cards.js";
import { cardTip } from "./tips.js";
import { eventLine, roundBlock } from "./results.js";

const LOGGED = new Set(["bonus", "penalty", "stop_sale", "bankrupt", "game_over"]);

/** Unbreakable items as the language lists them, each separator kept with the item it
 *  belongs to: what comes before its first space ends the item before ("A," in English,
 *  "A،" in Arabic), what follows it opens the next ("and B", Arabic's "وB"), so a line that
 *  breaks between items never starts with a comma nor ends with the next item's "and". */
export function gluedList(items) {
  const parts = richList(items);
  const out = [];
  parts.forEach((part, i) => {
    if (typeof part !== "string" || i === 0 || i === parts.length - 1) return out.push(part);
    const [, before, space, after] = part.match(/^(\S*)(\s*)(.*)$/s);
    if (before) parts[i - 1].append(before);
    if (after) parts[i + 1].prepend(after);
    out.push(space);
  });
  return out;
}

/** The game log: each round's end and what it paid or cost, newest first. */
export function logGroups(view) {
  return [...(view.history || [])].reverse().map((round) => ({
    step: round.round,
    title: tg("log.round_end", { round: round.round }),
    lines: [
      h(
        "li",
        { class: "log-prices" },
        gluedList(
          COLOURS.map((c) =>
            h(
              "span",
              { class: "nowrap", "data-colour": c },
              chip(c, false),
              " ",
              fromTo(money(round.prices_before[c]), money(round.prices_after[c])),
            ),
          ),
        ),
      ),
      ...round.events.filter((e) => LOGGED.has(e.type)).map((e) => eventLine(e, view)),
    ],
  }));
}

function cardRow(id, zc, copies = 1) {
  return h(
    "li",
    { class: "howto-card", "data-card": id },
    cardTile(id, { zeroCancels: zc }),
    h(
      "span",
      {},
      copies > 1 ? [h("b", { class: "howto-copies" }, tg("howto.copies", { count: num(copies) })), " "] : null,
      cardTip(id, zc),
    ),
  );
}

/** The modes of the lobby's catalog, each with what it is (its option's tip). */
function modeList(catalog) {
  const mode = catalog.options.find((o) => o.key === "mode");
  return h(
    "dl",
    { class: "howto-modes" },
    mode.values.map((m) => [h("dt", {}, tg(`option.mode.${m}`)), h("dd", {}, tg(`tip.option.mode.${m}`))]),
  );
}

/** The card list: each pack's big cards (a card dealt several times per colour once, with its
 *  count) and the small cards, each with what it does; each pack under the modes that deal it. */
function cardList(howto) {
  const { big, small } = howto.cards;
  const colour = COLOURS[0];
  const box = h("div", { class: "howto-cards" });
  for (const [pack, kinds] of Object.entries(big)) {
    const counts = new Map();
    for (const kind of kinds) counts.set(kind, (counts.get(kind) || 0) + 1);
    box.append(
      h("h4", {}, tg(`option.mode.${pack}`)),
      h("p", { class: "hint small" }, tg(`tip.option.mode.${pack}`)),
      h(
        "ul",
        { class: "howto-card-list" },
        [...counts].map(([kind, n]) => cardRow(`${kind}:${colour}`, 3, n)),
      ),
    );
  }
  box.append(
    h("h4", {}, tg("howto.small")),
    h(
      "ul",
      { class: "howto-card-list" },
      small.map((figure) => cardRow(`small:${colour}:${figure}`, 3)),
    ),
  );
  return box;
}

/** The worked round: who did what, and the round's result as the table shows it. */
function example(howto) {
  const { orders, view } = howto.example;
  const box = h("div", { class: "howto-example" });
  box.append(
    h(
      "ol",
      { class: "howto-orders" },
      orders.map((order, i) => {
        const trades = Object.entries(order.trades || {}).map(([c, n]) => `${colourName(c)} ${signedText(n)}`);
        const choices = choicesText(order.choices);
        return h(
          "li",
          {},
          h("bdi", { class: "who" }, view.players[i]),
          ": ",
          trades.length ? tg("howto.trades", { trades: listText(trades) }) + "; " : "",
          cardText(order.card),
          choices ? ` (${choices})` : "",
        );
      }),
    ),
    roundBlock(view.history[0], view, true),
  );
  return box;
}

/** A "{{name}}" line of the rule text: Broker-Yard's cards or its worked round. */
export function howtoPart(name, catalog) {
  const howto = catalog.howto;
  if (!howto) return null;
  if (name === "modes") return modeList(catalog);
  if (name === "cards") return cardList(howto);
  if (name === "example") return example(howto);
  return null;
}

/** The first-game tour: one round, from the trades to the result. */
export const tour = {
  ready: (ctx) => !!ctx.view.legal,
  mark: (ctx) => ctx.view.rounds_played,
  offerTitle: () => tg("tour.offer_title"),
  offerText: () => tg("tour.offer_text"),
  steps: () => [
    { id: "trade", targets: [".trades"], title: tg("tour.trade_title"), text: tg("tour.trade_text") },
    { id: "hand", targets: [".hand-tiles"], title: tg("tour.hand_title"), text: tg("tour.hand_text") },
    {
      id: "choices",
      targets: ["#broker-chooser", ".hand-tiles"],
      title: tg("tour.choices_title"),
      text: tg("tour.choices_text"),
    },
    {
      id: "ready",
      targets: [".save-bar"],
      title: tg("tour.ready_title"),
      text: tg("tour.ready_text"),
      until: (ctx, state) => ctx.view.rounds_played > state.from,
    },
    { id: "result", targets: [".flash", ".prices"], title: tg("tour.result_title"), text: tg("tour.result_text") },
  ],
};
