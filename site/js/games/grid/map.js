// The map card: the map as SVG, its layers stacked (maplayers.js: regions and their load,
// lines with their costs and owners, a proposed line, cities with plants, substations, names
// and the build phase's targets, hanging line ends), the zoom buttons and the legend. The
// static map is the engine's catalog (words.js BOARD); what stands on it is the view's. The camera (zoom and pan: buttons, drag, pinch, ctrl+wheel,
// keys) lives per game across redraws; a tap on a map too small to hit a city zooms in first.

import { h, s } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { BOARD, tg, cityName, seatShapeName, shapePath, seatOf } from "./words.js";
import { camera, applyCamera, zoomAt, attach, ratio } from "./camera.js";
import { keptPart } from "../../shell/keep.js";
import { putChildren } from "../../shell/place.js";
import { afterFrame } from "../../shell/settle.js";
import {
  owners,
  standing,
  regionsLayer,
  linksLayer,
  costsLayer,
  proposedLine,
  citiesLayer,
  hangingLayer,
} from "./maplayers.js";

/** Mark a city on the map (hover or focus in the list of targets). */
export function markCity(c, on) {
  for (const el of document.querySelectorAll(`svg.grid-map .city[data-city="${CSS.escape(c)}"]`))
    el.classList.toggle("marked", on);
}

// ---------------------------------------------------------------- drawing
/**
 * The map for `ctx` (the seat's view). `opts`:
 *  targets: {city: {label, title}} cities to choose (a cost badge each), or null;
 *  selected: the chosen city; path: cities of a proposed line; next: cities that extend a
 *  drawn route; onCity(city): a city was chosen (click, tap or Enter on the map).
 */
export function mapCard(ctx, opts = {}) {
  const v = ctx.view;
  const key = camKey(ctx);
  const cam = camera(key);
  // the svg is kept for the game (its camera's gestures read the latest draw's opts: `now`),
  // its layers each kept by what it shows (a bot bidding or buying leaves them as they were),
  // the card drawn in place around it
  const svg = keptPart("grid-map-svg", [key], () => {
    const svg = mapSvg(key);
    attach(svg, key, cam, () => now.get(svg) || {});
    applyCamera(svg, cam);
    return svg;
  });
  svg.classList.toggle("picking", !!(opts.targets || (opts.next && opts.next.length)));
  // a game just opened shows its table first and the map's layers over the next frames, the
  // lines first and then the cities: drawn, styled and laid out with the rest, they made the
  // opening one long task (WebKit: 124 ms, docs/site.md round 15; the layers alone a frame later
  // still 120-160 ms on a slower machine, round 17). The empty map keeps its size (its viewBox).
  const drawn = ctx.opening ? 0 : Math.min(LAYER_GROUPS, (shownLayers.get(svg) ?? LAYER_GROUPS) + 1);
  shownLayers.set(svg, drawn);
  if (drawn < LAYER_GROUPS) afterFrame(ctx.redraw);
  // after its title and patterns; a layer kept stays where it is
  putChildren(
    svg,
    [...svg.querySelectorAll(":scope > title, :scope > defs"), ...mapLayers(v, opts, drawn)].filter(Boolean),
  );
  now.set(svg, opts);
  return h(
    "section",
    { class: "map-card", "data-place": "grid-map", "aria-label": tg("map.title") },
    // the zoom buttons act on the svg and the camera of `key`, kept as long as they are
    keptPart("grid-map-tools", [key], () =>
      h("div", { class: "map-tools" }, h("h3", {}, tg("map.title")), zoomTools(svg, cam)),
    ),
    h("div", { class: "map-frame", dir: "ltr" }, svg),
    keptPart("grid-map-legend", v.players, () => legend(v)),
  );
}

const now = new WeakMap(); // a map's svg -> the opts of the latest draw that showed it
const shownLayers = new WeakMap(); // a map's svg -> how many groups of its layers are drawn
const LAYER_GROUPS = 2; // of mapLayers

/** The map's layers, bottom to top, of its first `groups` groups (the regions and lines, then
 *  the cities): the regions and the lines kept apart from the cities (what a build changes),
 *  each by what it shows. */
