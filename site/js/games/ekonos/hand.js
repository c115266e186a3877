// The seat's hand and the first step of a turn: choose a card, then its use — the top
// company (a tile placed or protected on the map: the legal spaces light up) or one of the
// two bottom companies (its growth counter moves, and the card says when that makes its
// president decide). What may be played is the engine's `legal.cards`; the draft keeps the
// choice while the step lasts.

import { h } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { tg, companyChip, cardParts, cardLabel, spaceName } from "./words.js";
import { keptPart } from "../../shell/keep.js";

/** A card's face: the top company large, the two bottom companies under a line. */
export function cardFace(view, card) {
  const { top, bottom } = cardParts(card);
  return [
    h("span", { class: "card-top" }, companyChip(view, top, { size: 26 })),
    h(
      "span",
      { class: "card-bottom" },
      bottom.map((c) => companyChip(view, c, { size: 18 })),
    ),
  ];
}

/** A choice made by the keyboard (Enter or Space: a click of no pointer, detail 0) takes the
 *  focus on to what it opened (`next`), as a pointer's eye goes there: the card's uses, the
 *  spaces of its top use. */
function onByKeys(e, next) {
  if (e.detail === 0) document.querySelector(next)?.focus();
}

/** The hand: buttons while the seat plays a card, otherwise just the cards. */
export function handSection(ctx) {
  const v = ctx.view;
  const hand = v.hand || [];
  const L = v.legal && v.legal.phase === "play" ? v.legal : null;
  // a hand to look at, not to play from (another's step): kept while it holds the same cards
  if (!L) return keptPart("ek-hand", [hand, v.company_list], () => handBox(ctx, hand, null));
  return handBox(ctx, hand, L);
}

function handBox(ctx, hand, L) {
  const v = ctx.view;
  const draft = ctx.draft || {};
  // a turn's play starts from the hand: the hall brings it into view (the play panel above it)
  const box = h(
    "section",
    { class: "ek-hand", "aria-labelledby": "ek-hand-title", "data-decision": L ? "" : null },
    h("h3", { id: "ek-hand-title" }, tg("hand.title", { count: hand.length })),
  );
  if (!hand.length) {
    box.append(h("p", { class: "muted small" }, tg("hand.empty")));
    return box;
  }
  // a phone's row of cards scrolls sideways: when it holds no button it takes the focus itself
  const list = h("div", { class: "hand-cards", role: "group", "aria-label": cardsAria(), tabindex: L ? null : "0" });
  hand.forEach((card, k) => {
    const chosen = L && draft.card === card;
    const props = { class: ["ek-card", chosen && "chosen"], "data-card": card };
    if (!L) {
      list.append(h("div", { ...props, role: "img", "aria-label": cardLabel(card) }, cardFace(v, card)));
      return;
    }
    // a button is named by what it shows (the three companies, top first), so a voice user
    // can say it; its tooltip and description say which is the top
    props.title = cardLabel(card);
    list.append(
      h(
        "button",
        {
          ...props,
          type: "button",
          "aria-pressed": chosen ? "true" : "false",
          "data-focus": `card-${card}`,
          onclick: (e) => {
            draft.card = card;
            draft.use = null;
            ctx.redraw();
            onByKeys(e, "#ek-play .use-btn:not([disabled])");
          },
          onkeydown: (e) => {
            const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
            if (!step) return;
            e.preventDefault();
            // right-to-left: the right arrow goes back along the row
            const flip = document.documentElement.dir === "rtl" && /Left|Right/.test(e.key);
            const dir = flip ? -step : step;
            const buttons = [...list.querySelectorAll("button.ek-card")];
            buttons[(k + dir + buttons.length) % buttons.length].focus();
          },
        },
        cardFace(v, card),
      ),
    );
  });
  box.append(list);
  return box;
}

const cardsAria = () => tg("hand.cards_aria");

