// Ekonos's words and how its companies and seats look. The companies (letter, name, colour)
// and the map come from the engine's view (`company_list`, `board`), never retyped here; a
// company always shows its letter and its own fill pattern besides its hue.

import { h, s } from "../../shell/dom.js";
import { t, rich, num } from "../../shell/i18n.js";

export const GAME = "ekonos";
// the map as the engine's catalog gives it (the view's `board`, known before a game's view)
export let BOARD = [];
export function useCatalog(catalog) {
  BOARD = catalog.board || [];
}
/** Ekonos's own words (site/i18n/ekonos/<lang>.json). */
export const tg = (key, params) => t(`${GAME}.${key}`, params);

// A pattern per company, by its place in the engine's list: the hue is never the only sign.
const PATTERNS = ["solid", "stripes", "dots", "checks", "waves", "cross"];

/** The engine's companies in its order: [{company, name, colour}]. */
export const companies = (view) => view.company_list || [];

/** How a company looks: its colour class (from the engine's colour name) and pattern. */
export function looks(view, c) {
  const list = companies(view);
  const i = Math.max(
    0,
    list.findIndex((x) => x.company === c),
  );
  const colour = list[i] ? list[i].colour : "grey";
  return { colour: `co-${String(colour).replace(/[^a-z]+/gi, "-")}`, pattern: PATTERNS[i % PATTERNS.length], index: i };
}

/** Ekonos's words as text and nodes (a seat's name, a card's picture kept in place). */
export const tgRich = (key, params) => rich(`${GAME}.${key}`, params);

/** A company's name in the page's language. */
export const companyName = (c) => tg(`company.${c}`);

/** A company's badge: its letter on its colour and pattern (inline SVG), then its name. */
export function companyChip(view, c, { name = true, size = 18 } = {}) {
  const { colour, pattern } = looks(view, c);
  return h(
    "span",
    { class: ["co-chip", colour], "data-company": c },
    s(
      "svg",
      {
        class: "co-badge",
        width: size,
        height: size,
        viewBox: "0 0 20 20",
        "aria-hidden": "true",
        focusable: "false",
      },
      s("rect", { class: "co-fill", x: 1, y: 1, width: 18, height: 18, rx: 4 }),
      s("rect", { class: "co-pattern", x: 1, y: 1, width: 18, height: 18, rx: 4, fill: `url(#ek-pat-${pattern})` }),
      s("text", { class: "co-letter", x: 10, y: 14.5, "text-anchor": "middle" }, c),
    ),
    // a badge drawn without its name still says it to a screen reader (the badge is hidden)
    h("bdi", { class: name ? "co-name" : "sr-only" }, companyName(c)),
  );
}

/** The SVG patterns every company fill refers to (drawn once per page, see patternDefs). */
export function patternDefs() {
  const defs = s("defs", {});
  const pat = (id, ...shapes) =>
    s("pattern", { id: `ek-pat-${id}`, width: 6, height: 6, patternUnits: "userSpaceOnUse" }, ...shapes);
  defs.append(
    pat("solid"),
    pat("stripes", s("path", { d: "M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2", class: "pat-ink" })),
    pat("dots", s("circle", { cx: 3, cy: 3, r: 1.2, class: "pat-dot" })),
    pat("checks", s("rect", { x: 0, y: 0, width: 3, height: 3, class: "pat-dot" })),
    pat("waves", s("path", { d: "M0,4 q1.5,-3 3,0 t3,0", class: "pat-ink", fill: "none" })),
    pat("cross", s("path", { d: "M0,3 h6 M3,0 v6", class: "pat-ink" })),
  );
  return defs;
}

/** A hidden SVG holding the patterns, for pages that show badges without a map. */
export function patternHost() {
  return s(
    "svg",
    { class: "ek-patterns", width: 0, height: 0, "aria-hidden": "true", focusable: "false" },
    patternDefs(),
  );
}

// ---------------------------------------------------------------- seats
// A seat has a colour and its number on it (the stylesheet's .seat-<i>): the players strip,
// the chart's holders, the log and the final ranking mark a player alike, never by hue alone.

/** A seat's mark: its number (1 for the first seat) on its colour. */
export const seatMark = (i) => h("span", { class: `seat-mark seat-${i}`, "aria-hidden": "true" }, num(i + 1));

/** A player's name, with the seat's mark, as text that reads right in any direction. */
export function seatName(view, i) {
  if (i == null || view.players[i] == null) return h("span", { class: "seat-name" }, tg("nobody"));
  return h("span", { class: `seat-name seat-${i}` }, seatMark(i), h("bdi", {}, view.players[i]));
}

/** Ekonos's words as text and nodes, each player named in them given the seat's mark. */
export function tgMarked(key, params) {
  return tgRich(key, params).map((part) =>
    part instanceof Element && part.matches("bdi.who[data-seat]")
      ? h("span", { class: `seat-name seat-${part.dataset.seat}` }, seatMark(Number(part.dataset.seat)), part)
      : part,
  );
}

export const coins = (n) => tg("coins", { count: n });

/** A space's name in the page's language (the catalog's, by the engine board's space id); a
 *  number that is no space of the board reads as itself. */
export function spaceName(view, space) {
  const b = (view.board || []).find((x) => x.space === space);
  return b ? tg(`space.${b.space}`) : String(space);
}

/** The card's three letters as top and bottoms. */
export const cardParts = (card) => ({ top: card[0], bottom: [card[1], card[2]] });

/** A card in words: "Card: top Omicron, bottom Alpha and Beta". */
export function cardLabel(card) {
  const { top, bottom } = cardParts(card);
  return tg("hand.card_label", { top: companyName(top), a: companyName(bottom[0]), b: companyName(bottom[1]) });
}

/** A card small, inside a line of text (the log): its top company's badge, then its two
 *  bottom companies' smaller ones; read out as the card in words. */
export function cardIcon(view, card) {
  const { top, bottom } = cardParts(card);
  return h(
    "span",
    { class: "card-icon", role: "img", "aria-label": cardLabel(card), title: cardLabel(card), "data-card": card },
    companyChip(view, top, { name: false, size: 18 }),
    h(
      "span",
      { class: "card-icon-bottom" },
      bottom.map((c) => companyChip(view, c, { name: false, size: 12 })),
    ),
  );
}
