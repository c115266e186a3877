// Where the map's names go so that none covers another (issue 30): a region's name at the
// point inside it farthest from cities and lines, then each city's name beside its dot on the
// first side (below, right, left, the lower corners, above) where it covers no other name, no
// city, no line's cost, no target's cost badge and no region's name. Names are measured as drawn (a canvas with the
// map's fonts), so a Russian or Arabic name gets its own room. Static per language: worked
// out once and kept.

import { BOARD } from "./words.js";

// the map's fonts (grid.css: .city-label, .region-label, .region-load) and their boxes
const CITY_FONT = "600 15px system-ui, sans-serif";
const REGION_FONT = "700 22px system-ui, sans-serif";
const LOAD_FONT = "600 15px system-ui, sans-serif";
const CITY_H = 20; // a city name's box as drawn: 15 above its baseline, 5 below
const DOT = 17; // a city's dot and its ring, radius (a double city: 32 wide)
const COST = 12; // a line's cost badge, radius
const BADGE = 22; // a target city's cost badge above it, half its width

let pen = null;
function width(text, font) {
  pen ||= document.createElement("canvas").getContext("2d");
  pen.font = font;
  return pen.measureText(text).width;
}

// The search below tries some 100,000 points a region: it reads points by index and keeps
// the obstacles in typed arrays, as objects and arrays for each point made ~29 MB of garbage
// a page, which the page's heap grew by (issue 28).

export function inside(x, y, poly) {
  let yes = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const xi = poly[i][0],
      yi = poly[i][1],
      xj = poly[j][0],
      yj = poly[j][1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) yes = !yes;
  }
  return yes;
}

const dist = (dx, dy) => Math.sqrt(dx * dx + dy * dy);

function segmentDistance(x, y, ax, ay, bx, by) {
  const dx = bx - ax,
    dy = by - ay;
  const k = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
  return dist(x - (ax + k * dx), y - (ay + k * dy));
}

const at = (c) => [BOARD.cities[c].x, BOARD.cities[c].y];

// What a region's name keeps away from, once the catalog's board is read (regionSpot): per
// obstacle its kind and four numbers (a city: its dot; a line: its ends; a line's cost: the
// line's middle). LEAST and ORDER are the search's per column (obstacles).
const CITY = 0,
  LINE = 1,
  COST_AT = 2,
  STRIDE = 5;
let OB = null,
  LEAST = null,
  ORDER = null;

function readBoard() {
  const cities = Object.keys(BOARD.cities).map(at);
  const count = cities.length + 2 * BOARD.links.length;
  OB = new Float64Array(count * STRIDE);
  LEAST = new Float64Array(count);
  ORDER = new Uint16Array(count);
  let i = 0;
  const put = (...numbers) => OB.set(numbers, STRIDE * i++);
  for (const [x, y] of cities) put(CITY, x, y, 0, 0);
  for (const [a, b] of BOARD.links.map(([a, b]) => [at(a), at(b)])) {
    put(LINE, a[0], a[1], b[0], b[1]);
    put(COST_AT, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, 0, 0);
  }
}

