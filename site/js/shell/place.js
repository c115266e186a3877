// A table drawn in place (issue 28). A table is built anew after every move; emptied and filled
// again, the page had the browser style and lay out every node anew, the kept parts (keep.js)
// too: a node that leaves the document loses its layout. Drawn in place, the old table keeps
// its kept parts and the elements that hold them (the frame, the panel), and the rest is the
// new tree: only what changed is styled and laid out again.
//
// While the table is built, a kept part still in the page is appended to the new tree as a
// stand-in (dom.js), so it never leaves the page; then each new element that holds a stand-in
// takes the place of an old one of the same tag and id (its attributes and listeners taken
// over: dom.js remembers what its props added), down to the kept parts. So does an element
// that names its place (`data-place`) even when it holds no kept part: it never leaves the
// page (the tab row: WebKit took up to a second to take a scroll container out of it).

import { LISTENERS, withStandIns } from "./dom.js";
import { keptNodes, placingParts, releaseParts } from "./keep.js";

// elements whose state is more than their attributes: always the new one (a <details> is its
// `open` attribute: the menu holding the bots' pace stays)
const FORMS = new Set(["input", "button", "select", "textarea", "option", "fieldset", "form", "dialog"]);

/** `main`'s children become `build()`'s nodes (a list, strings as text), drawn in place. */
export function drawInPlace(main, build) {
  const kept = keptNodes(); // as they change
  prune(main, kept);
  placingParts(true);
  let fresh, stands, gone;
  try {
    [fresh, stands] = withStandIns(build);
  } finally {
    gone = placingParts(false);
  }
  // the kept parts' nodes, before the build or after it
  const parts = { has: (node) => kept.has(node) || gone.has(node) };
  const nodes = [fresh]
    .flat(Infinity)
    .filter((child) => child != null && child !== false && child !== "")
    .map((child) => (child instanceof Node ? child : document.createTextNode(String(child))));
  // the new elements that hold a stand-in or a place, and the places (a parked element, one
  // whose old self keeps what it holds, names its place too: see place)
  const holders = placesAndHolders(nodes, [...stands.keys()]);
  place(main, nodes, { stands, holders, parts });
  // a stand-in in a new element put in the page (none like it in the old table) brings its
  // node there (one in a new element an old one took the place of was taken out: place)
  for (const [stand, kept] of stands) if (stand.parentNode) stand.replaceWith(kept);
  releaseParts();
}

/** The old table less what it holds besides kept parts: what is built next finds no other old
 *  node in the page, as after emptying it. */
function prune(main, kept) {
  const holders = placesAndHolders([...main.childNodes], kept, main);
  const cut = (parent) => {
    for (const child of [...parent.childNodes])
      if (kept.has(child)) continue;
      else if (holders.has(child)) cut(child);
      else child.remove();
  };
  cut(main);
}

/** The places (`data-place`) among `nodes` and in them, and the elements that hold one of
 *  them or of `held`, below `top`: what is drawn in place. */
function placesAndHolders(nodes, held, top = null) {
  const places = nodes.flatMap((node) =>
    node.nodeType === 1
      ? [...(node.matches("[data-place]") ? [node] : []), ...node.querySelectorAll("[data-place]")]
      : [],
  );
  const holders = new Set();
  holdersOf(held, top, holders);
  holdersOf(places, top, holders);
  for (const el of places) holders.add(el);
  return holders;
}

/** The elements that hold any of `nodes` (an array, or the kept nodes: each has `forEach`),
 *  below `top` (none: up to the tree's root), added to `holders`. */
function holdersOf(nodes, top, holders) {
  nodes.forEach((node) => {
    for (let up = node.parentNode; up && up !== top && !holders.has(up); up = up.parentNode) holders.add(up);
  });
}

/** `parent`'s children become `fresh`: a stand-in is the node it stands for, a new element
 *  holding one takes the place of an old one like it, any other is the new node. */
function place(parent, fresh, draw) {
  const olds = [...parent.childNodes];
  const used = new Set();
  const want = fresh.map((node) => {
    const kept = draw.stands.get(node);
    if (kept) {
      node.remove();
      return kept;
    }
    const parked = node.nodeType === 1 && node.hasAttribute("data-parked");
    if (!parked && !draw.holders.has(node)) return node;
    // of the old ones like it, one of the same class first (a card's tools and frame are both
    // a <div>)
    const like = (o) => !used.has(o) && o.parentNode === parent && same(o, node, draw.parts);
    const old = olds.find((o) => like(o) && o.getAttribute("class") === node.getAttribute("class")) || olds.find(like);
    if (!old) return node;
    used.add(old);
    take(old, node);
    // a parked element keeps what it holds: the kept parts that prune left in it
    if (!parked) place(old, [...node.childNodes], draw);
    return old;
  });
  putChildren(parent, want);
}

/** An old element that can stand for the new one: the same tag and place (`data-place`, else
 *  the id), neither of them a kept part's own (its listeners are its builder's, not all known)
 *  nor a form's control. */
const same = (old, node, parts) =>
  old.nodeType === 1 &&
  old.nodeName === node.nodeName &&
  placeOf(old) === placeOf(node) &&
  !FORMS.has(node.localName) &&
  !parts.has(old) &&
  !parts.has(node);

const placeOf = (el) => el.getAttribute("data-place") ?? el.id;

/** The old element takes the new one's attributes and listeners. */
function take(old, node) {
  const was = old.attributes;
  const now = node.attributes;
  for (let i = was.length - 1; i >= 0; i--) if (!node.hasAttribute(was[i].name)) old.removeAttribute(was[i].name);
  for (let i = 0; i < now.length; i++)
    if (old.getAttribute(now[i].name) !== now[i].value) old.setAttribute(now[i].name, now[i].value);
  const gone = LISTENERS.get(old);
  const come = LISTENERS.get(node);
  for (const [type, fn] of gone || []) old.removeEventListener(type, fn);
  for (const [type, fn] of come || []) old.addEventListener(type, fn);
  if (come) LISTENERS.set(old, come);
  else LISTENERS.delete(old);
}

/** `parent`'s children become `nodes`, each left where it is when it is there already (the
 *  old table's elements taken, a kept layer of the grid's map in its kept svg): what is not
 *  wanted goes first, so a node that stays is never moved past one that goes (a move takes it
 *  out of the page). */
export function putChildren(parent, nodes) {
  const wanted = new Set(nodes);
  for (const child of [...parent.childNodes]) if (!wanted.has(child)) child.remove();
  let at = parent.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
}
