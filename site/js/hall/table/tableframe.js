// The frame of a hosted game's table (table.js): the top bar (the game and its step, who is
// to play, the history's control, the log's button and the menu of occasional controls),
// the tab bar, and the hot-seat curtain. Drawn from the open game `T`; what they do is the
// table's, passed in as handlers, so this module holds no state.

import { h, s, append } from "../../shell/dom.js";
import { t, seatRef, list as listText } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { keptPart } from "../../shell/keep.js";
import { pinState, choosePin, pinMatches, resetPin, pinResets } from "./seatpin.js";
import { confirmDialog } from "../../shell/ui.js";

// how long a bot's move stays on screen before the next one (the table's pace setting);
// paused: bots playing on their own wait, so a person can read the table (or a test measure it)
export const SPEEDS = { slow: 1600, normal: 800, fast: 300, instant: 0, paused: null };
export const speed = () => {
  const pace = store.get("botSpeed", "normal");
  return pace in SPEEDS ? SPEEDS[pace] : SPEEDS.normal;
};

/** The people at the open game's table `T`: its seats at this device and afar (not bots). */
export const people = (T) => T.pub.humans.length + T.pub.remote.length;

/** "Waiting for …" in a simultaneous step, else whose turn it is (a person, a bot, afar). */
function whoPlays(T) {
  const { to_act: turn, view, result } = T.pub;
  if (result) return null;
  const names = (seats) => listText(seats.map((i) => view.players[i]));
  if (turn.together) {
    const waiting = [...T.pub.waiting, ...T.pub.remote_waiting];
    return waiting.length && people(T) > 1 ? t("game.waiting_for", { names: names(waiting) }) : null;
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
      : // several people at this device: the name, not "your turn" (no curtain may have said whose)
        t("game.turn_of", { name: T.hot ? name : seatRef(seat, name) });
}

// the top bar's two buttons drawn (a phone shows them without their words, which stay for
// screen readers and wider screens)
const ICONS = {
  menu: [
    ["rect", { x: 2, y: 3, width: 12, height: 2, rx: 1 }],
    ["rect", { x: 2, y: 7, width: 12, height: 2, rx: 1 }],
    ["rect", { x: 2, y: 11, width: 12, height: 2, rx: 1 }],
  ],
  log: [
    ["rect", { x: 2, y: 2.5, width: 2, height: 2, rx: 1 }],
    ["rect", { x: 5.5, y: 2.5, width: 8.5, height: 2, rx: 1 }],
    ["rect", { x: 2, y: 7, width: 2, height: 2, rx: 1 }],
    ["rect", { x: 5.5, y: 7, width: 8.5, height: 2, rx: 1 }],
    ["rect", { x: 2, y: 11.5, width: 2, height: 2, rx: 1 }],
    ["rect", { x: 5.5, y: 11.5, width: 8.5, height: 2, rx: 1 }],
  ],
};
const icon = (name) =>
  s(
    "svg",
    { class: "bar-icon", viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", focusable: "false" },
    ICONS[name].map(([tag, props]) => s(tag, { ...props, fill: "currentColor" })),
  );

/** The top bar: the game's name and its step, the history's small control (`history`, from
 *  history.js), the game log's button on a phone, and one menu holding the occasional
 *  controls (the options' chips, the hot-seat switch, the bots' pace, the host's "end this
 *  step now", How to play, Share and embed, Export record), so the table starts right under
 *  it. `on`: switchSeat(seat), paceChanged(), endStep(), howTo(), exportGame(), share(),
 *  closeText(part), undo (the Undo button, or null: tableundo.js). The menu's state lives in `T.menu` (a bot's move redraws the bar). */
export function topBar(T, on, history) {
  const v = T.pub.view;
  const over = !!T.pub.result;
  // what shows the same as at the last draw is kept (keep.js): drawn in place, the bar's parts
  // that did not change never leave the page. A kept button's handler reads the open game (the
  // same `T` while it is open; its parts are let go when it closes)
  const title = over ? t("game.over_title") : T.table.heading(v);
  const heading = keptPart("top-heading", [T.game, title], () =>
    h(
      "div",
      { class: "game-heading" },
      h("p", { class: "game-name", id: "by-game-name" }, t(`game.${T.game}.name`)),
      h("h2", {}, title),
    ),
  );
  // data-overlay: drawn over the page while open, on purpose (the fold test knows it)
  const items = h("div", { class: "game-menu-items", "data-overlay": "" });
  const chips = T.table.chips(v.options);
  if (chips.length)
    append(
      items,
      keptPart("top-chips", [v.options], () =>
        h(
          "ul",
          { class: "chips" },
          chips.map((c) => h("li", {}, c)),
        ),
      ),
    );
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
    items.append(h("label", { class: "seat-switch" }, h("span", {}, t("game.player")), select));
  }
  if (!over && T.pub.kinds.some((k) => k.kind === "bot")) {
    const pace = store.get("botSpeed", "normal");
    // kept while the pace holds (its handler reads the open game at the change): a new
    // <select> at every step had Chromium's autofill read the page's forms again
    append(
      items,
      keptPart("table-pace", [pace], () =>
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
      ),
    );
  }
  // a button of the menu closes it: what it opens (a dialog, the share box) is then in view
  const item = (props, text, act) =>
    h(
      "button",
      {
        type: "button",
        class: "btn",
        ...props,
        onclick: (e) => {
          T.menu = false;
          e.currentTarget.closest("details").open = false;
          act();
        },
      },
      text,
    );
  if (!over && T.pub.to_act.close && T.pub.to_act.together)
    items.append(
      item({ id: "by-end-round", "aria-describedby": "by-end-round-hint" }, on.closeText("button"), on.endStep),
      h("p", { class: "hint small", id: "by-end-round-hint" }, on.closeText("hint")),
    );
  append(
    items,
    keptPart("top-howto", [T.id], () => item({ id: "by-howto-open" }, t("howto.open"), on.howTo)),
    keptPart("top-share", [T.id, !!T.share], () =>
      item({ id: "by-share", "aria-expanded": T.share ? "true" : "false" }, t("replay.share"), on.share),
    ),
    keptPart("top-export", [T.id], () => item({ id: "by-export" }, t("lobby.export"), on.exportGame)),
  );
  const menu = h(
    "details",
    {
      class: "game-menu",
      id: "by-menu",
      open: !!T.menu,
      ontoggle: (e) => (T.menu = e.target.open),
    },
    keptPart("top-menu-open", [], () =>
      h(
        "summary",
        { class: "btn", id: "by-menu-open" },
        icon("menu"),
        h("span", { class: "bar-label" }, t("game.menu")),
      ),
    ),
    items,
  );
  // on a phone the game log is a drawer (gamelog.js) this button opens
  const log = keptPart("top-log-toggle", [], () =>
    h(
      "button",
      {
        type: "button",
        class: "btn log-toggle",
        id: "by-log-toggle",
        "aria-controls": "by-log",
        onclick: () => {
          const box = document.getElementById("by-log");
          if (box) box.open = !box.open;
        },
      },
      icon("log"),
      h("span", { class: "bar-label" }, t("log.title")),
    ),
  );
  const bar = h(
    "section",
    { class: "game-top" },
    heading,
    history,
    h("div", { class: "game-tools" }, on.undo, log, menu),
  );
  const who = whoPlays(T);
  if (who) bar.append(h("p", { class: "waiting small", id: "by-waiting" }, who));
  return bar;
}

// The menu closes as a menu does: Escape (the focus back on its button), or a press outside it.
function closeMenu(focus) {
  const menu = document.getElementById("by-menu");
  if (!menu || !menu.open) return false;
  menu.open = false;
  if (focus) menu.querySelector("summary").focus();
  return true;
}
addEventListener("keydown", (e) => {
  if (e.key === "Escape" && closeMenu(true)) e.preventDefault();
});
addEventListener("pointerdown", (e) => {
  const menu = document.getElementById("by-menu");
  if (menu && !menu.contains(e.target)) closeMenu(false);
});

const tabLabel = (T, tab) => (tab === "net" || tab === "board" ? t(`tab.${tab}`) : T.table.tabLabel(tab));

/** The tabs `all`, the open one T.tab; `go(tab)` opens one (arrow keys, Home and End too).
 *  The row is a place (place.js): it never leaves the page. WebKit took 150-960 ms (a loaded
 *  machine) to take the old row, a scroll container, out of the page at a redraw: 12 s of a
 *  96 s Ekonos game. Each tab is a kept part (keep.js), the same node whichever tab is open
 *  (`markTab` says which): a focused tab stays focused through a bot's move and a switch.
 *
 *  A tab chosen shows so at once: `go` sets the open tab and draws its panel after that frame
 *  (settle.js afterFrame). A whole panel drawn in the click's own task took WebKit 170-210 ms
 *  before the page showed anything of the click (issue 28: a click answered within 100 ms). */
export function tabBar(T, all, go) {
  const list = h("div", { class: "tabs", "data-place": "tabs", role: "tablist", "aria-label": t("game.tabs") });
  const choose = (tab) => {
    const chosen = document.getElementById(`by-tab-${tab}`);
    if (chosen) {
      for (const button of chosen.parentElement.children) markTab(button, button === chosen);
      chosen.focus();
    }
    go(tab);
  };
  all.forEach((tab, index) => {
    // a hosted game's tab is kept for the game (its parts are let go when it closes); `go`
    // reads the open game when it runs, so the one of the draw that built the tab serves
    const button = () => tabButton(T, all, index, choose);
    const kept = T.id ? keptPart(`tab-${tab}`, [T.id, all], button) : button();
    append(list, markTab(kept, tab === T.tab));
  });
  // drawn in one go with the rest of the table: the row is on the page when this runs
  queueMicrotask(() => showOpenTab(T.tab));
  return list;
}

/** The tab `button` shown open or not (a no-op when it is so already). */
function markTab(button, selected) {
  const want = { "aria-selected": selected ? "true" : "false", tabindex: selected ? "0" : "-1" };
  for (const [name, value] of Object.entries(want))
    if (button.getAttribute(name) !== value) button.setAttribute(name, value);
  return button;
}

function tabButton(T, all, index, choose) {
  const tab = all[index];
  return h(
    "button",
    {
      type: "button",
      role: "tab",
      id: `by-tab-${tab}`,
      class: "tab",
      "aria-controls": "by-panel",
      "data-tab": tab,
      onclick: () => choose(tab),
      onkeydown: (e) => {
        const step = { ArrowRight: 1, ArrowLeft: -1, Home: -99, End: 99 }[e.key];
        if (step === undefined) return;
        e.preventDefault();
        const dir = document.documentElement.dir === "rtl" && Math.abs(step) === 1 ? -step : step;
        choose(all[Math.max(0, Math.min(all.length - 1, index + dir))]);
      },
    },
    tabLabel(T, tab),
  );
}

// the tab each row in the page was last scrolled to: a row drawn in place keeps where it was
// scrolled, and reading its layout at every bot's move would lay the page out there and then
const scrolledTo = new WeakMap();

/** On a phone the row scrolls sideways (app.css) and a row made anew starts at its beginning:
 *  the open tab is scrolled into it, with a little of the next one showing. */
function showOpenTab(open) {
  const shown = document.getElementById(`by-tab-${open}`);
  const list = shown && shown.parentElement;
  if (!list || scrolledTo.get(list) === shown) return;
  scrolledTo.set(list, shown);
  if (list.scrollWidth <= list.clientWidth) return;
  const box = list.getBoundingClientRect();
  const tab = shown.getBoundingClientRect();
  const peek = 24; // px: the next tab's edge says the row goes on
  // scrollLeft grows rightwards in both directions of text (from 0 down to negative in RTL)
  if (tab.right + peek > box.right) list.scrollLeft += tab.right + peek - box.right;
  else if (tab.left - peek < box.left) list.scrollLeft += tab.left - peek - box.left;
}

/** The hot-seat curtain before seat T.seat's secrets: what just happened (`recent`, the
 *  game's public flash, or null), and the button that lifts it (`reveal`). A game whose table
 *  asks for `seatPins` lets a seat choose a PIN at its first reveal and asks it after. */
export function curtain(T, recent, reveal) {
  const name = T.pub.view.players[T.seat];
  const box = h("div", { class: "curtain", id: "by-curtain" });
  if (recent) box.append(recent);
  const pin = T.table.seatPins ? pinState(T.id, T.seat) : "none";
  const input = h("input", {
    type: "password",
    id: "by-pin",
    inputmode: "numeric",
    autocomplete: "off",
    maxlength: 12,
    required: pin === "set",
  });
  const wrong = h("p", { class: "curtain-pin-wrong", id: "by-pin-wrong", role: "alert" });
  const form = h(
    "form",
    {
      class: "curtain-form",
      novalidate: true, // an empty or wrong PIN gets our words, never the browser's bubble
      onsubmit: async (e) => {
        e.preventDefault();
        if (pin === "new") await choosePin(T.id, T.seat, input.value);
        else if (pin === "set" && !(await pinMatches(T.id, T.seat, input.value))) {
          wrong.textContent = t("curtain.pin_wrong");
          input.value = "";
          input.focus();
          return;
        }
        reveal();
      },
    },
    h("div", { class: "curtain-icon", "aria-hidden": "true" }, "⇄"),
    h("h3", {}, t("curtain.pass", { name })),
    h("p", {}, t("curtain.private", { name })),
  );
  const resets = T.table.seatPins ? pinResets(T.id) : [];
  if (resets.length) {
    const names = listText(resets.map((seat) => T.pub.view.players[seat]));
    form.append(h("p", { class: "small", id: "by-pin-resets" }, t("curtain.pin_reset", { names })));
  }
  if (pin !== "none") {
    form.append(
      h(
        "label",
        { class: "curtain-pin" },
        h("span", {}, t(pin === "new" ? "curtain.pin_choose" : "curtain.pin_ask", { name })),
        input,
      ),
    );
    form.append(wrong);
  }
  form.append(
    h("button", { type: "submit", class: "btn btn-primary btn-big", id: "by-reveal" }, t("curtain.show", { name })),
  );
  if (pin === "set") {
    const forgot = async () => {
      const sure = await confirmDialog({
        title: t("curtain.pin_forget_title", { name }),
        text: t("curtain.pin_forget_text", { name }),
        ok: t("curtain.pin_forget_ok"),
        danger: true,
      });
      if (!sure) return;
      resetPin(T.id, T.seat);
      box.replaceWith(curtain(T, recent, reveal));
      document.getElementById("by-pin").focus();
    };
    form.append(
      h(
        "button",
        { type: "button", class: "btn btn-link", id: "by-pin-forgot", onclick: forgot },
        t("curtain.pin_forgot"),
      ),
    );
  }
  if (pin === "new") form.append(h("p", { class: "small curtain-pin-hint" }, t("curtain.pin_hint", { name })));
  box.append(form);
  return box;
}
