// What Broker-Yard's tiles, column headers and result lines mean, as tooltips (shell/tip.js):
// a card tile explains its card; the tables' headers, the players' facts and the results'
// "after cancelling" / "after a zero" lines are found after drawing by their words, so the
// modules that draw them need not know about tooltips.

import { tip } from "../../shell/tip.js";
import { signed, list as listText } from "../../shell/i18n.js";
import { tg, parseCard, colourName, smallOther, faceText } from "./cards.js";

/** What a card does, in a sentence. */
export function cardTip(id, zeroCancels = 3) {
  if (!id) return tg("tip.card.none");
  const { kind, colour, figure } = parseCard(id);
  const c = colourName(colour);
  if (kind === "small")
    return tg("tip.card.small", { colour: c, figure: signed(Number(figure)), other: signed(smallOther(figure)) });
  if (kind === "zero") return tg("tip.card.zero", { colour: c, count: zeroCancels });
  const face = faceText(kind);
  if (!face) return "";
  if (kind === "hundred") return tg("tip.card.hundred", { colour: c, figure: face.own, others: listText(face.others) });
  // a card that gives one other colour a figure reads as a small card does
  if (kind === "minus-hundred") return tg("tip.card.small", { colour: c, figure: face.own, other: face.others[0] });
  return tg(`tip.card.${kind}`, { colour: c });
}

// a header's words -> its tooltip's key
const HEADERS = {
  "table.share": "tip.share",
  "table.price": "tip.price",
  "table.change": "tip.change",
  "table.bonus_penalty": "tip.bonus_penalty",
  "table.holdings": "tip.holdings",
  "results.price_move": "tip.price_move",
  "results.effects": "tip.effects",
  "results.counted": "tip.counted",
  "players.cash": "tip.cash",
  "players.capital": "tip.capital",
  "players.cards_left": "tip.cards_left",
  "players.played": "tip.played",
};

// the words of a message before its placeholder `hole` ("after a zero: ")
const lead = (key, params, hole = "effects") => tg(key, { ...params, [hole]: "\u0000" }).split("\u0000")[0];

/** Tooltips on what `root` shows: headers, facts, result lines. */
export function explain(root) {
  if (!root) return;
  const byText = new Map(Object.entries(HEADERS).map(([label, key]) => [tg(label).trim(), key]));
  // a large table's link shows one round's cards: "Cards played in round 3"
  const playedIn = lead("players.played_in", {}, "round");
  for (const el of root.querySelectorAll("thead th, dt, .player-card h4")) {
    const text = el.textContent.trim();
    const key = byText.get(text) || (playedIn && text.startsWith(playedIn) ? "tip.played_in" : null);
    if (key && !el.dataset.tip) tip(el, tg(key), { focusable: true });
  }
  const cancel = lead("results.after_cancel", {});
  const zeros = [1, 2, 3, 4, 5].map((count) => lead("results.after_zero", { count }));
  for (const el of root.querySelectorAll(".results-prices td .muted")) {
    if (el.dataset.tip) continue;
    const text = el.textContent;
    if (cancel && text.startsWith(cancel)) tip(el, tg("tip.after_cancel"), { focusable: true });
    else if (zeros.some((z) => z && text.startsWith(z))) tip(el, tg("tip.after_zero"), { focusable: true });
  }
  // card tiles outside the hand (the players' cards, the results): each explains itself
  for (const el of root.querySelectorAll(".card-tile[data-card]")) {
    if (el.closest("label") || el.dataset.tip) continue;
    tip(el, cardTip(el.dataset.card, Number(el.dataset.zeros) || 3), { focusable: true });
  }
}
