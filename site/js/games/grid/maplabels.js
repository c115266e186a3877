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

// The search below tries some 100,000 points a region: its helpers read points by index, as
// destructuring each point made some 15 MB of garbage a page.

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

function segmentDistance(x, y, a, b) {
  const ax = a[0],
    ay = a[1];
  const dx = b[0] - ax,
    dy = b[1] - ay;
  const k = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - (ax + k * dx), y - (ay + k * dy));
}

const at = (c) => [BOARD.cities[c].x, BOARD.cities[c].y];
// the cities and lines as points, once the catalog's board is read (regionSpot)
let CITIES = null,
  LINES = null;

// Where a region's name (`w` wide as drawn) reads best: the point inside the region whose
// name and load line lie farthest from cities and lines (a coarse search, once per region
// and width: the map does not change).
const spots = new Map();
export function regionSpot(r, w) {
  const key = `${r}:${Math.round(w)}`;
  if (spots.has(key)) return spots.get(key);
  CITIES ||= Object.keys(BOARD.cities).map(at);
  LINES ||= BOARD.links.map(([a, b]) => [at(a), at(b)]);
  const poly = BOARD.regions[r].outline;
  const xs = poly.map((p) => p[0]),
    ys = poly.map((p) => p[1]);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const half = w / 2 + 6;
  const reach = Math.max(half, 60); // the points tried lie this far either side of x
  const alongName = Math.floor((2 * half) / 16) + 1; // points along the name, 16 apart
  let best = [xs[0], ys[0]],
    score = -Infinity;
  for (let x = left + half; x < right - half; x += 10) {
    const near = obstacles([x - reach, x + reach, top, bottom]);
    for (let y = top + 25; y < bottom - 30; y += 10) {
      if (!inside(x, y, poly) || !inside(x - half, y, poly) || !inside(x + half, y, poly)) continue;
      // points along the name (its middle line), then along the load line under it (7, 20 apart)
      let d = Infinity;
      for (let k = 0; k < alongName + 7; k++) {
        const px = k < alongName ? x - half + 16 * k : x - 60 + 20 * (k - alongName);
        const py = k < alongName ? y - 7 : y + 25;
        // nearest first: once the nearest an obstacle can be is no nearer than `d`, the rest
        // (farther still) cannot lower it; the same minimum as trying them all
        for (const o of near) {
          if (o.least >= d) break;
          d = Math.min(d, away(o, px, py));
        }
        if (d < score) break;
      }
      if (d > score) [best, score] = [[x, y], d];
    }
  }
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

/** What a region's name keeps away from: a city with its name beside or under it and its cost
 *  badge above it (building), a line, a line's cost. Each with `least`, the least its
 *  distance (less its room) can be from a point in `box` ([x0, x1, y0, y1]); nearest first.
 *  (The grid table's first draw searched every region against every obstacle: ~250 ms.) */
function obstacles([x0, x1, y0, y1]) {
  const out = [];
  const least = (cx, cy, scale, room) => Math.hypot(gap(x0, x1, cx, cx) / scale, gap(y0, y1, cy, cy)) - room;
  for (const [cx, cy] of CITIES)
    out.push({
      least: Math.min(least(cx, cy + NAME_DY, STRETCH, NAME_ROOM), least(cx, cy + BADGE_DY, STRETCH, BADGE_ROOM)),
      city: [cx, cy],
    });
  for (const [a, b] of LINES) {
    const [ax, bx] = a[0] < b[0] ? [a[0], b[0]] : [b[0], a[0]];
    const [ay, by] = a[1] < b[1] ? [a[1], b[1]] : [b[1], a[1]];
    out.push({ least: Math.hypot(gap(x0, x1, ax, bx), gap(y0, y1, ay, by)) - LINE_ROOM, line: [a, b] });
    const [cx, cy] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    out.push({ least: least(cx, cy, 1, COST_ROOM), cost: [cx, cy] });
  }
  return out.sort((p, q) => p.least - q.least);
}

/** An obstacle's distance from (px, py), less its room. */
function away(o, px, py) {
  if (o.city) {
    const cx = o.city[0],
      cy = o.city[1];
    return Math.min(
      Math.hypot((cx - px) / STRETCH, cy + NAME_DY - py) - NAME_ROOM,
      Math.hypot((cx - px) / STRETCH, cy + BADGE_DY - py) - BADGE_ROOM,
    );
  }
  if (o.line) return segmentDistance(px, py, o.line[0], o.line[1]) - LINE_ROOM;
  return Math.hypot(o.cost[0] - px, o.cost[1] - py) - COST_ROOM;
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
