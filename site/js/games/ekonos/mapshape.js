// The map's geometry, from the engine's board alone (positions 0..1 and neighbours): each
// space a region — the points nearer to its centre than to any other, within a round coast,
// a narrow gap from its neighbours — and where each name goes so that no two names and no
// name and tile overlap. Everything is in map units; the SVG scales as a whole, so what does
// not overlap here overlaps at no width.

export const W = 1000;
export const H = 860;
export const TILE = 48; // a tile's side
const COAST = 80; // a region's farthest reach from its centre
const GAP = 3; // half the sea between two regions
const SIDES = 32;

export const X = (x) => 40 + x * (W - 80);
export const Y = (y) => 40 + y * (H - 80);

/** Keep the part of `poly` where p·n <= c (Sutherland–Hodgman against one half-plane). */
function clip(poly, nx, ny, c) {
  const out = [];
  const inside = (p) => p[0] * nx + p[1] * ny <= c;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const ia = inside(a);
    if (ia) out.push(a);
    if (ia !== inside(b)) {
      const da = a[0] * nx + a[1] * ny - c;
      const db = b[0] * nx + b[1] * ny - c;
      const t = da / (da - db);
      out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  }
  return out;
}

/** Each space's region as a polygon: [[x, y], ...] by space id. */
export function regions(board) {
  const at = board.map((b) => [b.space, X(b.x), Y(b.y)]);
  const out = new Map();
  for (const [space, x, y] of at) {
    let poly = [];
    for (let k = 0; k < SIDES; k++) {
      const a = (2 * Math.PI * k) / SIDES;
      poly.push([x + COAST * Math.cos(a), y + COAST * Math.sin(a)]);
    }
    for (const [other, ox, oy] of at) {
      if (other === space) continue;
      // nearer to this centre than to the other's, less the gap: p·(o - a) <= (|o|² - |a|²)/2 - GAP·|o - a|
      const nx = ox - x;
      const ny = oy - y;
      const c = (ox * ox + oy * oy - x * x - y * y) / 2 - GAP * Math.hypot(nx, ny);
      poly = clip(poly, nx, ny, c);
    }
    out.set(space, poly);
  }
  return out;
}

export const pathOf = (poly) => `M${poly.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join("L")}Z`;

// ---------------------------------------------------------------- names
export const NAME_WEIGHT = "600"; // .space-name's in the stylesheet
let pen = null;
/** A text's width in map units at `size` (the same font as .space-name in the stylesheet). */
function width(text, size) {
  pen = pen || document.createElement("canvas").getContext("2d");
  pen.font = `${NAME_WEIGHT} ${size}px system-ui, sans-serif`;
  return pen.measureText(text).width;
}

/** The ways to write a name in one, two or three lines: broken at its spaces and after its
 *  hyphens, the lines as even as may be. */
function layouts(name) {
  const words = name.match(/[^\s-]+-?/g) || [name];
  const join = (ws) => ws.reduce((acc, w) => (acc && !acc.endsWith("-") ? `${acc} ${w}` : acc + w), "");
  const out = [[name]];
  let two = null;
  for (let i = 1; i < words.length; i++) {
    const lines = [join(words.slice(0, i)), join(words.slice(i))];
    const long = Math.max(...lines.map((l) => l.length));
    if (!two || long < two.long) two = { lines, long };
  }
  if (two) out.push(two.lines);
  if (words.length >= 3) {
    let three = null;
    for (let i = 1; i < words.length - 1; i++)
      for (let j = i + 1; j < words.length; j++) {
        const lines = [join(words.slice(0, i)), join(words.slice(i, j)), join(words.slice(j))];
        const long = Math.max(...lines.map((l) => l.length));
        if (!three || long < three.long) three = { lines, long };
      }
    out.push(three.lines);
  }
  return out;
}

const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Where each space's name goes: {space: {lines, size, x, y (first baseline)}}. Tried in turn
 * for each space: under its tile, above it, beside it, in two or three lines, smaller; the first
 * that meets no tile and no name placed before it is kept (the browser tests measure that
 * every name found a place).
 */
export function placeNames(board, nameOf) {
  const tiles = board.map((b) => ({
    x0: X(b.x) - TILE / 2,
    x1: X(b.x) + TILE / 2,
    y0: Y(b.y) - TILE / 2,
    y1: Y(b.y) + TILE / 2,
  }));
  const placed = [];
  const out = new Map();
  // the most crowded spaces choose first
  const crowd = (b) => board.filter((o) => Math.hypot(X(o.x) - X(b.x), Y(o.y) - Y(b.y)) < 120).length;
  const order = [...board].sort((a, b) => crowd(b) - crowd(a) || a.space - b.space);
  for (const b of order) {
    const name = nameOf(b.space);
    const x = X(b.x);
    const y = Y(b.y);
    const tries = [];
    for (const size of [17, 15, 13, 12, 11, 10])
      for (const lines of layouts(name))
        for (const side of ["below", "above", "right", "left"]) tries.push({ size, lines, side });
    let chosen = null;
    let fallback = null;
    for (const { size, lines, side } of tries) {
      const w = Math.max(...lines.map((l) => width(l, size))) + 4;
      const lh = size * 1.15;
      const h = lh * lines.length;
      const cx = side === "right" ? x + TILE / 2 + 2 + w / 2 : side === "left" ? x - TILE / 2 - 2 - w / 2 : x;
      const top = side === "below" ? y + TILE / 2 + 2 : side === "above" ? y - TILE / 2 - 2 - h : y - h / 2;
      const box = { x0: cx - w / 2, x1: cx + w / 2, y0: top, y1: top + h };
      const spot = { lines, size, x: cx, y: top + size * 0.92, lh, box };
      fallback = spot; // the last try (the smallest) when nothing fits
      if (box.x0 < 0 || box.x1 > W || box.y0 < 0 || box.y1 > H) continue;
      if (tiles.some((t) => overlaps(t, box)) || placed.some((p) => overlaps(p, box))) continue;
      chosen = spot;
      break;
    }
    chosen = chosen || fallback;
    placed.push(chosen.box);
    out.set(b.space, chosen);
  }
  return out;
}
