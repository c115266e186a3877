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

// An entry's lines are a kept part (keep.js), named by its round and place in it, kept by what
// they were made from (the entry, the language, the reader, the game and its players): a
// round's lines are the same nodes at every redraw of the table, not made again, the round
// being played too, which only grows; in a table drawn in place they never leave the page
// (issue 28: the log beside a map table was some 40% of the script of its redraw, and most of
// the nodes it made).

/** The game log's groups ([{step, title, lines}], hall/table/gamelog.js) of such a log: each
 *  round titled `title(round)`, its events in the game's words (`text(event)`; none: left out).
 *  `players`: the names the words may hold. */
export function roundGroups(entries, text, title, players = []) {
  return byRound(entries).map(([round, list]) => {
    const lines = list.flatMap((entry, newest) => {
      const place = list.length - newest; // from the oldest: the same while the round grows
      return keptPart(`log-${round}-${place}`, [players, round, place, entry], () =>
        (entry.events || [])
          .map(text)
          .filter(Boolean)
          .map((line) => h("li", {}, line)),
      );
    });
    return { step: round, title: title(round), lines };
  });
}
