// The spy game's words: roles, teams, names in running text and every announcement, each from
// the engine's structured events (never prose from the engine), in the game's own catalog
// (site/i18n/spy/<lang>.json, keys "spy.*").

import { h } from "../../shell/dom.js";
import { t, num, rich as richText, seatRef, richList } from "../../shell/i18n.js";

export const GAME = "spy";
/** The spy game's own words. */
export const tg = (key, params) => t(`${GAME}.${key}`, params);

/** A text of the catalog with some placeholders filled by nodes (names in <bdi>): a list of
 *  strings and nodes for h(). A seat (`seatOf`) reads "you" when it is the reader's. */
export const rich = (key, params = {}) => richText(`${GAME}.${key}`, params);

const nameOf = (view, seat) => view.players[seat] ?? `#${seat + 1}`;
/** A player's name in running text. */
export const who = (view, seat) => h("bdi", { class: "who" }, nameOf(view, seat));
/** A seat named in a message (rich): its name, or the message's "you" form. */
export const seatOf = (view, seat) => seatRef(seat, nameOf(view, seat));
/** Several names in the language's list pattern: "Ana, Ben and Cy". */
export const whoList = (view, seats) =>
  h("span", {}, seats.length ? richList(seats.map((s) => who(view, s))) : tg("list.nobody"));

export const roleName = (role) => tg(`role.${role}`);
export const teamName = (team) => tg(`team.${team}`);

/** A role card as words: "Mayor (spies)" for a variable role, else the role's name. */
export function cardText(card, variable = ["trickster", "mayor"]) {
  if (!card) return "";
  return variable.includes(card.role)
    ? tg("card.with_team", { role: roleName(card.role), team: teamName(card.team) })
    : roleName(card.role);
}

/** The day's name: "Day 1", "Vote day", "Day 1 and vote", "Warm-up day 2", "The Mayor's window". */
export function dayName(view) {
  if (view.over) return tg("day.over");
  if (view.phase === "window") return tg("day.window");
  if (view.day === "warmup") return tg("day.warmup", { n: warmupOf(view) });
  return tg(`day.${view.day}`);
}

function warmupOf(view) {
  const days = (view.log || []).filter((e) => e.type === "day" && e.day === "warmup");
  return days.length ? days[days.length - 1].warmup : 1;
}

