// A company's growth track: the counter 0–6 as seven steps, the one it stands on marked, 4
// (the president may expand) and 6 (must expand) marked by shape and words, not hue alone;
// the numbers are the engine's (the view's `limits`).

import { h } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { tg, companyName } from "./words.js";

/** The track's steps, 0 to the forced expansion, and its marks: where the rule book's
 *  expansions happen (the view's `limits`; the words say what they mean). */
function track(view) {
  const L = view.limits;
  const marks = { [L.expand_at]: "choice", [L.forced_at]: "forced" };
  return { steps: Array.from({ length: L.forced_at + 1 }, (_, k) => k), marks };
}

/** What a mark means: "at 4 the president may expand (2 actions)". */
const markText = (view, kind) =>
  tg(`growth.${kind}`, {
    at: num(kind === "choice" ? view.limits.expand_at : view.limits.forced_at),
    actions: view.limits.actions[kind],
  });

export function growthTrack(view, c) {
  const { steps: STEPS, marks: MARKS } = track(view);
  const value = view.companies[c].growth;
  return h(
    "div",
    { class: "growth", "data-growth": value },
    h("span", { class: "growth-label small muted" }, tg("growth.label")),
    h(
      "ol",
      { class: "growth-track", "aria-label": tg("growth.aria", { company: companyName(c), value: num(value) }) },
      STEPS.map((k) =>
        h(
          "li",
          {
            class: ["growth-step", k === value && "now", k < value && "past", MARKS[k] && `mark-${MARKS[k]}`],
            title: MARKS[k] ? markText(view, MARKS[k]) : null,
            "aria-current": k === value ? "step" : null,
          },
          num(k),
        ),
      ),
    ),
  );
}

/** The legend under the companies: what the marks (4 and 6) mean. */
export function growthLegend(view) {
  const L = view.limits;
  return h(
    "p",
    { class: "growth-legend small muted" },
    h("span", { class: "growth-step mark-choice", "aria-hidden": "true" }, num(L.expand_at)),
    " ",
    markText(view, "choice"),
    " · ",
    h("span", { class: "growth-step mark-forced", "aria-hidden": "true" }, num(L.forced_at)),
    " ",
    markText(view, "forced"),
  );
}
