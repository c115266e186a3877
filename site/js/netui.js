// Playing together without a server (docs/multiplayer.md): the host's "Remote players" tab
// (invites, who has sent orders, pasting order codes, the round link for the group, live
// room) and the player's pages (an invite opened, a round link opened, the order code made).
// The protocol lives in site/js/net/; this module only shows it.

import { h, clear, newId } from "./dom.js";
import { t, num, money, errorText } from "./i18n.js";
import * as store from "./store.js";
import { call, confirmDialog, notify, showError } from "./ui.js";
import { HostInbox } from "./net/host.js";
import { PlayerBook, readInvite, readRoundLink, readOrderHeader } from "./net/links.js";
import { qrSvg } from "./net/qr.js";
import { playersTab, roundBlock } from "./results.js";
import { netField } from "./game.js";
import * as live from "./liveui.js";

export const book = new PlayerBook(localStorageOrMemory());

function localStorageOrMemory() {
  try {
    const s = globalThis.localStorage;
    s.setItem("by.net.probe", "1");
    s.removeItem("by.net.probe");
    return s;
  } catch {
    const m = new Map();
    return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)) };
  }
}

/** The kind letter of a pasted code or link ("i", "r", "o", "f", "a"), or null. */
export function codeKind(text) {
  const s = String(text || "");
  const tail = s.slice(s.lastIndexOf("#") + 1).replace(/\s+/g, "");
  const m = /^([a-z])[0-9]+\./.exec(tail);
  return m ? m[1] : null;
}

export const linkFor = (code) => `${location.origin}${location.pathname}#${code}`;

// ---------------------------------------------------------------- sharing a code
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { class: "sr-only", readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    area.remove();
    return ok;
  }
}

/** A code or link for someone else: the text (read-only, selectable), Copy, Share (where the
 *  browser can), and a QR code on request. `name` marks it for tests (data-code). */
export function codeBox({ name, title, hint, text, qrTitle, ecl = "M", open = false, hideTitle = false }) {
  const id = newId("code");
  const area = h("textarea", { id, class: "code-text", readonly: true, rows: 3, spellcheck: "false", "data-code": name,
    onfocus: (e) => e.target.select() });
  area.value = text;
  const qrHolder = h("div", { class: "qr-holder", hidden: !open });
  const qrButton = h("button", { type: "button", class: "btn", "aria-expanded": open ? "true" : "false", "data-qr-toggle": name,
    onclick: () => {
      const show = qrHolder.hidden;
      if (show && !qrHolder.firstChild) qrHolder.append(qrFigure(text, qrTitle || title, ecl, name));
      qrHolder.hidden = !show;
      qrButton.setAttribute("aria-expanded", show ? "true" : "false");
      qrButton.textContent = show ? t("net.hide_qr") : t("net.show_qr");
    } }, open ? t("net.hide_qr") : t("net.show_qr"));
  if (open) qrHolder.append(qrFigure(text, qrTitle || title, ecl, name));
  const buttons = h("div", { class: "row" },
    h("button", { type: "button", class: "btn btn-primary", "data-copy": name, onclick: async () => {
      notify(await copyText(text) ? t("net.copied") : t("net.copy_failed"), "info");
    } }, t("net.copy")),
    typeof navigator.share === "function"
      ? h("button", { type: "button", class: "btn", onclick: () => navigator.share({ title: t("app.title"), text: title, url: text.startsWith("http") ? text : undefined, ...(text.startsWith("http") ? {} : { text }) }).catch(() => {}) }, t("net.share"))
      : null,
    qrButton);
  return h("div", { class: "code-box", "data-box": name },
    title ? h("label", { for: id, class: hideTitle ? "sr-only" : "code-title" }, title) : null,
    hint ? h("p", { class: "hint small" }, hint) : null,
    area, buttons, qrHolder);
}

function qrFigure(text, label, ecl, name) {
  try {
    const svg = qrSvg(text, { ecl, label: t("net.qr_of", { what: label }) });
    return h("figure", { class: "qr-figure", "data-qr": name }, svg);
  } catch {
    return h("p", { class: "bad small" }, t("net.qr_too_long"));
  }
}

