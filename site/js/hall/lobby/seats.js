// The seats of a new game in the lobby: each a name and a kind (a person at this device, a
// person playing from afar, or a bot of one of the game's levels), within the game's seat
// limits (engine's catalog, per option: seatLimits); the first seats a game offers.

import { h, newId } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";

// the bots' names a new table starts with: names of the language's own (the catalog's list)
const botNames = () => t("lobby.bot_names").split(" ");
const MANY = 8; // above this many seats the lobby offers bots ten at a time

// a human seat's first name: the digit as typed text (a formatted number is isolated in Arabic)
const seatName = (n) => t("lobby.player_n", { n: String(n) });

/** The seats a game starts with in the lobby: one person, then bots of the middle level up to
 *  three seats (or the game's least). */
export function firstSeats(catalog) {
  const level = catalog.bots[Math.floor(catalog.bots.length / 2)];
  // "Player 1", not "You": a name reads in the third person wherever another seat reads it
  // (hot-seat, the lobby's lists); the seat's own screen says "you" by itself (i18n setReader)
  const seats = [{ name: seatName(1), kind: "human" }];
  const count = Math.max(catalog.players.min, Math.min(3, catalog.players.max));
  const names = botNames();
  while (seats.length < count) seats.push({ name: names[seats.length - 1], kind: "bot", level });
  return seats;
}

function unusedBotName(form) {
  const used = new Set(form.seats.map((s) => s.name));
  return botNames().find((n) => !used.has(n)) || `${t("lobby.bot_name")} ${form.seats.length + 1}`;
}

/** The form's seats: a row per seat (name, kind, remove), the buttons that add a person or
 *  bots, and the limits in words. */
export function seatsFieldset(catalog, form, limits, redraw, save) {
  const seats = h("fieldset", { class: "seats" }, h("legend", {}, t("lobby.seats", { count: form.seats.length })));
  const list = h("ol", { class: "seat-list" });
  form.seats.forEach((seat, i) => {
    const nameId = newId("seat-name"),
      kindId = newId("seat-kind");
    list.append(
      h(
        "li",
        { class: "seat-row" },
        h("label", { for: nameId, class: "sr-only" }, t("lobby.seat_name", { n: i + 1 })),
        h("input", {
          id: nameId,
          class: "seat-name",
          type: "text",
          maxlength: 40,
          required: true,
          value: seat.name,
          autocomplete: "off",
          "data-seat": i,
          oninput: (e) => {
            seat.name = e.target.value;
            e.target.removeAttribute("aria-invalid");
            save();
          },
        }),
        h("label", { for: kindId, class: "sr-only" }, t("lobby.seat_kind", { n: i + 1 })),
        h(
          "select",
          {
            id: kindId,
            class: "seat-kind",
            "data-seat": i,
            onchange: (e) => {
              const value = e.target.value;
              if (value === "human" || value === "remote") {
                seat.kind = value;
                delete seat.level;
              } else {
                seat.kind = "bot";
                seat.level = value;
              }
              save();
            },
          },
          h("option", { value: "human", selected: seat.kind === "human" }, t("lobby.human")),
          h("option", { value: "remote", selected: seat.kind === "remote" }, t("lobby.remote")),
          catalog.bots.map((l) =>
            h(
              "option",
              { value: l, selected: seat.kind === "bot" && seat.level === l },
              t("lobby.bot_level", { level: t(`level.${l}`) }),
            ),
          ),
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-icon",
            "aria-label": t("lobby.remove_seat", { n: i + 1 }),
            disabled: form.seats.length <= limits.min,
            onclick: () => {
              form.seats.splice(i, 1);
              redraw();
            },
          },
          "✕",
        ),
      ),
    );
  });
  seats.append(list);
  const level = catalog.bots[Math.floor(catalog.bots.length / 2)];
  const adds = h("div", { class: "row" });
  adds.append(
    h(
      "button",
      {
        type: "button",
        class: "btn",
        id: "by-add-human",
        disabled: form.seats.length >= Math.min(limits.max, MANY),
        onclick: () => {
          form.seats.push({ name: seatName(form.seats.length + 1), kind: "human" });
          redraw();
        },
      },
      t("lobby.add_human"),
    ),
  );
  adds.append(
    h(
      "button",
      {
        type: "button",
        class: "btn",
        id: "by-add-bot",
        disabled: form.seats.length >= limits.max,
        onclick: () => {
          form.seats.push({ name: unusedBotName(form), kind: "bot", level });
          redraw();
        },
      },
      t("lobby.add_bot"),
    ),
  );
  if (limits.max > MANY) {
    adds.append(
      h(
        "button",
        {
          type: "button",
          class: "btn",
          disabled: form.seats.length >= limits.max,
          onclick: () => {
            for (let k = 0; k < 10 && form.seats.length < limits.max; k += 1)
              form.seats.push({ name: unusedBotName(form), kind: "bot", level: catalog.bots[0] });
            redraw();
          },
        },
        t("lobby.add_ten_bots"),
      ),
    );
  }
  seats.append(
    adds,
    h("p", { class: "hint small" }, t("lobby.seats_hint", { min: limits.min, max: limits.max })),
    h("p", { class: "hint small" }, t("lobby.remote_hint")),
  );
  return seats;
}
