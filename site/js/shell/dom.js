// Building the page safely: every element comes from createElement and every piece of text
// from a text node, so names and anything else from outside can never become markup.

const SVG_NS = "http://www.w3.org/2000/svg";

// element -> the listeners its props added ([type, fn]): a table drawn in place (place.js)
// hands an element it keeps the listeners of the new one drawn for it
export const LISTENERS = new WeakMap();

// While a table is drawn in place: a comment standing in for each node still in the page that
// is appended to a new one (a kept part, left where it is), and the node it stands for.
let stands = null;

function put(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value == null || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") listen(el, key.slice(2), value);
    else if (["value", "checked", "disabled", "selected", "hidden", "indeterminate"].includes(key)) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

/** `el.addEventListener(type, fn)`, remembered in LISTENERS. */
export function listen(el, type, fn) {
  el.addEventListener(type, fn);
  const all = LISTENERS.get(el);
  if (all) all.push([type, fn]);
  else LISTENERS.set(el, [[type, fn]]);
}

export function append(el, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    if (stands && child instanceof Node && child.isConnected && !el.isConnected) {
      // appended, it would leave the page, and the browser would style and lay it out anew
      const stand = document.createComment("");
      stands.set(stand, child);
      el.append(stand);
    } else el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** `build()`'s result, and its stand-ins (comment -> the node in the page it stands for). */
export function withStandIns(build) {
  const outer = stands;
  stands = new Map();
  try {
    return [build(), stands];
  } finally {
    stands = outer;
  }
}

/** h("button", {class: "x", onclick}, "text", otherNode) */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  put(el, props);
  return append(el, children);
}

/** The same for SVG elements. */
export function s(tag, props, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  put(el, props);
  return append(el, children);
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

let uid = 0;
export const newId = (prefix = "by") => `${prefix}-${++uid}`;
