// The price history of the four shares as a hand-written SVG line chart. Each colour has
// its own dash pattern and marker shape besides its hue, and a table carries the same data
// for screen readers.

import { h, s } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { COLOURS, PRICE_RANGE, tg, marker, colourName, chip, dashOf } from "./cards.js";

const W = 640,
  H = 320,
  L = 44,
  R = 16,
  T = 14,
  B = 36;

/** A chart's frame over the rounds: the SVG (`box` its size and margins, `x` and `y` its
 *  scales), a grid line and label at each of `ticks` ([value, label]) and the rounds' axis.
 *  The price chart and the capital chart (capital.js) draw their lines in it. */
export function chartFrame({ box, id, title, rounds, x, y, ticks, attrs = {} }) {
  const { W, H, L, R, B } = box;
  const svg = s(
    "svg",
    {
      class: "chart",
      viewBox: `0 0 ${W} ${H}`,
      role: "img",
      "aria-labelledby": id,
      preserveAspectRatio: "xMidYMid meet",
      direction: "ltr",
      ...attrs,
    },
    s("title", { id }, title),
  );
  for (const [v, label] of ticks) {
    svg.append(
      s("line", { class: "grid", x1: L, x2: W - R, y1: y(v), y2: y(v) }),
      s("text", { class: "axis", x: L - 6, y: y(v) + 4, "text-anchor": "end" }, label),
    );
  }
  for (let i = 0; i <= rounds; i += 1) {
    svg.append(s("text", { class: "axis", x: x(i), y: H - B + 18, "text-anchor": "middle" }, num(i)));
  }
  svg.append(
    s("text", { class: "axis axis-title", x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle" }, tg("chart.rounds")),
  );
  return svg;
}

/** The chart's SVG: a line per colour over the rounds. */
function chartSvg(history, roundsTotal) {
  const rounds = Math.max(roundsTotal, history.length - 1, 1);
  const x = (i) => L + ((W - L - R) * i) / rounds;
  // the grid's ends (the catalog's) with a margin above, from 0
  const [low, high] = PRICE_RANGE;
  const y = (p) => T + ((H - T - B) * (high + low - p)) / (high + low);
  const ticks = [];
  for (let p = low; p <= high; p += (high - low) / 6) ticks.push([p, num(p)]);
  const svg = chartFrame({
    box: { W, H, L, R, B },
    id: "broker-chart-title",
    title: tg("chart.title"),
    rounds,
    x,
    y,
    ticks,
  });
  svg.append(
    s("line", { class: "grid edge", x1: L, x2: W - R, y1: y(high), y2: y(high) }),
    s("line", { class: "grid edge", x1: L, x2: W - R, y1: y(low), y2: y(low) }),
  );
  for (const c of COLOURS) {
    const points = history.map((prices, i) => [x(i), y(prices[c])]);
    const g = s("g", { class: `series series-${c}` });
    g.append(
      s("polyline", { points: points.map((p) => p.join(",")).join(" "), "stroke-dasharray": dashOf(c) || null }),
    );
    for (const [px, py] of points) g.append(marker(c, px, py, 5));
    svg.append(g);
  }
  return svg;
}

/** The chart as the result's picture shows it (site/js/hall/table/picture.js): its legend drawn
 *  under it, in the SVG itself (the page's legend is HTML, which a picture cannot hold). */
export function pictureChart(history, roundsTotal) {
  const svg = chartSvg(history, roundsTotal);
  svg.removeAttribute("aria-labelledby"); // the page's own chart has the title's id
  svg.querySelector("title").removeAttribute("id");
  const band = 30;
  svg.setAttribute("viewBox", `0 0 ${W} ${H + band}`);
  COLOURS.forEach((c, i) => {
    const x = L + ((W - L - R) * i) / COLOURS.length;
    const y = H + band / 2;
    svg.append(
      s(
        "g",
        { class: `series series-${c}` },
        s("line", { x1: x, x2: x + 34, y1: y, y2: y, "stroke-dasharray": dashOf(c) || null }),
        marker(c, x + 17, y, 5),
      ),
      s("text", { x: x + 42, y: y + 5, "font-size": 14, fill: "#1f2328" }, colourName(c)),
    );
  });
  return svg;
}

/** A chart's figures as a table for screen readers: a row per round (0 the start), a column
 *  per series. (A table ignores a 1px width, so the visually hidden wrapper is a div.) */
export function chartTable(caption, heads, rows) {
  return h(
    "div",
    { class: "sr-only" },
    h(
      "table",
      {},
      h("caption", {}, caption),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, tg("chart.round")),
          heads.map((head) => h("th", { scope: "col" }, head)),
        ),
      ),
      h(
        "tbody",
        {},
        rows.map((cells, i) =>
          h(
            "tr",
            {},
            h("th", { scope: "row" }, num(i)),
            cells.map((cell) => h("td", {}, cell)),
          ),
        ),
      ),
    ),
  );
}

export function priceChart(history, roundsTotal) {
  const svg = chartSvg(history, roundsTotal);
  const table = chartTable(
    tg("chart.title"),
    COLOURS.map(colourName),
    history.map((prices) => COLOURS.map((c) => num(prices[c]))),
  );
  const legend = h(
    "ul",
    { class: "legend" },
    COLOURS.map((c) =>
      h(
        "li",
        {},
        chip(c),
        h(
          "span",
          { class: "legend-line", "aria-hidden": "true" },
          s(
            "svg",
            { width: 36, height: 10, class: `series series-${c}` },
            s("line", { x1: 2, x2: 34, y1: 5, y2: 5, "stroke-dasharray": dashOf(c) || null }),
          ),
        ),
      ),
    ),
  );
  return h("figure", { class: "chart-box" }, svg, legend, table);
}
