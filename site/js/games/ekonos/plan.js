// A whole turn composed on a remote player's page (slow play by links): each decision of the
// seat's own turn — the card, its own expansion's tiles, selling, buying — is played ahead
// by the engine on the state the seat's link describes (the page's `plan`: one call a
// decision), shown at once, and the turn goes to the host as one action code when the seat
// has nothing more to decide (or at once when another seat, a president, decides next).
// Until then the player may start the turn again.

import { h } from "../../shell/dom.js";
import { showError } from "../../shell/ui.js";
import { tg } from "./words.js";
import { eventText } from "./log.js";

/** The remote page's ctx with the planned turn: its view and an `act` that plans, and sends
 *  through `send` (one action or the turn's list, and its packed form) when the turn is
 *  complete. */
export function planned(base, send) {
  // the plan {step, actions, view, events} is the step's draft: the page keeps it (a reload too)
  const d = base.draft;
  let plan = d.plan || null;
  if (plan && plan.step !== base.view.step) {
    delete d.plan;
    plan = null;
  }
  // the plan's view leaves out the static parts (board, companies, limits) and the log: the link's
  const { board, company_list, limits, log } = base.view;
  const view = plan ? { ...base.view, ...plan.view, board, company_list, limits, log } : base.view;
  return {
    ...base,
    view,
    plan,
    undo: () => {
      delete d.plan;
      base.redraw();
    },
    act: async (action) => {
      const actions = [...(plan ? plan.actions : []), action];
      let got;
      try {
        got = await base.plan(actions);
      } catch (error) {
        showError(error);
        return null;
      }
      if (got.done) {
        delete d.plan;
        return actions.length === 1 ? send(actions[0], got.packed[0]) : send(actions, got.packed);
      }
      d.plan = { step: base.view.step, actions, view: got.view, events: got.events };
      base.redraw();
      return { planned: true };
    },
  };
}

/** What the turn does so far, before it is sent, and a way to start it again. */
export function planPanel(ctx) {
  if (!ctx.plan) return null;
  const lines = ctx.plan.events.map((e) => eventText(ctx.view, e)).filter(Boolean);
  return h(
    "section",
    { class: "act-panel plan-panel", id: "ek-plan", "data-planned": ctx.plan.actions.length, "aria-live": "polite" },
    h("h3", {}, tg("plan.title")),
    h("p", { class: "small" }, tg("plan.text")),
    h(
      "ul",
      { class: "flash-lines" },
      lines.map((text) => h("li", {}, text)),
    ),
    h("button", { type: "button", class: "btn", id: "ek-undo", onclick: ctx.undo }, tg("plan.again")),
  );
}
