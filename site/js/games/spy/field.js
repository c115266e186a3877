// The table's first tab: what just happened, the day and its clock, and for the seat shown
// its card and its day's form; the public tally on a vote day and the latest announcements.
// The same field serves the host's table and a remote player's page (ctx.remote).

import { h } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import { tg, dayName, eventLine } from "./words.js";
import { countdown } from "./clock.js";
import { roleCard, seatNotes } from "./card.js";
import { dayForm } from "./day.js";
import { tallyBlock } from "./players.js";
import { announcements } from "./log.js";

const NEWS = new Set([
  "vote_result",
  "redirect_void",
  "death",
  "game_over",
  "last_words",
  "protect_public",
  "redirect",
]);

/** What the last close announced (above the field, and on the hot-seat curtain). */
export function flashBlock(ctx) {
  const events = ((ctx.flash && ctx.flash.events) || []).filter((e) => NEWS.has(e.type));
  if (!events.length) return null;
  return h(
    "section",
    { class: "flash spy-flash", id: "spy-flash", role: "status" },
    h("h3", {}, tg("flash.title")),
    h(
      "ul",
      { class: "spy-lines" },
      events.map((e) => h("li", { "data-event": e.type }, eventLine(e, ctx.view))),
    ),
  );
}

export function field(ctx) {
  const v = ctx.view;
  const wrap = h("div", { class: "field spy-field" });
  const flash = ctx.flash && !ctx.remote ? flashBlock(ctx) : null;
  if (flash) wrap.append(flash);
  const clock = countdown(v);
  const status = h(
    "section",
    { class: "spy-status", id: "spy-status" },
    h("h3", {}, dayName(v)),
    v.cycle ? h("p", { class: "small muted" }, tg("status.alive", { count: v.alive.filter(Boolean).length })) : null,
  );
  if (!clock && !v.over)
    status.append(h("p", { class: "small muted" }, tg(ctx.remote ? "status.untimed_remote" : "status.untimed")));
  const seen = ctx.seat != null && v.role;
  if (seen && v.alive[ctx.seat]) {
    // the seat's own day: its card and the first question on a phone's first screen (issue
    // 31); the day is named in the heading above, so its status follows, the clock stays on top
    if (clock) wrap.append(h("section", { class: "spy-status" }, clock));
    wrap.append(roleCard(v));
    const form = dayForm(ctx);
    if (form) wrap.append(form);
    wrap.append(...[seatNotes(v), status].filter(Boolean));
  } else {
    if (clock) status.append(clock);
    wrap.append(status);
    if (seen) {
      wrap.append(
        ...[roleCard(v), seatNotes(v)].filter(Boolean),
        h(
          "section",
          { class: "panel-note", id: "spy-dead" },
          h("h3", {}, tg("day.dead_title")),
          h("p", {}, tg("day.dead")),
        ),
      );
    } else if (!v.over && !ctx.remote) {
      wrap.append(h("p", { class: "panel-note", id: "spy-nobody" }, t("game.no_seat_now")));
    }
  }
  if (!ctx.remote && ctx.screen && !ctx.screen.humans.length && !ctx.screen.remote.length && !ctx.screen.result) {
    wrap.append(
      h(
        "section",
        {},
        h(
          "button",
          { type: "button", class: "btn btn-primary", id: "spy-play-out", onclick: ctx.playOut },
          t("game.play_out"),
        ),
      ),
    );
  }
  if (["vote", "merged"].includes(v.day) && !v.over) wrap.append(tallyBlock(v));
  wrap.append(h("section", {}, h("h3", {}, tg("log.latest")), announcements(v, { limit: 1 })));
  return wrap;
}
