"""Contrast of every visible button against what is painted behind it, measured in the page
from computed styles (WCAG 2.x relative luminance): the text colour over the button's own
background, over each ancestor's up to the canvas, each layer's alpha and each ancestor's
opacity (a disabled button's fading) blended in, and a gradient taken at each of its colour
stops (the worst counts).

Thresholds: WCAG AA asks 4.5:1 of normal text and 3:1 of large text (24 px, or 18.66 px bold).
Disabled controls are exempt from WCAG 1.4.3, but a player still has to read what a disabled
"Save" would do: they must reach 3:1 (the bar of large text and of 1.4.11's interface parts),
and keep looking inactive.
"""

from __future__ import annotations

# what counts as a button: real buttons, links and labels dressed as one (a radio pill's face)
BUTTONS = "button, a.btn, [role=button], input[type=button], input[type=submit], .radio-pill > span"
NORMAL, LARGE, DISABLED = 4.5, 3.0, 3.0

MEASURE = """([selector, limits]) => {
  const [normal, large, disabledMin] = limits;
  const parse = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const p = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  const mix = (a, b, o) => a.map((c, i) => c * o + b[i] * (1 - o));
  const lum = (rgb) => {
    const [r, g, b] = rgb.map((c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const hex = (rgb) => "#" + rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("");
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || !el.textContent.trim()) return false;
    for (let n = el; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.visibility === "hidden" || cs.display === "none" || Number(cs.opacity) === 0) return false;
    }
    return true;
  };
  // with a modal dialog open, the page behind is covered by its backdrop: only the dialog counts
  const modal = document.querySelector("dialog[open]");
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!visible(el) || (modal && !modal.contains(el))) continue;
    const chain = [];
    for (let n = el; n; n = n.parentElement) chain.unshift(n);
    // everything behind the text, at each colour stop of a gradient on the way
    let backs = [[255, 255, 255]];
    const groups = [];
    for (const n of chain) {
      const cs = getComputedStyle(n);
      // a modal dialog is painted on top of the page and its backdrop: start afresh there
      if (n === modal) backs = [[255, 255, 255]];
      const o = Number(cs.opacity);
      if (o < 1) groups.push([o, backs]);
      const stops = (cs.backgroundImage.match(/rgba?\\([^)]+\\)/g) || []).map(parse);
      if (stops.length) backs = stops.flatMap((s) => backs.map((b) => over(s, b)));
      const bg = parse(cs.backgroundColor);
      if (bg && bg[3] > 0) backs = backs.map((b) => over(bg, b));
    }
    const colour = parse(getComputedStyle(el).color);
    let pairs = backs.map((b) => [over(colour, b), b]);
    for (const [o, under] of groups.reverse())
      pairs = pairs.flatMap(([fg, bg]) => under.map((u) => [mix(fg, u, o), mix(bg, u, o)]));
    const cs = getComputedStyle(el);
    const size = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    const isLarge = size >= 24 || (bold && size >= 18.66);
    const disabled = el.matches(":disabled") || !!el.closest("fieldset:disabled, [aria-disabled=true]")
      || (el.matches(".radio-pill > span") && el.previousElementSibling?.disabled);
    const need = disabled ? disabledMin : isLarge ? large : normal;
    let worst = null;
    for (const [fg, bg] of pairs) {
      const r = ratio(fg, bg);
      if (!worst || r < worst.ratio) worst = { ratio: r, fg: hex(fg), bg: hex(bg) };
    }
    out.push({
      text: el.textContent.trim().replace(/\\s+/g, " ").slice(0, 40),
      id: el.id, cls: el.className, disabled, need,
      ratio: Math.round(worst.ratio * 100) / 100, fg: worst.fg, bg: worst.bg,
    });
  }
  return out;
}"""


def contrasts(page, selector=BUTTONS):
    """Each visible button's worst contrast: {text, id, cls, disabled, need, ratio, fg, bg}."""
    return page.evaluate(MEASURE, [selector, [NORMAL, LARGE, DISABLED]])


def low_contrast(page, selector=BUTTONS):
    """The visible buttons below their threshold, as readable lines."""
    return [f"{c['text']!r} (#{c['id']} .{c['cls']}{', disabled' if c['disabled'] else ''}): "
            f"{c['ratio']}:1 {c['fg']} on {c['bg']}, needs {c['need']}:1"
            for c in contrasts(page, selector) if c["ratio"] < c["need"]]
