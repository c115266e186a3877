// The options of a new game in the lobby, as the game's catalog gives them (engine's
// `catalog()`): a choice as radio buttons, a yes/no as a check box, a whole number as a number
// box that the form checks itself (in the player's language, never the browser's bubble).
// Their words are the game's: "<game>.option.<key>" and "<game>.option.<key>.<value>", a
// hint "<game>.hint.<key>.<value>" when the game has one.

import { h, newId } from "../../shell/dom.js";
import { t, has } from "../../shell/i18n.js";
import { seatLimits } from "../games.js";

const optionLabel = (game, key) => t(`${game}.option.${key}`);
const valueLabel = (game, key, value) =>
  has(`${game}.option.${key}.${value}`) ? t(`${game}.option.${key}.${value}`) : String(value);

/** The control of one option of the game's catalog (`spec`: a choice, a yes/no or a whole
 *  number), its value in `form.options`. */
export function optionControl(spec, { game, catalog, form }, redraw, save) {
  const value = form.options[spec.key];
  const off = spec.when && Object.entries(spec.when).some(([k, v]) => form.options[k] !== v);
  const hintOf = (v) => {
    const key = `${game}.hint.${spec.key}.${v}`;
    return has(key) ? t(key, { max: seatLimits(catalog, form.options).max }) : null;
  };
  const hint = h("p", { class: "hint small", hidden: hintOf(value) == null }, hintOf(value) || "");
  if (spec.kind === "choice") {
    return h(
      "fieldset",
      { class: "radios", "data-option": spec.key },
      h("legend", {}, optionLabel(game, spec.key)),
      h(
        "div",
        { class: "radio-row" },
        spec.values.map((v) =>
          h(
            "label",
            { class: "radio-pill" },
            h("input", {
              type: "radio",
              name: spec.key,
              value: v,
              checked: value === v,
              disabled: off,
              onchange: () => {
                form.options[spec.key] = v;
                // the catalog's defaults for this value (a mass start turns stop-loss on)
                Object.assign(form.options, (spec.defaults && spec.defaults[v]) || {});
                const limits = seatLimits(catalog, form.options);
                form.seats = form.seats.slice(0, limits.max);
                redraw();
              },
            }),
            h("span", {}, valueLabel(game, spec.key, v)),
          ),
        ),
      ),
      hint,
    );
  }
  if (spec.kind === "bool") {
    return h(
      "fieldset",
      { class: "option-bool", "data-option": spec.key },
      h("legend", {}, optionLabel(game, spec.key)),
      h(
        "label",
        { class: "check" },
        h("input", {
          type: "checkbox",
          id: `by-${spec.key.replace(/_/g, "-")}`,
          checked: !!value,
          disabled: off,
          onchange: (e) => {
            form.options[spec.key] = e.target.checked;
            redraw();
          },
        }),
        h(
          "span",
          {},
          has(`${game}.option.${spec.key}.on`) ? t(`${game}.option.${spec.key}.on`) : optionLabel(game, spec.key),
        ),
      ),
      hint,
    );
  }
  const id = newId(spec.key);
  return h(
    "div",
    { class: "option-int", "data-option": spec.key },
    h("label", { for: id, class: "inline" }, optionLabel(game, spec.key)),
    h("input", {
      type: "number",
      id,
      min: spec.min,
      max: spec.max,
      // only the arrows' stride (the form checks values itself, novalidate): a grid of
      // min + k * step that misses the default (1 to 240 by 10, default 30) would snap 30 to 31
      step: spec.step && (spec.default - spec.min) % spec.step === 0 ? spec.step : 1,
      value,
      disabled: off,
      class: "short",
      "data-int": spec.key,
      // a value the engine takes is kept at once; a refused one keeps the last good value
      // and is named when the game is started (not on leaving the field: a message appearing
      // then would move "Start the game" under the pointer and lose its click)
      oninput: (e) => {
        const n = wholeIn(spec, e.target);
        if (n == null) return;
        form.options[spec.key] = n;
        markField(e.target, null);
        // the hint follows the number as it is typed (0 minutes: "Untimed…"; 30: none)
        const text = hintOf(n);
        hint.textContent = text || "";
        hint.hidden = text == null;
        save();
      },
    }),
    hint,
  );
}

/** The whole number in an int option's box if the catalog's range takes it, else null
 *  (empty, text — a number box then reads "" —, a fraction, out of range). */
function wholeIn(spec, input) {
  const text = input.value.trim();
  if (input.validity.badInput || !/^[+-]?\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= spec.min && n <= spec.max ? n : null;
}

const badNumber = (game, spec) =>
  t("lobby.bad_number", { option: optionLabel(game, spec.key), min: spec.min, max: spec.max });

/** Our message under a field (`text`), or none: never the browser's own bubble. */
function markField(input, text) {
  const box = input.closest("[data-option]");
  const old = box.querySelector(".field-error");
  if (old) old.remove();
  if (!text) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    return;
  }
  const note = h("p", { class: "field-error bad small", id: `${input.id}-error`, role: "alert" }, text);
  input.after(note);
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", note.id);
}

/** Every int option the form sends checked against the catalog; the first refused one is
 *  named and focused. True when all are good. */
export function numbersGood(f, game, catalog) {
  let first = null;
  for (const spec of catalog.options.filter((o) => o.kind === "int")) {
    const input = f.querySelector(`input[data-int="${spec.key}"]`);
    if (!input || input.disabled) continue;
    const bad = wholeIn(spec, input) == null;
    markField(input, bad ? badNumber(game, spec) : null);
    if (bad && !first) first = input;
  }
  if (first) first.focus();
  return !first;
}