// Where a region's name (`w` wide as drawn) reads best: the point inside the region whose
// name and load line lie farthest from cities and lines (a coarse search, once per region
// and width: the map does not change).
const spots = new Map();
export function regionSpot(r, w) {
  const key = `${r}:${Math.round(w)}`;
  if (spots.has(key)) return spots.get(key);
  if (!OB) readBoard();
  const poly = BOARD.regions[r].outline;
  const xs = poly.map((p) => p[0]),
    ys = poly.map((p) => p[1]);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const half = w / 2 + 6;
  const reach = Math.max(half, 60); // the points tried lie this far either side of x
  const alongName = Math.floor((2 * half) / 16) + 1; // points along the name, 16 apart
  let bestX = xs[0],
    bestY = ys[0],
    score = -Infinity;
  for (let x = left + half; x < right - half; x += 10) {
    obstacles(x - reach, x + reach, top, bottom);
    for (let y = top + 25; y < bottom - 30; y += 10) {
      if (!inside(x, y, poly) || !inside(x - half, y, poly) || !inside(x + half, y, poly)) continue;
      // points along the name (its middle line), then along the load line under it (7, 20 apart)
      let d = Infinity;
      for (let k = 0; k < alongName + 7; k++) {
        const px = k < alongName ? x - half + 16 * k : x - 60 + 20 * (k - alongName);
        const py = k < alongName ? y - 7 : y + 25;
        // nearest first: once the nearest an obstacle can be is no nearer than `d`, the rest
        // (farther still) cannot lower it; the same minimum as trying them all
        for (let n = 0; n < ORDER.length; n++) {
          const o = ORDER[n];
          if (LEAST[o] >= d) break;
          d = Math.min(d, away(o, px, py));
        }
        if (d < score) break;
      }
      if (d > score) {
        bestX = x;
        bestY = y;
        score = d;
      }
    }
  }
  const best = [bestX, bestY];
  spots.set(key, best);
  return best;
}

// the gap between the intervals [lo, hi] and [a, b] (0 when they meet)
const gap = (lo, hi, a, b) => Math.max(0, lo - b, a - hi);
// the room a region's name keeps from each obstacle (obstacles and away, one shape each): a
// city's name under its dot and its cost badge above it (building), measured from points
// NAME_DY and BADGE_DY below the city, sideways distances shrunk by STRETCH; a line; a
// line's cost at its middle
const STRETCH = 1.6;
const NAME_DY = 12,
  NAME_ROOM = 34;
const BADGE_DY = -36,
  BADGE_ROOM = 20;
const LINE_ROOM = 13;
const COST_ROOM = 26;

/** For the box [x0, x1] × [y0, y1]: LEAST, the least each obstacle's distance (less its room)
 *  can be from a point in it, and ORDER, the obstacles nearest first. (The grid table's first
 *  draw searched every region against every obstacle: ~250 ms.) */
function obstacles(x0, x1, y0, y1) {
  const least = (cx, cy, scale, room) => dist(gap(x0, x1, cx, cx) / scale, gap(y0, y1, cy, cy)) - room;
  for (let i = 0; i < ORDER.length; i++) {
    const o = STRIDE * i,
      kind = OB[o],
      p = OB[o + 1],
      q = OB[o + 2];
    if (kind === CITY)
      LEAST[i] = Math.min(least(p, q + NAME_DY, STRETCH, NAME_ROOM), least(p, q + BADGE_DY, STRETCH, BADGE_ROOM));
    else if (kind === LINE) {
      const p2 = OB[o + 3],
        q2 = OB[o + 4];
      LEAST[i] =
        dist(gap(x0, x1, Math.min(p, p2), Math.max(p, p2)), gap(y0, y1, Math.min(q, q2), Math.max(q, q2))) - LINE_ROOM;
    } else LEAST[i] = least(p, q, 1, COST_ROOM);
    ORDER[i] = i;
  }
  ORDER.sort((a, b) => LEAST[a] - LEAST[b]);
}

/** Obstacle i's distance from (px, py), less its room. */
function away(i, px, py) {
  const o = STRIDE * i,
    kind = OB[o],
    p = OB[o + 1],
    q = OB[o + 2];
  if (kind === CITY) {
    const dx = (p - px) / STRETCH;
    return Math.min(dist(dx, q + NAME_DY - py) - NAME_ROOM, dist(dx, q + BADGE_DY - py) - BADGE_ROOM);
  }
  if (kind === LINE) return segmentDistance(px, py, p, q, OB[o + 3], OB[o + 4]) - LINE_ROOM;
  return dist(p - px, q - py) - COST_ROOM;
}

/** A region's name's width as drawn (letter-spacing .04em). */
export const regionWidth = (name) => width(name, REGION_FONT) * 1.05;

// boxes [x0, y0, x1, y1]
const box = (x, y, w, hgt) => [x, y, x + w, y + hgt];
const overlap = (a, b) =>
  Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

