// A game log whose entries carry their round ({round, events, ...}, oldest first), read by
// round, newest first: for the hall's game log beside the table (a table's `logGroups`) and a
// game's own log tab (Ekonos, the grid game).

import { h } from "./dom.js";
import { partKey } from "./keep.js";

/** [[round, entries]]: the newest round first, each round's entries newest first. */
export function byRound(entries) {
  const rounds = new Map();
  for (const entry of entries.slice().reverse()) {
    if (!rounds.has(entry.round)) rounds.set(entry.round, []);
    rounds.get(entry.round).push(entry);
  }
  return [...rounds];
}

// A round's lines kept by what they were made from (its entries, the language, the reader,
// the game and its players): a finished round's lines are the same nodes at every redraw of
// the table, not made again (issue 28: the log beside a map table was some 40% of the script
// of its redraw); so are the lines of the round under way, entry by entry (a step adds one
// entry, and its lines were all made again: some 20 nodes of garbage at every step of a grid
// game). Only the rounds and entries of the latest call are kept.
let kept = new Map();
let keptEntries = new Map();

/** The game log's groups ([{step, title, lines}], hall/table/gamelog.js) of such a log: each
 *  round titled `title(round)`, its events in the game's words (`text(event)`; none: left out).
 *  `players`: the names the words may hold. */
export function roundGroups(entries, text, title, players = []) {
  const before = kept;
  const entriesBefore = keptEntries;
  kept = new Map();
  keptEntries = new Map();
  const entryLines = (entry) => {
    const key = partKey([players, entry]);
    // two entries alike (the same words) are two lines: a node is in one place only
    const lines =
      (!keptEntries.has(key) && entriesBefore.get(key)) ||
      (entry.events || [])
        .map(text)
        .filter(Boolean)
        .map((line) => h("li", {}, line));
    keptEntries.set(key, lines);
    return lines;
  };
  return byRound(entries).map(([round, list]) => {
    const key = partKey([players, round, list]);
    const lines = before.get(key) || list.flatMap(entryLines);
    kept.set(key, lines);
    return { step: round, title: title(round), lines: [...lines] };
  });
}
