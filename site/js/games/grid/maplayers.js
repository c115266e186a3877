// The map's layers, each drawn from the seat's view on the engine's static map (words.js
// BOARD), bottom to top: regions with their pollution and nuclear load, lines with their
// costs and owners, a proposed line, hanging line ends, cities (plants, substations, names,
// targets). map.js stacks them; maplabels.js says where names go.

import { keptPart } from "../../shell/keep.js";
import { putChildren } from "../../shell/place.js";
import { s } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { BOARD, tg, cityName, regionName, edgeKey, seatShapeName, shapePath, seatOf } from "./words.js";
import { HIT } from "./camera.js";
import { regionSpot, regionWidth, cityLabels } from "./maplabels.js";

// ---------------------------------------------------------------- what stands on the map
/** edge -> the seat owning that line */
export function owners(view) {
  const out = {};
  view.seats.forEach((seat, i) => {
    for (const line of seat.lines) for (let k = 1; k < line.length; k++) out[edgeKey(line[k - 1], line[k])] = i;
  });
  return out;
}

/** city -> plants ({seat, n}), substations (seats) and hanging line ends ({seat, via}) */
export function standing(view) {
  const plants = {},
    subs = {},
    hanging = {};
  view.seats.forEach((seat, i) => {
    for (const p of seat.plants) (plants[p.city] ||= []).push({ seat: i, n: p.n });
    for (const c of seat.substations) (subs[c] ||= []).push(i);
    for (const end of seat.hanging || []) (hanging[end.city] ||= []).push({ seat: i, via: end.via });
  });
  return { plants, subs, hanging };
}

// ---------------------------------------------------------------- regions
const loadText = (load, reg) =>
  tg("map.load", { load: num(load[0]), cap: num(reg.pollution), nuclear: num(load[1]), limit: num(reg.nuclear) });

/** Where the city names go in this language (the regions' names and loads kept clear). */
export const labelPlaces = () =>
  cityLabels(document.documentElement.lang, cityName, regionName, (r) => loadText([5, 1], BOARD.regions[r]));

/** Where region `r`'s name goes, in the reader's language. */
const nameSpot = (r) => regionSpot(r, regionWidth(regionName(r)));

/** Where each region's name goes, worked out ahead, one region per task: a game being opened
 *  (the engine reads it meanwhile) finds them at its first draw, which did this search itself
 *  (~40 ms of a ~100 ms task on a 2-core machine). */
export function spotsAhead() {
  const left = Object.keys(BOARD.regions);
  const next = () => {
    const r = left.shift();
    if (r === undefined) return;
    nameSpot(r);
    setTimeout(next);
  };
  setTimeout(next);
}

export function regionsLayer(v, inPlay) {
  const g = s("g", { class: "regions" });
  for (const [r, reg] of Object.entries(BOARD.regions)) {
    const out = !inPlay.has(r);
    const load = (v.pollution && v.pollution[r]) || [0, 0];
    const [cx, cy] = nameSpot(r);
    const title = out
      ? tg("map.region_out", { region: regionName(r) })
      : tg("map.region_title", {
          region: regionName(r),
          load: num(load[0]),
          cap: num(reg.pollution),
          nuclear: num(load[1]),
          limit: num(reg.nuclear),
        });
    g.append(
      s(
        "g",
        { class: ["region", `region-${r}`, out && "out"], "data-region": r },
        s("polygon", { points: reg.outline.map((p) => p.join(",")).join(" ") }, s("title", {}, title)),
        s("text", { class: "region-label", x: cx, y: cy, "text-anchor": "middle" }, regionName(r)),
        s(
          "text",
          {
            class: ["region-load", !out && load[0] >= reg.pollution && "full"],
            x: cx,
            y: cy + 30,
            "text-anchor": "middle",
          },
          out ? tg("map.out") : loadText(load, reg),
        ),
      ),
    );
  }
  return g;
}

