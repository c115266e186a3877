// The game page: game field (price table, trades, hand), Players, Round results, the price
// chart, the final screen, and the hot-seat privacy curtain.

import { h, clear, newId } from "./dom.js";
import { t, num, money, signedMoney, date } from "./i18n.js";
import * as store from "./store.js";
import { call, confirmDialog, notify, showError, download, fileSafe } from "./ui.js";
import { COLOURS, chip, colourName, cardTile, cardText, choicesText, parseCard, signedText } from "./cards.js";
import { resultsTab, playersTab, changeBadge, roundBlock } from "./results.js";
import { priceChart } from "./chart.js";
import { createHost, hostPanel, hostResolved, hostCheck, hostAddCode } from "./netui.js";
import { pushStatus } from "./liveui.js";

const TABS = ["field", "players", "results", "chart"];
const tabs = () => (G && G.blob && G.blob.net ? [...TABS, "net"] : TABS);
let G = null;   // the open game: {id, blob, seat, tab, curtain, pub, mine, draft, draftKey, flash}
let nav = null;

// ---------------------------------------------------------------- creating and keeping
export function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 12);
}

export async function createGame(options, seats) {
  const id = randomId();
  const seed = crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
  const stored = await call("hall_create", { id, options, seats, seed, meta: { created: new Date().toISOString() } }, { busy: true });
  const blob = { id, created: new Date().toISOString(), ui: { tab: seats.some((s) => s.kind === "remote") ? "net" : "field", seat: null } };
  if (seats.some((s) => s.kind === "remote")) blob.net = await createHost(id, seats);
  keep(blob, stored);
  return id;
}

function keep(blob, stored) {
  blob.record = stored.record;
  blob.orders = stored.orders;
  blob.summary = stored.summary;
  if (!store.saveGame(blob)) notify(t("storage.full"), "error");
}

function keepUi() {
  if (!G) return;
  G.blob.ui = { tab: G.tab, seat: G.seat };
  store.saveGame(G.blob);
}

export function closeGame() {
  clearTimeout(prepTimer);
  if (G && G.id) call("hall_close", { id: G.id }).catch(() => {});
  G = null;
}

export const openId = () => (G ? G.id : null);

// ---------------------------------------------------------------- seats and the curtain
async function load({ advance = false, curtain = false } = {}) {
  G.pub = await call("hall_screen", { id: G.id, seat: null });
  const { humans, waiting, kinds, final } = G.pub;
  const humanSeats = kinds.map((k, i) => (k.kind === "human" ? i : -1)).filter((i) => i >= 0);
  const hot = humanSeats.length > 1;
  let seat = G.seat;
  if (final || !humans.length) {
    seat = humans.includes(seat) || humanSeats.includes(seat) ? seat : humanSeats[0];
    G.curtain = false;
  } else {
    if (!humans.includes(seat) || (advance && !waiting.includes(seat))) seat = waiting[0] ?? humans[0];
    if (hot && (seat !== G.seat || curtain)) G.curtain = true;
    if (!hot) G.curtain = false;
  }
  G.seat = seat;
  G.hot = hot;
  G.mine = G.curtain || seat == null ? null : await call("hall_screen", { id: G.id, seat });
  const key = `${seat}:${G.pub.view.round}:${G.pub.view.rounds_played}`;
  if (G.draftKey !== key) {
    G.draftKey = key;
    G.draft = draftFrom(G.mine && G.mine.view.order);
  }
  keepUi();
  prepareBots();
}

// Bots decide one at a time while the humans think, so ending the round needs no pause.
let prepTimer = null;
function prepareBots() {
  clearTimeout(prepTimer);
  if (!G || !G.pub || G.pub.final) return;
  const id = G.id;
  const step = async () => {
    if (!G || G.id !== id) return;
    if (document.documentElement.dataset.busy) { prepTimer = setTimeout(step, 200); return; }
    try {
      if (await call("hall_prepare_bot", { id }) > 0) prepTimer = setTimeout(step, 50);
    } catch { /* the update decides for them */ }
  };
  prepTimer = setTimeout(step, 300);
}

function draftFrom(order) {
  return {
    trades: { ...(order && order.trades) },
    card: (order && order.card) || null,
    choices: JSON.parse(JSON.stringify((order && order.choices) || {})),
  };
}

