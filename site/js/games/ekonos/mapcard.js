// The map's card: a heading, the zoom's buttons, the map (map.js) in a frame that scrolls (a
// finger pans it), the legend. The zoom and where the reader left the frame outlive a redraw
// (a bot's move must not throw the reader back to the corner).

import { h, listen } from "../../shell/dom.js";
import { keptParts } from "../../shell/keep.js";
import { tg, companyChip } from "./words.js";
import { mapSvg } from "./map.js";

/** The map's card: its heading (and the company expanding), the zoom, the map in its frame,
 *  the legend. `id` names the heading (the table's map and the final board are both a page's). */
export function mapCard(v, opts, id = "ek-map-heading") {
  // what shows what it showed is kept (keep.js), the card built around it (drawn in place:
  // shell/place.js); its name is the heading's, a page may have two maps
  const part = keptParts(id);
  const targets = !!(opts.targets && opts.targets.size);
  const base = !!(opts.base && opts.base.length);
  const legend = part("legend", [targets, base], () =>
    h(
      "ul",
      { class: "map-legend small" },
      h("li", {}, h("span", { class: "legend-tile", "aria-hidden": "true" }), tg("map.legend_tile")),
      h("li", {}, h("span", { class: "legend-tile protected", "aria-hidden": "true" }), tg("map.legend_protected")),
      targets
        ? h("li", {}, h("span", { class: "legend-target", "aria-hidden": "true" }), tg("map.legend_target"))
        : null,
      base ? h("li", {}, h("span", { class: "legend-base", "aria-hidden": "true" }), tg("map.legend_base")) : null,
    ),
  );
  const expanding = v.expansion && v.phase !== "confirm" ? v.expansion.company : null;
  const { tools, frame } = mapFrame(mapSvg(v, opts), part);
  return h(
    "section",
    { class: "map-card", "data-place": id, "aria-labelledby": id },
    part("title", [expanding, v.company_list], () =>
      h(
        "h3",
        { id },
        tg("map.title"),
        expanding
          ? h("span", { class: "map-note small" }, " · ", companyChip(v, expanding), " ", tg("map.expanding"))
          : null,
      ),
    ),
    // the zoom's buttons over the frame's corner: no row of their own above the map
    h("div", { class: "map-wrap" }, frame, tools),
    legend,
  );
}

/** The table's map card: while nothing on it is to be chosen (a bot's step, another seat's
 *  decision) its spaces and routes are kept parts (map.js `keep`: issue 28, the map is a
 *  quarter of the table's nodes, and a step changes a few spaces); with spaces to choose,
 *  drawn anew (their handlers act for this step). */
export function tableMap(v, opts) {
  return mapCard(v, opts.targets || opts.onSpace ? opts : { ...opts, keep: true });
}

// on a phone the map is 47.5rem wide times the zoom, never narrower than its frame (all of it
// in sight at the first); on a wider screen 100% of the frame times the zoom
const ZOOMS = [0.4, 0.75, 1, 1.5, 2];
const kept = { zoom: 2, left: null, top: null };

function setZoom(frame, k) {
  const next = Math.max(0, Math.min(ZOOMS.length - 1, k));
  // keep the middle of what is seen in the middle
  const cx = (frame.scrollLeft + frame.clientWidth / 2) / Math.max(1, frame.scrollWidth);
  const cy = (frame.scrollTop + frame.clientHeight / 2) / Math.max(1, frame.scrollHeight);
  kept.zoom = next;
  frame.style.setProperty("--ek-zoom", ZOOMS[next]);
  frame.scrollLeft = cx * frame.scrollWidth - frame.clientWidth / 2;
  frame.scrollTop = cy * frame.scrollHeight - frame.clientHeight / 2;
  const card = frame.closest(".map-card");
  if (card) {
    card.querySelector(".zoom-in").disabled = next === ZOOMS.length - 1;
    card.querySelector(".zoom-out").disabled = next === 0;
  }
}

/** The map in its frame, and the zoom's buttons (`part`: the card's kept parts). */
function mapFrame(svg, part) {
  // a frame that scrolls takes the keyboard's focus, so its arrows pan the map too
  const frame = h(
    "div",
    {
      class: "map-frame",
      style: `--ek-zoom:${ZOOMS[kept.zoom]}`,
      tabindex: "0",
      role: "region",
      "aria-label": tg("map.title"),
    },
    svg,
  );
  // (listen, and the frame the event's: drawn in place, the frame in the page may be an older
  // one, given this draw's listeners)
  listen(frame, "scroll", (e) => {
    kept.left = e.currentTarget.scrollLeft;
    kept.top = e.currentTarget.scrollTop;
  });
  const button = (cls, label, text, dk) =>
    h(
      "button",
      {
        type: "button",
        class: ["btn", "zoom-btn", cls],
        "aria-label": label,
        title: label,
        disabled: !ZOOMS[kept.zoom + dk],
        // the frame in the page at the click (drawn in place, it may be an older one)
        onclick: (e) => setZoom(e.currentTarget.closest(".map-wrap").querySelector(".map-frame"), kept.zoom + dk),
      },
      text,
    );
  // (their handlers read the zoom and the frame at the click: kept while the zoom is the same)
  const tools = part("zoom", [kept.zoom], () =>
    h(
      "div",
      { class: "map-zoom" },
      button("zoom-out", tg("map.zoom_out"), "−", -1),
      button("zoom-in", tg("map.zoom_in"), "+", 1),
    ),
  );
  return { tools, frame };
}

// each map frame in the page, and the spaces to choose it was placed for
const placed = new WeakMap();

/** After the page is drawn: each map frame where the reader left it (at first, its middle
 *  across); while spaces are to be
 *  chosen and none is in sight, the first of them in the middle. */
export function placeMaps(root = document) {
  for (const frame of root.querySelectorAll(".map-frame")) {
    // a frame drawn in place stays where it was scrolled: placed again only when it is new or
    // its spaces to choose changed (each placing lays the page out: 1.0-1.3 s of Chromium's
    // CPU in a game of bots, placed at every draw)
    const targets = [...frame.querySelectorAll(".space.target")].map((t) => t.dataset.space).join();
    if (placed.get(frame) === targets) continue;
    placed.set(frame, targets);
    if (kept.left != null) {
      frame.scrollLeft = kept.left;
      frame.scrollTop = kept.top;
    } else frame.scrollLeft = (frame.scrollWidth - frame.clientWidth) / 2; // first, the middle of Europe
    const first = frame.querySelector(".space.target");
    if (!first) continue;
    const f = frame.getBoundingClientRect();
    const seen = [...frame.querySelectorAll(".space.target")].some((t) => {
      const r = t.getBoundingClientRect();
      return r.left >= f.left && r.right <= f.right && r.top >= f.top && r.bottom <= f.bottom;
    });
    if (seen) continue;
    const r = first.getBoundingClientRect();
    frame.scrollLeft += r.left + r.width / 2 - (f.left + f.width / 2);
    frame.scrollTop += r.top + r.height / 2 - (f.top + f.height / 2);
  }
}
