// The frame of a hosted game's table (table.js): the top bar (what is played, who is to
// play, the hot-seat switch, the bots' pace, the host's "end this step now", export), the
// tab bar, and the hot-seat curtain. Drawn from the open game `T`; what they do is the
// table's, passed in as handlers, so this module holds no state.

import { h } from "../../shell/dom.js";
import { t, seatRef, list as listText } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";

// how long a bot's move stays on screen before the next one (the table's pace setting);
// paused: bots playing on their own wait, so a person can read the table (or a test measure it)
export const SPEEDS = { slow: 1600, normal: 800, fast: 300, instant: 0, paused: null };
export const speed = () => {
  const pace = store.get("botSpeed", "normal");
  return pace in SPEEDS ? SPEEDS[pace] : SPEEDS.normal;
};

/** "Waiting for …" in a simultaneous step, else whose turn it is (a person, a bot, afar). */
function whoPlays(T) {
  const { to_act: turn, view, result } = T.pub;
  if (result) return null;
  const names = (seats) => listText(seats.map((i) => view.players[i]));
  if (turn.together) {
    const waiting = [...T.pub.waiting, ...T.pub.remote_waiting];
    return waiting.length && T.pub.humans.length + T.pub.remote.length > 1
      ? t("game.waiting_for", { names: names(waiting) })
      : null;
  }
  const seat = turn.seats[0];
  if (seat == null) return null;
  // the game's own words for who decides what (an Ekonos president in another's turn)
  const own = seat !== T.seat && T.table.whoActs ? T.table.whoActs(view) : null;
  if (own) return own;
  const kind = T.pub.kinds[seat].kind;
  const name = view.players[seat];
  return kind === "bot"
    ? t("game.bot_turn", { name })
    : kind === "remote"
      ? t("game.remote_turn", { name })
      : t("game.turn_of", { name: seatRef(seat, name) });
}

/** The top bar. `on`: switchSeat(seat), paceChanged(), endStep(), howTo(), exportGame(), share(), closeText(part). */
export function topBar(T, on) {
  const v = T.pub.view;
  const over = !!T.pub.result;
  const bar = h(
    "section",
    { class: "game-top" },
    h(
      "div",
      { class: "game-heading" },
      h("h2", {}, over ? t("game.over_title") : T.table.heading(v)),
      h(
        "ul",
        { class: "chips" },
        T.table.chips(v.options).map((c) => h("li", {}, c)),
      ),
    ),
  );
  const actions = h("div", { class: "game-actions" });
  if (T.hot && !over && T.pub.humans.length > 1) {
    const select = h(
      "select",
      {
        id: "by-seat-switch",
        "aria-label": t("game.switch_player"),
        onchange: (e) => on.switchSeat(Number(e.target.value)),
      },
      T.pub.humans.map((i) =>
        h("option", { value: i, selected: i === T.seat }, `${v.players[i]}${T.pub.done[i] ? " ✓" : ""}`),
      ),
    );
    actions.append(h("label", { class: "seat-switch" }, h("span", {}, t("game.player")), select));
  }
  if (!over && T.pub.kinds.some((k) => k.kind === "bot")) {
    const pace = store.get("botSpeed", "normal");
    actions.append(
      h(
        "label",
        { class: "seat-switch" },
        h("span", {}, t("game.bot_speed")),
        h(
          "select",
          {
            id: "by-bot-speed",
            onchange: (e) => {
              store.set("botSpeed", e.target.value);
              on.paceChanged();
            },
          },
          Object.keys(SPEEDS).map((s) => h("option", { value: s, selected: s === pace }, t(`game.speed.${s}`))),
        ),
      ),
    );
  }
  if (!over && T.pub.to_act.close && T.pub.to_act.together) {
    actions.append(
      h("button", { type: "button", class: "btn", id: "by-end-round", onclick: on.endStep }, on.closeText("button")),
    );
  }
  actions.append(
    h("button", { type: "button", class: "btn", id: "by-howto-open", onclick: on.howTo }, t("howto.open")),
    h(
      "button",
      { type: "button", class: "btn", id: "by-share", "aria-expanded": T.share ? "true" : "false", onclick: on.share },
      t("replay.share"),
    ),
    h("button", { type: "button", class: "btn", onclick: on.exportGame }, t("lobby.export")),
  );
  bar.append(actions);
  const who = whoPlays(T);
  if (who) bar.append(h("p", { class: "waiting small", id: "by-waiting" }, who));
  return bar;
}

const tabLabel = (T, tab) => (tab === "net" || tab === "board" ? t(`tab.${tab}`) : T.table.tabLabel(tab));

/** The tabs `all`, the open one T.tab; `go(tab)` opens one (arrow keys, Home and End too). */
export function tabBar(T, all, go) {
  const list = h("div", { class: "tabs", role: "tablist", "aria-label": t("game.tabs") });
  all.forEach((tab, index) => {
    const selected = tab === T.tab;
    list.append(
      h(
        "button",
        {
          type: "button",
          role: "tab",
          id: `by-tab-${tab}`,
          class: "tab",
          "aria-selected": selected ? "true" : "false",
          "aria-controls": "by-panel",
          tabindex: selected ? "0" : "-1",
          "data-tab": tab,
          onclick: () => go(tab),
          onkeydown: (e) => {
            const step = { ArrowRight: 1, ArrowLeft: -1, Home: -99, End: 99 }[e.key];
            if (step === undefined) return;
            e.preventDefault();
            const dir = document.documentElement.dir === "rtl" && Math.abs(step) === 1 ? -step : step;
            go(all[Math.max(0, Math.min(all.length - 1, index + dir))]);
          },
        },
        tabLabel(T, tab),
      ),
    );
  });
  return list;
}

/** The hot-seat curtain before seat T.seat's secrets: what just happened (`recent`, the
 *  game's public flash, or null), and the button that lifts it (`reveal`). */
export function curtain(T, recent, reveal) {
  const name = T.pub.view.players[T.seat];
  const box = h("div", { class: "curtain", id: "by-curtain" });
  if (recent) box.append(recent);
  box.append(
    h("div", { class: "curtain-icon", "aria-hidden": "true" }, "⇄"),
    h("h3", {}, t("curtain.pass", { name })),
    h("p", {}, t("curtain.private", { name })),
    h(
      "button",
      { type: "button", class: "btn btn-primary btn-big", id: "by-reveal", onclick: reveal },
      t("curtain.show", { name }),
    ),
  );
  return box;
}