/** The chosen card's uses, or a prompt to choose a card. */
export function playPanel(ctx) {
  const v = ctx.view;
  const draft = ctx.draft;
  const entry = draft.card && v.legal.cards.find((c) => c.card === draft.card);
  const box = h(
    "section",
    { class: "act-panel ek-act", id: "ek-play", "aria-labelledby": "ek-act-title" },
    h("h3", { id: "ek-act-title" }, tg("play.title")),
  );
  if (!entry) {
    box.append(h("p", {}, tg("play.choose_card")));
    return box;
  }
  const top = entry.top;
  const canTop = top.place.length + top.protect.length > 0;
  box.append(h("p", { class: "small" }, tg("play.choose_use")));
  const uses = h("div", { class: "use-list" });
  uses.append(
    h(
      "button",
      {
        type: "button",
        class: ["btn", "use-btn", draft.use === "top" && "btn-primary"],
        id: "ek-use-top",
        "data-focus": "use-top",
        disabled: !canTop,
        "aria-pressed": draft.use === "top" ? "true" : "false",
        onclick: (e) => {
          draft.use = "top";
          ctx.redraw();
          onByKeys(e, "#ek-spaces .space-choice");
        },
      },
      companyChip(v, top.company),
      h(
        "span",
        { class: "use-text" },
        canTop ? tg("play.top", { place: top.place.length, protect: top.protect.length }) : tg("play.top_none"),
      ),
    ),
  );
  for (const b of entry.bottom) {
    uses.append(
      h(
        "button",
        {
          type: "button",
          class: ["btn", "use-btn", b.expands && `expands-${b.expands}`],
          "data-bottom": b.company,
          onclick: () => ctx.act({ type: "play", card: entry.card, use: "bottom", company: b.company }),
        },
        companyChip(v, b.company),
        h(
          "span",
          { class: "use-text" },
          tg("play.bottom", { value: num(b.counter) }),
          b.expands
            ? h(
                "strong",
                { class: "use-note" },
                " ",
                tg(`play.expands_${b.expands}`, { actions: v.limits.actions[b.expands] }),
              )
            : null,
        ),
      ),
    );
  }
  box.append(uses);
  if (draft.use === "top") box.append(spaceList(v, targetsOfTop(top), (space) => playTop(ctx, entry.card, space)));
  return box;
}

const playTop = (ctx, card, space) => ctx.act({ type: "play", card, use: "top", space });

/** The top use's spaces for the map and the list: place on empty, protect own tiles. */
export function targetsOfTop(top) {
  const out = new Map();
  for (const s of top.place) out.set(s, { kind: "place", company: top.company });
  for (const s of top.protect) out.set(s, { kind: "protect", company: top.company });
  return out;
}

/** The map's targets of the play step (when the top use is chosen) and what a tap does. */
export function playMap(ctx) {
  const draft = ctx.draft;
  const entry = draft.card && draft.use === "top" && ctx.view.legal.cards.find((c) => c.card === draft.card);
  if (!entry) return {};
  return { targets: targetsOfTop(entry.top), onSpace: (space) => playTop(ctx, entry.card, space) };
}

/** The same choices as the map's targets, as a list of buttons (touch, keyboard, reading). */
export function spaceList(view, targets, choose) {
  const groups = { place: [], replace: [], protect: [] };
  for (const [space, target] of [...targets].sort((a, b) => a[0] - b[0]))
    groups[target.replaces ? "replace" : target.kind].push([space, target]);
  const box = h("div", { class: "space-lists", id: "ek-spaces" });
  for (const [kind, list] of Object.entries(groups)) {
    if (!list.length) continue;
    box.append(
      h("h4", {}, tg(`spaces.${kind}`)),
      h(
        "ul",
        { class: "space-choices" },
        list.map(([space, target]) =>
          h(
            "li",
            {},
            h(
              "button",
              {
                type: "button",
                class: ["btn", "space-choice", `kind-${kind}`],
                "data-space": space,
                "data-focus": `space-${space}`,
                onclick: () => choose(space),
              },
              h("bdi", {}, spaceName(view, space)),
              target.replaces
                ? h("span", { class: "replaces small" }, tg("spaces.from"), " ", companyChip(view, target.replaces))
                : null,
            ),
          ),
        ),
      ),
    );
  }
  return box;
}
