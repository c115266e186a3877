// The players around the table: whose turn it is and who decides now (a president may decide
// in another player's turn), coins, shares, cards in hand, the score so far. All the view's.

import { h } from "../../shell/dom.js";
import { t, num } from "../../shell/i18n.js";
import { keptParts } from "../../shell/keep.js";
import { tg, seatName, companyChip, companies } from "./words.js";

/** The strip, each seat's card built at every draw and placed over the old one (its
 *  `data-place`, shell/place.js) around its parts, each kept by what it shows (keep.js): a step
 *  changes whose turn it is and one or two seats' coins or shares, and their cards were made
 *  anew whole (some 60 nodes each, shares and chips) for a badge or a number. */
export function seatsStrip(view, kinds, me) {
  return h(
    "section",
    { class: "ek-seats", "data-place": "ek-seats", "aria-label": tg("seats.title") },
    h(
      "ol",
      { class: "seat-list-ek" },
      view.seats.map((seat, i) => seatCard(view, kinds, me, i)),
    ),
  );
}

function seatCard(view, kinds, me, i) {
  const seat = view.seats[i];
  const part = keptParts(`ek-seat-${i}`);
  const level = kinds && kinds[i] && kinds[i].kind === "bot" ? kinds[i].level : null;
  const turn = i === view.turn && !view.over;
  const acting = i === view.acting;
  const shares = companies(view)
    .map((x) => x.company)
    .filter((c) => seat.shares[c] > 0);
  return h(
    "li",
    {
      class: ["seat-card", turn && "turn", acting && "acting", i === me && "me"],
      "data-seat": i,
      "data-place": `seat-${i}`,
    },
    part("head", [view.players[i], turn, acting, i === me, level], () =>
      h(
        "div",
        { class: "seat-head" },
        seatName(view, i),
        turn ? h("span", { class: "badge badge-turn" }, tg("seats.turn")) : null,
        acting && !turn ? h("span", { class: "badge badge-acting" }, tg("seats.deciding")) : null,
        i === me ? h("span", { class: "badge badge-you" }, t("players.you")) : null,
        level ? h("span", { class: "badge" }, t("players.bot", { level: t(`level.${level}`) })) : null,
      ),
    ),
    part("facts", [seat.coins, seat.hand_size, seat.score], () =>
      h(
        "p",
        { class: "small seat-facts" },
        h("span", { class: "nowrap", "data-coins": seat.coins }, tg("coins", { count: seat.coins })),
        " · ",
        h("span", { class: "nowrap" }, tg("seats.cards", { count: seat.hand_size })),
        " · ",
        h("span", { class: "nowrap", "data-score": seat.score }, tg("seats.score", { n: num(seat.score) })),
      ),
    ),
    part("shares", [shares.map((c) => [c, seat.shares[c]]), seat.president_of, view.company_list], () =>
      shares.length ? sharesList(view, seat, shares) : h("p", { class: "small muted" }, tg("seats.no_shares")),
    ),
  );
}

function sharesList(view, seat, shares) {
  return h(
    "ul",
    { class: "seat-shares", "aria-label": tg("seats.shares") },
    shares.map((c) =>
      h(
        "li",
        { class: ["seat-share", seat.president_of.includes(c) && "president"] },
        companyChip(view, c, { name: false, size: 16 }),
        h("span", { class: "num" }, "×", num(seat.shares[c])),
        seat.president_of.includes(c)
          ? h(
              "span",
              { class: "crown", title: tg("seats.president_of") },
              h("span", { "aria-hidden": "true" }, "♛"),
              h("span", { class: "sr-only" }, " ", tg("seats.president_of")),
            )
          : null,
      ),
    ),
  );
}