export async function showGame(main, id, navigator, { code = null } = {}) {
  nav = navigator;
  if (G && !G.blob) G = null;   // a player's page used the field: not a hall game
  if (!G || G.id !== id) {
    if (G) closeGame();
    const blob = store.loadGame(id);
    if (!blob) return false;
    let stored;
    try {
      stored = await call("hall_open", { id, record: blob.record, orders: blob.orders || {} }, { busy: true });
    } catch (error) {
      showError(error);
      return false;
    }
    G = { id, blob, tab: (blob.net ? [...TABS, "net"] : TABS).includes(blob.ui && blob.ui.tab) ? blob.ui.tab : "field",
          seat: blob.ui && Number.isInteger(blob.ui.seat) ? blob.ui.seat : null,
          curtain: false, flash: null, draftKey: null };
    keep(blob, stored);
    await load({ curtain: true });
    if (blob.net) await hostCheck(G);
  } else {
    await load();
  }
  draw(main);
  if (code && G.blob.net) {   // an order code opened as a link on the host's browser
    G.tab = "net";
    keepUi();
    draw(main);
    const out = await hostAddCode(G, code, { refresh: afterReply });
    notify(out.message, out.ok ? "info" : "error");
  }
  return true;
}

// ---------------------------------------------------------------- drawing
function draw(main = document.getElementById("app")) {
  const focusKey = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.focus;
  clear(main);
  const v = G.pub.view;
  main.append(topBar(v), tabBar(), h("section", {
    class: "tab-panel", id: "by-panel", role: "tabpanel", "aria-labelledby": `by-tab-${G.tab}`, tabindex: "-1",
  }, panel()));
  updatePreview();
  if (focusKey) {
    const again = main.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (again) again.focus();
  }
}

function topBar(v) {
  const o = v.options;
  const chips = [t(`mode.${o.mode}`), t("deal.value", { deal: o.deal }), t(`summation.${o.summation}`)];
  if (o.stop_loss) chips.push(t("stop_loss.value", { spread: money(o.spread) }));
  const bar = h("section", { class: "game-top" },
    h("div", { class: "game-heading" },
      h("h2", {}, v.over ? t("game.over_title") : t("game.round", { round: v.round, total: v.rounds_total })),
      h("ul", { class: "chips" }, chips.map((c) => h("li", {}, c)))));
  const actions = h("div", { class: "game-actions" });
  if (G.hot && !v.over && G.pub.humans.length) {
    const select = h("select", { id: "by-seat-switch", "aria-label": t("game.switch_player"), onchange: async (e) => {
      G.seat = Number(e.target.value);
      G.curtain = true;
      await load({ curtain: true });
      draw();
    } }, G.pub.humans.map((i) => h("option", { value: i, selected: i === G.seat },
      `${v.players[i]}${G.pub.done[i] ? " ✓" : ""}`)));
    actions.append(h("label", { class: "seat-switch" }, h("span", {}, t("game.player")), select));
  }
  if (!v.over) {
    actions.append(h("button", { type: "button", class: "btn", id: "by-end-round", onclick: endRound }, t("game.end_round")));
  }
  actions.append(h("button", { type: "button", class: "btn", onclick: exportGame }, t("lobby.export")));
  bar.append(actions);
  const waiting = [...G.pub.waiting, ...(G.pub.remote_waiting || [])];
  if (!v.over && waiting.length && G.pub.humans.length + (G.pub.remote || []).length > 1) {
    bar.append(h("p", { class: "waiting small", id: "by-waiting" }, t("game.waiting_for", {
      names: waiting.map((i) => v.players[i]).join(", "),
    })));
  }
  return bar;
}

