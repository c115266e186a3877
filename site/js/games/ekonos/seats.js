// The players around the table: whose turn it is and who decides now (a president may decide
// in another player's turn), coins, shares, cards in hand, the score so far. All the view's.

import { h } from "../../shell/dom.js";
import { t, num } from "../../shell/i18n.js";
import { keptPart } from "../../shell/keep.js";
import { tg, seatName, companyChip, companies } from "./words.js";

/** The strip; each seat's card a kept part (keep.js), the same nodes while what it shows is the
 *  same: a step changes one or two seats' coins or shares, not the others'. */
export function seatsStrip(view, kinds, me) {
  return h(
    "section",
    { class: "ek-seats", "data-place": "ek-seats", "aria-label": tg("seats.title") },
    h(
      "ol",
      { class: "seat-list-ek" },
      view.seats.map((seat, i) => {
        const turn = i === view.turn && !view.over;
        const shown = [seat, view.players[i], view.company_list, turn, i === view.acting, i === me, kinds && kinds[i]];
        return keptPart(`ek-seat-${i}`, shown, () => seatCard(view, kinds, me, i));
      }),
    ),
  );
}

function seatCard(view, kinds, me, i) {
  const seat = view.seats[i];
  const bot = kinds && kinds[i] && kinds[i].kind === "bot";
  const shares = companies(view)
    .map((x) => x.company)
    .filter((c) => seat.shares[c] > 0);
  return h(
    "li",
    {
      class: ["seat-card", i === view.turn && !view.over && "turn", i === view.acting && "acting", i === me && "me"],
      "data-seat": i,
    },
    h(
      "div",
      { class: "seat-head" },
      seatName(view, i),
      i === view.turn && !view.over ? h("span", { class: "badge badge-turn" }, tg("seats.turn")) : null,
      i === view.acting && i !== view.turn ? h("span", { class: "badge badge-acting" }, tg("seats.deciding")) : null,
      i === me ? h("span", { class: "badge badge-you" }, t("players.you")) : null,
      bot ? h("span", { class: "badge" }, t("players.bot", { level: t(`level.${kinds[i].level}`) })) : null,
    ),
    h(
      "p",
      { class: "small seat-facts" },
      h("span", { class: "nowrap", "data-coins": seat.coins }, tg("coins", { count: seat.coins })),
      " · ",
      h("span", { class: "nowrap" }, tg("seats.cards", { count: seat.hand_size })),
      " · ",
      h("span", { class: "nowrap", "data-score": seat.score }, tg("seats.score", { n: num(seat.score) })),
    ),
    shares.length
      ? h(
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
        )
      : h("p", { class: "small muted" }, tg("seats.no_shares")),
  );
}