/** A time (ms) as the host stamped it, in the reader's clock: "21:35". */
export function clockText(ms) {
  if (ms == null) return "";
  return new Date(ms).toLocaleTimeString(document.documentElement.lang || "en", {
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** A duration (ms) as "1:02:03" or "4:05". */
export function durationText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600),
    mm = Math.floor((s % 3600) / 60),
    ss = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return `\u2066${hh ? `${hh}:${two(mm)}` : mm}:${two(ss)}\u2069`;
}

/** A vote count [[seat, votes], ...] as "Ana 3 · Ben 1". */
export function countsLine(view, counts) {
  if (!counts || !counts.length) return [tg("tally.none")];
  const out = [];
  counts
    .slice()
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .forEach(([seat, votes], i) => {
      if (i) out.push(" · ");
      out.push(who(view, seat), ` ${num(votes)}`);
    });
  return out;
}

/** One public announcement (an event of the view's log) as a line, or null for events that
 *  say nothing worth a line. */
export function eventLine(e, view) {
  const p = (seat) => seatOf(view, seat);
  switch (e.type) {
    case "day":
      if (e.day === "warmup") return rich("event.warmup", { n: e.warmup });
      return [...rich(`event.day_${e.day}`, { cycle: e.cycle }), ...stalemateWords(e.stalemate)];
    case "window":
      return rich("event.window", { cycle: e.cycle });
    case "vote":
      return rich("event.vote", { who: p(e.seat), target: p(e.target) });
    case "redirect":
      return rich("event.redirect", { who: p(e.seat), target: p(e.target) });
    case "protect_public":
      return rich("event.protect_public", { who: p(e.seat), target: p(e.target) });
    case "deadline":
      return e.deadline == null ? rich("event.deadline_off") : rich("event.deadline", { time: clockText(e.deadline) });
    case "excused":
      return rich("event.excused", { who: p(e.seat) });
    case "last_words":
      return [...rich("event.last_words", { who: p(e.seat) }), " ", h("q", { class: "last-words" }, e.text)];
    case "vote_result":
      return voteResultLine(e, view);
    case "redirect_void":
      return rich(`event.redirect_void_${e.reason}`, { who: p(e.seat), target: p(e.target) });
    case "death": {
      const line = rich(`event.death_${e.cause}`, { who: p(e.seat) });
      if (e.role) line.push(" ", tg("event.was_role", { role: roleName(e.role) }));
      if (e.team) line.push(" ", tg("event.was_team", { team: teamName(e.team) }));
      return line;
    }
    case "game_over":
      return rich(`event.over_${e.winner}`, { reason: reasonText(e, view) });
    default:
      return null;
  }
}

/** How near the stalemate rule is, as a cycle's first day announces it (engine/spy/resolve.py
 *  stalemate_warning): the cycles without a death so far, and the last chance or the rule. */
function stalemateWords(s) {
  if (!s) return [];
  if (s.last != null) return [" ", tg("event.last_cycle", { cycle: s.last })];
  const out = [];
  if (s.quiet) out.push(" ", tg("event.stalemate_quiet", { count: s.quiet }));
  out.push(" ", s.quiet === s.limit - 1 ? tg("event.stalemate_last") : tg("event.stalemate_rule", { count: s.limit }));
  return out;
}

/** Why the game ended (its `game_over` event), in words: the stalemate rule names its number. */
export const reasonText = (e, view) =>
  tg(`reason.${e.reason || "none"}`, { count: view.options && view.options.stall_cycles });

function voteResultLine(e, view) {
  const out = [...rich("event.vote_result", { cycle: e.cycle }), " ", ...countsLine(view, e.counts), ". "];
  if (e.added && e.added.length) out.push(...rich("event.added", { names: whoList(view, e.added) }), " ");
  if (e.subtracted && e.subtracted.length)
    out.push(
      ...rich("event.subtracted", {
        names: whoList(
          view,
          e.subtracted.map(([s]) => s),
        ),
      }),
      " ",
    );
  // the live tally counted them: say why the close does not (issue 31)
  if (e.uncounted && e.uncounted.length)
    out.push(...rich("event.uncounted", { names: whoList(view, e.uncounted), count: e.uncounted.length }), " ");
  if (e.dies == null) out.push(tg(e.most && e.most.length > 1 ? "event.vote_tie" : "event.vote_nobody"));
  else if (e.outcome === "protected") out.push(...rich("event.vote_protected", { who: seatOf(view, e.dies) }));
  else if (e.outcome === "no_target") out.push(...rich("event.vote_no_target", { who: seatOf(view, e.dies) }));
  return out;
}

/** What this seat alone learned (its view's private log), as a line. */
export function privateLine(e, view) {
  switch (e.type) {
    case "look":
      return e.role
        ? rich("private.look_role", { cycle: e.cycle, who: seatOf(view, e.target), role: roleName(e.role) })
        : rich("private.look_team", { cycle: e.cycle, who: seatOf(view, e.target), team: teamName(e.team) });
    case "victim":
      return rich(e.drawn ? `private.victim_${e.drawn}` : "private.victim", {
        cycle: e.cycle,
        who: seatOf(view, e.target),
      });
    case "power_lost":
      return rich("private.power_lost", { cycle: e.cycle });
    default:
      return null;
  }
}

/** One action (of a seat's own, or of the full account after the game) as a line. */
export function actLine(a, view) {
  const base = { who: seatOf(view, a.seat) };
  if (a.type === "add_votes") return rich("act.add_votes", { ...base, names: whoList(view, a.targets) });
  if (a.type === "done") return rich("act.done", base);
  return rich(`act.${a.type}`, { ...base, target: seatOf(view, a.target) });
}