/** A box to paste a code or link into; `onsubmit(text)` resolves with {ok, message}. */
export function pasteBox({ name, label, hint, button, onsubmit }) {
  const id = newId("paste");
  const result = h("p", { class: "paste-result", id: `${id}-result`, role: "status", "data-result": name });
  const area = h("textarea", { id, class: "code-input", rows: 3, spellcheck: "false", autocomplete: "off", "data-paste": name,
    "aria-describedby": `${id}-result` });
  const form = h("form", { class: "paste-box", onsubmit: async (e) => {
    e.preventDefault();
    const submit = form.querySelector("button[type=submit]");
    submit.disabled = true;
    let out;
    try {
      out = await onsubmit(area.value);
    } catch (error) {
      out = { ok: false, message: error && error.code ? errorText(error) : String(error && error.message || error) };
    } finally {
      submit.disabled = false;
    }
    if (!out) return;
    // the page may have been redrawn meanwhile (a round resolved): show it in the new box
    const shown = form.isConnected ? result : document.querySelector(`[data-result="${name}"]`) || result;
    // the same message twice (the same bad paste again) blinks, so the answer is seen (and
    // announced again): without that a repeated refusal looked like nothing happened
    shown.textContent = "";
    delete shown.dataset.ok;
    await new Promise((resolve) => setTimeout(resolve, 80));
    shown.textContent = out.message || "";
    shown.className = `paste-result ${out.ok ? "good" : "bad"}`;
    shown.dataset.ok = out.ok ? "1" : "0";
    if (out.ok) area.value = "";
    else if (!form.isConnected) {
      const again = document.querySelector(`[data-paste="${name}"]`);
      if (again) again.value = area.value;
    }
  } },
  h("label", { for: id, class: "code-title" }, label),
  hint ? h("p", { class: "hint small" }, hint) : null,
  area,
  h("div", { class: "row" }, h("button", { type: "submit", class: "btn btn-primary", "data-submit": name }, button)),
  result);
  return form;
}

// ================================================================ the host
/** Set up the host's side of a new game with remote seats: an inbox (seat secrets) and the
 *  first round link. Stored in the game's blob as `net`. */
export async function createHost(id, seats) {
  const inbox = HostInbox.create(seats.map((s) => s.name), seats.map((s) => s.kind === "remote"));
  const net = { inbox: inbox.toJSON(), link: null, linkRound: null };
  await makeLink(id, inbox, net);
  return net;
}

async function makeLink(id, inbox, net) {
  const data = await call("net_link_input", { id });
  net.link = await inbox.roundLink(data);
  net.linkRound = data.view.round;
  net.linkOver = !!data.view.over;
  net.inbox = inbox.toJSON();
}

/** The open game's host state: {inbox, net}; restored from the blob on a reload. */
export function hostState(G) {
  if (!G.blob.net) return null;
  if (!G.host || G.host.id !== G.id) {
    try {
      G.host = { id: G.id, inbox: new HostInbox(G.blob.net.inbox) };
    } catch (error) {
      showError(error);
      return null;
    }
  }
  return G.host;
}

function saveHost(G) {
  G.blob.net.inbox = G.host.inbox.toJSON();
  store.saveGame(G.blob);
}

/** After the engine resolved a round (all in, or "end the round now"): the inbox expects the
 *  next round's codes and the group gets a new round link (pushed to live seats too). */
export async function hostResolved(G) {
  const host = hostState(G);
  if (!host) return;
  const pub = await call("hall_screen", { id: G.id, seat: null });
  if (pub.view.round > host.inbox.round || pub.view.over) host.inbox.nextRound(pub.view.round, pub.view.over);
  await makeLink(G.id, host.inbox, G.blob.net);
  store.saveGame(G.blob);
  live.pushRound(G);
}

/** Make sure the inbox and the link follow the engine (a reload between the two). */
export async function hostCheck(G) {
  const host = hostState(G);
  if (!host) return;
  const v = G.pub.view;
  if (v.round > host.inbox.round || (v.over && !host.inbox.data.over)) {
    host.inbox.nextRound(v.round, v.over);
    saveHost(G);
  }
  if (G.blob.net.linkRound !== v.round || !!G.blob.net.linkOver !== !!v.over || !G.blob.net.link) {
    await makeLink(G.id, host.inbox, G.blob.net);
    store.saveGame(G.blob);
  }
}

/** Accept an order code (pasted, opened as a link, or sent over a live channel). */
export async function hostAddCode(G, text, { refresh }) {
  const host = hostState(G);
  let reply = null;
  const got = await host.inbox.accept(text, async (seat, order) => {
    reply = await call("hall_save_remote", { id: G.id, seat, order }, { busy: true });
  });
  if (!got.ok) return { ok: false, message: errorText(got.error), error: got.error };
  saveHost(G);
  await refresh(reply);
  const message = reply && reply.resolved != null
    ? t("net.code_in_resolved", { name: got.name, round: reply.resolved })
    : t(got.replaced ? "net.code_replaced" : "net.code_in", { name: got.name });
  live.pushStatus(G);
  return { ok: true, message, seat: got.seat, resolved: reply && reply.resolved };
}

