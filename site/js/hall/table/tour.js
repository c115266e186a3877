// A first-game guided tour, for any game whose table gives one (`tour`: {steps(ctx), ready(ctx)}):
// first an offer on the game's first page (in its first round: `mark(ctx)`, the game's
// progress, is 0), then one step at a time, each a box placed right
// after the part of the page it explains (in the page's flow, never over a control, so it
// reads the same at 375 px and right to left), scrolled into view whole when it shows. The player may end it at any step; done or
// ended, it never comes back (stored as `tour.<game>`). A step may wait for the game to move
// on (`until(ctx)`: Ready ends a round) and then leads to the next by itself.

import { h } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";

const key = (game) => `tour.${game}`;
let moved = false; // the step changed by a press: its box takes the focus
let shown = null; // the offer or step last brought into view: each is scrolled to once

/** The step's box whole in view (its start when it is taller than the screen): a step below
 *  the fold or cut in half explains nothing. Once per step; a press on the step focuses it.
 *  True when it scrolled the page. */
function bringIntoView(box, key) {
  const focus = moved;
  moved = false;
  if (key === shown && !focus) return false;
  shown = key;
  box.scrollIntoView({ block: box.offsetHeight > window.innerHeight ? "start" : "nearest" });
  // after the table's own redraw has given the focus back to what was pressed
  if (focus) queueMicrotask(() => document.getElementById("by-tour-title")?.focus({ preventScroll: true }));
  return true;
}

function place(box, steps, n) {
  const step = steps[n];
  for (const selector of step.targets) {
    // (not in another tab's panel, parked out of sight: table.js)
    const target = [...document.querySelectorAll(selector)].find((el) => !el.closest(".parked"));
    if (target) {
      target.classList.add("tour-target");
      target.after(box);
      return;
    }
  }
  document.getElementById("by-panel").prepend(box);
}

/** Draw the tour's offer or step over the open game `T` after the table drew (table.js);
 *  true when a step was brought into view (the page then shows it rather than the decision). */
export function showTour(T, ctx) {
  document.querySelectorAll(".tour-box").forEach((el) => el.remove());
  document.querySelectorAll(".tour-target").forEach((el) => el.classList.remove("tour-target"));
  const tour = T.table.tour;
  if (!tour || T.curtain || T.seat == null || T.pub.result || T.tab !== T.table.tabs[0]) return false;
  let state = store.get(key(T.game), null);
  if (state === "done") return false;
  // the offer is made in a game's first round only: a player who played a round on without it
  // has found the way, and on a phone it held the hand down by a sixth of the screen
  if (state == null && (!tour.ready(ctx) || tour.mark(ctx) > 0)) return false;
  const steps = tour.steps(ctx);
  const go = (next) => {
    moved = true;
    store.set(key(T.game), next);
    ctx.redraw();
  };
  const end = () => go("done");
  // a step waiting for the game (Ready) leads on once it has moved
  if (state && steps[state.step] && steps[state.step].until && steps[state.step].until(ctx, state)) {
    state = { ...state, step: state.step + 1 };
    store.set(key(T.game), state);
    moved = true;
  }
  const box = h("section", {
    class: "tour-box",
    id: "by-tour",
    role: "region",
    "aria-labelledby": "by-tour-title",
    onkeydown: (e) => {
      if (e.key === "Escape") end();
    },
  });
  const button = (label, onclick, cls = "btn", id = null) =>
    h("button", { type: "button", class: cls, onclick, id, "data-focus": id }, label);
  if (state == null) {
    box.append(
      h("h3", { id: "by-tour-title", tabindex: "-1" }, tour.offerTitle()),
      h("p", {}, tour.offerText()),
      h(
        "div",
        { class: "row" },
        button(t("tour.start"), () => go({ step: 0, from: tour.mark(ctx) }), "btn btn-primary", "by-tour-start"),
        button(t("tour.no_thanks"), end, "btn", "by-tour-end"),
      ),
    );
    document.getElementById("by-panel").prepend(box);
    return false;
  }
  const n = Math.min(state.step, steps.length - 1);
  const step = steps[n];
  const last = n === steps.length - 1;
  box.dataset.step = step.id;
  box.append(
    h("p", { class: "small muted" }, t("tour.step_of", { n: n + 1, total: steps.length })),
    // data-focus: a redraw (a bot's quiet move) gives the focus back to the step
    h("h3", { id: "by-tour-title", tabindex: "-1", "data-focus": "tour-title" }, step.title),
    h("p", {}, step.text),
    h(
      "div",
      { class: "row" },
      n > 0 ? button(t("tour.back"), () => go({ ...state, step: n - 1 }), "btn", "by-tour-back") : null,
      last
        ? button(t("tour.done"), end, "btn btn-primary", "by-tour-done")
        : step.until
          ? null
          : button(t("tour.next"), () => go({ ...state, step: n + 1 }), "btn btn-primary", "by-tour-next"),
      last ? null : button(t("tour.skip"), end, "btn btn-link", "by-tour-end"),
    ),
  );
  place(box, steps, n);
  return bringIntoView(box, `${T.id}:${n}`);
}
