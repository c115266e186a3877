// A table redrawn in place where it is marked `data-keep` (issue 28). The table is built anew
// on every state; put in the page wholesale, each redraw cost the browser the style and layout
// of every node again (a map of 500–1,500 SVG nodes with its names: 100–300 ms of a bot's move
// on this machine). A part marked `data-keep="<name>"` (a map) stays in the page instead: the
// old nodes take the new ones' attributes, text and listeners, and only what changed is styled
// and laid out again. Its ancestors are kept too (they hold it); everything else is the new
// tree. So a kept part's listeners must reach their node as `event.currentTarget` (or find it
// in the document), never through a variable holding the node they were built on, and be added
// with dom.js `listen` (or an `on...` prop), which remembers them.

import { LISTENERS } from "../../shell/dom.js";

const KEEP = "[data-keep]";
const PROPS = ["value", "checked", "disabled", "hidden"]; // what dom.js sets as properties
const FORMS = new Set(["input", "button", "select", "textarea", "option", "fieldset"]);

/** Before a redraw: the old tree left with its marked parts and what holds them only (what is
 *  built next finds no other old node in the page, as after a clear). */
export function prune(parent) {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === 1 && child.matches(KEEP)) continue;
    if (child.nodeType === 1 && child.querySelector(KEEP)) prune(child);
    else child.remove();
  }
}

/** Put `fresh` (new nodes) as `parent`'s children, keeping the old nodes of marked parts. */
export function place(parent, fresh) {
  const kept = new Map(); // new node -> the old node kept in its place
  const olds = new Set();
  for (const node of fresh) {
    if (node.nodeType !== 1 || !(node.matches(KEEP) || node.querySelector(KEEP))) continue;
    const old = [...parent.children].find((o) => !olds.has(o) && same(o, node));
    if (!old) continue;
    kept.set(node, old);
    olds.add(old);
  }
  for (const child of [...parent.childNodes]) if (!olds.has(child)) child.remove();
  for (const [node, old] of kept) {
    if (node.matches(KEEP)) morph(old, node);
    else {
      take(old, node);
      place(old, [...node.childNodes]);
    }
  }
  let at = parent.firstChild;
  for (const node of fresh) {
    const want = kept.get(node) || node;
    if (want === at) at = at.nextSibling;
    else parent.insertBefore(want, at);
  }
}

/** The old node stands for the new one: a marked part of the same name, or the same element
 *  (name, id and class) holding one. */
function same(old, node) {
  if (old.nodeName !== node.nodeName) return false;
  if (node.dataset.keep) return old.dataset.keep === node.dataset.keep;
  return old.id === node.id && old.getAttribute("class") === node.getAttribute("class");
}

/** The old element takes the new one's attributes, properties and listeners. */
function take(old, node) {
  const was = old.attributes;
  const now = node.attributes;
  for (let i = was.length - 1; i >= 0; i--) if (!node.hasAttribute(was[i].name)) old.removeAttribute(was[i].name);
  for (let i = 0; i < now.length; i++)
    if (old.getAttribute(now[i].name) !== now[i].value) old.setAttribute(now[i].name, now[i].value);
  if (FORMS.has(node.localName))
    for (const prop of PROPS) if (prop in node && old[prop] !== node[prop]) old[prop] = node[prop];
  const gone = LISTENERS.get(old);
  const come = LISTENERS.get(node);
  if (!gone && !come) return;
  for (const [type, fn, opts] of gone || []) old.removeEventListener(type, fn, opts);
  for (const [type, fn, opts] of come || []) old.addEventListener(type, fn, opts);
  if (come) LISTENERS.set(old, come);
  else LISTENERS.delete(old);
}

// what an element is, beyond its tag: a layer of a map is not morphed into another layer
// (when one appears, the next ones shift by one), a space not into another space
const kind = (el) => el.id || el.dataset.space || el.dataset.city || (el.getAttribute("class") || "").split(" ")[0];

/** The old tree becomes the new one: children by position, a node of another kind replaced. */
function morph(old, node) {
  take(old, node);
  const was = [...old.childNodes];
  const now = [...node.childNodes];
  now.forEach((child, i) => {
    const o = was[i];
    if (!o) old.append(child);
    else if (o.nodeName !== child.nodeName || (o.nodeType === 1 && kind(o) !== kind(child))) old.replaceChild(child, o);
    else if (o.nodeType === 1) morph(o, child);
    else if (o.nodeValue !== child.nodeValue) o.nodeValue = child.nodeValue;
  });
  for (const o of was.slice(now.length)) o.remove();
}