export function hostPanel(G, { refresh }) {
  const host = hostState(G);
  if (!host) return h("p", { class: "bad" }, t("error.host_state_invalid"));
  const v = G.pub.view;
  const status = host.inbox.status();
  const wrap = h("div", { class: "net-host" });

  // the round link for the group
  const link = G.blob.net.link;
  wrap.append(h("section", { class: "net-section", "aria-labelledby": "by-net-round-title" },
    h("h3", { id: "by-net-round-title" }, v.over ? t("net.final_link_title") : t("net.round_link_title", { round: v.round })),
    link ? codeBox({ name: "round", title: t("net.round_link"), hideTitle: true, hint: t("net.round_link_hint"), text: linkFor(link), ecl: "L" }) : null));

  // who has sent orders
  const seats = h("ul", { class: "net-seats", id: "by-net-seats" });
  status.forEach((s, i) => {
    if (!s) return;
    const seat = v.seats[i];
    const state = seat.bankrupt ? ["badge badge-bad", t("players.bankrupt", { round: seat.bankrupt_round })]
      : v.over ? ["badge", t("net.over")]
        : s.submitted ? ["badge badge-good", t("net.submitted")] : ["badge", t("net.waiting")];
    const inviteHolder = h("div", { class: "invite-holder", hidden: true });
    const row = h("li", { class: "net-seat", "data-seat": i },
      h("div", { class: "net-seat-head" },
        h("strong", {}, h("bdi", {}, s.name)),
        h("span", { class: state[0], "data-status": i }, state[1]),
        live.seatBadge(G, i),
        s.bound ? h("span", { class: "muted small" }, t("net.bound")) : null),
      h("div", { class: "row" },
        h("button", { type: "button", class: "btn", "aria-expanded": "false", "data-invite-toggle": i, onclick: async (e) => {
          const btn = e.currentTarget;
          if (!inviteHolder.firstChild) {
            const code = await host.inbox.invite(i);
            inviteHolder.append(codeBox({ name: `invite-${i}`, title: t("net.invite_for", { name: s.name }), hint: t("net.invite_hint", { name: s.name }), text: linkFor(code) }));
          }
          inviteHolder.hidden = !inviteHolder.hidden;
          btn.setAttribute("aria-expanded", inviteHolder.hidden ? "false" : "true");
        } }, t("net.invite")),
        h("button", { type: "button", class: "btn btn-danger-text", "data-reissue": i, onclick: async () => {
          if (!(await confirmDialog({ title: t("net.reissue_title", { name: s.name }), text: t("net.reissue_text", { name: s.name }), ok: t("net.reissue") }))) return;
          await host.inbox.reissue(i);
          saveHost(G);
          await makeLink(G.id, host.inbox, G.blob.net);
          store.saveGame(G.blob);
          live.dropSeat(G, i);
          notify(t("net.reissued", { name: s.name }));
          await refresh(null);
          const again = document.querySelector(`[data-invite-toggle="${i}"]`);
          if (again) again.click();
        } }, t("net.reissue")),
        live.offerButton(G, i, { refresh })),
      inviteHolder,
      live.offerHolder(G, i));
    seats.append(row);
  });
  wrap.append(h("section", { class: "net-section", "aria-labelledby": "by-net-seats-title" },
    h("h3", { id: "by-net-seats-title" }, t("net.seats_title")),
    h("p", { class: "hint small" }, t("net.seats_hint")),
    seats));

  // stays after the end too: the last code's message shows here, later codes are refused
  wrap.append(h("section", { class: "net-section" }, pasteBox({
    name: "order", label: t("net.paste_order"), hint: t("net.paste_order_hint"), button: t("net.add_order"),
    onsubmit: (text) => hostAddCode(G, text, { refresh }),
  })));
  return wrap;
}

// ================================================================ the player
// Per game the player's browser keeps {link, round, code, order} (store key play.<game id>)
// and the list of games it has invites or links for (plays).

export function playIds() {
  const ids = store.get("plays", []);
  return Array.isArray(ids) ? ids.filter((x) => typeof x === "string") : [];
}
function loadPlay(g) { return store.get(`play.${g}`, null) || {}; }
function savePlay(g, data) {
  store.set(`play.${g}`, { ...data, updated: new Date().toISOString() });
  if (!playIds().includes(g)) store.set("plays", [g, ...playIds()]);
}

