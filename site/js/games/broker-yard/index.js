// Broker-Yard's table in the hall (site/js/hall/table/table.js asks for these): its tabs (game
// field, players, round results, price chart), its heading and chips, its final screen and
// the page of a player who plays from another device. Everything is drawn from the engine's
// view; nothing here recomputes a rule.

import { h } from "../../shell/dom.js";
import { t, num, money, amount } from "../../shell/i18n.js";
import { botBadge } from "../../shell/ranking.js";
import { tg, rg, seatOf, chip } from "./cards.js";
import { resultsTab, playersTab, roundBlock, flashBlock } from "./results.js";
import { priceChart, pictureChart } from "./chart.js";
import { capitalSection } from "./capital.js";
import { field, updatePreview } from "./field.js";
import { explain } from "./tips.js";
import { logGroups, howtoPart, tour } from "./learn.js";
import lobby from "./lobby.js";

const doneOf = (ctx) => (ctx.screen ? ctx.screen.done : {});

export default {
  ...lobby,
  tabs: ["field", "players", "results", "chart"],
  // each seat's unsaved trades and card survive a reload and the lobby (hall/table/table.js)
  keepDrafts: true,
  tabLabel: (tab) => tg(`tab.${tab}`),
  heading: (view) => tg("game.round", { round: view.round, total: view.rounds_total }),

  panel(tab, ctx) {
    const v = ctx.view;
    if (tab === "players") return playersTab(v, ctx.kinds, ctx.seat, doneOf(ctx));
    if (tab === "results") return resultsTab(v);
    if (tab === "chart")
      return h(
        "div",
        {},
        h("h3", {}, tg("chart.title")),
        priceChart(v.price_history, v.rounds_total),
        capitalSection(v, ctx.seat),
      );
    return field(ctx);
  },
  afterDraw(ctx) {
    updatePreview(ctx);
    explain(document.getElementById("by-panel"));
  },
  logGroups,
  howtoPart,
  tour,
  flash: flashBlock,
  movedText: (reply) => tg("flash.title", { round: reply.step_before + 1 }),
  seatOut: (view, i) =>
    view.seats[i].bankrupt ? tg("players.bankrupt", { round: view.seats[i].bankrupt_round }) : null,
  /** The result's picture (site/js/hall/table/picture.js): the price chart with its legend. */
  picture: (v) => pictureChart(v.price_history, v.rounds_total),
  /** Beside the menu's "End the round now": what it does, before it is pressed. */
  closeHint: () => tg("game.end_round_hint"),
  closeText(part, view, names) {
    return {
      button: () => tg("game.end_round"),
      title: () => tg("game.end_round_title", { round: view.round }),
      text: () => tg("game.end_round_text"),
      missing: () => tg("game.end_round_missing", { names }),
    }[part]();
  },
  /** A colour named in an error reads as the colour's name. */
  errorParams(params) {
    const out = { ...params };
    for (const key of ["colour", "other"]) {
      if (typeof out[key] === "string") out[key] = tg(`colour.${out[key]}`);
    }
    return out;
  },

  final: (ctx) => finalScreen(ctx),

  /** A remote player's page: the field for the seat (or the final ranking), the last
   *  round's results and the players. */
  remote(ctx) {
    const v = ctx.view;
    const wrap = h("div", { class: "remote-table" });
    if (v.over) {
      wrap.append(
        h(
          "section",
          { class: "final card-panel" },
          h("h3", {}, t("final.title")),
          h(
            "ol",
            { class: "ranking" },
            (v.ranking || []).map((i, place) =>
              h(
                "li",
                { class: ["rank-row", place === 0 && "first"] },
                h("span", { class: "place" }, num(place + 1)),
                h(
                  "div",
                  { class: "rank-main" },
                  h("div", { class: "rank-name" }, h("bdi", {}, v.players[i]), botBadge(ctx.kinds[i])),
                ),
                h("span", { class: "capital" }, amount(v.seats[i].capital)),
              ),
            ),
          ),
        ),
      );
    } else {
      wrap.append(field(ctx));
      // (only once shown: a page drawn aside to check a link acts on nothing else)
      queueMicrotask(() => wrap.isConnected && updatePreview(ctx));
    }
    const last = v.history && v.history[v.history.length - 1];
    if (last && last.events.some((e) => e.type === "price")) {
      wrap.append(
        h("section", { class: "card-panel" }, h("h3", {}, tg("final.last_round")), roundBlock(last, v, false)),
      );
    }
    wrap.append(
      h(
        "section",
        { class: "card-panel" },
        h("h3", {}, tg("tab.players")),
        // who is ready is the host's to know: no "thinking" badges here
        playersTab(v, ctx.kinds, ctx.seat, null),
      ),
    );
    // a remote player reads the same tooltips as the host's table (headers, facts, cards)
    explain(wrap);
    return wrap;
  },
};

function finalScreen(ctx) {
  const f = ctx.screen.final,
    v = ctx.view,
    kinds = ctx.kinds;
  const winner = f.rows[0];
  const box = h(
    "section",
    { class: "final", "aria-labelledby": "broker-final-title" },
    h("h3", { id: "broker-final-title" }, t("final.title")),
    h(
      "p",
      { class: "winner" },
      h("span", { class: "trophy", "aria-hidden": "true" }, "★ "),
      rg("final.winner", { name: seatOf(v, winner.seat), capital: amount(winner.capital) }),
    ),
  );
  box.append(
    h(
      "ol",
      { class: "ranking" },
      f.rows.map((row) =>
        h(
          "li",
          { class: ["rank-row", row.place === 1 && "first", row.bankrupt && "is-bankrupt"] },
          h("span", { class: "place" }, num(row.place)),
          h(
            "div",
            { class: "rank-main" },
            h(
              "div",
              { class: "rank-name" },
              h("bdi", {}, row.name),
              botBadge(kinds[row.seat]),
              row.bankrupt
                ? h("span", { class: "badge badge-bad" }, tg("players.bankrupt", { round: row.bankrupt_round }))
                : null,
            ),
            h(
              "ul",
              { class: "breakdown small" },
              Object.keys(row.shares)
                .filter((c) => row.shares[c])
                .map((c) =>
                  h(
                    "li",
                    {},
                    chip(c),
                    " ",
                    tg("final.shares_value", {
                      count: row.shares[c],
                      price: money(f.prices[c]),
                      value: money(row.values[c]),
                    }),
                  ),
                ),
              h("li", {}, rg("final.cash", { cash: amount(row.cash) })),
            ),
          ),
          h("span", { class: "capital" }, amount(row.capital)),
        ),
      ),
    ),
  );
  for (const toss of f.tosses) {
    box.append(
      h(
        "p",
        { class: "muted small" },
        tg("event.toss", { capital: money(toss.capital), order: toss.order.map((i) => v.players[i]).join(" › ") }),
      ),
    );
  }
  // how the capitals came about: a chart over the rounds and the leader's greatest rounds
  const story = capitalSection(v, ctx.seat);
  if (story) box.append(story);
  const last = v.history[v.history.length - 1];
  if (last) box.append(h("h4", {}, tg("final.last_round")), roundBlock(last, v, false));
  return box;
}
