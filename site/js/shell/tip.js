// Tooltips for every game: `tip(el, text)` gives an element a title (the mouse's hover), an
// accessible description (what a screen reader says after its name) and a bubble shown on
// keyboard focus or on a tap, since a touch screen has no hover. One bubble for the page,
// driven by listeners on the document, so redrawn elements need nothing of their own.

import { h, newId } from "./dom.js";

let bubble = null;
let owner = null;

/** Make `el` explain itself with `text`; `focusable`: give it a place in the tab order (a
 *  column header). `describe`: the element that carries the description (an input in a label). */
export function tip(el, text, { focusable = false, describe = el } = {}) {
  if (!el || !text) return el;
  el.title = text;
  el.dataset.tip = text;
  if (focusable && !el.hasAttribute("tabindex")) {
    el.tabIndex = 0;
    // a redraw (a bot's move) gives the focus back to the same header, and its bubble with it
    if (!el.dataset.focus) el.dataset.focus = `tip:${text}`;
  }
  const id = newId("tip");
  const desc = h("span", { id, hidden: true }, text);
  // an input has no children: its description goes beside it
  if (describe.matches("input, select, textarea, button")) describe.after(desc);
  else describe.append(desc);
  describe.setAttribute("aria-describedby", id);
  if (describe !== el) describe.dataset.tip = text;
  return el;
}

function show(el) {
  const text = el.dataset.tip;
  if (!text) return;
  if (!bubble) {
    bubble = h("div", { id: "by-tip", class: "tip-bubble", role: "tooltip", hidden: true });
    document.body.append(bubble);
  }
  owner = el;
  bubble.textContent = text;
  bubble.hidden = false;
  // below the element, kept inside the window (a phone's 375 px, either reading direction)
  const r = (el.closest("label") || el).getBoundingClientRect();
  const width = Math.min(288, window.innerWidth - 16);
  bubble.style.maxWidth = `${width}px`;
  const w = bubble.offsetWidth;
  const rtl = document.documentElement.dir === "rtl";
  let left = rtl ? r.right - w : r.left;
  left = Math.max(8, Math.min(left, window.innerWidth - w - 8));
  let top = r.bottom + 6;
  if (top + bubble.offsetHeight > window.innerHeight - 8) top = Math.max(8, r.top - bubble.offsetHeight - 6);
  bubble.style.left = `${left}px`;
  bubble.style.top = `${top}px`;
}

/** Whether a tip shows now. */
export const tipShown = () => owner !== null;

export function hideTip() {
  if (bubble) bubble.hidden = true;
  owner = null;
}

const tipped = (target) => (target && target.closest ? target.closest("[data-tip]") : null);

document.addEventListener("focusin", (e) => {
  const el = tipped(e.target);
  if (el) show(el);
  else hideTip();
});
document.addEventListener("focusout", () => hideTip());
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && owner) hideTip();
});
// a tap shows what the mouse's hover would (and a second tap elsewhere hides it)
document.addEventListener("pointerup", (e) => {
  if (e.pointerType === "mouse") return;
  const el = tipped(e.target);
  if (el) show(el);
  else hideTip();
});
// a scroll moves the bubble with what has the focus (the browser scrolls a focused element
// into view right after focusin), and hides one a tap or hover left behind
window.addEventListener(
  "scroll",
  () => {
    if (owner && owner.isConnected && owner === document.activeElement) show(owner);
    else hideTip();
  },
  { passive: true },
);
