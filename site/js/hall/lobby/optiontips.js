// Tooltips on the lobby's options, for every game: an option's value explains itself with
// `<game>.tip.option.<key>.<value>` and the option with `<game>.tip.option.<key>` when the
// game's catalog has those words (shell/tip.js).

import { t, has } from "../../shell/i18n.js";
import { tip } from "../../shell/tip.js";

/** `el`, one option's control as the lobby drew it, with its tooltips. */
export function optionTips(el, game, spec) {
  const words = (key) => (has(key) ? t(key) : null);
  const own = words(`${game}.tip.option.${spec.key}`);
  for (const input of el.querySelectorAll("input")) {
    const text = (spec.kind === "choice" && words(`${game}.tip.option.${spec.key}.${input.value}`)) || own;
    if (!text) continue;
    tip(input.closest("label") || input, text, { describe: input });
  }
  return el;
}
