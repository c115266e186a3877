// The map of Europe as a board (SVG): each of the engine's 36 spaces a region drawn from its
// position (mapshape.js), the routes between neighbours (the view's `board`), a tile on a
// space in its company's colour with its letter and pattern (a protected one with a thick
// frame and a corner notch), every name in the page's language where it meets no other.
// While a seat decides, the spaces it may choose (from `legal`) are buttons: the whole region
// is the target (click, tap, Tab, the arrow keys, Enter). Its card, zoom and pan: mapcard.js.

import { s, append } from "../../shell/dom.js";
import { keptPart } from "../../shell/keep.js";
import { tg, looks, companyName, spaceName, BOARD } from "./words.js";
import { W, H, TILE, X, Y, regions, pathOf, placeNames, NAME_WEIGHT } from "./mapshape.js";
import { warmFonts, font } from "../../shell/fontwarm.js";
import { afterFrame } from "../../shell/settle.js";

/** What a chosen space does, for its label: place, replace, protect. */
function targetLabel(view, space, target) {
  const where = spaceName(view, space);
  const company = companyName(target.company);
  if (target.kind === "protect") return tg("map.target_protect", { company, space: where });
  if (target.replaces) return tg("map.target_replace", { company, space: where, other: companyName(target.replaces) });
  return tg("map.target_place", { company, space: where });
}

function tileTitle(view, space, tile) {
  const where = spaceName(view, space);
  if (!tile) return tg("map.space_empty", { space: where });
  const company = companyName(tile.company);
  return tile.protected
    ? tg("map.space_protected", { space: where, company })
    : tg("map.space_tile", { space: where, company });
}

/** Move the focus to the next or previous choosable space (arrow keys on the map). */
function moveFocus(svg, from, step) {
  const all = [...svg.querySelectorAll(".space.target")];
  if (!all.length) return;
  const i = all.indexOf(from);
  all[(i + step + all.length) % all.length].focus();
}

// the drawing depends only on the board and the names: made once per language; its key is
// read once a draw (read for each space drawn anew too, through spaceName's search of the
// board, it was 36 x 36 steps a space)
let shapes = null;
function shapesOf(view) {
  const board = view.board || [];
  const key = board.map((b) => tg(`space.${b.space}`)).join("|"); // spaceName's, without its search
  if (!shapes || shapes.key !== key)
    shapes = { key, regions: regions(board), names: placeNames(board, (n) => spaceName(view, n)) };
  return shapes;
}

/** The map's shapes worked out ahead from the catalog's board, in a task of their own: a game
 *  being opened (the engine reads it meanwhile) finds them at its first draw, which worked
 *  them out itself (some 55 ms of WebKit's first draw). */
export function shapesAhead() {
  setTimeout(() => {
    if (!BOARD.length) return;
    const names = [...shapesOf({ board: BOARD }).names.values()];
    // and the names' fonts, as the map will draw them (fontwarm.js)
    const sizes = new Set(names.map((spot) => spot.size));
    warmFonts(
      names.map((spot) => spot.lines.join(" ")).join(" "),
      [...sizes].map((size) => font(size, NAME_WEIGHT, true)),
    );
  });
}

function target(g, view, space, t, svg, onSpace) {
  g.setAttribute("role", "button");
  g.setAttribute("tabindex", "0");
  g.setAttribute("aria-label", targetLabel(view, space, t));
  const choose = () => onSpace && onSpace(space);
  g.addEventListener("click", choose);
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      choose();
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (step) {
      e.preventDefault();
      moveFocus(svg, g, document.documentElement.dir === "rtl" && /Left|Right/.test(e.key) ? -step : step);
    }
  });
}

/** A tile: its company's colour, pattern and letter; protected, a thick frame and a notch. */
function tilePiece(look, tile, x, y) {
  const r = TILE / 2;
  const box = { x: x - r, y: y - r, width: TILE, height: TILE, rx: 8 };
  const g = s("g", { class: ["piece", look.colour, tile.protected && "protected"], "aria-hidden": "true" });
  g.append(
    s("rect", { class: "co-fill", ...box }),
    s("rect", { class: "co-pattern", ...box, fill: `url(#ek-pat-${look.pattern})` }),
    s("rect", { class: "tile-frame", ...box }),
    s("text", { class: "co-letter", x, y: y + 11, "text-anchor": "middle" }, tile.company),
  );
  if (tile.protected)
    g.append(
      s("polygon", { class: "notch", points: `${x + r - 17},${y - r} ${x + r},${y - r} ${x + r},${y - r + 17}` }),
    );
  return g;
}

/** The routes between neighbours (the board's alone). */
function routesLayer(board) {
  const routes = s("g", { class: "links", "aria-hidden": "true" });
  const at = new Map(board.map((b) => [b.space, b]));
  for (const b of board)
    for (const n of b.adjacent)
      if (n > b.space && at.has(n))
        routes.append(s("line", { class: "link", x1: X(b.x), y1: Y(b.y), x2: X(at.get(n).x), y2: Y(at.get(n).y) }));
  return routes;
}

