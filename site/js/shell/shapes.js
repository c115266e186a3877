// The four shapes that tell apart what a hue alone would not (a colour-blind reader's cue):
// circle, square, triangle and diamond, drawn in SVG around a centre. Broker-Yard's colours and
// the grid game's seats and resources each take one.

import { s } from "./dom.js";

/** `shape` ("circle", "square", "triangle" or "diamond") centred on (x, y), radius r. */
export function shapePath(shape, x, y, r) {
  switch (shape) {
    case "square":
      return s("rect", { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7 });
    case "triangle":
      return s("polygon", { points: `${x},${y - r} ${x + r},${y + r * 0.8} ${x - r},${y + r * 0.8}` });
    case "diamond":
      return s("polygon", { points: `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}` });
    default:
      return s("circle", { cx: x, cy: y, r: r * 0.9 });
  }
}

/** The shape alone as a small inline SVG, `size` pixels square, of class `cls`. */
export function shapeIcon(shape, size, cls) {
  const half = size / 2;
  return s(
    "svg",
    {
      class: cls,
      width: size,
      height: size,
      viewBox: `0 0 ${size} ${size}`,
      "aria-hidden": "true",
      focusable: "false",
    },
    shapePath(shape, half, half, half - 1),
  );
}