function tabBar() {
  const list = h("div", { class: "tabs", role: "tablist", "aria-label": t("game.tabs") });
  const TABS = tabs();
  TABS.forEach((tab, index) => {
    const selected = tab === G.tab;
    list.append(h("button", {
      type: "button", role: "tab", id: `by-tab-${tab}`, class: "tab", "aria-selected": selected ? "true" : "false",
      "aria-controls": "by-panel", tabindex: selected ? "0" : "-1", "data-tab": tab,
      onclick: () => { G.tab = tab; keepUi(); draw(); document.getElementById(`by-tab-${tab}`).focus(); },
      onkeydown: (e) => {
        const step = { ArrowRight: 1, ArrowLeft: -1, Home: -99, End: 99 }[e.key];
        if (step === undefined) return;
        e.preventDefault();
        const dir = document.documentElement.dir === "rtl" && Math.abs(step) === 1 ? -step : step;
        const next = Math.max(0, Math.min(TABS.length - 1, index + dir));
        G.tab = TABS[next]; keepUi(); draw(); document.getElementById(`by-tab-${TABS[next]}`).focus();
      },
    }, t(`tab.${tab}`)));
  });
  return list;
}

function panel() {
  const v = (G.mine || G.pub).view;
  if (G.tab === "players") return playersTab(v, G.pub.kinds, G.curtain ? null : G.seat, G.pub.done);
  if (G.tab === "results") return resultsTab(v);
  if (G.tab === "chart") return h("div", {}, h("h3", {}, t("chart.title")), priceChart(v.price_history, v.rounds_total));
  if (G.tab === "net") return hostPanel(G, { refresh: afterReply });
  if (G.pub.final) return finalScreen(G.pub);
  if (G.curtain) return curtain();
  return field();
}

// ---------------------------------------------------------------- the curtain
function curtain() {
  const v = G.pub.view;
  const name = v.players[G.seat];
  const box = h("div", { class: "curtain", id: "by-curtain" });
  if (G.flash) box.append(flashBlock());
  box.append(
    h("div", { class: "curtain-icon", "aria-hidden": "true" }, "⇄"),
    h("h3", {}, t("curtain.pass", { name })),
    h("p", {}, t("curtain.private", { name })),
    h("button", { type: "button", class: "btn btn-primary btn-big", id: "by-reveal", onclick: async () => {
      G.curtain = false;
      G.flash = null;
      await load();
      draw();
      const first = document.querySelector("#by-panel h3");
      if (first) { first.tabIndex = -1; first.focus(); }
    } }, t("curtain.show", { name })));
  return box;
}

function flashBlock() {
  const v = G.pub.view;
  const round = v.history.find((r) => r.round === G.flash);
  if (!round) return null;
  return h("section", { class: "flash", "aria-live": "polite" },
    h("h3", {}, t("flash.title", { round: round.round })),
    h("ul", { class: "flash-moves" }, COLOURS.map((c) => h("li", {}, chip(c), " ",
      h("span", { class: "nowrap" }, `${num(round.prices_before[c])} → ${num(round.prices_after[c])}`), " ",
      changeBadge(round.prices_after[c] - round.prices_before[c])))),
    h("button", { type: "button", class: "btn btn-link", onclick: () => { G.tab = "results"; G.flash = null; keepUi(); draw(); } }, t("flash.details")));
}

// ---------------------------------------------------------------- the game field
function field() {
  const { view: v, legal } = G.mine || G.pub;
  const me = G.seat;
  const wrap = h("div", { class: "field" });
  if (G.flash) wrap.append(flashBlock());
  wrap.append(priceTable(v, me));
  const seat = v.seats[me];
  if (seat && seat.bankrupt) {
    wrap.append(h("section", { class: "panel-note bad" }, h("h3", {}, t("field.bankrupt_title")),
      h("p", {}, t("field.bankrupt", { round: seat.bankrupt_round }))));
    if (!G.pub.humans.length) {
      wrap.append(h("button", { type: "button", class: "btn btn-primary", id: "by-play-out", onclick: playOut }, t("field.play_out")));
    }
    return wrap;
  }
  if (!legal) return wrap;
  const form = h("form", { class: "orders", id: "by-orders", onsubmit: (e) => { e.preventDefault(); saveOrders(); } });
  form.append(tradeSection(v, legal), handSection(v, legal), saveBar());
  wrap.append(form);
  return wrap;
}