/**
 * The map for a view. `opts`:
 *  targets: Map(space -> {kind: "place"|"protect", company, replaces}) the spaces to choose;
 *  base: spaces an expansion grows from; recent: spaces changed since the seat's last move;
 *  onSpace(space): a target was chosen (click, tap, Enter or Space);
 *  keep: nothing to choose, so each space and the routes are kept parts (keep.js), the same
 *  nodes while they show the same: a step changes a few spaces, not the map;
 *  later: the spaces are left to a draw at the next frame, which `later` starts.
 */
export function mapSvg(view, opts = {}) {
  const board = view.board || [];
  const targets = opts.targets || new Map();
  const base = new Set(opts.base || []);
  const recent = new Set(opts.recent || []);
  const { names, regions: shape } = shapesOf(view);
  const kept = (name, inputs, build) => (opts.keep ? keptPart(name, inputs, build) : build());
  const svg = s("svg", {
    class: ["ek-map", targets.size && "picking"],
    viewBox: `0 0 ${W} ${H}`,
    role: "group",
    "aria-labelledby": "ek-map-title",
    preserveAspectRatio: "xMidYMid meet",
  });
  append(
    svg,
    kept("ek-map-title", [], () => s("title", { id: "ek-map-title" }, tg("map.title"))),
    kept("ek-map-sea", [], () => s("rect", { class: "sea", width: W, height: H })),
  );
  // a game just opened shows its table first and the spaces at `later`, a frame after: drawn,
  // styled and laid out with the rest, they made the opening one long task (docs/site.md, round
  // 15). The sea keeps the map's size.
  if (opts.later) {
    afterFrame(opts.later);
    return svg;
  }

  // the regions (the spaces themselves: buttons while chosen), then the routes, then the tiles
  // and names above them all (a name may reach over a neighbour's region); appended as dom.js
  // does, so a kept part still in the page stays there while the map is drawn
  const spaces = s("g", { class: "spaces" });
  const pieces = s("g", { class: "pieces", "aria-hidden": "true" });
  for (const b of board) {
    const tile = view.map[b.space - 1];
    const look = tile ? looks(view, tile.company) : null;
    const marks = [base.has(b.space), recent.has(b.space)];
    append(
      spaces,
      kept(`ek-space-${b.space}`, [b, tile, look, marks], () =>
        spaceGroup(view, b, shape, tile, look, targets.get(b.space), opts.onSpace, marks, svg),
      ),
    );
    append(
      pieces,
      kept(`ek-piece-${b.space}`, [b, tile, look, marks, names.get(b.space)], () =>
        pieceAndName(b, tile, look, targets.get(b.space), marks, names.get(b.space)),
      ),
    );
  }
  append(
    svg,
    spaces,
    kept("ek-map-routes", board, () => routesLayer(board)),
    pieces,
  );
  return svg;
}

/** A space's region: a button while it may be chosen, else an image named by what is on it. */
function spaceGroup(view, b, shape, tile, look, t, onSpace, [isBase, isRecent], svg) {
  const g = s("g", {
    class: [
      "space",
      tile && "tile",
      tile && look.colour,
      tile && tile.protected && "protected",
      t && "target",
      t && `target-${t.replaces ? "replace" : t.kind}`,
      isBase && "base",
      isRecent && "recent",
    ],
    "data-space": b.space,
    "data-company": tile ? tile.company : null,
    "data-protected": tile && tile.protected ? "1" : null,
  });
  if (t) target(g, view, b.space, t, svg, onSpace);
  // a space not to choose: an image named by what stands on it, as a choosable one is a
  // button named so (not left to each browser's reading of an SVG group's <title>)
  else {
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", tileTitle(view, b.space, tile));
  }
  g.append(
    s("title", {}, t ? targetLabel(view, b.space, t) : tileTitle(view, b.space, tile)),
    s("path", { class: "region", d: pathOf(shape.get(b.space)) }),
  );
  return g;
}

/** What stands on a space (its tile, or a dot) and its name: two nodes, side by side. */
function pieceAndName(b, tile, look, t, [isBase], spot) {
  const x = X(b.x);
  const y = Y(b.y);
  const piece = tile
    ? tilePiece(look, tile, x, y)
    : s("circle", { class: "empty-dot", cx: x, cy: y, r: TILE / 2 - 8, "aria-hidden": "true" });
  piece.classList.toggle("base", isBase);
  if (t && t.kind === "protect") piece.append(s("circle", { class: "protect-mark", cx: x, cy: y - TILE / 2, r: 8 }));
  const name = s(
    "text",
    {
      class: "space-name",
      "data-space": b.space,
      x: spot.x,
      y: spot.y,
      "text-anchor": "middle",
      style: `font-size:${spot.size}px`,
    },
    ...spot.lines.map((line, i) => s("tspan", { x: spot.x, dy: i ? spot.lh : 0 }, line)),
  );
  return [piece, name];
}

/** Spaces whose tile changed in a list of events (placed, replaced or protected). */
export function changedSpaces(events) {
  const out = [];
  for (const e of events || []) if ((e.type === "place" || e.type === "protect") && e.space) out.push(e.space);
  return out;
}
