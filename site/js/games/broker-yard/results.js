// The "Round results" tab, the Players tab and the flash of what the last round did: the engine's events and the view's seats,
// translated and formatted (nothing is recomputed here).

import { h } from "../../shell/dom.js";
import { t, num, money, amount, fromTo } from "../../shell/i18n.js";
import {
  COLOURS,
  tg,
  rg,
  seatOf,
  chip,
  colourName,
  cardText,
  choicesText,
  cardTile,
  effectsText,
  signedText,
} from "./cards.js";

const name = (view, seat) => view.players[seat] ?? "?";

// A round with more cards than this (a mass start) reads as one summary line per colour, its
// long lists of effects and events folded.
const LONG = 12;

// The folds a reader opened stay open when the page redraws (bots move, links arrive).
const opened = new Set();
function fold(key, props, ...children) {
  const details = h("details", { ...props, open: opened.has(key) }, ...children);
  details.addEventListener("toggle", () => (details.open ? opened.add(key) : opened.delete(key)));
  return details;
}

/** Who played what on `colour` this round: [seat, effect group] from the card events. */
function playedOn(events, colour) {
  const out = [];
  for (const e of events) {
    if (e.type !== "card" || e.void || !e.effects) continue;
    for (const [c, kind, delta] of e.effects) if (c === colour) out.push([e.seat, [kind, delta, 1]]);
  }
  return out;
}

function whoPlayed(events, colour, view, round) {
  const played = playedOn(events, colour);
  if (!played.length) return null;
  return fold(
    `who:${round}:${colour}`,
    { class: "who-played", "data-who-played": colour },
    h("summary", {}, tg("results.who_played", { count: played.length })),
    h(
      "ul",
      { class: "events" },
      played.map(([seat, group]) =>
        h("li", {}, rg("results.played_by", { player: seatOf(view, seat), effect: effectTextOf(group) })),
      ),
    ),
  );
}

const effectTextOf = (group) => (group[0] === "zero" ? "0" : effectsText([group]));

/** What the update did on the price: bonus, penalty, or the stop that sold every holder out
 *  first (then nobody pays the penalty below 10). */
function priceOutcome(e) {
  return [
    e.bonus ? h("div", { class: "good small" }, tg("results.bonus_per_share", { amount: money(e.bonus) })) : null,
    e.penalty && !e.stopped
      ? h("div", { class: "bad small" }, tg("results.penalty_per_share", { amount: money(e.penalty) }))
      : null,
    e.stopped ? h("div", { class: "bad small" }, tg("results.stop_hit", { price: money(e.stop) })) : null,
    e.stopped && e.penalty
      ? h("div", { class: "small", "data-no-penalty": e.colour }, tg("results.stop_no_penalty"))
      : null,
  ];
}

function priceRows(events, view, round) {
  const rows = events.filter((e) => e.type === "price");
  const long = events.filter((e) => e.type === "card").length > LONG;
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "data results-prices" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, tg("table.share")),
          h("th", { scope: "col" }, tg("results.price_move")),
          h("th", { scope: "col" }, tg("results.effects")),
          h("th", { scope: "col" }, tg("results.counted")),
        ),
      ),
      h(
        "tbody",
        {},
        rows.map((e) =>
          h(
            "tr",
            { "data-colour": e.colour },
            h("th", { scope: "row" }, chip(e.colour)),
            h(
              "td",
              { class: "num" },
              h("span", { class: "nowrap" }, fromTo(e.price, e.new_price)),
              " ",
              changeBadge(e.new_price - e.price),
              priceOutcome(e),
            ),
            h(
              "td",
              { class: "small" },
              long
                ? fold(
                    `stages:${round}:${e.colour}`,
                    { class: "stages", "data-stages": e.colour },
                    h("summary", {}, tg("results.effects_summary", { count: groupCount(e.effects), zeros: e.zeros })),
                    stages(e),
                    whoPlayed(events, e.colour, view, round),
                  )
                : [stages(e), whoPlayed(events, e.colour, view, round)],
            ),
            h(
              "td",
              { class: "small" },
              effectsText(e.counted),
              h("div", { class: "muted" }, tg("results.sum", { sum: signedText(e.sum), computed: num(e.computed) })),
            ),
          ),
        ),
      ),
    ),
  );
}

const groupCount = (groups) => groups.reduce((n, g) => n + g[2], 0);