function priceTable(v, me) {
  const last = v.last;
  const others = (c) => v.seats.reduce((sum, s, i) => (i === me || s.bankrupt ? sum : sum + s.shares[c]), 0);
  return h("section", { class: "prices", "aria-labelledby": "by-prices-title" },
    h("h3", { id: "by-prices-title" }, t("field.prices")),
    h("div", { class: "table-wrap" }, h("table", { class: "data price-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("table.share")),
        h("th", { scope: "col" }, t("table.price")),
        h("th", { scope: "col" }, t("table.change")),
        h("th", { scope: "col" }, t("table.bonus_penalty")),
        h("th", { scope: "col" }, h("abbr", { title: t("table.holdings_long") }, t("table.holdings"))))),
      h("tbody", {}, COLOURS.map((c) => {
        const bonus = last && last.bonus[c], penalty = last && last.penalty[c], stopped = last && last.stopped[c];
        const stop = v.options.stop_loss && v.prices[c] > v.options.spread ? v.prices[c] - v.options.spread : null;
        return h("tr", { "data-colour": c },
          h("th", { scope: "row" }, chip(c)),
          h("td", { class: "num price" }, h("b", {}, money(v.prices[c])),
            stop != null ? h("div", { class: "muted small" }, t("field.stop_at", { price: money(stop) })) : null),
          h("td", { class: "num" }, last ? changeBadge(last.change[c]) : h("span", { class: "muted" }, "—")),
          h("td", { class: "num" },
            bonus ? h("span", { class: "good" }, t("field.bonus", { amount: money(bonus) })) : null,
            penalty ? h("span", { class: "bad" }, t("field.penalty", { amount: money(penalty) })) : null,
            stopped ? h("span", { class: "bad" }, t("field.stopped", { price: money(stopped) })) : null,
            !bonus && !penalty && !stopped ? h("span", { class: "muted" }, "—") : null),
          h("td", { class: "num holdings-cell" }, me != null && v.seats[me]
            ? h("span", { title: t("table.holdings_long") }, h("b", {}, num(v.seats[me].shares[c])), " + ", num(others(c)))
            : num(others(c))));
      })))));
}

function tradeSection(v, legal) {
  const sec = h("fieldset", { class: "trades" }, h("legend", {}, h("h3", {}, t("field.trade"))));
  sec.append(h("p", { class: "hint small" }, t("field.trade_hint")));
  for (const c of COLOURS) {
    const held = legal.shares[c];
    const id = newId("trade");
    const input = h("input", {
      type: "number", id, inputmode: "numeric", step: 1, min: -held, value: G.draft.trades[c] || 0,
      class: "trade-input", "data-colour": c, "data-focus": `trade-${c}`,
      "aria-describedby": `${id}-after`,
      oninput: (e) => {
        const n = Math.trunc(Number(e.target.value));
        G.draft.trades[c] = Number.isFinite(n) ? Math.max(n, -held) : 0;
        updatePreview();
      },
      onchange: (e) => { e.target.value = G.draft.trades[c] || 0; updatePreview(); },
    });
    const bump = (d) => () => {
      G.draft.trades[c] = Math.max((G.draft.trades[c] || 0) + d, -held);
      input.value = G.draft.trades[c];
      updatePreview();
    };
    sec.append(h("div", { class: "trade-row", "data-colour": c },
      h("label", { for: id, class: "trade-label" }, chip(c), h("span", { class: "muted small" }, " ", money(legal.prices[c]))),
      h("div", { class: "stepper" },
        h("button", { type: "button", class: "btn btn-step", "aria-label": t("field.sell_one", { colour: colourName(c) }), "data-focus": `minus-${c}`, onclick: bump(-1) }, "−"),
        input,
        h("button", { type: "button", class: "btn btn-step", "aria-label": t("field.buy_one", { colour: colourName(c) }), "data-focus": `plus-${c}`, onclick: bump(1) }, "+")),
      h("span", { class: "trade-after small", id: `${id}-after`, "data-after": c })));
  }
  sec.append(h("dl", { class: "preview", "aria-live": "polite" },
    h("div", {}, h("dt", {}, t("field.cash_now")), h("dd", {}, money(legal.cash))),
    h("div", {}, h("dt", {}, t("field.cash_after")), h("dd", { id: "by-cash-after" })),
    h("div", {}, h("dt", {}, t("field.shares_value")), h("dd", { id: "by-shares-value" })),
    h("div", {}, h("dt", {}, t("field.capital")), h("dd", { id: "by-capital" }))));
  return sec;
}

