// Building the page safely: every element comes from createElement and every piece of text
// from a text node, so names and anything else from outside can never become markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function put(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value == null || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (["value", "checked", "disabled", "selected", "hidden", "indeterminate"].includes(key)) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

export function append(el, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
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
