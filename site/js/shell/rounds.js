// A game log whose entries carry their round ({round, events, ...}, oldest first), read by
// round, newest first: for the hall's game log beside the table (a table's `logGroups`) and a
// game's own log tab (Ekonos, the grid game).

import { h } from "./dom.js";

/** [[round, entries]]: the newest round first, each round's entries newest first. */
export function byRound(entries) {
  const rounds = new Map();
  for (const entry of entries.slice().reverse()) {
    if (!rounds.has(entry.round)) rounds.set(entry.round, []);
    rounds.get(entry.round).push(entry);
  }
  return [...rounds];
}

/** The game log's groups ([{step, title, lines}], hall/table/gamelog.js) of such a log: each
 *  round titled `title(round)`, its events in the game's words (`text(event)`; none: left out). */
export function roundGroups(entries, text, title) {
  return byRound(entries).map(([round, list]) => ({
    step: round,
    title: title(round),
    lines: list.flatMap((entry) =>
      (entry.events || [])
        .map(text)
        .filter(Boolean)
        .map((line) => h("li", {}, line)),
    ),
  }));
}
