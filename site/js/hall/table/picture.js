// A picture of a game's result to post in a chat or a forum: one standalone SVG file with
// the game's name, its options, the final standings and, when the game's table draws one,
// its chart under the chart's own title (the table's optional `picture(view)`: Broker-Yard's
// price chart with its legend). The chart's styles come from the page's CSS, so they are
// copied onto its elements: the file looks the same anywhere.

import { s } from "../../shell/dom.js";
import { t, num } from "../../shell/i18n.js";

const W = 640;
const STYLED = ["fill", "stroke", "stroke-width", "stroke-dasharray", "font-size", "font-family", "opacity"];

/** The chart with its computed styles written onto it (it is drawn once, off screen). */
function inlined(svg) {
  const holder = document.createElement("div");
  holder.style.cssText = `position:absolute;left:-9999px;top:0;width:${W}px`;
  holder.append(svg);
  document.body.append(holder);
  for (const el of [svg, ...svg.querySelectorAll("*")]) {
    const style = getComputedStyle(el);
    for (const name of STYLED) {
      const value = style.getPropertyValue(name);
      if (value && !el.hasAttribute(name)) el.setAttribute(name, value);
    }
  }
  holder.remove();
  svg.removeAttribute("class");
  return svg;
}

/** The picture's SVG text: `title`, an optional `subtitle` (the options), rows [{place, name,
 *  score}], an optional chart (an SVG with a viewBox; its <title> is shown over it). */
export function pictureSvg({ title, subtitle = "", rows, chart = null }) {
  const rtl = document.documentElement.dir === "rtl";
  const lineH = 26;
  const head = subtitle ? 70 : 48;
  const chartTitle = chart && chart.querySelector("title") ? chart.querySelector("title").textContent : "";
  const top = head + rows.length * lineH + 12 + (chartTitle ? 28 : 0);
  const box = chart
    ? chart
        .getAttribute("viewBox")
        .split(/[\s,]+/)
        .map(Number)
    : null;
  const chartH = chart ? Math.round((W * box[3]) / box[2]) : 0;
  const svg = s("svg", {
    xmlns: "http://www.w3.org/2000/svg",
    viewBox: `0 0 ${W} ${top + chartH + 12}`,
    width: W,
    height: top + chartH + 12,
    "font-family": "system-ui, sans-serif",
  });
  const x = rtl ? W - 20 : 20;
  const anchor = rtl ? "end" : "start";
  svg.append(
    s("rect", { width: "100%", height: "100%", fill: "#faf8f3" }),
    s("text", { x, y: 32, "font-size": 22, "font-weight": "700", fill: "#1f2328", "text-anchor": anchor }, title),
  );
  if (subtitle) svg.append(s("text", { x, y: 56, "font-size": 14, fill: "#59636e", "text-anchor": anchor }, subtitle));
  rows.forEach((row, i) => {
    const y = head + (i + 1) * lineH - 6;
    svg.append(
      s(
        "text",
        { x, y, "font-size": 16, fill: "#1f2328", "text-anchor": anchor, direction: rtl ? "rtl" : "ltr" },
        `${num(row.place)}. ${row.name} — ${row.score}`,
      ),
    );
  });
  if (chartTitle) {
    const y = top - 10;
    svg.append(
      s("text", { x, y, "font-size": 17, "font-weight": "700", fill: "#1f2328", "text-anchor": anchor }, chartTitle),
    );
  }
  if (chart) {
    const c = inlined(chart);
    c.setAttribute("x", "0");
    c.setAttribute("y", String(top));
    c.setAttribute("width", String(W));
    c.setAttribute("height", String(chartH));
    svg.append(c);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}`;
}

/** The picture of a hosted game's end: its table, view and result (screen.result; its
 *  `places`, when given, are by seat, as its scores). */
export function resultPicture(table, game, view, result) {
  const rows = result.ranking.map((seat, i) => ({
    place: result.places ? result.places[seat] : i + 1,
    name: view.players[seat],
    score: table.scoreText ? table.scoreText(result.scores[seat]) : num(result.scores[seat]),
  }));
  const chart = table.picture ? table.picture(view) : null;
  const chips = table.chips ? table.chips(view.options) : [];
  const subtitle = chips.map((c) => (c instanceof Node ? c.textContent : String(c))).join(" · ");
  return pictureSvg({ title: `${t(`game.${game}.name`)} — ${t("game.over_title")}`, subtitle, rows, chart });
}
