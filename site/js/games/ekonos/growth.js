// A company's growth track: the counter 0–6 as seven steps, the one it stands on marked, 4
// (the president may expand) and 6 (must expand) marked by shape and words, not hue alone.

import { h } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { tg, companyName } from "./words.js";

const STEPS = [0, 1, 2, 3, 4, 5, 6];
// the track's marks: where the rule book's expansions happen (the words say what they mean)
const MARKS = { 4: "choice", 6: "forced" };

export function growthTrack(view, c) {
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
            title: MARKS[k] ? tg(`growth.${MARKS[k]}`) : null,
            "aria-current": k === value ? "step" : null,
          },
          num(k),
        ),
      ),
    ),
  );
}

/** The legend under the companies: what 4 and 6 mean. */
export function growthLegend() {
  return h(
    "p",
    { class: "growth-legend small muted" },
    h("span", { class: "growth-step mark-choice", "aria-hidden": "true" }, num(4)),
    " ",
    tg("growth.choice"),
    " · ",
    h("span", { class: "growth-step mark-forced", "aria-hidden": "true" }, num(6)),
    " ",
    tg("growth.forced"),
  );
}
