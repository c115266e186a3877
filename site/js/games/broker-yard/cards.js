// How shares, cards and effects look and read. Pure presentation of the engine's data.

import { h } from "../../shell/dom.js";
import { shapeIcon, shapePath } from "../../shell/shapes.js";
import { t, rich, signed, ltr, seatRef, list as listText } from "../../shell/i18n.js";

export const GAME = "broker-yard";
/** Broker-Yard's own words (site/i18n/broker-yard/<lang>.json). */
export const tg = (key, params) => t(`${GAME}.${key}`, params);
/** The same with nodes: a seat (`seatOf`) as a <bdi>, "you" when it is the reader's. */
export const rg = (key, params) => rich(`${GAME}.${key}`, params);
/** Seat i of the view, named in a message. */
export const seatOf = (view, i) => seatRef(i, view.players[i] ?? "?");

// The colours in the engine's order, each small card's uncoloured figure, what each big card
// does and the price grid's ends come from the engine's catalog (`useCatalog`, before the
// table draws): the rule book lives there only.
export let COLOURS = [];
let SMALL_OTHER = {};
let FACES = {};
export let PRICE_RANGE = [0, 0];
export function useCatalog(catalog) {
  COLOURS = catalog.colours;
  SMALL_OTHER = catalog.small_figures;
  FACES = catalog.faces;
  PRICE_RANGE = catalog.price_range;
}
/** A small card's uncoloured figure (the catalog's). */
export const smallOther = (figure) => SMALL_OTHER[figure] ?? 0;
// How each colour looks besides its hue (css: .sw-<colour>): its shape, also the chart's
// marker, and its line's dashes in the chart. Keyed by the catalog's colour names.
const LOOK = {
  blue: { shape: "circle", dash: "" },
  red: { shape: "square", dash: "8 4" },
  yellow: { shape: "triangle", dash: "2 4" },
  green: { shape: "diamond", dash: "10 3 2 3" },
};
/** The colour's dashes in a chart ("" a solid line). */
export const dashOf = (colour) => (LOOK[colour] ? LOOK[colour].dash : "");

export const colourName = (c) => tg(`colour.${c}`);

/** The colour's shape as a small inline SVG (also used as the chart's markers). */
export const shape = (colour, size = 12) => shapeIcon(LOOK[colour].shape, size, `shape shape-${colour}`);

/** The colour's shape centred on (x, y), radius r: a marker of the chart. */
export const marker = (colour, x, y, r) => shapePath(LOOK[colour].shape, x, y, r);

/** A colour chip: patterned swatch with its shape, and the colour's name as text. */
export function chip(colour, withName = true) {
  return h(
    "span",
    { class: `chip chip-${colour}` },
    h("span", { class: `sw sw-${colour}`, "aria-hidden": "true" }, shape(colour, 10)),
    // a chip drawn without its name still says it to a screen reader (the swatch is hidden)
    h("span", { class: withName ? "chip-name" : "sr-only" }, colourName(colour)),
  );
}

export function parseCard(id) {
  const [kind, colour, figure] = String(id).split(":");
  return { id, kind, colour, figure };
}

// "+30", "−60": the shell's signed figure (a real minus sign, isolated in Arabic text)
export const signedText = signed;

/** A figure of the catalog's faces as a tile shows it: "+100", "×2", "0". */
const figureText = (x) => (typeof x === "number" ? (x ? signedText(x) : "0") : ltr(x));

/** The big figure of a card and its second line (what it does to other colours). */
export function cardFace(id, zeroCancels = 3) {
  const { kind, figure } = parseCard(id);
  if (kind === "small") {
    return { main: signedText(Number(figure)), sub: tg("card.small_sub", { figure: signedText(smallOther(figure)) }) };
  }
  const face = FACES[kind];
  if (!face) return { main: "?", sub: "" };
  const main = figureText(face.own);
  if (!face.others.length) return { main, sub: tg("card.zero_sub", { count: zeroCancels }) };
  if (face.others.length > 1)
    return { main, sub: tg("card.others_sub", { figures: face.others.map(figureText).join(" / ") }) };
  return { main, sub: tg("card.small_sub", { figure: figureText(face.others[0]) }) };
}

/** What a big card does (the catalog's face, or null): {own, others} as text. */
export function faceText(kind) {
  const face = FACES[kind];
  return face ? { own: figureText(face.own), others: face.others.map(figureText) } : null;
}

/** A card in running text: "Blue +100", "Red ×2", "Green +30 / −60". */
export function cardText(id) {
  const { kind, colour, figure } = parseCard(id);
  const name = colourName(colour);
  const main =
    kind === "small"
      ? `${signedText(Number(figure))} / ${signedText(smallOther(figure))}`
      : FACES[kind]
        ? figureText(FACES[kind].own)
        : id;
  return tg("card.text", { colour: name, card: main });
}

/** The card's choices in running text. */
export function choicesText(choices) {
  if (!choices) return "";
  if (choices.others) {
    return listText(Object.entries(choices.others).map(([c, v]) => `${colourName(c)} ${signedText(v)}`));
  }
  if (choices.other) return tg("card.other_is", { colour: colourName(choices.other) });
  return "";
}

/** A card tile (for the hand, the Players tab and the results). */
export function cardTile(id, { zeroCancels = 3, small = false } = {}) {
  const { colour } = parseCard(id);
  const face = cardFace(id, zeroCancels);
  return h(
    "span",
    { class: ["card-tile", `card-${colour}`, small && "card-small"], "data-card": id, "data-zeros": zeroCancels },
    h("span", { class: "card-head" }, chip(colour)),
    h("span", { class: "card-main" }, face.main),
    small ? null : h("span", { class: "card-sub" }, face.sub),
  );
}

/** One effect group [kind, delta, count] of the update, e.g. "×2 (+120)" or "+30 (×3)". */
export function effectText([kind, delta, count]) {
  let text = signedText(delta);
  if (kind === "double") text = ltr(`×2 (${text})`);
  else if (kind === "half") text = ltr(`÷2 (${text})`);
  return count > 1 ? tg("effect.count", { effect: text, count }) : text;
}

export const effectsText = (groups) => (groups && groups.length ? listText(groups.map(effectText)) : tg("effect.none"));
