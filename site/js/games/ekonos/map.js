// The map of Europe as SVG: the engine's 36 spaces at their drawing positions and the lines
// between neighbours (the view's `board`), the tiles on them (company letter, colour and
// pattern; a protected tile has a thick frame and a corner notch), and, while a seat decides,
// the spaces it may choose (from `legal`), each a button reached by Tab and the arrow keys.

import { s } from "../../shell/dom.js";
import { tg, looks, companyName, spaceName } from "./words.js";

const W = 1000;
const H = 860;
const R = 30; // a space's radius in map units
const X = (x) => 34 + x * (W - 68);
const Y = (y) => 38 + y * (H - 80);

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

/**
 * The map for a view. `opts`:
 *  targets: Map(space -> {kind: "place"|"protect", company, replaces}) the spaces to choose;
 *  base: spaces an expansion grows from; recent: spaces changed since the seat's last move;
 *  onSpace(space): a target was chosen (click, tap, Enter or Space).
 */
export function mapSvg(view, opts = {}) {
  const board = view.board || [];
  const targets = opts.targets || new Map();
  const base = new Set(opts.base || []);
  const recent = new Set(opts.recent || []);
  const svg = s("svg", {
    class: ["ek-map", targets.size && "picking"],
    viewBox: `0 0 ${W} ${H}`,
    role: "group",
    "aria-labelledby": "ek-map-title",
    preserveAspectRatio: "xMidYMid meet",
  });
  svg.append(s("title", { id: "ek-map-title" }, tg("map.title")));

  const at = new Map(board.map((b) => [b.space, b]));
  const lines = s("g", { class: "links", "aria-hidden": "true" });
  for (const b of board)
    for (const n of b.adjacent)
      if (n > b.space && at.has(n))
        lines.append(s("line", { class: "link", x1: X(b.x), y1: Y(b.y), x2: X(at.get(n).x), y2: Y(at.get(n).y) }));
  svg.append(lines);

  const spaces = s("g", { class: "spaces" });
  for (const b of board) {
    const tile = view.map[b.space - 1];
    const target = targets.get(b.space);
    const x = X(b.x),
      y = Y(b.y);
    const look = tile ? looks(view, tile.company) : null;
    const g = s("g", {
      class: [
        "space",
        tile && "tile",
        tile && look.colour,
        tile && tile.protected && "protected",
        target && "target",
        target && `target-${target.replaces ? "replace" : target.kind}`,
        base.has(b.space) && "base",
        recent.has(b.space) && "recent",
      ],
      "data-space": b.space,
      "data-company": tile ? tile.company : null,
      "data-protected": tile && tile.protected ? "1" : null,
    });
    if (target) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", targetLabel(view, b.space, target));
      const choose = () => opts.onSpace && opts.onSpace(b.space);
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
    g.append(s("title", {}, target ? targetLabel(view, b.space, target) : tileTitle(view, b.space, tile)));
    // a target's hit area reaches half way to the nearest neighbours (a phone's finger)
    if (target)
      g.append(
        s("circle", { class: "hit", cx: x, cy: y, r: 40 }),
        s("circle", { class: "target-ring", cx: x, cy: y, r: R + 9 }),
      );
    if (recent.has(b.space)) g.append(s("circle", { class: "recent-ring", cx: x, cy: y, r: R + 5 }));
    if (tile) {
      const box = { x: x - R, y: y - R, width: 2 * R, height: 2 * R, rx: 10 };
      g.append(
        s("rect", { class: "co-fill", ...box }),
        s("rect", { class: "co-pattern", ...box, fill: `url(#ek-pat-${look.pattern})` }),
        s("rect", { class: "tile-frame", ...box }),
        s("text", { class: "co-letter", x, y: y + 12, "text-anchor": "middle" }, tile.company),
      );
      if (tile.protected)
        g.append(
          s("polygon", { class: "notch", points: `${x + R - 20},${y - R} ${x + R},${y - R} ${x + R},${y - R + 20}` }),
        );
    } else {
      g.append(s("circle", { class: "empty-dot", cx: x, cy: y, r: R - 6 }));
    }
    if (target && target.kind === "protect")
      g.append(s("circle", { class: "protect-mark", cx: x + R - 8, cy: y - R + 8, r: 9 }));
    // the name under the space, or above it when a neighbour sits close below
    const below = !b.adjacent.some(
      (n) => at.has(n) && Math.abs(X(at.get(n).x) - x) < 80 && Y(at.get(n).y) - y > 0 && Y(at.get(n).y) - y < 95,
    );
    g.append(s("text", { class: "space-name", x, y: below ? y + R + 20 : y - R - 8, "text-anchor": "middle" }, b.name));
    spaces.append(g);
  }
  svg.append(spaces);
  return svg;
}

/** Spaces whose tile changed in a list of events (placed, replaced or protected). */
export function changedSpaces(events) {
  const out = [];
  for (const e of events || []) if ((e.type === "place" || e.type === "protect") && e.space) out.push(e.space);
  return out;
}
