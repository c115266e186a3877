// What happened, in words: one line per engine event (the log tab, and the flash above the
// table after each move). Events come from the engine (the view's `log`, a reply's events);
// anything unexpected in them is shown as text or left out, never trusted as markup.

import { h } from "../../shell/dom.js";
import { byRound, roundGroups } from "../../shell/rounds.js";
import { num, list as listText } from "../../shell/i18n.js";
import { tg, cityName, resourceName, elektro, seatOf } from "./words.js";

const name = (view, i) => (view.players[i] != null ? view.players[i] : "?");
const n = (x) => (typeof x === "number" ? num(x) : String(x));
const plantNo = (p) => (p === "step3" ? tg("log.step3_card") : tg("log.plant", { n: n(p) }));
const cargo = (res) =>
  listText(
    Object.entries(res || {})
      .filter(([, k]) => k)
      .map(([r, k]) => tg("resource.amount", { count: k, resource: resourceName(r) })),
  );
const path = (cities) => (Array.isArray(cities) ? cities.map(cityName).join(" – ") : "");

/** One event as text, or null for events that say nothing worth a line. */
export function eventText(view, e) {
  if (!e || typeof e !== "object") return null;
  const who = seatOf(view, e.seat);
  switch (e.type) {
    case "open":
      return tg("log.open", { name: who, plant: plantNo(e.plant), amount: elektro(e.amount) });
    case "bid":
      return tg("log.bid", { name: who, plant: plantNo(e.plant), amount: elektro(e.amount) });
    case "pass":
      if (e.plant != null) return tg(e.auto ? "log.leave_auto" : "log.leave", { name: who, plant: plantNo(e.plant) });
      return tg(e.auto ? "log.pass_auto" : "log.pass", { name: who });
    case "sold":
      return tg("log.sold", { name: who, plant: plantNo(e.plant), amount: elektro(e.price) });
    case "draw":
      return e.plant === "step3" ? tg("log.draw_step3") : tg("log.draw", { plant: n(e.plant) });
    case "order":
      return tg("log.order", {
        names: (e.order || []).map((i) => name(view, i)).join(document.documentElement.dir === "rtl" ? " ‹ " : " › "),
      });
    case "phase":
      return tg("log.phase", { round: n(e.round), phase: tg(`phase.${e.phase}`) });
    case "skip":
      return tg(e.phase === "resources" ? "log.skip_resources" : "log.skip_building", { name: who });
    case "done":
      return tg(e.phase === "resources" ? "log.done_resources" : "log.done_building", { name: who });
    case "buy":
      return tg("log.buy", {
        name: who,
        amount: tg("resource.amount", { count: e.amount, resource: resourceName(e.resource) }),
        plant: n(e.plant),
        cost: elektro(e.cost),
      });
    case "build": {
      const text = tg("log.build", {
        name: who,
        plant: plantNo(e.plant),
        city: cityName(e.city),
        cost: elektro(e.cost),
      });
      const out = (e.displaced || []).map((i) => name(view, i));
      return out.length ? `${text} ${tg("log.displaces", { names: listText(out) })}` : text;
    }
    case "upgrade": {
      const text = tg("log.upgrade", {
        name: who,
        plant: plantNo(e.plant),
        with: plantNo(e.with),
        city: cityName(e.city),
      });
      const lost = cargo(e.lost);
      return lost ? `${text} ${tg("log.lost", { resources: lost })}` : text;
    }
    case "move":
      return tg("log.move", {
        name: who,
        resources: cargo(e.resources),
        from: n(e.from),
        to: n(e.to),
        cost: elektro(e.cost),
      });
    case "line":
      return e.substation
        ? tg("log.line_substation", {
            name: who,
            path: path(e.path),
            cost: elektro(e.cost),
            total: elektro(e.total),
            city: cityName(e.path[e.path.length - 1]),
          })
        : tg("log.line", { name: who, path: path(e.path), cost: elektro(e.cost) });
    case "substation":
      return tg("log.substation", { name: who, city: cityName(e.city), cost: elektro(e.cost) });
    case "plant_removed":
      return tg("log.removed", { plant: n(e.plant) });
    case "plant_under_stack":
      return tg("log.under_stack", { plant: n(e.plant) });
    case "power_saved":
      return tg("log.power_saved", { name: who });
    case "income": {
      const paid = (e.penalties || []).reduce((sum, p) => sum + (p.paid || 0), 0);
      const text = tg("log.income", { name: who, count: e.powered, amount: elektro(e.rounded) });
      return paid ? `${text} ${tg("log.penalties", { amount: elektro(paid) })}` : text;
    }
    case "refill": {
      const added = cargo(e.added);
      return added ? tg("log.refill", { resources: added }) : null;
    }
    case "stage":
      return tg("log.stage", { stage: n(e.stage) });
    case "final_round":
      return tg("log.final_round");
    case "game_over":
      return tg("log.game_over");
    default:
      return null;
  }
}

/** The view's log as it reads, newest first throughout: the newest round on top and, in each
 *  round, the newest line on top, the events of one action too (issue 30). The host's settle
 *  ends a round and begins the next: from its `order` and the new round's `phase` on, its
 *  events go under the new round. Entries stay oldest first (byRound turns them). */
export function logEntries(log) {
  const out = [];
  for (const entry of log || []) {
    const events = entry.events || [];
    const next = events.findIndex((e) => e && e.type === "phase" && e.round > entry.round);
    let cut = next;
    if (next > 0 && events[next - 1] && events[next - 1].type === "order") cut = next - 1;
    const parts =
      next < 0
        ? [[entry.round, events]]
        : [
            [entry.round, events.slice(0, cut)],
            [events[next].round, events.slice(cut)],
          ];
    for (const [round, list] of parts) {
      if (list.length) out.push({ ...entry, round, events: list.slice().reverse() });
    }
  }
  return out;
}

/** The hall's game log beside the table (hall/table/gamelog.js): this round's and the last round's
 *  actions, newest first, in the log tab's words. */
export const logGroups = (view) =>
  roundGroups(
    logEntries(view.log),
    (e) => eventText(view, e),
    (round) => tg("log.round", { round: n(round) }),
    view.players,
  );

/** The log tab: this round's and the last round's actions, newest first (logEntries). */
export function logTab(view) {
  const entries = view.log || [];
  const box = h("section", { class: "grid-log", "aria-labelledby": "grid-log-title" });
  box.append(h("h3", { id: "grid-log-title" }, tg("log.title")));
  if (!entries.length) {
    box.append(h("p", { class: "empty" }, view.log ? tg("log.empty") : tg("log.not_here")));
    return box;
  }
  box.append(h("p", { class: "small muted log-order" }, tg("log.newest_first")));
  for (const [round, list] of byRound(logEntries(entries))) {
    box.append(h("h4", {}, tg("log.round", { round: n(round) })));
    const ol = h("ol", { class: "log-list", reversed: true });
    for (const entry of list) {
      const lines = (entry.events || []).map((e) => eventText(view, e)).filter(Boolean);
      if (!lines.length) continue;
      ol.append(
        h(
          "li",
          { class: ["log-entry", entry.seat == null && "log-host"] },
          lines.length === 1
            ? lines[0]
            : h(
                "ul",
                { class: "events" },
                lines.map((text) => h("li", {}, text)),
              ),
        ),
      );
    }
    box.append(ol);
  }
  return box;
}