/** Open a pasted or visited link or code. Resolves with the route to show, or throws. */
export async function openCode(text, { hostGames = () => [] } = {}) {
  const kind = codeKind(text);
  if (kind === "i") {
    const inv = await readInvite(text);
    book.addInvite(inv);
    const play = loadPlay(inv.gameId);
    savePlay(inv.gameId, { ...play, name: inv.name, seat: inv.seat });
    notify(t("net.invite_kept", { name: inv.name }));
    return { page: "play", g: inv.gameId };
  }
  if (kind === "r") {
    const got = await readRoundLink(text, book.keyring());
    const play = loadPlay(got.gameId);
    if (play.link && play.round > got.round) throw Object.assign(new Error("old"), { code: "link_old_round", params: { round: got.round, current: play.round } });
    const same = play.round === got.round && play.over === got.view.over;
    savePlay(got.gameId, { ...play, link: text.slice(text.lastIndexOf("#") + 1).replace(/\s+/g, ""), round: got.round, over: got.view.over,
      ...(same ? {} : { code: null, order: null }) });
    return { page: "play", g: got.gameId };
  }
  if (kind === "o") {
    const header = await readOrderHeader(text);
    const game = store.allGames().find((x) => x.net && x.net.inbox && x.net.inbox.g === header.gameId);
    if (!game) throw Object.assign(new Error("no host"), { code: hostGames().length ? "code_other_game" : "no_host_game", params: {} });
    return { page: "game", id: game.id, code: text };
  }
  if (kind === "f") return { page: "play", g: await live.offerGame(text), offer: text };
  if (!String(text || "").trim()) throw Object.assign(new Error("empty"), { code: "code_empty", params: {} });
  throw Object.assign(new Error("unknown"), { code: "code_unknown_kind", params: {} });
}

/** The lobby's "Play with others" panel: open a link or code, and the games this browser
 *  plays from afar. */
export function lobbyPanel(nav, hostGames) {
  const plays = playIds().map((g) => ({ g, ...loadPlay(g) })).filter((p) => p.link || p.name != null);
  return h("section", { class: "card-panel", "aria-labelledby": "by-together-title" },
    h("h2", { id: "by-together-title" }, t("net.together")),
    h("p", { class: "small muted" }, t("net.together_hint")),
    pasteBox({ name: "open", label: t("net.open_label"), button: t("net.open"), onsubmit: async (text) => {
      const route = await openCode(text, { hostGames });
      nav.go(route);
      return null;
    } }),
    plays.length ? h("ul", { class: "game-list", id: "by-plays" }, plays.map((p) => h("li", { class: "game-item", "data-play": p.g },
      h("div", { class: "game-item-head" },
        h("strong", {}, p.name != null ? h("bdi", {}, p.name) : t("net.watching")),
        h("span", { class: "muted small" }, p.link ? (p.over ? t("game.over_title") : t("net.round_n", { round: p.round })) : t("net.no_link_yet"))),
      h("div", { class: "row" }, h("button", { type: "button", class: "btn btn-primary", onclick: () => nav.go({ page: "play", g: p.g }) }, t("lobby.continue")))))) : null);
}

let P = null;   // the player's open page: {g, got, ctx}

