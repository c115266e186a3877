// Parts of a page kept between its redraws (issue 28). A table is drawn anew after every move,
// a bot's too; a part drawn from the same inputs as the last time (a map nobody built on, the
// markets in an auction) is the same nodes appended again instead of a new tree: no script
// builds it again and no garbage of it is left for the collector; in a table drawn in place
// (place.js) it never leaves the page, so the browser neither styles nor lays it out again.
//
// A part's inputs must hold everything its nodes show and its handlers read (the step and the
// draft a handler writes to, for one that acts). The language, the reader and the game are
// always part of the key.

import { current, readerSeat, activeGame } from "./i18n.js";

const kept = new Map(); // name -> {key, node}: one node per part's name, the latest drawn
// the kept nodes (node -> how many parts hold it), kept up as parts are drawn anew: made anew
// from `kept` three times a draw, they were a third of what a grid game's page allocated
const held = new Map();
let placing = null; // while a table is drawn in place (place.js): the names handed out in it
let replaced = null; // ... and the nodes no part holds since it began

/** A part's node (or list of nodes) is held by one more part (`by` 1) or one fewer (-1). */
function hold(node, by) {
  for (const one of [node].flat()) {
    const parts = (held.get(one) || 0) + by;
    if (parts > 0) held.set(one, parts);
    else if (held.delete(one) && replaced) replaced.add(one);
  }
}

/** What a kept part is kept by: its inputs, with the language, the reader and the game. */
export const partKey = (inputs) => JSON.stringify([current(), readerSeat(), activeGame(), inputs]);

/** The part `name`, drawn from `inputs` (JSON) by `build()`: the node of the last call with the
 *  same key, unless this draw has it already: in a table drawn in place, a name handed out
 *  before in the same draw; elsewhere, a node still in the page (the page was not cleared).
 *  A part may be a list of nodes (a log entry's lines, siblings among others'). */
export function keptPart(name, inputs, build) {
  const key = partKey(inputs);
  const old = kept.get(name);
  const free = placing ? !placing.has(name) : old && ![old.node].flat().some((node) => node.isConnected);
  if (placing) placing.add(name);
  if (old && old.key === key && free) return old.node;
  const node = build();
  hold(node, 1);
  if (old) hold(old.node, -1);
  kept.set(name, { key, node });
  return node;
}

/** The parts of one thing (a seat's card, a resource's row), each named `${prefix}-${what}`:
 *  `part(what, inputs, build)` is keptPart under that name. */
export const keptParts = (prefix) => (what, inputs, build) => keptPart(`${prefix}-${what}`, inputs, build);

/** The nodes of the parts kept now, as they change (`has`, and `forEach` as an array's). */
export const keptNodes = () => NODES;
const NODES = { has: (node) => held.has(node), forEach: (fn) => held.forEach((_, node) => fn(node)) };

/** A table is drawn in place from now (`on`) or no longer: then the nodes kept when it began
 *  that no part holds now (drawn anew meanwhile). */
export function placingParts(on) {
  const gone = replaced;
  placing = on ? new Set() : null;
  replaced = on ? new Set() : null;
  return gone;
}

/** The page was emptied for a new draw: each kept part leaves the old tree it was in (one
 *  inside another kept part stays in it), so that tree is garbage even while the part is not
 *  drawn again (a final screen kept the last table whole through a kept map). */
export function releaseParts() {
  const inKept = (node) => {
    for (let up = node.parentNode; up; up = up.parentNode) if (held.has(up)) return true;
    return false;
  };
  held.forEach((_, node) => {
    if (!node.isConnected && node.parentNode && !inKept(node)) node.remove();
  });
}

/** Nothing kept is drawn again (a game closed: its nodes are let go). */
export function forgetParts() {
  kept.clear();
  held.clear();
}
