// The map as SVG: regions (their pollution and nuclear load), lines with their printed costs
// and owners, cities with plants (their numbers), substations and hanging line ends, and
// the build phase's targets. The static map is the engine's catalog (words.js BOARD); what
// stands on it is the view's. The camera (zoom and pan: buttons, drag, pinch, ctrl+wheel,
// keys) lives per game across redraws; a tap on a map too small to hit a city zooms in first.

import { h, s } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { BOARD, tg, cityName, regionName, edgeKey, seatShapeName, shapePath, seatOf } from "./words.js";

import { HIT, camera, applyCamera, zoomAt, attach, ratio } from "./camera.js";

/** Mark a city on the map (hover or focus in the list of targets). */
export function markCity(c, on) {
  for (const el of document.querySelectorAll(`svg.grid-map .city[data-city="${CSS.escape(c)}"]`))
    el.classList.toggle("marked", on);
}

// ---------------------------------------------------------------- what stands on the map
function owners(view) {
  const out = {};
  view.seats.forEach((seat, i) => {
    for (const line of seat.lines) for (let k = 1; k < line.length; k++) out[edgeKey(line[k - 1], line[k])] = i;
  });
  return out;
}

function standing(view) {
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

function inside(x, y, poly) {
  let yes = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i],
      [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) yes = !yes;
  }
  return yes;
}

function segmentDistance(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax,
    dy = by - ay;
  const k = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - (ax + k * dx), y - (ay + k * dy));
}

