// What happened, in words: a line per engine event (the log tab; the flash above the table
// after moves). Events come from the view's `log` or a reply; anything unexpected in them is
// left out or shown as text, never as markup.

import { h, append } from "../../shell/dom.js";
import { byRound, roundGroups } from "../../shell/rounds.js";
import { keptPart } from "../../shell/keep.js";
import { num, seatRef } from "../../shell/i18n.js";
import { tg, tgMarked, coins, companyName, spaceName, cardIcon, seatName } from "./words.js";

// a seat named in a message: "you" when it is the reader's
const seatOf = (view, i) => (i != null && view.players[i] != null ? seatRef(i, view.players[i]) : tg("nobody"));
const n = (x) => (typeof x === "number" ? num(x) : String(x));

/** A line of the log: the words, each player in them with the seat's mark. */
const line = (key, params, cls = null) => h("span", { class: cls }, ...tgMarked(key, params));

/** One event as a line (the players with their marks, a card played as its picture), or null
 *  for events that need no line of their own. */
export function eventText(view, e) {
  if (!e || typeof e !== "object") return null;
  const name = seatOf(view, e.seat);
  const company = e.company ? companyName(e.company) : "";
  const space = e.space != null ? spaceName(view, e.space) : "";
  switch (e.type) {
    case "round":
      return line("log.round_start", {
        round: n(e.round),
        name: seatOf(view, e.start),
        hand: tg("seats.cards", { count: e.cards }),
        money: coins(e.coins),
      });
    case "play":
      // the card as its picture, not its code
      return line(
        e.use === "top" ? "log.play_top" : "log.play_bottom",
        { name, card: cardIcon(view, String(e.card)), company },
        "log-play",
      );
    case "place":
      if (e.replaced) return line("log.replace", { company, space, other: companyName(e.replaced) });
      return line("log.place", { company, space });
    case "protect":
      return line("log.protect", { company, space });
    case "counter":
      return line("log.counter", { company, value: n(e.value) });
    case "wait":
      return e.seat == null ? line("log.wait_nobody", { company }) : line("log.wait", { name, company });
    case "reset":
      return line("log.reset", { company });
    case "expand":
      return line("log.expand", { name, company, actions: e.actions });
    case "grow_skipped":
      return line("log.grow_skipped", { company, count: e.left });
    case "sell":
      return line("log.sell", { name, company, coins: e.coins });
    case "buy":
      return line("log.buy", { name, company, cost: e.cost });
    case "president":
      if (e.seat == null) return line("log.president_none", { company });
      if (e.chosen_by != null) return line("log.president_chosen", { name, company, by: seatOf(view, e.chosen_by) });
      return line("log.president", { name, company });
    case "pass":
      return line(e.phase === "sell" ? "log.pass_sell" : "log.pass_buy", { name });
    case "game_over":
      return line("log.game_over");
    default:
      return null;
  }
}

/** This round's cards on the table (the view's `played`): who played what, and how. Built at
 *  every draw around its heading and its cards, each kept by what it shows (a card played
 *  made the round's list, icons and all, anew). */
function playedList(view) {
  const played = view.played || [];
  if (!played.length) return null;
  return h(
    "section",
    { class: "played-round", "data-place": "ek-played", "aria-labelledby": "ek-played-title" },
    keptPart("ek-played-title", [view.round], () =>
      h("h4", { id: "ek-played-title" }, tg("log.played_title", { round: n(view.round) })),
    ),
    h(
      "ul",
      { class: "played-list" },
      played.map((p, k) => keptPart(`ek-played-${k}`, [p, view.players, view.company_list], () => playedItem(view, p))),
    ),
  );
}

function playedItem(view, p) {
  return h(
    "li",
    { "data-card": p.card },
    cardIcon(view, String(p.card)),
    " ",
    p.use === "top"
      ? line("log.played_top", {
          name: seatOf(view, p.seat),
          company: companyName(p.company),
          space: spaceName(view, p.space),
        })
      : line("log.played_bottom", { name: seatOf(view, p.seat), company: companyName(p.company) }),
  );
}

/** The hall's game log beside the table (hall/table/gamelog.js): each round's turns, newest first,
 *  in the log tab's words. */
export const logGroups = (view) =>
  roundGroups(
    view.log || [],
    (e) => eventText(view, e),
    (round) => tg("log.round", { round: n(round) }),
    view.players,
  );

/** The log tab: every turn of the game, newest first, by round; the rounds before this one
 *  folded (a <details> each), opened with a click. The tab and each round's list are built at
 *  every draw and placed over the old ones (`data-place`, shell/place.js); what they hold is
 *  kept by what it shows and put in them with dom.js `append`, so a turn never leaves the page
 *  when its round gains one (kept inside a kept round list, the round's turns moved into a new
 *  list at every step: issue 28). Folded, a past round is not laid out: a late game's whole log
 *  (some 3,800 elements) took Firefox 80-140 ms to lay out each time the tab was shown. Nor is
 *  it built: its list is made when it opens (its summary's click, before the browser opens it),
 *  and a switch to the tab late in a game builds this round's turns alone. */
export function logTab(view) {
  const entries = view.log || [];
  const title = keptPart("ek-log-title", [], () => h("h3", { id: "ek-log-title" }, tg("log.title")));
  const box = h("section", { class: "ek-log", "data-place": "ek-log", "aria-labelledby": "ek-log-title" }, title);
  if (!entries.length) return append(box, h("p", { class: "empty" }, tg("log.empty")));
  append(box, playedList(view));
  byRound(entries).forEach(([round, list], newest) => {
    const heading = keptPart(`ek-log-${round}-title`, [round], () => h("h4", {}, tg("log.round", { round: n(round) })));
    const turns = () =>
      h(
        "ol",
        { class: "log-list", "data-place": `ek-log-${round}` },
        list.map((entry, k) =>
          // the entry's place counted from the round's first (the list is newest first)
          keptPart(`ek-log-${round}-${list.length - 1 - k}`, [entry, view.players, view.company_list], () =>
            turnItem(view, entry),
          ),
        ),
      );
    if (newest === 0) return append(box, heading, turns());
    // open as the reader left it (the element in the page: a redraw puts the new one over it)
    const place = `ek-log-past-${round}`;
    const was = document.querySelector(`.ek-log > details[data-place="${place}"]`);
    const open = !!(was && was.open);
    // the list, once: at the click that opens it (in the click's own work, so the page is not
    // at rest before it is there), or when the browser opens it otherwise (find in page)
    const fill = (details) => details.querySelector(":scope > .log-list") || details.append(turns());
    append(
      box,
      h(
        "details",
        {
          class: "log-past",
          "data-place": place,
          open,
          ontoggle: (e) => e.currentTarget.open && fill(e.currentTarget),
        },
        h("summary", { onclick: (e) => fill(e.currentTarget.parentElement) }, heading),
        open ? turns() : null,
      ),
    );
  });
  return box;
}

/** One turn's item: who, and a line per event (an empty comment for a turn with no words). */
function turnItem(view, entry) {
  const lines = (entry.events || []).map((e) => eventText(view, e)).filter(Boolean);
  if (!lines.length) return document.createComment("");
  return h(
    "li",
    {
      class: ["log-entry", entry.seat == null && "log-round"],
      "data-seat": entry.seat == null ? "" : entry.seat,
    },
    entry.seat != null ? h("strong", { class: "log-who" }, seatName(view, entry.seat)) : null,
    h(
      "ul",
      { class: "events" },
      lines.map((text) => h("li", {}, text)),
    ),
  );
}
