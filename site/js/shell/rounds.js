// A game log whose entries carry their round ({round, events, ...}, oldest first), read by
// round, newest first: for the hall's game log beside the table (a table's `logGroups`) and a
// game's own log tab (Ekonos, the grid game).

import { h } from "./dom.js";
import { keptPart } from "./keep.js";

/** [[round, entries]]: the newest round first, each round's entries newest first. */
export function byRound(entries) {
  const rounds = new Map();
  for (const entry of entries.slice().reverse()) {
    if (!rounds.has(entry.round)) rounds.set(entry.round, []);
    rounds.get(entry.round).push(entry);
  }
  return [...rounds];
}

// The round being played: each entry's lines are a kept part (keep.js), named by its round and
// place in it, kept by what they were made from (the entry, the language, the reader, the game
// and its players): the same nodes at every redraw, the round only growing; in a table drawn
// in place they never leave the page (issue 28: the log beside a map table was some 40% of the
// script of its redraw, and most of the nodes it made). A round before it is kept whole, by all
// its entries (`kept`: its list and title made only when they change, by an undo): with each of
// a whole game's entries a part of its own, the log took 2.0 ms of a late Ekonos game's 11.9 ms
// redraw in Firefox, 1.7 of 11.1 ms now (docs/site.md, round 22).

/** The game log's groups ([{step, title, lines, kept}], hall/table/gamelog.js) of such a log:
 *  each round titled `title(round)`, its events in the game's words (`text(event)`; none: left
 *  out). `players`: the names the words may hold. A past round's title and lines are
 *  functions, called when its group is drawn anew. */
export function roundGroups(entries, text, title, players = []) {
  const linesOf = (entry) =>
    (entry.events || [])
      .map(text)
      .filter(Boolean)
      .map((line) => h("li", {}, line));
  return byRound(entries).map(([round, list], newest) => {
    if (newest > 0)
      return {
        step: round,
        kept: [players, round, list],
        title: () => title(round),
        lines: () => list.flatMap(linesOf),
      };
    const lines = list.flatMap((entry, k) => {
      const place = list.length - k; // from the oldest: the same while the round grows
      return keptPart(`log-${round}-${place}`, [players, round, place, entry], () => linesOf(entry));
    });
    return { step: round, title: title(round), lines };
  });
}
