// Ekonos's table in the hall (site/js/hall/table/table.js asks for these): the table (map, hand,
// the decision at hand, stock chart and growth tracks) and the log of turns; the heading,
// the final screen and a remote player's page. Everything is drawn from the engine's view;
// nothing here recomputes a rule.

import { h } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { tg, coins, companyName, spaceName } from "./words.js";
import { field, flashBlock } from "./field.js";
import { logTab, logGroups } from "./log.js";
import { finalScreen, finalOf } from "./results.js";
import { planned } from "./plan.js";
import { placeMaps } from "./mapcard.js";
import { shapesAhead } from "./map.js";
import { waitingText } from "./turn.js";
import lobby from "./lobby.js";

// decisions of a president, perhaps in another player's turn: the top bar says whose and why
const PRESIDENTS = ["expand_or_wait", "grow", "confirm", "successor"];

let lastView = null; // the view an error's parameters are read against (space names)

export default {
  ...lobby,
  tabs: ["table", "log"],
  beforeOpen: shapesAhead,
  logGroups,
  // the log of turns a column of its own only where the map keeps 700 px beside the decision
  // (ekonos.css); narrower, the top bar's button opens it as a drawer
  logWide: "(min-width: 100rem)",
  tabLabel: (tab) => tg(`tab.${tab}`),
  heading: (view) => tg("heading", { round: num(view.round), of: num(view.rounds_total) }),

  panel(tab, ctx) {
    lastView = ctx.view;
    if (tab === "log") return logTab(ctx.view);
    return field(ctx);
  },
  flash: (ctx) => flashBlock(ctx),
  whoActs: (view) => (PRESIDENTS.includes(view.phase) ? waitingText(view) : null),
  /** After a move the page is redrawn: the map where the reader left it, and a keyboard
   *  user's focus on the new question (the decision panel's heading), not the page's start. */
  afterDraw(ctx) {
    placeMaps(document.getElementById("by-panel")); // the open tab's: a parked map is not laid out for it
    const lost = !document.activeElement || document.activeElement === document.body;
    const title = document.getElementById("ek-act-title");
    if (lost && title && ctx.view.legal) {
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
    }
  },
  /** Companies and spaces named in an error read as their names. */
  errorParams(params) {
    const out = { ...params };
    if (typeof out.company === "string") out.company = companyName(out.company);
    if (typeof out.space === "number" && lastView) out.space = spaceName(lastView, out.space);
    // an amount of money reads with its unit ("5 coins", "5 монет")
    for (const key of ["cost", "coins"]) if (typeof out[key] === "number") out[key] = coins(out[key]);
    return out;
  },

  final: (ctx) => finalScreen(ctx.screen.final, ctx.view, ctx.kinds),

  /** A remote player's page: the table for the seat (or the final ranking), the log. A turn
   *  is composed on the page and sent as one code (plan.js). */
  remote(base) {
    const ctx = planned(base, base.act);
    const v = ctx.view;
    lastView = v;
    const wrap = h("div", { class: "remote-table ek-remote" });
    if (v.over) wrap.append(finalScreen(finalOf(v), v, ctx.kinds, { board: false }));
    wrap.append(field(ctx));
    wrap.append(h("section", { class: "card-panel" }, logTab(v)));
    return wrap;
  },
};
