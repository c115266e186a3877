"""What a player sees of a table on arriving at a decision, measured in the page: whether the
decision's controls lie inside the viewport (as the page shows them, not scrolled by the
test), whether two things of the page overlap, and whether a word is broken inside
("Highga te"). Used by test_fold.py; every figure comes from the layout the browser made."""

from __future__ import annotations

# Things a player reads or presses: two of them must never overlap. SVG insides (a map's
# labels over its cities) are the game's own drawing and left out.
THINGS = ("button, select, input:not([type=hidden]), textarea, a, h1, h2, h3, h4, label, summary,"
          " [role=tab], [role=status], [role=alert], .chips li, p, li, td, th, dt, dd, output, img")

MEASURE = """([decide, state, things]) => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && el.getClientRects().length > 0;
  // the part of an element not clipped away by a scrolling or clipping ancestor
  const clipped = (el) => {
    let r = el.getBoundingClientRect();
    let box = { l: r.left, t: r.top, r: r.right, b: r.bottom };
    for (let n = el.parentElement; n && n !== document.documentElement; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.position === "fixed") break;
      if (cs.overflowX !== "visible" || cs.overflowY !== "visible") {
        const p = n.getBoundingClientRect();
        box = { l: Math.max(box.l, p.left), t: Math.max(box.t, p.top),
                r: Math.min(box.r, p.right), b: Math.min(box.b, p.bottom) };
      }
    }
    return box;
  };
  const name = (el) => {
    const id = el.id ? "#" + el.id : "";
    const cls = typeof el.className === "string" && el.className
      ? "." + el.className.trim().split(/\\s+/).join(".") : "";
    const text = (el.textContent || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 30);
    return `${el.tagName.toLowerCase()}${id}${cls} ${JSON.stringify(text)}`;
  };
  const out = { missing: [], outside: [], unseen: [], overlaps: [], broken: [],
                width: document.documentElement.scrollWidth, vw, vh };
  // the decision's controls: the first shown element of each selector, whole in view (one
  // taller than the viewport: its top in view)
  for (const sel of decide) {
    const el = [...document.querySelectorAll(sel)].find(shown);
    if (!el) { out.missing.push(sel); continue; }
    const r = el.getBoundingClientRect();
    const inside = r.left >= -1 && r.right <= vw + 1 && r.top >= -1
      && (r.bottom <= vh + 1 || (r.height > vh && r.top < vh * 0.25));
    const where = `x ${Math.round(r.left)}..${Math.round(r.right)}, y ${Math.round(r.top)}..${Math.round(r.bottom)}`;
    if (!inside) {
      out.outside.push(`${sel}: ${name(el)} at ${where}`);
      continue;
    }
    // in the viewport, and not under something else there (a bar stuck to its foot, a toast)
    const x = (Math.max(r.left, 0) + Math.min(r.right, vw)) / 2, y = (Math.max(r.top, 0) + Math.min(r.bottom, vh)) / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit && !el.contains(hit) && !hit.contains(el)) out.outside.push(`${sel}: ${name(el)} under ${name(hit)}`);
  }
  // the state the decision depends on: at least partly in view
  for (const sel of state) {
    const el = [...document.querySelectorAll(sel)].find(shown);
    if (!el) { out.missing.push(sel); continue; }
    const r = el.getBoundingClientRect();
    if (!(r.bottom > 8 && r.top < vh - 8 && r.right > 0 && r.left < vw))
      out.unseen.push(`${sel}: ${name(el)} at y ${Math.round(r.top)}..${Math.round(r.bottom)}`);
  }
  // two things drawn over each other (neither inside the other). A bar stuck to the
  // viewport's foot (a form's Ready: position sticky, bottom set) floats over what scrolls
  // under it by design, and is left out; a toast (position fixed) is not.
  const footBar = (el) => {
    for (let n = el; n && n !== document.body; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.position === "sticky" && cs.bottom !== "auto") return true;
    }
    return false;
  };
  // A layer the player opened (the top bar's menu, the log's drawer: `data-overlay`, drawn
  // over the page while it is absolute or fixed) covers the page on purpose.
  const opened = (el) => {
    const layer = el.closest("[data-overlay]");
    return !!layer && ["absolute", "fixed"].includes(getComputedStyle(layer).position);
  };
  const items = [...document.querySelectorAll(things)]
    .filter((el) => !el.closest("svg") && shown(el) && !footBar(el) && !opened(el))
    .map((el) => ({ el, b: clipped(el) })).filter(({ b }) => b.r - b.l > 1 && b.b - b.t > 1);
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i], c = items[j];
      if (a.el.contains(c.el) || c.el.contains(a.el)) continue;
      const w = Math.min(a.b.r, c.b.r) - Math.max(a.b.l, c.b.l), h = Math.min(a.b.b, c.b.b) - Math.max(a.b.t, c.b.t);
      if (w > 2 && h > 2) out.overlaps.push(`${name(a.el)} over ${name(c.el)} (${Math.round(w)}x${Math.round(h)})`);
    }
  }
  // a word broken inside: its letters on two lines (a break at a hyphen or a slash is a
  // break between words)
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("svg, script, style, textarea, noscript, [hidden]") || !shown(parent)) continue;
    // (a sign before an amount counts as a hyphen: "−" then "$1,245" on the next line is
    // the shell's figure format, not a word cut in two)
    const re = /[^\\s\\-\\u2010-\\u2015\\u2212+\\/·,.;:()\\u00ad\\u2068\\u2069\\u2066\\u2067]{2,}/g;
    for (let m; (m = re.exec(node.data)); ) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length < 2) continue;
      const tops = rects.map((r) => r.top);
      if (Math.max(...tops) - Math.min(...tops) > 4) out.broken.push(`${JSON.stringify(m[0])} in ${name(parent)}`);
    }
  }
  return out;
}"""


def measure(page, decide=(), state=()):
    """The page as a player sees it now: {missing, outside, unseen, overlaps, broken, width, vw, vh}."""
    return page.evaluate(MEASURE, [list(decide), list(state), THINGS])


def problems(found, state=True):
    """The measure's failures as lines (empty: the decision is in view and nothing is wrong);
    `state`: the state the decision depends on must be in view too."""
    lines = [f"not on the page: {s}" for s in found["missing"]]
    lines += [f"outside the viewport: {s}" for s in found["outside"]]
    lines += [f"out of view: {s}" for s in found["unseen"]] if state else []
    lines += [f"overlap: {s}" for s in found["overlaps"]]
    lines += [f"word broken: {s}" for s in found["broken"]]
    if found["width"] > found["vw"]:
        lines.append(f"page {found['width']}px wide in a {found['vw']}px viewport")
    return lines