function handSection(v, legal) {
  const zc = v.options.zero_cancels;
  const sec = h("fieldset", { class: "hand" }, h("legend", {}, h("h3", {}, t("field.hand"))));
  sec.append(h("p", { class: "hint small" }, t("field.hand_hint")));
  const tiles = h("div", { class: "hand-tiles", role: "radiogroup", "aria-label": t("field.hand") });
  for (const entry of legal.cards) {
    const id = newId("card");
    tiles.append(h("label", { class: "hand-card", for: id },
      h("input", { type: "radio", name: "card", id, value: entry.card, checked: G.draft.card === entry.card, "data-focus": `card-${entry.card}`,
        onchange: () => { G.draft.card = entry.card; G.draft.choices = {}; drawField(); } }),
      cardTile(entry.card, { zeroCancels: zc }),
      h("span", { class: "sr-only" }, cardText(entry.card))));
  }
  tiles.append(h("label", { class: "hand-card hand-none" },
    h("input", { type: "radio", name: "card", value: "", checked: !G.draft.card, "data-focus": "card-none",
      onchange: () => { G.draft.card = null; G.draft.choices = {}; drawField(); } }),
    h("span", { class: "card-tile card-none" }, h("span", { class: "card-main" }, "—"), h("span", { class: "card-sub" }, t("field.no_card")))));
  sec.append(tiles);
  const entry = legal.cards.find((c) => c.card === G.draft.card);
  if (entry) sec.append(chooser(entry));
  return sec;
}

function chooser(entry) {
  const box = h("div", { class: "chooser", id: "by-chooser" },
    h("p", { class: "chooser-title" }, t("field.choices_for", { card: cardText(entry.card) })));
  if (entry.choice === "other") {
    const group = h("fieldset", { class: "choice-other" }, h("legend", {}, t("field.choose_other")));
    for (const c of entry.colours) {
      group.append(h("label", { class: "choice" },
        h("input", { type: "radio", name: "other", value: c, checked: G.draft.choices.other === c, "data-focus": `other-${c}`,
          onchange: () => { G.draft.choices = { other: c }; updatePreview(); } }),
        chip(c)));
    }
    box.append(group);
  } else if (entry.choice === "others") {
    const group = h("fieldset", { class: "choice-others" }, h("legend", {}, t("field.choose_others")));
    const chosen = G.draft.choices.others || {};
    for (const c of entry.colours) {
      const id = newId("others");
      group.append(h("div", { class: "choice-row" }, h("label", { for: id }, chip(c)),
        h("select", { id, "data-colour": c, "data-focus": `others-${c}`, onchange: (e) => {
          const value = e.target.value === "" ? undefined : Number(e.target.value);
          const others = { ...(G.draft.choices.others || {}) };
          if (value === undefined) delete others[c]; else others[c] = value;
          G.draft.choices = { others };
          updatePreview();
        } },
        h("option", { value: "", selected: chosen[c] === undefined }, t("field.pick")),
        entry.values.map((n) => h("option", { value: n, selected: chosen[c] === n }, signedText(n))))));
    }
    box.append(group);
  } else {
    box.append(h("p", { class: "muted small" }, t("field.no_choice")));
  }
  box.append(h("p", { class: "choice-message", id: "by-choice-message", role: "status" }));
  return box;
}

function saveBar() {
  const order = G.mine.view.order;
  const saved = order
    ? [Object.entries(order.trades).map(([c, n]) => `${colourName(c)} ${signedText(n)}`).join(", "),
      order.card ? `${cardText(order.card)}${order.choices && (order.choices.other || order.choices.others) ? ` (${choicesText(order.choices)})` : ""}` : ""]
      .filter(Boolean).join(" · ")
    : "";
  return h("div", { class: "save-bar" },
    h("p", { class: "problem", id: "by-problem", role: "alert" }),
    h("p", { class: "saved-state small", id: "by-saved-state" },
      order ? t("field.saved_state", { orders: saved || t("field.nothing") }) : t("field.not_saved")),
    h("div", { class: "row" },
      h("button", { type: "submit", class: "btn btn-primary", id: "by-save", "data-focus": "save" }, G.saveLabel || t("field.save")),
      G.onSave ? null : h("button", { type: "button", class: "btn", id: "by-cancel-card", disabled: !(order && order.card), "data-focus": "cancel-card", onclick: cancelCard }, t("field.cancel_card")),
      h("button", { type: "button", class: "btn btn-link", id: "by-reset", "data-focus": "reset", onclick: () => { G.draft = draftFrom(order); drawField(); } }, t("field.reset"))));
}