export async function showPlay(main, g, nav, route = {}) {
  if (route && route.offer) {     // an offer opened as a link: answer it (the page redraws)
    const offer = route.offer;
    delete route.offer;
    live.openOffer(offer, nav);
  }
  const play = loadPlay(g);
  const inv = book.invite(g);
  clear(main);
  const page = h("div", { class: "play", id: "by-play", "data-game": g });
  const add = (...nodes) => page.append(...nodes.filter(Boolean));
  main.append(page);
  if (!play.link) {
    add(h("section", { class: "card-panel" },
      h("h2", {}, inv ? t("net.joined_title", { name: inv.name }) : t("net.no_link_yet")),
      h("p", {}, t("net.joined_text")),
      pasteBox({ name: "link", label: t("net.open_label"), button: t("net.open"), onsubmit: async (text) => nav.go(await openCode(text)) }),
      live.joinBox(g, nav)));
    return true;
  }
  let got;
  try {
    got = await readRoundLink(play.link, book.keyring());
  } catch (error) {
    add(h("section", { class: "card-panel" }, h("p", { class: "bad", role: "alert" }, errorText(error))));
    return true;
  }
  const v = got.view;
  const me = got.mine ? got.mine.seat : null;
  let legal = null;
  if (me != null && !v.over && !v.seats[me].bankrupt && live.acceptsOrders(g, got.round)) {
    try { legal = await call("net_seat_legal", { view: v }); } catch (error) { showError(error); }
  }
  const draftKey = `${g}:${got.round}:${me}`;
  if (!P || P.key !== draftKey) {
    const order = play.order || null;
    P = { key: draftKey, draft: { trades: { ...(order && order.trades) }, card: (order && order.card) || null, choices: JSON.parse(JSON.stringify((order && order.choices) || {})) } };
  }
  const redraw = () => showPlay(main, g, nav);
  // top: round, who I am, whether the link could be verified
  const chips = [t(`mode.${v.options.mode}`), t("deal.value", { deal: v.options.deal }), t(`summation.${v.options.summation}`)];
  const top = h("section", { class: "game-top" },
    h("div", { class: "game-heading" },
      h("h2", {}, v.over ? t("game.over_title") : t("game.round", { round: v.round, total: v.rounds_total })),
      h("ul", { class: "chips" }, chips.map((c) => h("li", {}, c)))),
    h("p", { class: "play-who" }, me != null ? t("net.you_play", { name: v.players[me] }) : t("net.watching")));
  add(top);
  if (!got.verified) add(h("p", { class: "panel-note notice-warn", id: "by-unverified", role: "note" }, t("net.unverified")));
  if (got.problem) add(h("p", { class: "panel-note bad", id: "by-link-problem", role: "alert" }, errorText({ code: got.problem, params: {} })));
  add(live.playerBar(g, got, nav, redraw));

  if (v.over) {
    add(h("section", { class: "final card-panel" }, h("h3", {}, t("final.title")),
      h("ol", { class: "ranking" }, (v.ranking || []).map((i, place) => h("li", { class: ["rank-row", place === 0 && "first"] },
        h("span", { class: "place" }, num(place + 1)),
        h("div", { class: "rank-main" }, h("div", { class: "rank-name" }, h("bdi", {}, v.players[i]))),
        h("span", { class: "capital" }, money(v.seats[i].capital)))))));
  } else if (legal) {
    const ctx = {
      id: null, seat: me, hot: false, curtain: false, flash: null, draft: P.draft,
      pub: { view: v, humans: [], waiting: [], kinds: v.players.map(() => ({ kind: "remote" })), done: {} },
      mine: { view: { ...v, order: play.order || null }, legal },
      saveLabel: t("net.make_code"), redraw,
      onSave: async (order) => {
        try {
          const code = await book.orderCode(g, got.round, order);
          savePlay(g, { ...loadPlay(g), code, order, codeRound: got.round });
          P.draft = JSON.parse(JSON.stringify({ trades: order.trades || {}, card: order.card || null, choices: order.choices || {} }));
          const sent = live.sendOrder(g, code);
          notify(sent ? t("net.order_sent") : t("net.code_made"));
          await redraw();
          const box = document.querySelector("[data-box=order]");
          if (box) box.scrollIntoView({ block: "nearest" });
        } catch (error) {
          showError(error);
        }
      },
    };
    add(netField(ctx));
    if (play.code && play.codeRound === got.round) {
      add(h("section", { class: "card-panel net-section" }, h("h3", {}, t("net.order_code_title")),
        codeBox({ name: "order", title: t("net.order_code"), hint: t("net.order_code_hint"), text: linkFor(play.code) })));
    }
  } else {
    add(netField({ id: null, seat: me, pub: { view: v, humans: [] }, mine: null, draft: P.draft, flash: null }));
  }
  const last = v.last ? {
    round: v.last.round, events: v.events,
    prices_before: Object.fromEntries(v.events.filter((e) => e.type === "price").map((e) => [e.colour, e.price])),
    prices_after: Object.fromEntries(v.events.filter((e) => e.type === "price").map((e) => [e.colour, e.new_price])),
  } : null;
  if (last && last.events.some((e) => e.type === "price")) {
    add(h("section", { class: "card-panel" }, h("h3", {}, t("final.last_round")), roundBlock(last, v, false)));
  }
  add(h("section", { class: "card-panel" }, h("h3", {}, t("tab.players")),
    playersTab(v, v.players.map(() => ({ kind: "remote" })), me, {})));
  add(h("section", { class: "card-panel" }, pasteBox({ name: "link", label: t("net.open_newer"), button: t("net.open"),
    onsubmit: async (text) => { nav.go(await openCode(text)); return null; } })));
  return true;
}

/** Called by live.js when the host pushes a newer round link. */
export async function takePushedLink(link) {
  return openCode(link);
}
