// The lobby's setup editor: how many of each role the deal has (the catalog's role-count
// options; an empty count takes the preset for the number of seats), and the balance hint
// for the setup — the shipped hint of a preset from the catalog, or one computed here on
// demand by the engine's own simulator (the bridge's game_tool "balance"), a few games at a
// time so that the page stays responsive while it plays them.

import { h } from "../../shell/dom.js";
import { num, has, errorText } from "../../shell/i18n.js";
import { py } from "../../shell/runtime.js";
import { during } from "../../shell/settle.js";
import { GAME, tg } from "./words.js";

const TIME_BUDGET_MS = 4000; // how long a computed hint plays in all
const SLICE_MS = 120; // how long one call may hold the page
const MIN_GAMES = 40;
const MAX_GAMES = 400;

let catalog = null;
export function useSetupCatalog(c) {
  catalog = c;
}

const roleKeys = (cat) => cat.options.filter((o) => o.role_count).map((o) => o.key);
const ruleKeys = (cat) => cat.options.filter((o) => !o.role_count).map((o) => o.key);

/** The options the setup editor draws itself (the lobby's generic form leaves them out). */
export const ownOptions = (cat) => roleKeys(cat);

/** The balance hint as a bar and a line: each team's win rate with its 95% interval. */
export function hintBlock(hint, { shipped = false } = {}) {
  const spies = hint.teams.spies,
    citizens = hint.teams.citizens;
  // isolated left to right, so that "55.9%" keeps its order inside Arabic text
  const pct = (x) => `\u2066${num(Math.round(x * 1000) / 10)}%\u2069`;
  const bar = h(
    "div",
    {
      class: "spy-hint-bar",
      role: "img",
      "aria-label": tg("hint.bar", { spies: pct(spies.rate), citizens: pct(citizens.rate) }),
    },
    h("span", { class: "spy-hint-spies", style: `inline-size: ${spies.rate * 100}%` }, tg("hint.spies_short")),
    h("span", { class: "spy-hint-citizens", style: `inline-size: ${citizens.rate * 100}%` }, tg("hint.citizens_short")),
    h("span", {
      class: "spy-hint-ci",
      "aria-hidden": "true",
      style: `inset-inline-start: ${spies.ci95[0] * 100}%; inline-size: ${(spies.ci95[1] - spies.ci95[0]) * 100}%`,
    }),
  );
  return h(
    "div",
    { class: "spy-hint", id: "spy-hint", "data-games": hint.games, "data-shipped": shipped ? "1" : "0" },
    bar,
    h(
      "p",
      { class: "spy-hint-line" },
      tg("hint.line", {
        spies: pct(spies.rate),
        lo: pct(spies.ci95[0]),
        hi: pct(spies.ci95[1]),
        citizens: pct(citizens.rate),
        clo: pct(citizens.ci95[0]),
        chi: pct(citizens.ci95[1]),
      }),
    ),
    h(
      "p",
      { class: "small muted" },
      tg(shipped ? "hint.shipped" : "hint.computed", {
        games: hint.games,
        average: tg("hint.average", { cycles: Math.round(hint.cycles * 10) / 10 }),
      }),
    ),
  );
}

/** An engine's refusal of a setup, in the game's words (the lobby has no game open). */
function setupError(error) {
  const code = error && error.code;
  if (code && has(`${GAME}.error.${code}`)) {
    const params = { ...error.params };
    if (typeof params.role === "string") params.role = tg(`setup.${params.role}`);
    return tg(`error.${code}`, params);
  }
  return errorText(error);
}

// ---------------------------------------------------------------- computing a hint
// One computation at a time, kept across the lobby's redraws: {key, hint, done, total, error}
let job = null;

function jobKey(players, options) {
  return JSON.stringify([players, options]);
}

function paint() {
  const box = document.getElementById("spy-hint-holder");
  if (box) box.replaceWith(hintHolder(job.players, job.options));
}

async function compute(players, options) {
  const key = jobKey(players, options);
  job = { key, players, options, hint: null, done: 0, total: null, error: null, running: true, ms: null };
  paint();
  try {
    await py.install("spy");
    // a first part of two games loads the simulator; each later part measures this device,
    // and the number of games and the size of a part follow from its pace
    let hint = await py.call("game_tool", { game: "spy", tool: "balance", args: { players, options, games: 2 } });
    Object.assign(job, { hint, done: 2, total: MIN_GAMES, played: 0, spent: 0 });
    for (let part = 1; job.key === key && job.running && job.done < job.total; part += 1) {
      paint();
      await new Promise((resolve) => setTimeout(resolve, 0)); // let the page draw and take input
      const perGame = job.played ? job.spent / job.played : SLICE_MS / 4;
      job.total = Math.max(MIN_GAMES, Math.min(MAX_GAMES, Math.round(TIME_BUDGET_MS / perGame)));
      const games = Math.max(1, Math.min(50, Math.round(SLICE_MS / perGame), job.total - job.done));
      const t0 = performance.now();
      hint = await py.call("game_tool", {
        game: "spy",
        tool: "balance",
        args: { players, options, games, part, prior: hint },
      });
      if (job.key !== key) return;
      Object.assign(job, {
        hint,
        done: job.done + games,
        played: job.played + games,
        spent: job.spent + performance.now() - t0,
      });
    }
  } catch (error) {
    if (job.key === key) job.error = error;
  }
  if (job.key === key) {
    job.running = false;
    paint();
  }
}

/** The hint for this setup: the shipped one for a preset with the default rules, or a
 *  computed one (a button, then progress while it plays). */