function stages(e) {
  const parts = [h("div", {}, effectsText(e.effects))];
  if (JSON.stringify(e.after_cancel) !== JSON.stringify(e.effects)) {
    parts.push(h("div", { class: "muted" }, tg("results.after_cancel", { effects: effectsText(e.after_cancel) })));
  }
  if (e.zeros) {
    parts.push(
      h("div", { class: "muted" }, tg("results.after_zero", { count: e.zeros, effects: effectsText(e.after_zero) })),
    );
  }
  return parts;
}

export function changeBadge(delta) {
  const cls = delta > 0 ? "up" : delta < 0 ? "down" : "flat";
  const arrow = delta > 0 ? "▲" : delta < 0 ? "▼" : "■";
  return h(
    "span",
    { class: ["change", cls] },
    h("span", { "aria-hidden": "true" }, arrow, " "),
    h("span", { class: "sr-only" }, tg(`change.${cls}`), " "),
    signedText(delta),
  );
}

/** One event as a line of text (DOM), or null for events shown elsewhere. The seat's name is
 *  a <bdi>; the reader's own seat reads "you". */
export function eventLine(e, view) {
  const line = (key, params, cls) => h("li", { class: cls }, rg(key, { ...params, player: seatOf(view, params.seat) }));
  switch (e.type) {
    case "trade":
      return line(e.shares > 0 ? "event.buy" : "event.sell", {
        seat: e.seat,
        count: Math.abs(e.shares),
        colour: colourName(e.colour),
        price: money(e.price),
        cash: amount(Math.abs(e.cash)),
      });
    case "card": {
      const choices = choicesText(e.choices);
      const key = e.void ? "event.card_void" : choices ? "event.card" : "event.card_plain";
      return line(key, { seat: e.seat, card: cardText(e.card), choices: choices || "—" });
    }
    case "discard":
      return e.card
        ? line("event.discard_own", { seat: e.seat, card: cardText(e.card) }, "muted")
        : line("event.discard", { seat: e.seat }, "muted");
    case "bonus":
      return line(
        "event.bonus",
        {
          seat: e.seat,
          colour: colourName(e.colour),
          count: e.shares,
          per_share: money(e.per_share),
          cash: amount(e.cash),
        },
        "good",
      );
    case "penalty":
      return line(
        "event.penalty",
        {
          seat: e.seat,
          colour: colourName(e.colour),
          count: e.shares,
          per_share: money(e.per_share),
          cash: amount(Math.abs(e.cash)),
        },
        "bad",
      );
    case "stop_sale":
      return line(
        "event.stop_sale",
        { seat: e.seat, colour: colourName(e.colour), count: e.shares, price: money(e.price), cash: amount(e.cash) },
        "bad",
      );
    case "bankrupt":
      return line(
        e.reason === "debt" ? "event.bankrupt_debt" : "event.bankrupt_broke",
        { seat: e.seat, cash: money(e.cash) },
        "bad",
      );
    case "toss": {
      const names = e.order.map((seat) => name(view, seat)).join(" › ");
      return h("li", { class: "muted" }, tg("event.toss", { capital: money(e.capital), order: names }));
    }
    case "game_over":
      return h("li", { class: "strong" }, rg("event.game_over", { winner: seatOf(view, e.ranking[0]) }));
    default:
      return null;
  }
}

const GROUPS = [
  ["results.cards", ["card", "discard"]],
  ["results.trades", ["trade"]],
  ["results.payments", ["bonus", "penalty", "stop_sale"]],
  ["results.bankruptcies", ["bankrupt", "toss", "game_over"]],
];

export function roundBlock(round, view, open) {
  const details = h("details", { class: "round-block", open });
  details.append(
    h(
      "summary",
      {},
      h("span", { class: "round-title" }, tg("results.round", { round: round.round })),
      h(
        "span",
        { class: "round-moves" },
        COLOURS.map((c) =>
          h(
            "span",
            { class: "nowrap" },
            chip(c, false),
            " ",
            changeBadge(round.prices_after[c] - round.prices_before[c]),
          ),
        ),
      ),
    ),
  );
  details.append(priceRows(round.events, view, round.round));
  for (const [title, types] of GROUPS) {
    const lines = round.events
      .filter((e) => types.includes(e.type))
      .map((e) => eventLine(e, view))
      .filter(Boolean);
    if (!lines.length) continue;
    const list = h("ul", { class: "events" }, lines);
    // a mass start's long lists fold under their title with the count
    if (lines.length > LONG)
      details.append(
        fold(
          `${title}:${round.round}`,
          { class: "event-group" },
          h("summary", {}, h("h4", {}, tg(title), " ", h("span", { class: "muted" }, `(${num(lines.length)})`))),
          list,
        ),
      );
    else details.append(h("h4", {}, tg(title)), list);
  }
  return details;
}