function drawField() {
  if (G.redraw) G.redraw(); else draw();
}

/** The game field's price table and order controls for a remote player's page (netui.js):
 *  `ctx` is shaped like the open game (seat, pub.view, mine: {view, legal}, draft) plus
 *  `onSave(order)`, `redraw()` and `saveLabel`. */
export function netField(ctx) {
  clearTimeout(prepTimer);
  G = ctx;
  const el = field();
  queueMicrotask(updatePreview);
  return el;
}

/** Live preview: cash and holdings after the trades, and whether the orders can be saved. */
function updatePreview() {
  if (!G || !G.mine || !G.mine.legal) return;
  const legal = G.mine.legal;
  let cash = legal.cash, value = 0, traded = false;
  for (const c of COLOURS) {
    const n = G.draft.trades[c] || 0;
    if (n) traded = true;
    cash -= n * legal.prices[c];
    value += (legal.shares[c] + n) * legal.prices[c];
    const after = document.querySelector(`[data-after="${c}"]`);
    if (after) after.textContent = t("field.holding_after", { count: legal.shares[c] + n });
  }
  const set = (id, text, bad) => {
    const el = document.getElementById(id);
    if (el) { el.textContent = text; el.classList.toggle("bad", !!bad); }
  };
  set("by-cash-after", money(cash), cash < 0);
  set("by-shares-value", money(value));
  set("by-capital", money(cash + value));
  const problems = [];
  if (traded && cash < 0) problems.push(t("field.cash_negative", { cash: money(cash) }));
  const choice = choiceProblem();
  const msg = document.getElementById("by-choice-message");
  if (msg) msg.textContent = choice || (G.draft.card ? t("field.choices_ok") : "");
  if (msg) msg.classList.toggle("bad", !!choice);
  if (choice) problems.push(choice);
  set("by-problem", problems.join(" "), problems.length);
  const save = document.getElementById("by-save");
  if (save) save.disabled = problems.length > 0;
}

function choiceProblem() {
  const entry = G.mine.legal.cards.find((c) => c.card === G.draft.card);
  if (!entry) return "";
  if (entry.choice === "other" && !entry.colours.includes(G.draft.choices.other)) {
    return t("field.need_other", { card: cardText(entry.card) });
  }
  if (entry.choice === "others") {
    const others = G.draft.choices.others || {};
    const values = entry.colours.map((c) => others[c]);
    if (values.some((x) => x === undefined)) return t("field.need_others", { card: cardText(entry.card) });
    if (new Set(values).size !== values.length) return t("field.others_twice");
  }
  return "";
}

function orderFromDraft() {
  const trades = {};
  for (const c of COLOURS) if (G.draft.trades[c]) trades[c] = G.draft.trades[c];
  const order = { trades };
  if (G.draft.card) {
    order.card = G.draft.card;
    const entry = G.mine.legal.cards.find((c) => c.card === G.draft.card);
    if (entry && entry.choice) order.choices = G.draft.choices;
  }
  return order;
}

// ---------------------------------------------------------------- acting
async function act(name, args, { afterSave = false } = {}) {
  let reply;
  try {
    reply = await call(name, { id: G.id, ...args }, { busy: true });
  } catch (error) {
    showError(error);
    return null;
  }
  return afterReply(reply, { afterSave });
}

/** Show what a bridge call changed (`reply` = {resolved, stored}, or null: only redraw). */
async function afterReply(reply, { afterSave = false } = {}) {
  if (!reply) {
    await load();
    draw();
    return reply;
  }
  keep(G.blob, reply.stored);
  if (reply.resolved != null && G.blob.net) await hostResolved(G);
  if (reply.resolved != null) {
    G.flash = reply.resolved;
    G.draftKey = null;
    if (G.hot) G.seat = null;   // a new round starts with the first human seat
    notify(t("flash.title", { round: reply.resolved }));
    await load({ advance: true, curtain: true });
  } else {
    await load({ advance: afterSave });
  }
  draw();
  if (G.blob.net) pushStatus(G);   // live seats: who is still thinking
  return reply;
}