// ---------------------------------------------------------------- lines
/** The lines (owner: hue + dash pattern). The layer is kept for the game and each line in it
 *  by what it shows, put in it in place (as the cities are): a line built changes one or two,
 *  and the whole layer with its badges, some 300 nodes, was made anew (map.js calls this only
 *  when the lines' owners or the regions changed). */
export function linksLayer(v, inPlay, owned) {
  const g = keptPart("grid-map-links-layer", [], () => s("g", { class: "links" }));
  const lines = BOARD.links.map(([a, b, cost]) => {
    const owner = owned[edgeKey(a, b)] ?? null;
    const off = !inPlay.has(BOARD.cities[a].region) || !inPlay.has(BOARD.cities[b].region);
    const shows = [owner, owner != null && v.players[owner], off];
    return keptPart(`grid-link-${edgeKey(a, b)}`, shows, () => linkLine(v, a, b, cost, owner, off));
  });
  putChildren(g, lines);
  return g;
}

function linkLine(v, a, b, cost, owner, off) {
  const A = BOARD.cities[a],
    B = BOARD.cities[b];
  const words = { a: cityName(a), b: cityName(b), cost: num(cost) };
  return s(
    "line",
    {
      class: ["link", owner != null && `owned seat-line-${owner}`, off && "off"],
      "data-edge": edgeKey(a, b),
      x1: A.x,
      y1: A.y,
      x2: B.x,
      y2: B.y,
    },
    s("title", {}, owner != null ? tg("map.line_owned", { ...words, name: seatOf(v, owner) }) : tg("map.line", words)),
  );
}

/** The lines' cost badges (above the lines and a proposed one), on the lines in play: the
 *  layer kept for the game, each badge by whether its line is owned (as the lines are). */
export function costsLayer(inPlay, owned) {
  const g = keptPart("grid-map-costs-layer", [], () => s("g", { class: "link-costs" }));
  const badges = [];
  for (const [a, b, cost] of BOARD.links) {
    if (!inPlay.has(BOARD.cities[a].region) || !inPlay.has(BOARD.cities[b].region)) continue;
    const mine = owned[edgeKey(a, b)] != null;
    badges.push(keptPart(`grid-cost-${edgeKey(a, b)}`, [mine], () => costBadge(a, b, cost, mine)));
  }
  putChildren(g, badges);
  return g;
}

function costBadge(a, b, cost, owned) {
  const A = BOARD.cities[a],
    B = BOARD.cities[b];
  const mx = (A.x + B.x) / 2,
    my = (A.y + B.y) / 2;
  return s(
    "g",
    { class: ["link-cost", owned && "owned"], "aria-hidden": "true" },
    s("circle", { cx: mx, cy: my, r: 11 }),
    s("text", { x: mx, y: my + 5, "text-anchor": "middle" }, num(cost)),
  );
}

/** A proposed or drawn line through `path`, or null. */
export function proposedLine(path) {
  if (!path || path.length < 2) return null;
  return s("polyline", {
    class: "proposed",
    points: path.map((c) => `${BOARD.cities[c].x},${BOARD.cities[c].y}`).join(" "),
  });
}

/** Hanging line ends: a gap mark on the line, a little way from the city. */
export function hangingLayer(v, hanging) {
  const g = s("g", { class: "hanging" });
  for (const [c, list] of Object.entries(hanging)) {
    const C = BOARD.cities[c];
    for (const end of list) {
      const V = BOARD.cities[end.via];
      if (!V) continue;
      const d = Math.hypot(V.x - C.x, V.y - C.y) || 1;
      const x = C.x + ((V.x - C.x) / d) * 30,
        y = C.y + ((V.y - C.y) / d) * 30;
      g.append(
        s(
          "g",
          { class: `hanging-end seat-${end.seat}` },
          s("circle", { cx: x, cy: y, r: 8 }),
          s("path", { d: `M${x - 5} ${y - 5}L${x + 5} ${y + 5}M${x + 5} ${y - 5}L${x - 5} ${y + 5}` }),
          s("title", {}, tg("map.hanging", { name: seatOf(v, end.seat), city: cityName(c) })),
        ),
      );
    }
  }
  return g;
}

