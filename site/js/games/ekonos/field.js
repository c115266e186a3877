// The table tab: what just happened, the players, the decision at hand (or who is asked for
// what), the map, the hand and the stock chart. The same field serves the host's table and a
// remote player's page (`ctx` from site/js/hall/table/table.js or player.js).

import { h, append } from "../../shell/dom.js";
import { tg, patternHost } from "./words.js";
import { changedSpaces } from "./map.js";
import { tableMap } from "./mapcard.js";
import { handSection, playPanel, playMap } from "./hand.js";
import { stepPanel, growMap, waitingPanel } from "./turn.js";
import { chartSection } from "./chart.js";
import { seatsStrip } from "./seats.js";
import { eventText } from "./log.js";
import { planPanel } from "./plan.js";
import { keptPart } from "../../shell/keep.js";

export function field(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const L = me != null && !v.over ? v.legal : null;
  // the step and phase on the field: what a test (or a style) can wait for
  const wrap = h("div", {
    class: "field ek-field",
    "data-step": v.step,
    "data-phase": v.phase,
    "data-acting": L ? "1" : "0",
    "data-seat": me == null ? "" : me,
  });
  const recent = events(ctx);
  const flash = flashBlock(ctx, recent);
  if (flash) append(wrap, flash);
  // the company patterns every badge and tile refers to, in the strip (its seats kept apart)
  append(wrap, append(seatsStrip(v, ctx.kinds, me), keptPart("ek-patterns", [], patternHost)));

  const side = h("div", { class: "ek-side" }, planPanel(ctx));
  let mapOpts = {};
  if (L && ctx.sent) append(side, sentPanel());
  else if (L && L.phase === "play") {
    append(side, playPanel(ctx));
    mapOpts = playMap(ctx);
  } else if (L) {
    append(side, stepPanel(ctx));
    if (L.phase === "grow") mapOpts = growMap(ctx);
  } else if (!v.over) {
    append(side, waitingPanel(v));
    if (v.expansion && v.expansion.base) mapOpts = { base: v.expansion.base };
  }
  if (me != null) append(side, handSection(ctx));
  mapOpts.recent = changedSpaces(recent.events);
  if (ctx.opening) mapOpts.later = ctx.redraw; // the map's spaces a frame after the table (map.js)
  append(wrap, h("div", { class: "ek-main" }, side, tableMap(v, mapOpts)));
  append(wrap, chartSection(v, me));
  return wrap;
}

/** The events since this seat's last turn (the view's log; on the curtain or with no seat,
 *  the last reply's events). */
function events(ctx) {
  const v = ctx.view;
  let list = (ctx.flash && ctx.flash.events) || [];
  let since = false;
  if (v.log && ctx.seat != null) {
    let k = v.log.length - 1;
    while (k >= 0 && v.log[k].seat !== ctx.seat) k--;
    // this seat's own turn so far counts too (a president's growth in the middle of it)
    const from = k >= 0 && k === v.log.length - 1 ? k : k + 1;
    list = v.log.slice(from).flatMap((entry) => entry.events || []);
    since = k >= 0;
  }
  return { events: list, since };
}

/** What happened since this seat's last move: bots' turns one after the other, a round's start. */
export function flashBlock(ctx, recent = events(ctx)) {
  const v = ctx.view;
  const lines = recent.events.map((e) => eventText(v, e)).filter(Boolean);
  if (!lines.length) return null;
  const shown = lines.length > 9 ? [tg("flash.more", { count: lines.length - 8 }), ...lines.slice(-8)] : lines;
  return h(
    "section",
    { class: ["flash", "ek-flash"], "aria-live": "polite", id: "ek-flash" },
    h("h3", {}, recent.since ? tg("flash.since") : tg("flash.title")),
    // on a phone the list scrolls in a few lines' height: it takes the focus for the keyboard
    h(
      "ul",
      { class: "flash-lines", tabindex: "0" },
      shown.map((text) => h("li", {}, text)),
    ),
  );
}

// ---------------------------------------------------------------- a remote seat's move
// On a remote page a move becomes an action code (sent live, or pasted to the host): until
// the host's newer state link arrives, the page says so instead of offering the same
// decision again (ctx.sent, site/js/hall/remote/player.js).
function sentPanel() {
  return h(
    "section",
    { class: "act-panel sent-panel", id: "ek-sent", role: "status" },
    h("h3", { id: "ek-act-title" }, tg("remote.sent_title")),
    h("p", {}, tg("remote.sent")),
  );
}
