// What a screen reader hears of the table's moves as they happen. The table is drawn anew
// on every move, and a live region drawn anew with its words in it is not read out; so one
// polite live region outside the table (#by-announce, made once) says what the game log
// gained since the last drawing — a seat that became ready, the other seats' moves, the end
// of a round — and the step's new heading ("Round 3 of 8"), as a sighted player sees them
// appear. Read from the log as drawn: the game's own words, said once.

import { h } from "../../shell/dom.js";

const KEEP = 4; // the newest announcements kept in the region (older ones were read)
let heard = null; // what the table showed at its last drawing: { id, heading, lines: Map }

// an element's text as a screen reader reads it: what is hidden from it left out
const spoken = (node) =>
  node.nodeType === Node.TEXT_NODE
    ? node.data
    : node.nodeType !== Node.ELEMENT_NODE || node.getAttribute("aria-hidden") === "true"
      ? ""
      : node.getAttribute("role") === "img" && node.getAttribute("aria-label")
        ? node.getAttribute("aria-label")
        : [...node.childNodes].map(spoken).join("");
const clean = (text) => text.replace(/\s+/g, " ").trim();
// a line's words, read once: the log keeps a finished round's lines from one drawing to the
// next (shell/rounds.js), and a drawn line is not changed
const said = new WeakMap();
const lineText = (node) => {
  if (!said.has(node)) said.set(node, clean(spoken(node)));
  return said.get(node);
};

/** The log's lines, its groups (steps, rounds) oldest first, each with how many times it stands there so far (a line
 *  said twice in one step is two lines). */
function logLines(main) {
  const groups = [...main.querySelectorAll("#by-log .log-group")].reverse();
  const nowLines = lines([...main.querySelectorAll("#by-log .log-now li.log-ready")].map((li) => ["now", li]));
  return [...groups.flatMap(groupLines), ...nowLines];
}

// a group kept whole (a past round: gamelog.js) is the same nodes until it changes: read once
const groupsRead = new WeakMap();

/** A log group's lines: its title and items, under its step. */
function groupLines(group) {
  if (groupsRead.has(group)) return groupsRead.get(group);
  const step = group.dataset.step;
  const title = group.querySelector("h4");
  const nodes = [...group.querySelectorAll(".log-lines > li")].map((li) => [step, li]);
  const out = lines(title ? [[`${step}|title`, title], ...nodes] : nodes);
  if (group.hasAttribute("data-kept")) groupsRead.set(group, out);
  return out;
}

/** [where, node] pairs as lines, each keyed by where it stands, its words and how many times
 *  they stood there before it (the words are a group's own: its step is in `where`). */
function lines(pairs) {
  const count = new Map();
  return pairs.map(([where, node]) => {
    const text = lineText(node);
    const key = `${where}|${text}`;
    const n = (count.get(key) || 0) + 1;
    count.set(key, n);
    return { key: `${key}#${n}`, text };
  });
}

function region() {
  let box = document.getElementById("by-announce");
  if (!box) {
    box = h("div", { id: "by-announce", class: "sr-only", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  return box;
}

/** After a drawing of the table of game `id` in `main` (never a past step's): announce what
 *  is new since the last one. A table just opened is only read, not announced. */
export function announceNews(id, main) {
  const heading = clean(spoken(main.querySelector(".game-top h2") || main));
  const lines = logLines(main);
  const before = heard && heard.id === id ? heard : null;
  heard = { id, heading, lines: new Set(lines.map((l) => l.key)) };
  if (!before) return;
  const news = lines.filter((l) => !before.lines.has(l.key) && l.text).map((l) => l.text);
  if (heading !== before.heading) news.push(heading);
  if (!news.length) return;
  const box = region();
  box.append(h("p", {}, news.join(" ")));
  while (box.children.length > KEEP) box.firstElementChild.remove();
}