function mapLayers(v, opts, groups) {
  const inPlay = new Set(v.regions);
  const owned = owners(v);
  const lines = [v.regions, v.players, owned];
  const layers = [];
  if (groups >= 1)
    layers.push(
      keptPart("grid-map-regions", [v.regions, v.pollution], () => regionsLayer(v, inPlay)),
      keptPart("grid-map-links", lines, () => linksLayer(v, inPlay, owned)),
      proposedLine(opts.path),
      keptPart("grid-map-costs", lines, () => costsLayer(inPlay, owned)),
    );
  if (groups >= 2) {
    const stands = standing(v);
    const title = (c, here, subs, target) => cityTitle(v, c, here, subs, target);
    layers.push(
      citiesLayer(v, inPlay, stands, opts, title),
      keptPart("grid-map-hanging", [v.players, stands.hanging], () => hangingLayer(v, stands.hanging)),
    );
  }
  return layers;
}

/** The empty map: its title, the hatching of regions out of play. */
function mapSvg(key) {
  const titleId = `grid-map-title-${key.replace(/[^a-z0-9]/gi, "")}`;
  const svg = s("svg", {
    class: "grid-map",
    "data-camera": key,
    role: "group",
    "aria-labelledby": titleId,
    tabindex: "0",
    preserveAspectRatio: "xMidYMid meet",
  });
  svg.append(
    s("title", { id: titleId }, tg("map.title")),
    s(
      "defs",
      {},
      s(
        "pattern",
        { id: "grid-hatch", width: 16, height: 16, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        s("rect", { width: 16, height: 16, class: "hatch-bg" }),
        s("line", { x1: 0, y1: 0, x2: 0, y2: 16, class: "hatch-line" }),
      ),
    ),
  );
  return svg;
}

/** Zoom in, out and back to the whole map (the camera's keys and gestures do the same). */
function zoomTools(svg, cam) {
  const zoom = (factor) => () => zoomAt(svg, cam, factor, cam.x + cam.w / 2, cam.y + (cam.w * ratio()) / 2);
  const fit = () => {
    Object.assign(cam, { x: 0, y: 0, w: BOARD.width });
    applyCamera(svg, cam);
  };
  const button = (name, label, onclick, text) =>
    h("button", { type: "button", class: "btn btn-icon", "aria-label": tg(label), "data-zoom": name, onclick }, text);
  return h(
    "div",
    { class: "map-zoom", role: "group", "aria-label": tg("map.zoom") },
    button("in", "map.zoom_in", zoom(1.6), "+"),
    button("out", "map.zoom_out", zoom(1 / 1.6), "−"),
    button("fit", "map.fit", fit, "⤢"),
  );
}

export const camKey = (ctx) => (ctx.screen && ctx.screen.id) || `remote:${ctx.view.players.join("|")}`;

function cityTitle(v, c, here, subs, target) {
  const lines = [cityName(c)];
  for (const p of here) lines.push(tg("map.plant_here", { n: num(p.n), name: seatOf(v, p.seat) }));
  for (const i of subs) lines.push(tg("map.substation_here", { name: seatOf(v, i) }));
  const value = v.values && v.values[c];
  if (value) lines.push(tg("map.pays_now", { amount: num(value.amount) }));
  if (target && target.title) lines.push(target.title);
  return lines.join("\n");
}

function legend(v) {
  return h(
    "ul",
    { class: "map-legend small" },
    v.players.map((name, i) =>
      h(
        "li",
        { class: `seat-${i}` },
        s(
          "svg",
          { class: "legend-line", width: 34, height: 14, viewBox: "0 0 34 14", "aria-hidden": "true" },
          s("line", { class: `link owned seat-line-${i}`, x1: 1, y1: 7, x2: 33, y2: 7 }),
        ),
        s(
          "svg",
          { class: `substation seat-${i}`, width: 16, height: 16, viewBox: "0 0 16 16", "aria-hidden": "true" },
          shapePath(seatShapeName(i), 8, 8, 7),
        ),
        h("bdi", {}, name),
      ),
    ),
    h("li", { class: "legend-note" }, tg("map.legend_note")),
  );
}
