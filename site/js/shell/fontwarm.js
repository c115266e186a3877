// The fonts a table is about to use, looked up ahead while the engine reads the game.
//
// WebKit looks a font up (fontconfig, on Linux) the first time a web process lays out text in
// a size and weight, and again for SVG text in the look it is drawn with: 2–8 ms each, and a
// table's first draw met some thirty of them inside its one long task (docs/site.md, round 15).
// Laid out here in short tasks of their own, they cost that draw nothing. The sizes and
// weights are the ones the page's stylesheets name (a game's own once its table asks for
// them), so no list of them is kept here; the other engines look fonts up in well under a
// millisecond, and this costs them as little.

const SLICE_MS = 8; // a task's share of the work: never a stall of its own
const warmed = new Set(); // font(): each once a page
let box = null;

/** A font to look up: its size in px, weight, and whether as SVG text. */
export const font = (size, weight, svg = false) => `${Math.round(size * 100) / 100} ${weight}${svg ? " svg" : ""}`;

/** The fonts the page's stylesheets name, the likeliest first: each rule's own size and weight
 *  (as HTML and as SVG text), then each size in the normal weight. A size and a weight from
 *  two rules are left out: all of them (some 80) would not be done before the table is drawn. */
function fontsNamed() {
  const rootPx = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const px = (value) => {
    const n = parseFloat(value);
    if (!(n > 0)) return null;
    if (value.endsWith("em")) return n * rootPx; // rem, and em (its parent's size is unknown here)
    if (value.endsWith("px")) return n;
    if (value.endsWith("%")) return (n / 100) * rootPx;
    return null;
  };
  const pairs = [];
  const sizes = new Set([rootPx]);
  const read = (rules) => {
    for (const rule of rules) {
      if (rule.cssRules && !rule.style) read(rule.cssRules); // @media, @supports
      if (!rule.style) continue;
      const size = px(rule.style.fontSize || "");
      const weight = rule.style.fontWeight === "bold" ? "700" : rule.style.fontWeight;
      if (size) sizes.add(size);
      // (as SVG text too: a class's rule cannot say whether it styles SVG)
      if (size && /^\d+$/.test(weight)) pairs.push(font(size, weight), font(size, weight, true));
    }
  };
  for (const sheet of document.styleSheets) {
    let rules = null;
    try {
      rules = sheet.cssRules; // another origin's sheet (none of ours) cannot be read
    } catch {
      continue;
    }
    if (rules) read(rules);
  }
  for (const size of sizes) pairs.push(font(size, "400"));
  return pairs;
}

/** Looks up, in short tasks, the `fonts` (`font()`: the stylesheets' unless a game names its
 *  own) that this page has not laid out yet. SVG text is drawn in geometric precision
 *  (app.css), so a map's scale makes no font of its own. `sample` is text in the page's
 *  language, whose script may need a font of its own. */
export function warmFonts(sample, fonts = fontsNamed()) {
  const todo = [...new Set(fonts)].filter((key) => !warmed.has(key)).reverse();
  if (!todo.length) return;
  for (const key of todo) warmed.add(key);
  const text = `${sample} 0123456789 …−✕`;
  const SVG = "http://www.w3.org/2000/svg";
  const step = () => {
    if (!box) {
      // fixed, 1 px and clipped: it widens no page (an Arabic one scrolls to the left)
      box = document.createElement("div");
      box.setAttribute("aria-hidden", "true");
      box.style.cssText =
        "position:fixed;top:0;left:0;width:1px;height:1px;overflow:hidden;visibility:hidden;white-space:nowrap;pointer-events:none";
      box.append(document.createElementNS(SVG, "svg"));
      document.body.append(box);
    }
    const until = performance.now() + SLICE_MS;
    while (todo.length && performance.now() < until) {
      const [size, weight, svg] = todo.pop().split(" ");
      const line = svg ? document.createElementNS(SVG, "text") : document.createElement("span");
      line.setAttribute("style", `font-size:${size}px;font-weight:${weight}`);
      line.textContent = text;
      (svg ? box.firstChild : box).append(line);
      line.getBoundingClientRect(); // laid out now: the font is looked up in this task
    }
    if (todo.length) setTimeout(step, 0);
    else {
      box.remove(); // the fonts stay in the engine's cache
      box = null;
    }
  };
  setTimeout(step, 0);
}
