// The players: the order strip above the table (who plays when, who acts now), one's own
// plants and resources, and the Players tab (every seat's plants, stores, network and money).

import { h } from "../../shell/dom.js";
import { keptPart, keptParts } from "../../shell/keep.js";
import { t, num, list as listText, richList } from "../../shell/i18n.js";
import { tg, cityName, cityText, elektro, seatName, storesText, plantText } from "./words.js";
import { plantCard } from "./market.js";
import { zeroNote } from "./outlook.js";

/** Round, Step and phase (the round's phases, numbered, from the view), and the order with
 * the seat that acts now (reversed in the phases the view marks so). The strip is built at
 * every draw and placed over the old one (`data-place`, shell/place.js) around its parts, each
 * kept by what it shows: the whole strip, some 30 nodes, was made anew at every step of a game,
 * where a step changes who acts and one seat's money or cities. */
export function statusStrip(v, kinds) {
  const reverse = v.phases.some((p) => p.phase === v.phase && p.reverse);
  const acting = new Set(v.to_act || []);
  return h(
    "section",
    { class: "status-strip", "data-place": "grid-status", "aria-label": tg("status.label") },
    keptPart("grid-status-phases", [v.phases, v.phase], () => phasesList(v)),
    h(
      "div",
      { class: "order" },
      keptPart("grid-status-order", [reverse], () =>
        h("span", { class: "small muted" }, reverse ? tg("status.order_reverse") : tg("status.order")),
      ),
      h(
        "ol",
        { class: "order-list" },
        (reverse ? v.order.slice().reverse() : v.order).map((i) => orderSeat(v, i, kinds, acting)),
      ),
    ),
  );
}

function phasesList(v) {
  return h(
    "ol",
    { class: "phases", "aria-label": tg("status.phases") },
    v.phases.map(({ phase, number }) =>
      h(
        "li",
        { class: [phase === v.phase && "now"], "aria-current": phase === v.phase ? "step" : null },
        h("span", { class: "phase-no" }, num(number)),
        " ",
        tg(`phase.${phase}`),
      ),
    ),
  );
}

/** A seat in the order (placed by its seat: its class says whether it acts): its name, money
 *  and cities, a bot's level and whether it acts now, each kept by what it shows (the seat that
 *  acts changes at almost every step: then its badge alone is new). */
function orderSeat(v, i, kinds, acting) {
  const s = v.seats[i];
  const part = keptParts(`grid-status-${i}`);
  const level = kinds && kinds[i] && kinds[i].kind === "bot" ? kinds[i].level : null;
  const acts = acting.has(i);
  const chosen = acts && v.phase === "power" && !!s.saved;
  return h(
    "li",
    {
      class: ["order-seat", acts && "acting", (v.bought || []).includes(i) && "bought"],
      "data-seat": i,
      "data-place": `seat-${i}`,
    },
    part("name", [v.players[i]], () => seatName(v, i)),
    part("cash", [s.cash], () => h("span", { class: "small" }, " ", elektro(s.cash))),
    part("cities", [s.cities], () =>
      h("span", { class: "small muted" }, " · ", tg("players.cities_short", { count: s.cities })),
    ),
    level
      ? part("level", [level], () => h("span", { class: "badge" }, t("players.bot", { level: t(`level.${level}`) })))
      : null,
    acts
      ? part("acting", [chosen], () =>
          chosen
            ? h("span", { class: "badge badge-good" }, tg("wait.chosen"))
            : h("span", { class: "badge badge-you" }, tg("status.acting")),
        )
      : null,
  );
}

/** A seat's plants, built (where, what they hold) and in hand. */
function plantsOf(v, i) {
  const s = v.seats[i];
  return h(
    "div",
    { class: "seat-plants" },
    s.plants.length
      ? h(
          "ul",
          { class: "plant-row" },
          s.plants.map((p) =>
            h(
              "li",
              {},
              plantCard(p.n, {
                extra: h("span", { class: "plant-where small" }, cityText(p.city), h("br"), storesText(p.res)),
              }),
            ),
          ),
        )
      : h("p", { class: "empty" }, tg("players.no_plants")),
    s.hand.length
      ? h("p", { class: "small" }, tg("players.in_hand"), " ", richList(s.hand.map((n) => plantText(n))))
      : null,
  );
}

/** One's own plants and money beside the table. */
export function minePanel(v, i) {
  return keptPart("grid-mine", [i, v.seat, v.seats[i], v.outlook], () => drawMine(v, i));
}

function drawMine(v, i) {
  const s = v.seats[i];
  return h(
    "section",
    { class: "mine", "aria-labelledby": "grid-mine-title" },
    h("h3", { id: "grid-mine-title" }, tg("players.mine")),
    h(
      "p",
      { class: "facts" },
      h("span", {}, tg("players.cash", { cash: elektro(s.cash) })),
      h("span", {}, tg("players.cities", { count: s.cities })),
      h("span", {}, tg("players.capacity", { count: s.capacity })),
    ),
    v.seat === i ? zeroNote(v.outlook) : null,
    plantsOf(v, i),
  );
}

export function playersTab(v, kinds, me) {
  const box = h("div", { class: "players grid-players" });
  v.order.forEach((i, place) => {
    const s = v.seats[i];
    box.append(
      h(
        "article",
        { class: ["player-card", i === me && "mine"], "data-seat": i },
        h("h3", {}, seatName(v, i), i === me ? h("span", { class: "badge badge-you" }, tg("players.you")) : null),
        h(
          "p",
          { class: "facts small" },
          h("span", {}, tg("players.place", { place: num(place + 1) })),
          h("span", {}, tg("players.cash", { cash: elektro(s.cash) })),
          h("span", {}, tg("players.cities", { count: s.cities })),
          h("span", {}, tg("players.capacity", { count: s.capacity })),
          h("span", {}, tg("players.last", { count: s.powered, amount: elektro(s.earned) })),
          kinds && kinds[i] && kinds[i].kind === "bot"
            ? h("span", { class: "badge" }, t("players.bot", { level: t(`level.${kinds[i].level}`) }))
            : null,
        ),
        plantsOf(v, i),
        s.substations.length
          ? h("p", { class: "small" }, tg("players.substations"), " ", richList(s.substations.map((c) => cityText(c))))
          : null,
        s.lines.length ? h("p", { class: "small" }, tg("players.lines", { count: s.lines.length })) : null,
        (s.hanging || []).length
          ? h(
              "p",
              { class: "small warn" },
              tg("players.hanging", { cities: listText(s.hanging.map((x) => cityName(x.city))) }),
            )
          : null,
      ),
    );
  });
  return box;
}
