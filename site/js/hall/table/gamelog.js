// The game log beside a hosted game's table, for every game: who is ready and who is still
// thinking in this step (from the session's screen: to_act and its waiting), then what
// happened, newest first, in the game's own words (its table's `logGroups(view)`: [{title,
// lines}], lines being text or nodes). A side column at desktop width (open unless closed,
// which is remembered); narrower, a drawer over the page's side that the top bar's button
// opens, closed again when the table is left.

import { h, append } from "../../shell/dom.js";
import { t, rich, seatRef } from "../../shell/i18n.js";
import { keptPart } from "../../shell/keep.js";
import * as store from "../../shell/store.js";

// the window wide enough for the log's column; a table may ask for a wider one (its
// `logWide`: Ekonos's map takes the room)
const LOG_WIDE = "(min-width: 1100px)";

// the drawer (narrower) stays open while the table is redrawn, and is closed again
// when the table is left: it is never found covering a table just opened
let drawer = false;
export const closeLog = () => (drawer = false);

/** Who has finished the step and who has not: every seat `to_act` names, each line kept by
 *  what it says (most stay as they were from one step to the next). */
function statusLines(pub) {
  const turn = pub.to_act;
  if (pub.result || !turn || !turn.seats.length) return [];
  const name = (i) => seatRef(i, pub.view.players[i]);
  const kept = (i, shown, build) => keptPart(`log-now-${i}`, [pub.view.players[i], shown], build);
  if (!turn.together) {
    const i = turn.seats[0];
    return [kept(i, "turn", () => h("li", { "data-seat": i }, rich("game.turn_of", { name: name(i) })))];
  }
  const waiting = new Set(turn.waiting || []);
  return turn.seats.map((i) =>
    kept(i, waiting.has(i) ? "thinking" : "ready", () =>
      h(
        "li",
        { "data-seat": i, class: waiting.has(i) ? "log-thinking" : "log-ready" },
        h("span", { "aria-hidden": "true" }, waiting.has(i) ? "… " : "✓ "),
        rich(waiting.has(i) ? "log.thinking" : "log.ready", { name: name(i) }),
      ),
    ),
  );
}

/** The "now" list again for `pub` (a bot decided quietly while a person types: the table is
 *  drawn again at the next move). */
export function redrawNow(pub) {
  const list = document.querySelector("#by-log .log-now");
  if (list) list.replaceChildren(...statusLines(pub));
}

// whether the log is open at the window's width now: the column as it was left, the drawer
// as it was left in this table
const openNow = (wide) => (wide ? store.get("logOpenWide", true) : drawer);

/** The log (already drawn) opened or closed for the window's width now: a window resized
 *  across its query needs nothing else, so the table is not drawn again (a screenshot's
 *  capture resizes the window for a moment, even to 1×1). */
export function fitLog() {
  const box = document.getElementById("by-log");
  if (!box) return;
  const wide = matchMedia(box.dataset.wide).matches;
  box.toggleAttribute("data-column", wide);
  if (box.parentElement) box.parentElement.toggleAttribute("data-log-column", wide); // (table.js)
  box.fitted = openNow(wide);
  box.open = box.fitted;
}

/** The log for the open game `T` (table.js: {pub, table}), or for a past step ({table, pub:
 *  {view, result}}: no one is thinking then). */
export function gameLog(T) {
  const query = T.table.logWide || LOG_WIDE;
  const wide = matchMedia(query).matches;
  const box = h("details", {
    class: "game-log card-panel",
    id: "by-log",
    "data-overlay": "", // a drawer over the page, narrower than its query
    "data-wide": query,
    "data-column": wide ? "" : null, // the side column (app.css), else the drawer
    open: openNow(wide),
    ontoggle: (e) => {
      // a toggle fitLog made is not the player's choice (its event comes later, perhaps at
      // another width)
      if (e.target.open === e.target.fitted) return;
      e.target.fitted = undefined;
      if (e.target.hasAttribute("data-column")) store.set("logOpenWide", e.target.open);
      else drawer = e.target.open;
    },
  });
  // what shows what it showed is kept (keep.js) and put in the log with dom.js `append`: drawn
  // in place (shell/place.js), it never leaves the page; the lists around it are built anew
  // and placed over the old ones. On a phone the open log is a drawer: its summary closes it
  // (the ✕ says so).
  append(
    box,
    keptPart("log-summary", [], () =>
      h(
        "summary",
        {},
        h("h3", {}, t("log.title")),
        h("span", { class: "log-close", "aria-hidden": "true", title: t("common.close") }, "✕"),
      ),
    ),
  );
  const now = statusLines(T.pub);
  if (now.length)
    append(
      box,
      keptPart("log-now-title", [], () => h("h4", {}, t("log.now"))),
      h("ul", { class: "log-now", "data-place": "log-now" }, now),
    );
  const groups = T.table.logGroups ? T.table.logGroups(T.pub.view) : [];
  if (!groups.length && !now.length) append(box, h("p", { class: "empty" }, t("log.empty")));
  for (const group of groups) {
    const place = `log-${group.step ?? ""}`;
    // a group that says what it is made of (`kept`: a past round, shell/rounds.js) is kept whole
    if (group.kept)
      append(
        box,
        keptPart(place, group.kept, () => logGroup(group, place) || document.createComment("")),
      );
    else append(box, logGroup(group, place));
  }
  return box;
}

/** A group's section (its title and lines, each a value or a function that makes it), or null
 *  when it has no line. */
function logGroup(group, place) {
  const read = (value) => (typeof value === "function" ? value() : value);
  const lines = read(group.lines).filter(Boolean);
  if (!lines.length) return null;
  const title = read(group.title);
  // a title kept by its words, but inside a group kept whole (new when it changed) made with it
  const heading = !title
    ? null
    : group.kept
      ? h("h4", {}, title)
      : keptPart(`${place}-title`, [title], () => h("h4", {}, title));
  return h(
    "section",
    {
      class: "log-group",
      "data-step": group.step ?? "",
      "data-place": place,
      "data-kept": group.kept ? "" : null, // its lines never change (announce.js reads them once)
    },
    heading,
    h(
      "ul",
      { class: "log-lines" },
      lines.map((line) => (line instanceof Node && line.tagName === "LI" ? line : h("li", {}, line))),
    ),
  );
}