function hintHolder(players, options) {
  const holder = h("div", { id: "spy-hint-holder", "aria-live": "polite" });
  if (!(players >= catalog.players.min && players <= catalog.players.max)) {
    holder.append(
      h("p", { class: "small muted" }, tg("hint.players", { min: catalog.players.min, max: catalog.players.max })),
    );
    return holder;
  }
  const preset = roleKeys(catalog).every((k) => options[k] == null);
  const defaults = catalog.options.filter((o) => !o.role_count).every((o) => options[o.key] === o.default);
  const shipped = catalog.hints && catalog.hints[String(players)];
  if (preset && defaults && shipped) {
    holder.append(hintBlock(shipped, { shipped: true }));
    return holder;
  }
  const key = jobKey(players, options);
  const mine = job && job.key === key ? job : null;
  if (mine && mine.error) {
    holder.append(h("p", { class: "bad", role: "alert", id: "spy-hint-error" }, setupError(mine.error)));
  } else if (mine && mine.hint && (mine.running || mine.done)) {
    if (mine.running) {
      holder.append(
        h(
          "p",
          { class: "small", id: "spy-hint-progress" },
          h("progress", { max: mine.total || 1, value: mine.done }),
          " ",
          tg("hint.running", { done: mine.done, total: mine.total || mine.done }),
          " ",
          h(
            "button",
            {
              type: "button",
              class: "btn btn-link",
              onclick: () => {
                job.running = false;
              },
            },
            tg("hint.stop"),
          ),
        ),
      );
    }
    holder.append(hintBlock(mine.hint));
    return holder;
  } else if (mine && mine.running) {
    holder.append(h("p", { class: "small", id: "spy-hint-progress" }, tg("hint.starting")));
    return holder;
  }
  holder.append(
    h("p", { class: "small muted" }, tg(preset ? "hint.rules_changed" : "hint.custom")),
    h(
      "button",
      { type: "button", class: "btn", id: "spy-hint-run", onclick: () => during(() => compute(players, options)) },
      tg("hint.run"),
    ),
  );
  return holder;
}

// ---------------------------------------------------------------- the editor
export function setupEditor({ form, catalog: cat, redraw, save }) {
  catalog = cat;
  const n = form.seats.length;
  const specs = cat.options.filter((o) => o.role_count);
  const preset = (spec) => spec.by_players[String(n)] ?? spec.min;
  const box = h(
    "fieldset",
    { class: "spy-setup", id: "spy-setup" },
    h("legend", {}, tg("setup.title")),
    h("p", { class: "hint small" }, tg("setup.hint", { count: n })),
  );
  const list = h("ul", { class: "spy-setup-list" });
  let seatsUsed = 0;
  for (const spec of specs) {
    const own = form.options[spec.key];
    const value = own ?? preset(spec);
    const role = cat.setup_keys[spec.key];
    seatsUsed += value * role.seats;
    const team = (cat.roles.find((r) => r.role === role.role) || {}).team;
    const set = (v) => {
      form.options[spec.key] = v;
      redraw();
    };
    const needs = spec.players && spec.players[String(value)];
    list.append(
      h(
        "li",
        { class: "spy-setup-row", "data-role": spec.key },
        h(
          "span",
          { class: "spy-setup-name" },
          h("span", { class: "spy-role-mark", "aria-hidden": "true" }, team === "spies" ? "◆" : team ? "●" : "◐"),
          tg(`setup.${spec.key}`),
          h("span", { class: "small muted" }, " ", tg(`setup.team_${team || "drawn"}`)),
        ),
        h(
          "span",
          { class: "stepper" },
          h(
            "button",
            {
              type: "button",
              class: "btn btn-step",
              "aria-label": tg("setup.less", { role: tg(`setup.${spec.key}`) }),
              disabled: value <= spec.min,
              onclick: () => set(value - 1),
            },
            "−",
          ),
          h("output", { class: "spy-setup-count", "data-count": spec.key }, num(value)),
          h(
            "button",
            {
              type: "button",
              class: "btn btn-step",
              "aria-label": tg("setup.more", { role: tg(`setup.${spec.key}`) }),
              disabled: value >= spec.max,
              onclick: () => set(value + 1),
            },
            "+",
          ),
        ),
        own != null || (needs && n < needs.min)
          ? h(
              "span",
              { class: "small muted spy-setup-note" },
              own != null ? tg("setup.custom", { preset: num(preset(spec)) }) : null,
              needs && n < needs.min ? h("span", { class: "bad" }, " ", tg("setup.needs", { count: needs.min })) : null,
            )
          : null,
      ),
    );
  }
  box.append(list);
  box.append(
    h(
      "p",
      { class: "small", id: "spy-citizens" },
      n - seatsUsed >= 0 ? tg("setup.citizens", { count: n - seatsUsed }) : tg("setup.too_many", { count: seatsUsed }),
    ),
  );
  if (specs.some((s) => form.options[s.key] != null)) {
    box.append(
      h(
        "button",
        {
          type: "button",
          class: "btn",
          id: "spy-setup-preset",
          onclick: () => {
            for (const s of specs) form.options[s.key] = null;
            redraw();
          },
        },
        tg("setup.back_to_preset"),
      ),
    );
  }
  const rules = Object.fromEntries(ruleKeys(cat).map((k) => [k, form.options[k]]));
  const counts = Object.fromEntries(specs.map((s) => [s.key, form.options[s.key] ?? null]));
  box.append(
    h("h4", {}, tg("hint.title")),
    h("p", { class: "hint small" }, tg("hint.what")),
    hintHolder(n, { ...rules, ...counts }),
  );
  save();
  return box;
}