// ---------------------------------------------------------------- cities
/** Every city: its hit area, dot, plants (numbers), substations, name and, when it is a
 *  target, its cost badge. `opts` as mapCard's; `title(c, here, subs, target)` its tooltip. */
export function citiesLayer(v, inPlay, { plants, subs }, opts, title) {
  const targets = opts.targets || null;
  const next = new Set(opts.next || []);
  const names = labelPlaces();
  // the layer itself kept for the game, its cities put in it in place (shell/place.js): a city
  // that shows the same never leaves the page
  const g = keptPart("grid-map-cities", [], () => s("g", { class: "cities" }));
  const cities = [];
  for (const [c, city] of Object.entries(BOARD.cities)) {
    const target = (targets && targets[c]) || null;
    const here = plants[c] || [];
    const marks = {
      off: !inPlay.has(city.region),
      next: next.has(c),
      selected: opts.selected === c,
      onPath: Boolean(opts.path && opts.path.includes(c)),
    };
    // each city kept by what it shows (its title reads the seats' names and what it pays):
    // a build changes one or two of the 42, which were some 80 nodes made anew per step
    const shows = [c, target, here, subs[c] || [], marks, names[c], v.players, v.values && v.values[c]];
    cities.push(
      keptPart(`grid-city-${c}`, shows, () => cityGroup(c, city, target, here, subs[c] || [], marks, names[c], title)),
    );
  }
  putChildren(g, cities);
  return g;
}

/** One city's group: its hit area, dot, plants, substations, name and cost badge. */
function cityGroup(c, city, target, here, subs, marks, at, title) {
  const double = city.sites > 1;
  const one = s("g", {
    class: [
      "city",
      marks.off && "off",
      target && "target",
      marks.next && "next",
      marks.selected && "selected",
      marks.onPath && "on-path",
    ],
    "data-city": c,
  });
  one.append(s("circle", { class: "city-hit", cx: city.x, cy: city.y, r: HIT }));
  one.append(
    double
      ? s("rect", { class: "city-dot", x: city.x - 30, y: city.y - 15, width: 60, height: 30, rx: 15 })
      : s("circle", { class: "city-dot", cx: city.x, cy: city.y, r: 15 }),
  );
  here.forEach((p, k) => {
    const px = double ? city.x + (k ? 15 : -15) : city.x;
    one.append(
      s(
        "g",
        { class: `plant-badge seat-${p.seat}` },
        s("rect", { x: px - 15, y: city.y - 12, width: 30, height: 24, rx: 5 }),
        s("text", { x: px, y: city.y + 6, "text-anchor": "middle" }, num(p.n)),
      ),
    );
  });
  subs.forEach((seat, k) => {
    const angle = (-150 + k * 60) * (Math.PI / 180);
    const x = city.x + Math.cos(angle) * 27,
      y = city.y + Math.sin(angle) * 27;
    one.append(s("g", { class: `substation seat-${seat}` }, shapePath(seatShapeName(seat), x, y, 8)));
  });
  one.append(s("text", { class: "city-label", x: at.x, y: at.y, "text-anchor": at.anchor }, cityName(c)));
  if (target && target.label != null) {
    const w = Math.max(30, String(target.label).length * 11 + 14);
    one.append(
      s(
        "g",
        { class: "target-badge" },
        s("rect", { x: city.x - w / 2, y: city.y - 48, width: w, height: 24, rx: 12 }),
        s("text", { x: city.x, y: city.y - 30, "text-anchor": "middle" }, target.label),
      ),
    );
  }
  one.append(s("title", {}, title(c, here, subs, target)));
  return one;
}
