// The map's camera and input: zoom and pan (buttons, drag, pinch, ctrl+wheel, arrow keys
// and + / − / 0), kept per game across redraws; a tap on a map drawn too small to hit a city
// (a phone's width) zooms in around it first, then cities are chosen by tapping.

import { BOARD } from "./words.js";

export const HIT = 36; // a city's hit radius in map units: 44 px and more once zoomed in (MIN_TAP)
const MIN_TAP = 44; // px: below this a tap zooms in instead of choosing (a finger's 44 px, issue 30)
const cameras = new Map();

export function camera(key) {
  if (!cameras.has(key)) cameras.set(key, { x: 0, y: 0, w: BOARD.width });
  return cameras.get(key);
}
export const ratio = () => BOARD.height / BOARD.width;

function clamp(cam) {
  cam.w = Math.max(BOARD.width / 5, Math.min(BOARD.width, cam.w));
  const hgt = cam.w * ratio();
  cam.x = Math.max(0, Math.min(BOARD.width - cam.w, cam.x));
  cam.y = Math.max(0, Math.min(BOARD.height - hgt, cam.y));
}

export function applyCamera(svg, cam) {
  clamp(cam);
  svg.setAttribute("viewBox", `${cam.x} ${cam.y} ${cam.w} ${cam.w * ratio()}`);
  svg.classList.toggle("zoomed", cam.w < BOARD.width - 1);
}

/** Zoom by `factor` keeping map point (px, py) where it is on screen. */
export function zoomAt(svg, cam, factor, px, py) {
  const w = Math.max(BOARD.width / 5, Math.min(BOARD.width, cam.w / factor));
  const k = w / cam.w;
  cam.x = px - (px - cam.x) * k;
  cam.y = py - (py - cam.y) * k;
  cam.w = w;
  applyCamera(svg, cam);
}

/** Map units per screen pixel now. */
const unitsPerPx = (svg, cam) => cam.w / Math.max(1, svg.getBoundingClientRect().width);

function toMap(svg, cam, clientX, clientY) {
  const box = svg.getBoundingClientRect();
  const k = cam.w / Math.max(1, box.width);
  return [cam.x + (clientX - box.left) * k, cam.y + (clientY - box.top) * k];
}

/** Bring a city into view (a target chosen from the list). */
export function showCity(key, c) {
  const svg = document.querySelector(`svg.grid-map[data-camera="${CSS.escape(key)}"]`);
  const city = BOARD.cities[c];
  if (!svg || !city) return;
  const cam = camera(key);
  const hgt = cam.w * ratio();
  const margin = cam.w * 0.12;
  if (
    city.x < cam.x + margin ||
    city.x > cam.x + cam.w - margin ||
    city.y < cam.y + margin ||
    city.y > cam.y + hgt - margin
  ) {
    cam.x = city.x - cam.w / 2;
    cam.y = city.y - hgt / 2;
    applyCamera(svg, cam);
  }
}

/** The camera's gestures and keys on `svg`; a city clicked goes to `optsOf().onCity` (the
 *  latest draw's, read at the click: a kept map outlives the draw that built it). */
export function attach(svg, key, cam, optsOf) {
  const pointers = new Map();
  let drag = null,
    pinch = null,
    moved = false;
  svg.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    moved = false;
    if (pointers.size === 1) drag = { x: e.clientX, y: e.clientY, cx: cam.x, cy: cam.y };
    if (pointers.size === 2) {
      const [p, q] = [...pointers.values()];
      pinch = {
        d: Math.hypot(p[0] - q[0], p[1] - q[1]),
        w: cam.w,
        mid: toMap(svg, cam, (p[0] + q[0]) / 2, (p[1] + q[1]) / 2),
      };
      drag = null;
    }
  });
  svg.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pinch && pointers.size === 2) {
      const [p, q] = [...pointers.values()];
      const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
      if (d > 0) {
        cam.w = pinch.w;
        zoomAt(svg, cam, d / pinch.d, pinch.mid[0], pinch.mid[1]);
        moved = true;
      }
    } else if (drag && cam.w < BOARD.width - 1) {
      const dx = e.clientX - drag.x,
        dy = e.clientY - drag.y;
      if (moved || Math.hypot(dx, dy) > 6) {
        moved = true;
        if (!svg.hasPointerCapture(e.pointerId)) svg.setPointerCapture(e.pointerId);
        const k = unitsPerPx(svg, cam);
        cam.x = drag.cx - dx * k;
        cam.y = drag.cy - dy * k;
        applyCamera(svg, cam);
      }
    }
  });
  const up = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!pointers.size) drag = null;
  };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
  svg.addEventListener(
    "wheel",
    (e) => {
      if (!e.ctrlKey && !e.metaKey) return; // a plain wheel scrolls the page
      e.preventDefault();
      const [mx, my] = toMap(svg, cam, e.clientX, e.clientY);
      zoomAt(svg, cam, e.deltaY < 0 ? 1.25 : 0.8, mx, my);
    },
    { passive: false },
  );
  svg.addEventListener("click", (e) => {
    if (moved) return; // the end of a drag
    // cities too small to hit on this screen: a tap zooms in around it first
    if ((HIT * 2) / unitsPerPx(svg, cam) < MIN_TAP) {
      const [mx, my] = toMap(svg, cam, e.clientX, e.clientY);
      zoomAt(svg, cam, 2.5, mx, my);
      return;
    }
    const city = e.target.closest && e.target.closest(".city");
    const opts = optsOf();
    if (!city || !opts.onCity) return;
    if (city.classList.contains("target") || city.classList.contains("next")) opts.onCity(city.dataset.city);
  });
  svg.addEventListener("keydown", (e) => {
    const step = cam.w * 0.15;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[e.key]) {
      cam.x += moves[e.key][0];
      cam.y += moves[e.key][1];
      applyCamera(svg, cam);
    } else if (e.key === "+" || e.key === "=") zoomAt(svg, cam, 1.6, cam.x + cam.w / 2, cam.y + (cam.w * ratio()) / 2);
    else if (e.key === "-") zoomAt(svg, cam, 1 / 1.6, cam.x + cam.w / 2, cam.y + (cam.w * ratio()) / 2);
    else if (e.key === "0") {
      Object.assign(cam, { x: 0, y: 0, w: BOARD.width });
      applyCamera(svg, cam);
    } else return;
    e.preventDefault();
  });
  svg.dataset.key = key;
}
