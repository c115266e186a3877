// The game master's tools on the host's table (the engine's host actions): the day's
// deadline, excusing a player from this cycle's vote, and publishing a dead player's last
// words. And plain words on what the host's device holds.

import { h, newId } from "../../shell/dom.js";
import { tg, clockText } from "./words.js";

const MINUTE = 60000;

export function masterTab(ctx) {
  const v = ctx.view;
  const wrap = h("div", { class: "spy-master" });
  wrap.append(
    h(
      "section",
      { class: "card-panel notice-warn", id: "spy-host-note" },
      h("h3", {}, tg("master.title")),
      h("p", {}, tg("master.holds_roles")),
      h("p", {}, tg("master.clock")),
    ),
  );
  if (v.over) return wrap;

  // the deadline
  const minutesId = newId("minutes");
  const minutes = h("input", {
    type: "number",
    id: minutesId,
    class: "short",
    min: 1,
    max: 10080,
    value: v.options.day_minutes || 60,
  });
  wrap.append(
    h(
      "section",
      { class: "card-panel", id: "spy-deadline" },
      h("h3", {}, tg("master.deadline")),
      h(
        "p",
        {},
        v.deadline != null ? tg("master.deadline_now", { time: clockText(v.deadline) }) : tg("master.deadline_none"),
      ),
      h(
        "div",
        { class: "row" },
        h("label", { for: minutesId }, tg("master.deadline_in")),
        minutes,
        h(
          "button",
          {
            type: "button",
            class: "btn",
            id: "spy-set-deadline",
            onclick: () => {
              const m = Math.max(1, Math.trunc(Number(minutes.value)) || 1);
              ctx.hostAct({ type: "set_deadline", deadline: Date.now() + m * MINUTE });
            },
          },
          tg("master.set_deadline"),
        ),
        v.deadline != null
          ? h(
              "button",
              { type: "button", class: "btn", onclick: () => ctx.hostAct({ type: "set_deadline", deadline: null }) },
              tg("master.clear_deadline"),
            )
          : null,
      ),
    ),
  );

  // excusing a missing vote
  const voted = new Set((v.acts || []).filter((a) => a.type === "vote").map((a) => a.seat));
  const excusable = v.players
    .map((_, i) => i)
    .filter((i) => v.alive[i] && !voted.has(i) && !(v.excused || []).includes(i));
  if (v.day !== "warmup" && v.options.inactivity && excusable.length) {
    const pick = h(
      "select",
      { id: "spy-excuse-who", "aria-label": tg("master.excuse_who") },
      excusable.map((i) => h("option", { value: i }, v.players[i])),
    );
    wrap.append(
      h(
        "section",
        { class: "card-panel" },
        h("h3", {}, tg("master.excuse")),
        h("p", { class: "small muted" }, tg("master.excuse_hint")),
        h(
          "div",
          { class: "row" },
          pick,
          h(
            "button",
            {
              type: "button",
              class: "btn",
              id: "spy-excuse",
              onclick: () => ctx.hostAct({ type: "excuse", seat: Number(pick.value) }),
            },
            tg("master.excuse_button"),
          ),
        ),
      ),
    );
  }

  // last words
  const said = new Set((v.log || []).filter((e) => e.type === "last_words").map((e) => e.seat));
  const dead = v.players.map((_, i) => i).filter((i) => !v.alive[i] && !said.has(i));
  if (dead.length) {
    const pick = h(
      "select",
      { id: "spy-words-who", "aria-label": tg("master.words_who") },
      dead.map((i) => h("option", { value: i }, v.players[i])),
    );
    const textId = newId("words");
    const text = h("textarea", { id: textId, rows: 3, maxlength: 1000, class: "code-input spy-words" });
    wrap.append(
      h(
        "section",
        { class: "card-panel" },
        h("h3", {}, tg("master.words")),
        h("p", { class: "small muted" }, tg("master.words_hint")),
        pick,
        h("label", { for: textId, class: "sr-only" }, tg("master.words_text")),
        text,
        h(
          "div",
          { class: "row" },
          h(
            "button",
            {
              type: "button",
              class: "btn",
              id: "spy-publish-words",
              onclick: () => ctx.hostAct({ type: "last_words", seat: Number(pick.value), text: text.value }),
            },
            tg("master.publish"),
          ),
        ),
      ),
    );
  }
  return wrap;
}
