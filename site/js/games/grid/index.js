// The grid game's table in the hall (site/js/hall/table/table.js asks for these): the table (map,
// markets, the decision at hand), the income breakdown of the last round and the rounds so
// far, the players, and the log; the heading, the final screen and a remote player's page.
// Everything is drawn from the engine's view and catalog; nothing here recomputes a rule.

import { h } from "../../shell/dom.js";
import { rankList } from "../../shell/ranking.js";
import { t, num, list as listText } from "../../shell/i18n.js";
import { tg, cityName, resourceName, elektro, seatName, seatOf } from "./words.js";
import { field, flashBlock } from "./field.js";
import { incomeSection, historySection } from "./income.js";
import { playersTab } from "./players.js";
import { logTab, logGroups } from "./log.js";
import lobby from "./lobby.js";
import { spotsAhead } from "./maplayers.js";

export default {
  ...lobby,
  tabs: ["table", "income", "players", "log"],
  logGroups,
  beforeOpen: spotsAhead,
  tabLabel: (tab) => tg(`tab.${tab}`),
  heading: (view) => tg("heading", { round: num(view.round), stage: num(view.stage) }),

  panel(tab, ctx) {
    const v = ctx.view;
    if (tab === "income")
      return h("div", { class: "results grid-results" }, incomeSection(v, { me: ctx.seat }), historySection(v));
    if (tab === "players") return playersTab(v, ctx.kinds, ctx.seat);
    if (tab === "log") return logTab(v);
    return field(ctx);
  },
  flash: flashBlock,
  movedText(reply) {
    const income = (reply.events || []).find((e) => e.type === "income");
    return income ? tg("flash.settled_note") : null;
  },
  closeText(part, view, names) {
    return {
      button: () => tg("close.button"),
      title: () => tg("close.title", { round: num(view.round) }),
      text: () => tg("close.text"),
      missing: () => tg("close.missing", { names }),
    }[part]();
  },
  /** Cities and resources named in an error read as their names. */
  errorParams(params) {
    const out = { ...params };
    for (const key of ["city", "from", "to"]) if (typeof out[key] === "string") out[key] = cityName(out[key]);
    if (typeof out.resource === "string") out.resource = resourceName(out.resource);
    return out;
  },

  final: (ctx) => finalScreen(ctx.screen.final, ctx.view, ctx.kinds),

  /** A remote player's page: the table for the seat (or the final ranking), the income of
   *  the last round, the log. */
  remote(ctx) {
    const v = ctx.view;
    const wrap = h("div", { class: "remote-table grid-remote" });
    if (v.over) wrap.append(finalScreen(finalOf(v), v, ctx.kinds));
    else wrap.append(field(ctx));
    wrap.append(h("section", { class: "card-panel" }, incomeSection(v, { me: ctx.seat })));
    wrap.append(h("section", { class: "card-panel" }, logTab(v)));
    return wrap;
  },
};

/** The final screen's rows from a view (a remote page has no hall_final). */
function finalOf(v) {
  return {
    rows: v.standing.ranking.map((i) => ({
      place: v.standing.places[i],
      seat: i,
      name: v.players[i],
      powered: v.seats[i].powered,
      elektro: v.seats[i].cash,
      income: v.seats[i].earned,
    })),
    end: v.end,
    rounds: v.round,
  };
}

function finalScreen(f, v, kinds) {
  const winners = f.rows.filter((r) => r.place === 1);
  const box = h(
    "section",
    { class: "final grid-final", "aria-labelledby": "grid-final-title" },
    h("h3", { id: "grid-final-title" }, t("final.title")),
    h(
      "p",
      { class: "winner" },
      h("span", { class: "trophy", "aria-hidden": "true" }, "★ "),
      winners.length > 1
        ? tg("final.tie", {
            names: listText(winners.map((r) => r.name)),
            count: winners[0].powered,
            cash: elektro(winners[0].elektro),
          })
        : tg("final.winner", {
            name: seatOf(v, winners[0].seat),
            count: winners[0].powered,
            cash: elektro(winners[0].elektro),
          }),
    ),
    h(
      "p",
      { class: "small muted" },
      tg(`final.end_${{ round_cap: "cap", stalled: "stalled" }[f.end] || "all"}`, {
        rounds: f.rounds,
        count: f.stall,
      }),
    ),
  );
  box.append(
    rankList(f.rows, kinds, {
      name: (row) => seatName(v, row.seat),
      detail: (row) =>
        h(
          "p",
          { class: "small muted" },
          // a no-break space before each "·": a wrapped line never starts with the separator
          tg("final.row", { count: row.powered, cash: elektro(row.elektro), income: elektro(row.income) }).replaceAll(
            " · ",
            "\u00a0· ",
          ),
        ),
      score: (row) => h("span", { class: "capital" }, tg("final.powered", { count: row.powered })),
    }),
  );
  box.append(incomeSection(v, {}));
  return box;
}
