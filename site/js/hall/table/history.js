// A game's history, step by step, for every game: the bar that steps through it (first,
// previous, next, last, a slider, the arrow keys) and the context a game's table draws a
// past step with. The frames come from the engine (engine/core/replay.py: the record
// replayed to each step, or a replay link's public record); a past step is only looked at,
// never played: its context refuses every action.

import { h, s } from "../../shell/dom.js";
import { t, num } from "../../shell/i18n.js";
import { keptPart } from "../../shell/keep.js";

// The buttons' pictures, drawn (the media-control characters are missing from many fonts):
// pointing left to right, mirrored by the page's CSS in a right-to-left language.
const ICONS = {
  first: [
    ["rect", { x: 2, y: 3, width: 2.5, height: 10 }],
    ["polygon", { points: "14,3 14,13 5.5,8" }],
  ],
  prev: [["polygon", { points: "12,3 12,13 3.5,8" }]],
  next: [["polygon", { points: "4,3 4,13 12.5,8" }]],
  last: [
    ["polygon", { points: "2,3 2,13 10.5,8" }],
    ["rect", { x: 11.5, y: 3, width: 2.5, height: 10 }],
  ],
};

const icon = (name) =>
  s(
    "svg",
    { class: "history-icon", viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", focusable: "false" },
    ICONS[name].map(([tag, props]) => s(tag, { ...props, fill: "currentColor" })),
  );

/** The context of a past step for the game's table: the frame's view, no legal moves, no
 *  drafts, and every way to play refused (`remote` keeps the host's own buttons away). */
export function pastContext(base, frame) {
  const nothing = async () => null;
  const screen = {
    ...(base.screen || {}),
    view: frame.view,
    result: frame.result,
    final: frame.final,
    humans: [],
    remote: [],
    waiting: [],
    remote_waiting: [],
    bots: [],
    done: {},
  };
  return {
    ...base,
    view: frame.view,
    seat: frame.view.seat ?? null,
    screen,
    remote: true,
    past: true,
    draft: {},
    flash: null,
    act: nothing,
    hostAct: nothing,
    playOut: nothing,
    again: nothing,
  };
}

/** What a game's table draws for a past step in tab `tab` (the final screen once over). */
export function pastPanel(table, tab, ctx, frame) {
  if (frame.over && frame.final && tab === table.tabs[0]) return table.final(ctx);
  return table.panel(tab, ctx);
}

// the latest draw's step-to and where each button goes, which the kept slider and buttons read
const moved = { to: null, targets: {} };

/** The bar over the table. `frames`: the steps (the last is now); `at`: the step shown, or
 *  null for now (a live game); `go(index)`: show a step (index = frames.length - 1: now);
 *  `label(frame)`: the game's heading for a step. `live`: a game still played here, whose
 *  last step is "now" ("back to now"); a replay's last step is its end. */
export function historyBar({ frames, at, go, label, live = true }) {
  if (!frames) return entryBar(go);
  const last = frames.length - 1;
  const i = at == null ? last : Math.max(0, Math.min(last, at));
  const past = live && i < last;
  const to = (n) => go(Math.max(0, Math.min(last, n)));
  // each button kept while it is as it was (its icon, words and whether it may be pressed)
  const button = (id, text, name, target, disabled) => {
    moved.targets[name] = target;
    return keptPart(`history-${name}`, [disabled], () =>
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small",
          id,
          "aria-label": text,
          title: text,
          disabled: disabled || undefined,
          onclick: () => moved.to(moved.targets[name]),
        },
        icon(name),
      ),
    );
  };
  const rtl = document.documentElement.dir === "rtl";
  // one slider for the game, its place set at each draw: a new form control at every step
  // had Chromium's autofill read the page's forms again (~4 s of CPU over a grid game)
  moved.to = to;
  const slider = keptPart("history-slider", [], () =>
    h("input", {
      type: "range",
      id: "by-history-slider",
      min: "0",
      step: "1",
      "aria-label": t("history.slider"),
      oninput: (e) => moved.to(Number(e.target.value)),
    }),
  );
  slider.max = String(last);
  slider.value = String(i);
  slider.setAttribute("aria-valuetext", label(frames[i]));
  const bar = h(
    "section",
    {
      class: `history-bar${past ? " history-past" : ""}`,
      id: "by-history",
      "aria-label": t("history.title"),
      "data-at": String(i),
      "data-steps": String(frames.length),
      onkeydown: (e) => {
        if (e.target === slider) return; // the slider moves by itself
        const step = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[e.key];
        if (step === undefined) return;
        e.preventDefault();
        const dir = rtl && Math.abs(step) === 1 ? -step : step;
        to(Number.isFinite(dir) ? i + dir : dir < 0 ? 0 : last);
      },
    },
    h(
      "div",
      { class: "history-controls" },
      button("by-history-first", t("history.first"), "first", 0, i === 0),
      button("by-history-prev", t("history.previous"), "prev", i - 1, i === 0),
      slider,
      button("by-history-next", t("history.next"), "next", i + 1, i === last),
      button("by-history-last", t("history.last"), "last", last, i === last),
      h(
        "span",
        { class: "history-where small", id: "by-history-where", "aria-live": "polite" },
        t("history.step", { n: num(i + 1), total: num(frames.length) }),
        " · ",
        label(frames[i]),
      ),
    ),
  );
  if (past) {
    bar.append(
      h(
        "p",
        { class: "history-note", id: "by-history-note", role: "status" },
        h("strong", {}, t("history.past")),
        " ",
        h(
          "button",
          { type: "button", class: "btn btn-primary btn-small", id: "by-history-now", onclick: () => to(last) },
          t("history.now"),
        ),
      ),
    );
  }
  return bar;
}

/** A live game's bar before its history is loaded: "first" and "previous" (`go("first")`,
 *  `go("prev")`) replay the record then. */
function entryBar(go) {
  const button = (id, text, where) =>
    h(
      "button",
      { type: "button", class: "btn btn-small", id, "aria-label": text, title: text, onclick: () => go(where) },
      icon(where),
    );
  return h(
    "section",
    { class: "history-bar", id: "by-history", "aria-label": t("history.title"), "data-at": "now" },
    h(
      "div",
      { class: "history-controls" },
      button("by-history-first", t("history.first"), "first"),
      button("by-history-prev", t("history.previous"), "prev"),
      // the bar is two small buttons until used: its name is for screen readers
      h("span", { class: "history-where sr-only" }, t("history.title")),
    ),
  );
}