async function saveOrders() {
  updatePreview();
  const save = document.getElementById("by-save");
  if (save && save.disabled) return;
  if (G.onSave) { await G.onSave(orderFromDraft()); return; }
  const before = G.seat;
  const reply = await act("hall_save", { seat: G.seat, order: orderFromDraft() }, { afterSave: true });
  if (reply && reply.resolved == null && G.seat === before) notify(t("field.saved"));
}

async function cancelCard() {
  G.draft.card = null;
  G.draft.choices = {};
  await act("hall_cancel", { seat: G.seat });
  notify(t("field.card_cancelled"));
}

async function endRound() {
  const v = G.pub.view;
  const missing = [...G.pub.waiting, ...(G.pub.remote_waiting || [])].map((i) => v.players[i]);
  const ok = await confirmDialog({
    title: t("game.end_round_title", { round: v.round }),
    text: missing.length ? t("game.end_round_missing", { names: missing.join(", ") }) : t("game.end_round_text"),
    ok: t("game.end_round"),
  });
  if (ok) await act("hall_end_round", {});
}

async function playOut() {
  await act("hall_play_out", {});
}

async function exportGame() {
  try {
    const record = await call("hall_export", { id: G.id });
    download(`broker-yard-${fileSafe(record.players.join("-"))}.json`, record);
  } catch (error) {
    showError(error);
  }
}

// ---------------------------------------------------------------- the end
function finalScreen(pub) {
  const f = pub.final, v = pub.view;
  const winner = f.rows[0];
  const box = h("section", { class: "final", "aria-labelledby": "by-final-title" },
    h("h3", { id: "by-final-title" }, t("final.title")),
    h("p", { class: "winner" }, h("span", { class: "trophy", "aria-hidden": "true" }, "★ "),
      t("final.winner", { name: winner.name, capital: money(winner.capital) })));
  box.append(h("ol", { class: "ranking" }, f.rows.map((row) => h("li", { class: ["rank-row", row.place === 1 && "first", row.bankrupt && "is-bankrupt"] },
    h("span", { class: "place" }, num(row.place)),
    h("div", { class: "rank-main" },
      h("div", { class: "rank-name" }, h("bdi", {}, row.name), pub.kinds[row.seat].kind === "bot"
        ? h("span", { class: "badge" }, t("players.bot", { level: t(`level.${pub.kinds[row.seat].level}`) })) : null,
      row.bankrupt ? h("span", { class: "badge badge-bad" }, t("players.bankrupt", { round: row.bankrupt_round })) : null),
      h("ul", { class: "breakdown small" },
        COLOURS.filter((c) => row.shares[c]).map((c) => h("li", {}, chip(c), " ",
          t("final.shares_value", { count: row.shares[c], price: money(f.prices[c]), value: money(row.values[c]) }))),
        h("li", {}, t("final.cash", { cash: money(row.cash) })))),
    h("span", { class: "capital" }, money(row.capital))))));
  for (const toss of f.tosses) {
    box.append(h("p", { class: "muted small" }, t("event.toss", { capital: money(toss.capital), order: toss.order.map((i) => v.players[i]).join(" › ") })));
  }
  box.append(h("div", { class: "row" },
    h("button", { type: "button", class: "btn btn-primary", id: "by-rematch", onclick: rematch }, t("final.rematch")),
    h("button", { type: "button", class: "btn", onclick: exportGame }, t("lobby.export")),
    h("button", { type: "button", class: "btn", onclick: () => nav.go({ page: "lobby" }) }, t("nav.lobby"))));
  const last = v.history[v.history.length - 1];
  if (last) box.append(h("h4", {}, t("final.last_round")), roundBlock(last, v, false));
  return box;
}

async function rematch() {
  const v = G.pub.view;
  const o = v.options;
  const seats = v.players.map((name, i) => ({ name, ...G.pub.kinds[i] }));
  try {
    const id = await createGame({ mode: o.mode, deal: o.deal, summation: o.summation, stop_loss: o.stop_loss, spread: o.spread }, seats);
    nav.go({ page: "game", id });
  } catch (error) {
    showError(error);
  }
}

export { date, signedMoney, parseCard };