// Where a region's name reads best: the point inside it farthest from cities and lines
// (a coarse search, once per region: the map does not change).
const spots = new Map();
function labelSpot(r) {
  if (spots.has(r)) return spots.get(r);
  const poly = BOARD.regions[r].outline;
  const xs = poly.map((p) => p[0]),
    ys = poly.map((p) => p[1]);
  const cities = Object.values(BOARD.cities).map((c) => [c.x, c.y]);
  const lines = BOARD.links.map(([a, b]) => [
    [BOARD.cities[a].x, BOARD.cities[a].y],
    [BOARD.cities[b].x, BOARD.cities[b].y],
  ]);
  let best = [xs[0], ys[0]],
    score = -1;
  for (let x = Math.min(...xs) + 60; x < Math.max(...xs) - 60; x += 10)
    for (let y = Math.min(...ys) + 25; y < Math.max(...ys) - 30; y += 10) {
      if (!inside(x, y, poly) || !inside(x - 60, y, poly) || !inside(x + 60, y, poly)) continue;
      let d = Infinity;
      for (const [cx, cy] of cities) d = Math.min(d, Math.hypot((cx - x) / 2, cy - y) - 20);
      for (const [a, b] of lines) {
        d = Math.min(
          d,
          segmentDistance(x - 45, y, a, b),
          segmentDistance(x + 45, y, a, b),
          segmentDistance(x, y, a, b),
        );
        d = Math.min(d, segmentDistance(x, y + 20, a, b));
      }
      if (d > score) [best, score] = [[x, y], d];
    }
  spots.set(r, best);
  return best;
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
  const { plants, subs, hanging } = standing(v);
  const owned = owners(v);
  const inPlay = new Set(v.regions);
  const targets = opts.targets || null;
  const next = new Set(opts.next || []);
  const titleId = `grid-map-title-${key.replace(/[^a-z0-9]/gi, "")}`;

  const svg = s("svg", {
    class: ["grid-map", (targets || next.size) && "picking"],
    "data-camera": key,
    role: "group",
    "aria-labelledby": titleId,
    tabindex: "0",
    preserveAspectRatio: "xMidYMid meet",
  });
  svg.append(s("title", { id: titleId }, tg("map.title")));
  svg.append(
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

  // regions and their load
  const regions = s("g", { class: "regions" });
  for (const [r, reg] of Object.entries(BOARD.regions)) {
    const out = !inPlay.has(r);
    const load = (v.pollution && v.pollution[r]) || [0, 0];
    const [cx, cy] = labelSpot(r);
    regions.append(
      s(
        "g",
        { class: ["region", `region-${r}`, out && "out"], "data-region": r },
        s(
          "polygon",
          { points: reg.outline.map((p) => p.join(",")).join(" ") },
          s(
            "title",
            {},
            out
              ? tg("map.region_out", { region: regionName(r) })
              : tg("map.region_title", {
                  region: regionName(r),
                  load: num(load[0]),
                  cap: num(reg.pollution),
                  nuclear: num(load[1]),
                  limit: num(reg.nuclear),
                }),
          ),
        ),
        s("text", { class: "region-label", x: cx, y: cy, "text-anchor": "middle" }, regionName(r)),
        out
          ? s("text", { class: "region-load", x: cx, y: cy + 20, "text-anchor": "middle" }, tg("map.out"))
          : s(
              "text",
              {
                class: ["region-load", load[0] >= reg.pollution && "full"],
                x: cx,
                y: cy + 30,
                "text-anchor": "middle",
              },
              tg("map.load", {
                load: num(load[0]),
                cap: num(reg.pollution),
                nuclear: num(load[1]),
                limit: num(reg.nuclear),
              }),
            ),
      ),
    );
  }
  svg.append(regions);

  // lines: printed cost, owner (hue + dash pattern), the hit area for drawing a route
  const links = s("g", { class: "links" });
  const labels = s("g", { class: "link-costs" });
  for (const [a, b, cost] of BOARD.links) {
    const A = BOARD.cities[a],
      B = BOARD.cities[b];
    const owner = owned[edgeKey(a, b)];
    const off = !inPlay.has(A.region) || !inPlay.has(B.region);
    links.append(
      s(
        "line",
        {
          class: ["link", owner != null && `owned seat-line-${owner}`, off && "off"],
          "data-edge": edgeKey(a, b),
          x1: A.x,
          y1: A.y,
          x2: B.x,
          y2: B.y,
        },
        s(
          "title",
          {},
          owner != null
            ? tg("map.line_owned", { a: A.name, b: B.name, cost: num(cost), name: seatOf(v, owner) })
            : tg("map.line", { a: cityName(a), b: cityName(b), cost: num(cost) }),
        ),
      ),
    );
    if (!off) {
      const mx = (A.x + B.x) / 2,
        my = (A.y + B.y) / 2;
      labels.append(
        s(
          "g",
          { class: ["link-cost", owner != null && "owned"], "aria-hidden": "true" },
          s("circle", { cx: mx, cy: my, r: 11 }),
          s("text", { x: mx, y: my + 5, "text-anchor": "middle" }, num(cost)),
        ),
      );
    }
  }
  svg.append(links);

  // a proposed or drawn line
  if (opts.path && opts.path.length > 1) {
    svg.append(
      s("polyline", {
        class: "proposed",
        points: opts.path.map((c) => `${BOARD.cities[c].x},${BOARD.cities[c].y}`).join(" "),
      }),
    );
  }
  svg.append(labels);

  // hanging line ends: a gap mark on the line, a little way from the city
  const ends = s("g", { class: "hanging" });
  for (const [c, list] of Object.entries(hanging)) {
    const C = BOARD.cities[c];
    for (const end of list) {
      const V = BOARD.cities[end.via];
      if (!V) continue;
      const d = Math.hypot(V.x - C.x, V.y - C.y) || 1;
      const x = C.x + ((V.x - C.x) / d) * 30,
        y = C.y + ((V.y - C.y) / d) * 30;
      ends.append(
        s(
          "g",
          { class: `hanging-end seat-${end.seat}` },
          s("circle", { cx: x, cy: y, r: 8 }),
          s("path", { d: `M${x - 5} ${y - 5}L${x + 5} ${y + 5}M${x + 5} ${y - 5}L${x - 5} ${y + 5}` }),
          s("title", {}, tg("map.hanging", { name: seatOf(v, end.seat), city: C.name })),
        ),
      );
    }
  }

  // cities
  const cities = s("g", { class: "cities" });
  for (const [c, city] of Object.entries(BOARD.cities)) {
    const off = !inPlay.has(city.region);
    const target = targets && targets[c];
    const here = plants[c] || [];
    const double = city.sites > 1;
    const g = s("g", {
      class: [
        "city",
        off && "off",
        target && "target",
        next.has(c) && "next",
        opts.selected === c && "selected",
        opts.path && opts.path.includes(c) && "on-path",
      ],
      "data-city": c,
    });
    g.append(s("circle", { class: "city-hit", cx: city.x, cy: city.y, r: HIT }));
    g.append(
      double
        ? s("rect", { class: "city-dot", x: city.x - 30, y: city.y - 15, width: 60, height: 30, rx: 15 })
        : s("circle", { class: "city-dot", cx: city.x, cy: city.y, r: 15 }),
    );
    here.forEach((p, k) => {
      const px = double ? city.x + (k ? 15 : -15) : city.x;
      g.append(
        s(
          "g",
          { class: `plant-badge seat-${p.seat}` },
          s("rect", { x: px - 15, y: city.y - 12, width: 30, height: 24, rx: 5 }),
          s("text", { x: px, y: city.y + 6, "text-anchor": "middle" }, num(p.n)),
        ),
      );
    });
    (subs[c] || []).forEach((seat, k) => {
      const angle = (-150 + k * 60) * (Math.PI / 180);
      const x = city.x + Math.cos(angle) * 27,
        y = city.y + Math.sin(angle) * 27;
      g.append(s("g", { class: `substation seat-${seat}` }, shapePath(seatShapeName(seat), x, y, 8)));
    });
    g.append(s("text", { class: "city-label", x: city.x, y: city.y + 34, "text-anchor": "middle" }, cityName(c)));
    if (target && target.label != null) {
      const w = Math.max(30, String(target.label).length * 11 + 14);
      g.append(
        s(
          "g",
          { class: "target-badge" },
          s("rect", { x: city.x - w / 2, y: city.y - 48, width: w, height: 24, rx: 12 }),
          s("text", { x: city.x, y: city.y - 30, "text-anchor": "middle" }, target.label),
        ),
      );
    }
    g.append(s("title", {}, cityTitle(v, c, here, subs[c] || [], target)));
    cities.append(g);
  }
  svg.append(cities, ends);
  attach(svg, key, cam, opts);
  applyCamera(svg, cam);

  const zoom = (factor) => () => {
    zoomAt(svg, cam, factor, cam.x + cam.w / 2, cam.y + (cam.w * ratio()) / 2);
  };
  return h(
    "section",
    { class: "map-card", "aria-label": tg("map.title") },
    h(
      "div",
      { class: "map-tools" },
      h("h3", {}, tg("map.title")),
      h(
        "div",
        { class: "map-zoom", role: "group", "aria-label": tg("map.zoom") },
        h(
          "button",
          {
            type: "button",
            class: "btn btn-icon",
            "aria-label": tg("map.zoom_in"),
            "data-zoom": "in",
            onclick: zoom(1.6),
          },
          "+",
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-icon",
            "aria-label": tg("map.zoom_out"),
            "data-zoom": "out",
            onclick: zoom(1 / 1.6),
          },
          "−",
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-icon",
            "aria-label": tg("map.fit"),
            "data-zoom": "fit",
            onclick: () => {
              Object.assign(cam, { x: 0, y: 0, w: BOARD.width });
              applyCamera(svg, cam);
            },
          },
          "⤢",
        ),
      ),
    ),
    h("div", { class: "map-frame", dir: "ltr" }, svg),
    legend(v),
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
