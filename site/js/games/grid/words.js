// The grid game's words and the static parts of its table: the map, the plant cards and the
// resource market's spaces come from the engine's catalog (`useCatalog`, before the table
// draws), never retyped here. How seats, plants and resources look (colour + shape + name).

import { h } from "../../shell/dom.js";
import { t, num, signed, seatRef, richList } from "../../shell/i18n.js";
import { shapeIcon, shapePath } from "../../shell/shapes.js";

export const GAME = "grid";
/** The grid game's own words (site/i18n/grid/<lang>.json). */
export const tg = (key, params) => t(`${GAME}.${key}`, params);

// ---------------------------------------------------------------- the catalog
export let BOARD = { width: 1200, height: 800, regions: {}, cities: {}, links: [] };
let PLANTS = {};
export let RESOURCES = [];
export let SPACES = {};
/** city -> [[neighbour, printed cost], ...] (the map's lines, both ways) */
export let NEIGHBOURS = {};

export function useCatalog(catalog) {
  BOARD = catalog.board;
  PLANTS = catalog.plants;
  RESOURCES = catalog.resources;
  SPACES = catalog.spaces;
  NEIGHBOURS = {};
  for (const c of Object.keys(BOARD.cities)) NEIGHBOURS[c] = [];
  for (const [a, b, cost] of BOARD.links) {
    NEIGHBOURS[a].push([b, cost]);
    NEIGHBOURS[b].push([a, cost]);
  }
}

/** A city's and a region's name in the reader's language: the catalogs name every one of the
 *  engine's map (grid.city.<id>, grid.region.<id>; tests/engine/grid/test_map.py). */
export const cityName = (c) => (BOARD.cities[c] ? tg(`city.${c}`) : String(c));
export const regionName = (r) => tg(`region.${r}`);
/** A city's name as text that reads right in any direction. */
export const cityText = (c) => h("bdi", { class: "city-name" }, cityName(c));
export const edgeKey = (a, b) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** A plant card's data: {n, kind, needs, powers}. */
export function plant(n) {
  const p = PLANTS[String(n)] || ["?", 0, 0];
  return { n: Number(n), kind: p[0], needs: p[1], powers: p[2] };
}

// ---------------------------------------------------------------- money and numbers
/** An amount of Elektro, halves shown as such (4.5). */
export const elektro = (n) => tg("elektro", { n: num(n) });
/** A signed amount: "−5", "+3" (the shell's: one minus sign, its sign in front in Arabic). */
export const signedNum = signed;

// ---------------------------------------------------------------- seats
// A seat has a hue, a shape (its substations on the map) and a line pattern: never the
// hue alone.
const SEAT_SHAPES = ["circle", "square", "triangle", "diamond"];
export const seatShapeName = (i) => SEAT_SHAPES[i % 4];

export { shapePath }; // the map draws a seat's substations with it

/** A seat's mark: its shape in its colour (inline SVG). */
const seatMark = (i, size = 14) => shapeIcon(seatShapeName(i), size, `seat-mark seat-${i}`);

/** Seat i named in a message: "you" when it is the reader's. */
export const seatOf = (view, i) => seatRef(i, view.players[i] ?? "?");

/** A player's name with the seat's mark. */
export function seatName(view, i) {
  if (i == null || !view.players[i]) return h("span", { class: "seat-name" }, tg("bank"));
  return h("span", { class: `seat-name seat-${i}` }, seatMark(i), h("bdi", {}, view.players[i]));
}

// ---------------------------------------------------------------- resources and kinds
const RESOURCE_SHAPES = { coal: "square", oil: "circle", garbage: "triangle", uranium: "diamond" };
export const resourceName = (r) => tg(`resource.${r}`);
export const kindName = (k) => tg(`kind.${k}`);

/** A resource's token: its shape in its colour. */
export const resourceMark = (r, size = 14) => shapeIcon(RESOURCE_SHAPES[r] || "circle", size, `res-mark res-${r}`);

/** "2 coal" with the tokens' mark. */
export function amountOf(r, k) {
  return h(
    "span",
    { class: "res-amount nowrap" },
    resourceMark(r),
    " ",
    tg("resource.amount", { count: k, resource: resourceName(r) }),
  );
}

/** The resources a plant holds, or "empty". */
export function storesText(res) {
  const parts = Object.entries(res || {}).filter(([, k]) => k);
  if (!parts.length) return h("span", { class: "muted" }, tg("plant.empty"));
  return h("span", { class: "stores" }, richList(parts.map(([r, k]) => amountOf(r, k))));
}

/** What a plant burns, in words: "2 coal", "1 coal or oil", "no fuel". */
export function needsText(n) {
  const p = plant(n);
  if (!p.needs) return tg("plant.no_fuel");
  if (p.kind === "hybrid") return tg("plant.needs_hybrid", { count: p.needs });
  return tg("plant.needs", { count: p.needs, resource: resourceName(p.kind) });
}

/** A plant in running text: "plant 13 (eco, powers 1)". */
export const plantText = (n) =>
  tg("plant.text", { n: num(Number(n)), kind: kindName(plant(n).kind), powers: num(plant(n).powers) });

/** The kind's mark: a resource's token, a leaf for eco, a star for fusion. */
export function kindMark(kind, size = 14) {
  if (RESOURCE_SHAPES[kind]) return resourceMark(kind, size);
  if (kind === "hybrid")
    return h(
      "span",
      { class: "kind-hybrid", "aria-hidden": "true" },
      resourceMark("coal", size - 3),
      resourceMark("oil", size - 3),
    );
  return h("span", { class: `kind-mark kind-${kind}`, "aria-hidden": "true" }, kind === "eco" ? "❀" : "✶");
}