export function resultsTab(view) {
  if (!view.history.length) return h("p", { class: "empty" }, tg("results.none"));
  const rounds = [...view.history].reverse();
  return h(
    "div",
    { class: "results" },
    rounds.map((r, i) => roundBlock(r, view, i === 0)),
  );
}

export function playersTab(view, kinds, me, done) {
  const zc = view.options.zero_cancels;
  const from = view.played_from;
  return h(
    "div",
    { class: "players" },
    view.seats.map((seat, i) => {
      const kind = kinds[i];
      const badges = [];
      if (i === me) badges.push(h("span", { class: "badge badge-you" }, t("players.you")));
      badges.push(
        h(
          "span",
          { class: "badge" },
          kind.kind === "bot" ? t("players.bot", { level: t(`level.${kind.level}`) }) : t("players.human"),
        ),
      );
      if (seat.bankrupt)
        badges.push(h("span", { class: "badge badge-bad" }, tg("players.bankrupt", { round: seat.bankrupt_round })));
      else if (done && !view.over && kind.kind === "human")
        badges.push(
          h(
            "span",
            { class: ["badge", done[i] ? "badge-good" : ""] },
            done[i] ? tg("players.ready") : tg("players.thinking"),
          ),
        );
      return h(
        "article",
        { class: "player-card", "aria-label": seat.name },
        h("header", {}, h("h3", {}, h("bdi", {}, seat.name)), h("span", { class: "badges" }, badges)),
        h(
          "dl",
          { class: "facts" },
          h("div", {}, h("dt", {}, tg("players.cash")), h("dd", {}, amount(seat.cash))),
          h("div", {}, h("dt", {}, tg("players.capital")), h("dd", {}, amount(seat.capital))),
          h("div", {}, h("dt", {}, tg("players.cards_left")), h("dd", {}, num(seat.cards_left))),
        ),
        h(
          "ul",
          { class: "holdings", "aria-label": tg("players.holdings") },
          COLOURS.map((c) => h("li", {}, chip(c), h("b", {}, num(seat.shares[c])))),
        ),
        // a large table's link carries every seat's cards of the last round only (engine/broker/link_large.py)
        h("h4", {}, from ? tg("players.played_in", { round: from }) : tg("players.played")),
        seat.played.length
          ? h(
              "ol",
              { class: "played" },
              seat.played.map((p) =>
                h(
                  "li",
                  {},
                  h("span", { class: "muted" }, tg("players.round_short", { round: p.round })),
                  " ",
                  cardTile(p.card, { zeroCancels: zc, small: true }),
                  h("span", { class: "small" }, " ", choicesText(p.choices)),
                ),
              ),
            )
          : h("p", { class: "muted small" }, from ? tg("players.none_in", { round: from }) : tg("players.none_played")),
      );
    }),
  );
}

/** What the round that just ended did to the prices (above the field and on the curtain). */
export function flashBlock(ctx) {
  const v = ctx.view;
  const round = v.history && v.history[v.history.length - 1];
  if (!round) return null;
  return h(
    "section",
    { class: "flash", "aria-live": "polite" },
    // focusable and named: a redraw (a bot's quiet move) gives the focus back to it
    h("h3", { tabindex: "-1", "data-focus": "flash" }, tg("flash.title", { round: round.round })),
    h(
      "ul",
      { class: "flash-moves" },
      COLOURS.map((c) =>
        h(
          "li",
          {},
          chip(c),
          " ",
          h("span", { class: "nowrap" }, fromTo(round.prices_before[c], round.prices_after[c])),
          " ",
          changeBadge(round.prices_after[c] - round.prices_before[c]),
        ),
      ),
    ),
    ctx.showTab
      ? h(
          "button",
          { type: "button", class: "btn btn-link", onclick: () => ctx.showTab("results") },
          tg("flash.details"),
        )
      : null,
  );
}
