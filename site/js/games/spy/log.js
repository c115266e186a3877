// The log: the public announcements of every day, newest cycle first; after the game the full
// account, shown to everybody: every role, each cycle's actions (secret ones too) and how
// the priority chain resolved them, and what each player alone had learned.

import { h } from "../../shell/dom.js";
import {
  tg,
  rich,
  who,
  seatOf,
  whoList,
  roleName,
  teamName,
  cardText,
  eventLine,
  actLine,
  privateLine,
  clockText,
} from "./words.js";

const QUIET = new Set(["vote"]); // votes are in the tally and the vote's result

/** The view's log grouped by cycle: [[cycle, [events]]], newest first. */
function byCycle(log) {
  const groups = new Map();
  let c = 0; // an event without a cycle (a deadline, the end) belongs to the one before it
  for (const e of log) {
    c = e.cycle ?? c;
    if (!groups.has(c)) groups.set(c, []);
    groups.get(c).push(e);
  }
  return [...groups.entries()].sort((a, b) => b[0] - a[0]);
}

/** The hall's game log beside the table (hall/table/gamelog.js): the announcements by cycle, newest
 *  first, in the log tab's words. */
export function logGroups(view) {
  return byCycle(view.log || []).map(([cycle, events]) => ({
    step: cycle,
    title: cycle ? tg("log.cycle", { cycle }) : tg("log.warmup"),
    lines: events
      .filter((e) => !QUIET.has(e.type))
      .map((e) => eventLine(e, view))
      .filter(Boolean)
      .map((line) => h("li", {}, line)),
  }));
}

export function announcements(view, { limit = null } = {}) {
  const groups = byCycle(view.log || []);
  const box = h("div", { class: "spy-log", id: "spy-log" });
  (limit ? groups.slice(0, limit) : groups).forEach(([cycle, events], k) => {
    const lines = events
      .filter((e) => !QUIET.has(e.type))
      .map((e) => [e, eventLine(e, view)])
      .filter(([, line]) => line);
    box.append(
      h(
        "details",
        { class: "spy-cycle", open: k === 0, "data-cycle": cycle },
        h("summary", {}, cycle ? tg("log.cycle", { cycle }) : tg("log.warmup")),
        h(
          "ul",
          { class: "spy-lines" },
          lines.map(([e, line]) =>
            h(
              "li",
              { "data-event": e.type },
              e.at != null ? h("time", { class: "small muted" }, clockText(e.at), " ") : null,
              ...line,
            ),
          ),
        ),
      ),
    );
  });
  return box;
}

// ---------------------------------------------------------------- after the game
function chainLine(c, view) {
  const w = (s) => seatOf(view, s);
  switch (c.step) {
    case "priest":
      return [
        ...rich(c.public ? "chain.priest_public" : "chain.priest", { who: w(c.seat), target: w(c.target) }),
        c.punished ? " " + tg("chain.priest_punished") : "",
      ];
    case "vigilante":
      return [
        ...rich(`chain.vigilante_${c.outcome}`, { who: w(c.seat), target: w(c.target) }),
        c.remorse ? " " + tg("chain.remorse") : "",
      ];
    case "spies":
      return [
        ...rich(`chain.spies_${c.outcome}`, { target: w(c.target) }),
        " ",
        c.drawn ? tg(`chain.drawn_${c.drawn}`) : "",
      ];
    case "vote": {
      const out = [...rich("chain.vote", { counts: h("span", {}, countsLineOf(view, c.counts)) })];
      for (const r of c.redirects || []) {
        out.push(
          " ",
          ...rich(r.void ? `chain.redirect_void_${r.void}` : "chain.redirect", { who: w(r.seat), target: w(r.target) }),
        );
      }
      if (c.dies != null) out.push(" ", ...rich(`chain.vote_${c.outcome}`, { target: w(c.dies) }));
      else out.push(" ", tg("chain.vote_nobody"));
      return out;
    }
    case "inactivity":
      return c.removed.length ? rich("chain.inactive", { names: whoList(view, c.removed) }) : null;
    case "look":
      if (c.outcome === "died") return rich("chain.look_died", { who: w(c.seat), target: w(c.target) });
      return [
        ...rich(c.role ? "chain.look_role" : "chain.look_team", {
          who: w(c.seat),
          target: w(c.target),
          role: c.role ? roleName(c.role) : "",
          team: c.team ? teamName(c.team) : "",
        }),
        c.power_lost ? " " + tg("chain.power_lost") : "",
      ];
    default:
      return null;
  }
}

function countsLineOf(view, counts) {
  return counts && counts.length
    ? counts.flatMap(([s, n], i) => [i ? " · " : "", who(view, s), ` ${n}`])
    : [tg("tally.none")];
}

/** The full account of a finished game (the view's roles, history and privates). */
export function fullAccount(view) {
  const box = h("section", { class: "spy-account", id: "spy-account", "aria-labelledby": "spy-account-title" });
  box.append(h("h3", { id: "spy-account-title" }, tg("account.title")));
  box.append(
    h(
      "ul",
      { class: "spy-roles", id: "spy-roles" },
      view.players.map((name, i) =>
        h(
          "li",
          { "data-seat": i, "data-team": view.roles[i].team },
          h("bdi", {}, name),
          ": ",
          h("strong", {}, cardText(view.roles[i])),
        ),
      ),
    ),
  );
  const history = view.history || [];
  // a finished game's link carries its end, not every cycle's account (engine/spy/end_link.py)
  if (!history.length) box.append(h("p", { class: "small muted", id: "spy-account-replay" }, tg("account.in_replay")));
  for (const cycle of history) {
    const acts = cycle.acts.filter((a) => a.type !== "vote");
    box.append(
      h(
        "details",
        { class: "spy-cycle", "data-cycle": cycle.cycle, open: cycle === history[history.length - 1] },
        h("summary", {}, tg("log.cycle", { cycle: cycle.cycle })),
        h("h4", {}, tg("account.actions")),
        acts.length
          ? h(
              "ul",
              { class: "spy-lines" },
              acts.map((a) => h("li", {}, h("time", { class: "small muted" }, clockText(a.at), " "), actLine(a, view))),
            )
          : h("p", { class: "small muted" }, tg("account.no_actions")),
        h("h4", {}, tg("account.chain")),
        h(
          "ol",
          { class: "spy-lines" },
          cycle.chain
            .map((c) => chainLine(c, view))
            .filter(Boolean)
            .map((line) => h("li", {}, line)),
        ),
      ),
    );
  }
  const learned = (view.privates || [])
    .map((list, seat) => [seat, list.map((e) => privateLine(e, view)).filter(Boolean)])
    .filter(([, lines]) => lines.length);
  if (learned.length) {
    box.append(
      h("h4", {}, tg("account.learned")),
      h(
        "ul",
        { class: "spy-lines" },
        learned.map(([seat, lines]) =>
          h(
            "li",
            {},
            who(view, seat),
            ": ",
            h(
              "ul",
              {},
              lines.map((line) => h("li", {}, line)),
            ),
          ),
        ),
      ),
    );
  }
  return box;
}

export function logTab(view) {
  const wrap = h("div", { class: "spy-log-tab" });
  if (view.over) wrap.append(fullAccount(view));
  wrap.append(h("section", { class: "card-panel" }, h("h3", {}, tg("log.title")), announcements(view)));
  return wrap;
}
