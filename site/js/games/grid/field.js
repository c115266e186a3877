// The table tab: what just happened, the phase and the order, the decision of the seat that
// acts (auction, resources, building, power), the map, and the two markets. The same field
// serves the host's table and a remote player's page (`ctx` from site/js/hall/table/table.js or
// player.js).

import { h, append } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { keptPart } from "../../shell/keep.js";
import { tg, seatName } from "./words.js";
import { mapCard } from "./map.js";
import { plantMarket, auctionPanel, auctionState } from "./market.js";
import { resourceMarket, buyPanel } from "./resources.js";
import { buildPanel, buildMap } from "./build.js";
import { powerPanel } from "./power.js";
import { statusStrip, minePanel } from "./players.js";
import { eventText } from "./log.js";

export function field(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const L = me != null ? v.legal : null;
  // the step and phase on the field: what a test (or a style) can wait for
  const wrap = h("div", {
    class: "field grid-field",
    "data-step": v.step,
    "data-phase": v.phase,
    "data-acting": L ? "1" : "0",
  });
  const flash = flashBlock(ctx);
  if (flash) append(wrap, flash);
  // the parts without a handler of the draw's are kept by what they show (keep.js): a bot's bid
  // leaves the map and the resources as they were; the decision at hand is drawn anew
  append(wrap, statusStrip(v, ctx.kinds));

  const side = h("div", { class: "grid-side" });
  let mapOpts = {};
  if (L && !v.over && ctx.sent) {
    append(side, sentPanel(ctx));
  } else if (L && !v.over) {
    if (v.phase === "auction") append(side, auctionPanel(ctx));
    else if (v.phase === "resources") append(side, buyPanel(ctx));
    else if (v.phase === "building") {
      append(side, buildPanel(ctx));
      mapOpts = buildMap(ctx);
    } else if (v.phase === "power") append(side, powerPanel(ctx));
  } else if (!v.over) {
    append(side, waiting(ctx));
  }
  if (v.auction && !(L && L.kind === "bid"))
    append(
      side,
      keptPart("grid-auction", [v.auction, v.players], () =>
        h("section", { class: "auction-box" }, h("h3", {}, tg("auction.title")), auctionState(v)),
      ),
    );
  append(wrap, h("div", { class: "grid-main" }, side, mapCard(ctx, mapOpts), me != null ? minePanel(v, me) : null));
  append(wrap, h("div", { class: "grid-markets" }, plantMarket(v), resourceMarket(v)));
  return wrap;
}

/** Who the table waits for, when it is not this seat. */
function waiting(ctx) {
  const v = ctx.view;
  const shown = [ctx.seat, v.phase, v.to_act, v.players, v.seats.map((s) => s.saved)];
  return keptPart("grid-waiting", shown, () => drawWaiting(ctx));
}

function drawWaiting(ctx) {
  const v = ctx.view;
  const seats = v.to_act || [];
  const box = h("section", { class: "act-panel waiting-panel", "aria-live": "polite" });
  if (!seats.length) return box;
  if (v.phase === "power") {
    const mine = ctx.seat != null && v.seats[ctx.seat];
    box.append(
      h("h3", {}, tg("wait.power_title")),
      h(
        "p",
        {},
        mine && mine.saved ? tg("wait.power_saved") : ctx.seat != null ? tg("wait.power_nothing") : tg("wait.power"),
      ),
      h(
        "ul",
        { class: "names" },
        seats.map((i) => h("li", {}, seatName(v, i), v.seats[i].saved ? ` ✓ ${tg("wait.chosen")}` : "")),
      ),
    );
    return box;
  }
  box.append(h("h3", {}, tg(`phase.${v.phase}`)), h("p", {}, tg("wait.turn", { name: v.players[seats[0]] })));
  return box;
}

/** What happened since this seat's last move (from the view's log; on the curtain, the last
 *  reply's events): bots' bids and builds one after the other, a settled round. */
export function flashBlock(ctx) {
  const v = ctx.view;
  let events = (ctx.flash && ctx.flash.events) || [];
  let since = false;
  if (v.log && ctx.seat != null) {
    let k = v.log.length - 1;
    while (k >= 0 && v.log[k].seat !== ctx.seat) k--;
    events = v.log.slice(k + 1).flatMap((entry) => entry.events || []);
    since = k >= 0;
  }
  const lines = events.map((e) => eventText(v, e)).filter(Boolean);
  if (!lines.length) return null;
  const settled = events.some((e) => e.type === "income");
  const shown = lines.length > 8 ? [tg("flash.more", { count: lines.length - 7 }), ...lines.slice(-7)] : lines;
  return h(
    "section",
    { class: ["flash", "grid-flash", settled && "settled"], "aria-live": "polite", id: "grid-flash" },
    h("h3", {}, since ? tg("flash.since") : tg("flash.title")),
    h(
      "ul",
      { class: "flash-lines" },
      shown.map((text) => h("li", {}, text)),
    ),
    settled && ctx.showTab
      ? h(
          "button",
          { type: "button", class: "btn btn-link", id: "grid-see-income", onclick: () => ctx.showTab("income") },
          tg("flash.see_income", { round: num(v.income ? v.income.round : v.round) }),
        )
      : null,
  );
}

// ---------------------------------------------------------------- a remote seat's move
// On a remote page a move becomes an action code (sent live, or pasted to the host): until
// the host's newer state link arrives, the page says so instead of offering the same
// decision again (ctx.sent, site/js/hall/remote/player.js).
function sentPanel(ctx) {
  return h(
    "section",
    { class: "act-panel sent-panel", id: "grid-sent", role: "status" },
    h("h3", { id: "grid-act-title" }, tg("remote.sent_title")),
    h("p", {}, tg("remote.sent")),
    h(
      "button",
      {
        type: "button",
        class: "btn btn-link",
        onclick: () => ctx.again(),
      },
      tg("remote.again"),
    ),
  );
}