/** A region's name and load line as boxes (the load's words: `load`, measured too). */
function regionBoxes(r, name, load) {
  const w = regionWidth(name);
  const [x, y] = regionSpot(r, w);
  const l = width(load, LOAD_FONT);
  return [box(x - w / 2, y - 22, w, 29), box(x - l / 2, y + 15, l, 21)];
}

// a city name's place beside its dot, best first: [anchor, dx, baseline dy] in map units,
// dx from the dot's middle (middle) or its side (start: right of it, end: left of it)
const SIDES = [
  ["middle", 0, 34],
  ["start", 0, 9],
  ["end", 0, 9],
  ["middle", 30, 36],
  ["middle", -30, 36],
  ["start", 0, 30],
  ["end", 0, 30],
  ["middle", 0, 52],
  ["middle", 35, 52],
  ["middle", -35, 52],
  ["start", 20, 9],
  ["end", 20, 9],
  ["start", 0, -14],
  ["end", 0, -14],
  ["middle", 0, -56],
  // then a ring around the dot, nearest first
  ...[40, 55].flatMap((r) =>
    Array.from({ length: 12 }, (_, k) => [
      "middle",
      Math.round(r * 1.3 * Math.cos((k * Math.PI) / 6)),
      Math.round(r * Math.sin((k * Math.PI) / 6)) + 5,
    ]),
  ),
];

/** Where a name `w` wide goes beside city c for `side`: {x, y, anchor} and its box. */
function spot(c, w, [anchor, dx, dy]) {
  const { x, y, sites } = BOARD.cities[c];
  const half = sites > 1 ? 34 : 19;
  const at = anchor === "middle" ? x + dx : anchor === "start" ? x + half + dx : x - half - dx;
  const left = anchor === "middle" ? at - w / 2 : anchor === "start" ? at - 4 : at - w + 4;
  return { x: at, y: y + dy, anchor, b: box(left, y + dy - 15, w, CITY_H) };
}

const placed = new Map();
/** {city: {x, y, anchor}}: where each city's name goes, for names `cityName(c)` and the
 *  regions' `regionName(r)` with their load line `loadText(r)` (kept per `lang`). */
export function cityLabels(lang, cityName, regionName, loadText) {
  if (placed.has(lang)) return placed.get(lang);
  const taken = []; // boxes a name should not cover
  const badges = []; // target cities' cost badges (building): better not, at a small price
  for (const r of Object.keys(BOARD.regions)) taken.push(...regionBoxes(r, regionName(r), loadText(r)));
  for (const [c, city] of Object.entries(BOARD.cities)) {
    const rx = city.sites > 1 ? 32 : DOT;
    taken.push(box(city.x - rx, city.y - DOT, 2 * rx, 2 * DOT));
    badges.push(box(city.x - BADGE, city.y - 50, 2 * BADGE, 28));
  }
  for (const [a, b] of BOARD.links) {
    const mx = (at(a)[0] + at(b)[0]) / 2,
      my = (at(a)[1] + at(b)[1]) / 2;
    taken.push(box(mx - COST, my - COST, 2 * COST, 2 * COST));
  }
  const out = {};
  for (const c of Object.keys(BOARD.cities)) {
    const w = width(cityName(c), CITY_FONT) + 8; // its white outline and a little air
    let best = null;
    for (const side of SIDES) {
      const here = spot(c, w, side);
      const b = here.b;
      const off = b[0] < 0 || b[1] < 0 || b[2] > BOARD.width || b[3] > BOARD.height;
      here.cost =
        taken.reduce((sum, t) => sum + overlap(b, t), 0) +
        badges.reduce((sum, t) => sum + overlap(b, t) / 20, 0) +
        (off ? 1e6 : 0);
      if (!best || here.cost < best.cost) best = here;
      if (!here.cost) break;
    }
    taken.push(best.b);
    out[c] = { x: best.x, y: best.y, anchor: best.anchor };
  }
  placed.set(lang, out);
  return out;
}
