// The game log beside a hosted game's table, for every game: who is ready and who is still
// thinking in this step (from the session's screen: to_act and its waiting), then what
// happened, newest first, in the game's own words (its table's `logGroups(view)`: [{title,
// lines}], lines being text or nodes). A side column at desktop width (open unless closed,
// which is remembered); narrower, a drawer over the page's side that the top bar's button
// opens, closed again when the table is left.

import { h } from "../../shell/dom.js";
import { t, rich, seatRef } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";

// the window wide enough for the log's column; a table may ask for a wider one (its
// `logWide`: Ekonos's map takes the room)
const LOG_WIDE = "(min-width: 1100px)";

// the drawer (narrower) stays open while the table is redrawn, and is closed again
// when the table is left: it is never found covering a table just opened
let drawer = false;
export const closeLog = () => (drawer = false);

/** Who has finished the step and who has not: every seat `to_act` names. */
function statusLines(pub) {
  const turn = pub.to_act;
  if (pub.result || !turn || !turn.seats.length) return [];
  const name = (i) => seatRef(i, pub.view.players[i]);
  if (!turn.together)
    return [h("li", { "data-seat": turn.seats[0] }, rich("game.turn_of", { name: name(turn.seats[0]) }))];
  const waiting = new Set(turn.waiting || []);
  return turn.seats.map((i) =>
    h(
      "li",
      { "data-seat": i, class: waiting.has(i) ? "log-thinking" : "log-ready" },
      h("span", { "aria-hidden": "true" }, waiting.has(i) ? "… " : "✓ "),
      rich(waiting.has(i) ? "log.thinking" : "log.ready", { name: name(i) }),
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
  // on a phone the open log is a drawer: its summary closes it (the ✕ says so)
  box.append(
    h(
      "summary",
      {},
      h("h3", {}, t("log.title")),
      h("span", { class: "log-close", "aria-hidden": "true", title: t("common.close") }, "✕"),
    ),
  );
  const now = statusLines(T.pub);
  if (now.length) box.append(h("h4", {}, t("log.now")), h("ul", { class: "log-now" }, now));
  const groups = T.table.logGroups ? T.table.logGroups(T.pub.view) : [];
  if (!groups.length && !now.length) box.append(h("p", { class: "empty" }, t("log.empty")));
  for (const group of groups) {
    const lines = group.lines.filter(Boolean);
    if (!lines.length) continue;
    box.append(
      h(
        "section",
        { class: "log-group", "data-step": group.step ?? "" },
        group.title ? h("h4", {}, group.title) : null,
        h(
          "ul",
          { class: "log-lines" },
          lines.map((line) => (line instanceof Node && line.tagName === "LI" ? line : h("li", {}, line))),
        ),
      ),
    );
  }
  return box;
}
