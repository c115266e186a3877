// Live rooms (WebRTC data channels) in the hall (docs/multiplayer.md, "Live rooms"), for
// every game. The host's "Remote players" tab gets, per remote seat, an offer (text, QR,
// copy), a box for the player's answer and the connection's state; the player's page gets a
// join box (paste the offer, show the answer). Over the channel travel the same texts link
// mode uses:
//
//   host -> player  {type: "link", link}                the newest state link (r2.), after every step
//                   {type: "status", step, over, waiting: [seat]}    who is still to play
//                   {type: "result", ok, step, moved, error}         the answer to a code
//                   {type: "refused", error}             this connection is refused (seat_in_use, ...)
//   player -> host  {type: "action", code}              an action code (o2.), checked by the host's inbox
//
// Other kinds of message (the message board's, board.js) go to handlers registered with
// `onHost(type, fn)` / `onPlayer(type, fn)`; `onConnect(fn)` hears of every new connection.
//
// So the host's checks and refusals apply unchanged, and a player who loses the connection
// (a reload) keeps the seat (its invite) and the newest link, and reconnects with a new offer.
// The host's table tells this module which game it shows (`showingHost`) and how a code is
// taken in (`offerButton`'s `addCode`); the player's page how a pushed link is opened
// (`nav.openCode`), so nothing here imports the pages that use it.

import { h } from "../shell/dom.js";
import { t, errorText } from "../shell/i18n.js";
import * as store from "../shell/store.js";
import { notify } from "../shell/ui.js";
import { hostOffer, playerAnswer, Room } from "../net/live.js";
import { NetError, decode } from "../net/codec.js";
import { VERSION } from "../net/links.js";
import { codeBox, pasteBox, linkFor } from "./codes.js";
import { book } from "./book.js";

export const CONNECT_TIMEOUT_MS = 20000;

const parse = (data) => {
  try {
    const m = JSON.parse(data);
    return m && typeof m === "object" ? m : null;
  } catch {
    return null;
  }
};
const sendOn = (channel, message) => {
  try {
    if (channel && channel.readyState === "open") {
      channel.send(JSON.stringify(message));
      return true;
    }
  } catch {
    /* closed */
  }
  return false;
};
const errJSON = (error) =>
  error && typeof error.toJSON === "function"
    ? error.toJSON()
    : { code: (error && error.code) || "live_closed", params: (error && error.params) || {} };

function timeout(promise, ms, code) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(code), { code, params: {} })), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

// Handlers of the other kinds of message, by type: host side (T, seat, message), player side
// (game id, message); and of new connections on the host (T, seat).
const hostHandlers = new Map();
const playerHandlers = new Map();
const connectHooks = [];
export const onHost = (type, fn) => hostHandlers.set(type, fn);
export const onPlayer = (type, fn) => playerHandlers.set(type, fn);
export const onConnect = (fn) => connectHooks.push(fn);

// ================================================================ the host
// Per game id: the room (who is connected), the pending offers per seat, the newest table T,
// the panel's refresh and how a code is taken in (the table redraws the tab after every
// change and calls these hooks).
const hosts = new Map();
let shown = null; // the id of the game the host's table shows now

/** Send `message` to seat i of game T if it is connected live; false otherwise. */
export function sendToSeat(T, i, message) {
  const R = hosts.get(T.id);
  return !!R && R.room.send(i, message);
}

/** The seats of game T connected live now. */
export function connectedSeats(T) {
  const R = hosts.get(T.id);
  return R ? R.room.connected() : [];
}

/** The host's table shows game `id` now (null: none). */
export function showingHost(id) {
  shown = id;
}
const openId = () => shown;

function hostRoom(T) {
  let R = hosts.get(T.id);
  if (!R) {
    R = { id: T.id, room: new Room(), offers: new Map(), T, refresh: null, addCode: null };
    hosts.set(T.id, R);
  }
  R.T = T;
  return R;
}

const isOpen = (R, i) => {
  const l = R.room.links.get(i);
  return !!(l && l.channel.readyState === "open");
};

function badge(R, i) {
  const [cls, key] = isOpen(R, i)
    ? ["badge badge-live", "live.connected"]
    : R.offers.has(i)
      ? ["badge", "live.connecting"]
      : R.T.blob.net && R.T.blob.net.live
        ? ["badge", "live.not_connected"]
        : [null, null];
  return key
    ? h(
        "span",
        { class: cls, "data-live": i, "data-state": isOpen(R, i) ? "open" : R.offers.has(i) ? "offer" : "closed" },
        t(key),
      )
    : h("span", { hidden: true, "data-live": i, "data-state": "none" });
}

function updateBadge(R, i) {
  const old = document.querySelector(`[data-live="${i}"]`);
  if (old && openId() === R.id) old.replaceWith(badge(R, i));
}

/** The seat's live state in its row of the host's tab. */
export function seatBadge(T, i) {
  return badge(hostRoom(T), i);
}

/** "Live: new offer" for seat i. `addCode(text)` takes in a code that came over the channel. */
export function offerButton(T, i, { refresh, addCode } = {}) {
  const R = hostRoom(T);
  if (refresh) R.refresh = refresh;
  if (addCode) R.addCode = addCode;
  if (T.pub.result) return null;
  return h(
    "button",
    {
      type: "button",
      class: "btn",
      "data-live-offer": i,
      onclick: async (e) => {
        const btn = e.currentTarget;
        btn.disabled = true;
        const old = R.offers.get(i); // the old offer ends now, and leaves the page at once
        if (old) {
          old.offer.close();
          R.offers.delete(i);
        }
        const shown = document.querySelector(`[data-live-holder="${i}"]`);
        if (shown) shown.replaceWith(offerHolder(R.T, i));
        try {
          await newOffer(R, i);
        } catch (error) {
          notify(errorText(errJSON(error)), "error");
        } finally {
          btn.disabled = false;
        }
        const holder = document.querySelector(`[data-live-holder="${i}"]`);
        if (holder) holder.replaceWith(offerHolder(R.T, i));
        updateBadge(R, i);
        const area = document.querySelector(`[data-paste="answer-${i}"]`);
        if (area) area.scrollIntoView({ block: "nearest" });
      },
    },
    t(isOpen(R, i) ? "live.offer_again" : "live.offer"),
  );
}

async function newOffer(R, i) {
  const host = R.T.host;
  if (!host) return;
  const old = R.offers.get(i);
  if (old) {
    old.offer.close();
    R.offers.delete(i);
  }
  const offer = await hostOffer(host.inbox.seatAuth(i));
  R.offers.set(i, { offer, spent: false });
}

/** Seat i's pending offer: its text and QR code, and the box for the player's answer. */
export function offerHolder(T, i) {
  const R = hostRoom(T);
  const p = R.offers.get(i);
  const holder = h("div", { class: "offer-holder", "data-live-holder": i, hidden: !p });
  if (!p) return holder;
  const name = T.pub.view.players[i];
  holder.append(
    codeBox({
      name: `offer-${i}`,
      title: t("live.offer_for", { name }),
      hint: t("live.offer_hint", { name }),
      text: linkFor(p.offer.code),
      ecl: "L",
    }),
    pasteBox({
      name: `answer-${i}`,
      label: t("live.paste_answer", { name }),
      button: t("live.connect"),
      onsubmit: (text) => takeAnswer(R, i, text),
    }),
  );
  return holder;
}

async function takeAnswer(R, i, text) {
  const p = R.offers.get(i);
  if (!String(text || "").trim()) return { ok: false, message: errorText({ code: "code_empty", params: {} }) };
  if (!p || p.spent) return { ok: false, message: errorText({ code: "live_offer_used", params: {} }) };
  const name = R.T.pub.view.players[i];
  let conn;
  try {
    // a refused answer (damaged, other game, forged) leaves the offer usable
    conn = await timeout(p.offer.accept(text), CONNECT_TIMEOUT_MS, "live_no_connection");
  } catch (error) {
    if (error && error.code === "live_no_connection") {
      p.spent = true;
      p.offer.close();
    }
    return { ok: false, message: errorText(errJSON(error)) };
  }
  p.spent = true;
  const host = R.T.host;
  const seat = host && host.inbox.data.seats[i];
  try {
    // a seat connected from another browser: seat_in_use (the Room says so); a seat whose
    // orders came from another browser: seat_other_device (the inbox would refuse its codes)
    const busy = isOpen(R, i) && R.room.links.get(i).device !== conn.device;
    if (!busy && seat && seat.d && seat.d !== conn.device) throw new NetError("seat_other_device", { seat: i, name });
    R.room.claim(i, conn.device, conn.channel);
  } catch (error) {
    sendOn(conn.channel, { type: "refused", error: errJSON(error) });
    setTimeout(() => conn.pc.close(), 1000);
    return { ok: false, message: errorText(errJSON(error)) };
  }
  R.offers.delete(i);
  const channel = conn.channel;
  channel.addEventListener("message", (event) => onOrder(R, i, channel, event.data));
  channel.addEventListener("close", () => {
    updateBadge(R, i);
    conn.pc.close();
  });
  if (R.T.blob.net && !R.T.blob.net.live) {
    R.T.blob.net.live = true;
    store.saveGame(R.T.blob);
  }
  if (R.T.blob.net && R.T.blob.net.link) {
    // the seat's own link (only its sealed part) where the table makes one, else the group's
    const link = R.T.linkFor ? await R.T.linkFor(i) : R.T.blob.net.link;
    sendOn(channel, { type: "link", link });
  }
  sendOn(channel, statusMessage(R.T));
  for (const fn of connectHooks) Promise.resolve(fn(R.T, i)).catch(() => {});
  if (openId() === R.id && R.refresh) await R.refresh(null);
  return { ok: true, message: t("live.connected_msg", { name }) };
}

// One order at a time, in the order they came (the inbox queues too; this keeps the redraws
// and the replies in step).
let orders = Promise.resolve();
function onOrder(R, i, channel, data) {
  const m = parse(data);
  if (m && hostHandlers.has(m.type)) {
    if (openId() === R.id) Promise.resolve(hostHandlers.get(m.type)(R.T, i, m)).catch(() => {});
    return;
  }
  if (!m || m.type !== "action" || typeof m.code !== "string") return;
  orders = orders
    .then(async () => {
      let out;
      if (openId() !== R.id || !R.addCode) {
        out = { ok: false, error: { code: "live_host_away", params: {} } };
      } else {
        try {
          out = await R.addCode(m.code);
        } catch (error) {
          out = { ok: false, error: errJSON(error) };
        }
        if (out.ok) notify(out.message);
      }
      sendOn(channel, {
        type: "result",
        ok: !!out.ok,
        step: R.T.pub.to_act.step,
        moved: !!out.moved,
        error: out.ok ? null : { code: out.error.code, params: out.error.params || {} },
      });
    })
    .catch(() => {});
}

function statusMessage(T) {
  const waiting = [...(T.pub.waiting || []), ...(T.pub.remote_waiting || [])].sort((a, b) => a - b);
  const over = !!T.pub.result;
  return { type: "status", step: T.pub.to_act.step, over, waiting: over ? [] : waiting };
}

/** A new state link exists (the game moved on, an invite re-issued): every connected seat
 *  gets it — its own link where the table makes one (`T.linkFor`), else the group's. Pushes
 *  go one after another, so that a seat never gets an older link after a newer one. */
export function pushLink(T) {
  const R = hosts.get(T.id);
  if (!R || !T.blob.net || !T.blob.net.link) return;
  R.T = T;
  R.pushing = (R.pushing || Promise.resolve())
    .then(async () => {
      for (const i of R.room.connected()) {
        const link = T.linkFor ? await T.linkFor(i) : T.blob.net.link;
        R.room.send(i, { type: "link", link });
      }
    })
    .catch(() => {});
}

/** Who is still to play, to every connected seat (after every change on the host). */
export function pushStatus(T) {
  const R = hosts.get(T.id);
  if (!R || !T.pub) return;
  R.T = T;
  const m = statusMessage(T);
  for (const i of R.room.connected()) R.room.send(i, m);
}

/** Seat i's invite was re-issued: its live connection and pending offer end. */
export function dropSeat(T, i) {
  const R = hosts.get(T.id);
  if (!R) return;
  const p = R.offers.get(i);
  if (p) {
    p.offer.close();
    R.offers.delete(i);
  }
  const link = R.room.links.get(i);
  if (link) {
    try {
      link.channel.close();
    } catch {
      /* closed */
    }
    R.room.links.delete(i);
  }
}

// ================================================================ the player
// Per game id: {g, pc, channel, state: "answer" | "open" | "closed" | "refused", answer, status, message}
const lives = new Map();
let playerNav = null;

const showing = (g) => {
  const p = document.getElementById("by-play");
  return p && p.dataset.game === g;
};

function updateSection(g) {
  const old = document.getElementById("by-live");
  if (old && showing(g) && playerNav) old.replaceWith(liveSection(g, playerNav));
}

async function answerOffer(text, nav) {
  playerNav = nav;
  if (!String(text || "").trim()) return { ok: false, message: errorText({ code: "code_empty", params: {} }) };
  const a = await playerAnswer(text, book.keyring(), book.device());
  const old = lives.get(a.gameId);
  if (old && old.pc) {
    try {
      old.pc.close();
    } catch {
      /* closed */
    }
  }
  const L = { g: a.gameId, pc: a.pc, channel: null, state: "answer", answer: a.code, status: null, message: null };
  lives.set(a.gameId, L);
  store.set(`live.${a.gameId}`, true);
  a.pc.addEventListener("connectionstatechange", () => {
    if (lives.get(L.g) === L && a.pc.connectionState === "failed" && L.state === "answer") {
      L.state = "closed";
      updateSection(L.g);
    }
  });
  a.connected.then(
    (channel) => onPlayerOpen(L, channel),
    () => {
      if (lives.get(L.g) === L && L.state === "answer") {
        L.state = "closed";
        updateSection(L.g);
      }
    },
  );
  if (showing(a.gameId)) updateSection(a.gameId);
  else await nav.go({ page: "play", g: a.gameId });
  return { ok: true, message: t("live.answer_ready") };
}

function onPlayerOpen(L, channel) {
  if (lives.get(L.g) !== L) {
    channel.close();
    return;
  }
  L.channel = channel;
  L.state = "open";
  // one message at a time, in the order they came: two links of one step opened out of
  // order would leave the older one kept
  let queue = Promise.resolve();
  channel.addEventListener("message", (event) => {
    queue = queue.then(() => onHostMessage(L, event.data)).catch(() => {});
  });
  channel.addEventListener("close", () => {
    if (lives.get(L.g) !== L || L.state === "refused") return;
    L.state = "closed";
    L.pending = false;
    updateSection(L.g);
  });
  updateSection(L.g);
}

async function onHostMessage(L, data) {
  const m = parse(data);
  if (!m) return;
  if (m.type === "link" && typeof m.link === "string") {
    try {
      const route = await playerNav.openCode(m.link);
      if (showing(L.g)) await playerNav.go(route);
      else notify(t("live.new_round"));
    } catch {
      /* an older link than the one kept: nothing to do */
    }
  } else if (m.type === "status") {
    L.status = m;
    updateSection(L.g);
  } else if (m.type === "result") {
    L.pending = false;
    L.result = m;
    notify(m.ok ? t("live.order_in") : errorText(m.error || {}), m.ok ? "info" : "error");
    updateSection(L.g);
  } else if (m.type === "refused") {
    L.state = "refused";
    L.message = errorText(m.error || {});
    notify(L.message, "error");
    updateSection(L.g);
  } else if (playerHandlers.has(m.type)) {
    playerHandlers.get(m.type)(L.g, m);
  }
}

/** Send `message` to the host of game g over the live channel; false when not connected. */
export function sendToHost(g, message) {
  const L = lives.get(g);
  return !!L && L.state === "open" && sendOn(L.channel, message);
}

/** Is this browser connected live to the host of game g? */
export const isLive = (g) => {
  const L = lives.get(g);
  return !!L && L.state === "open";
};

/** Send an action code over the live channel; false when not connected (the code box stays). */
export function sendAction(g, code) {
  const L = lives.get(g);
  if (!L || L.state !== "open" || !sendOn(L.channel, { type: "action", code })) return false;
  L.pending = true;
  L.result = null;
  updateSection(g);
  return true;
}

/** An offer opened as a link (#f1.…): answer it at once. */
export async function openOffer(text, nav) {
  try {
    await answerOffer(text, nav);
  } catch (error) {
    notify(errorText(errJSON(error)), "error");
  }
}

/** The game id an offer is for (to open the right page), or null. */
export async function offerGame(text) {
  const { value } = await decode(text, { f: VERSION });
  return value && typeof value.g === "string" ? value.g : null;
}

function liveSection(g, nav, { open = false } = {}) {
  playerNav = nav;
  const L = lives.get(g);
  const sec = h("section", { class: "card-panel live-bar", id: "by-live", "data-live-state": L ? L.state : "none" });
  if (L && L.state === "open") {
    sec.append(h("p", { class: "good", id: "by-live-state" }, t("live.connected_player")));
    const s = L.status;
    const play = store.get(`play.${g}`, {}) || {};
    if (s && !s.over && s.step === play.step) {
      const names = play.names || [];
      const who = s.waiting.map((i) => names[i] ?? `#${i + 1}`);
      sec.append(
        h(
          "p",
          { class: "small", id: "by-live-waiting" },
          who.length ? t("live.still_thinking", { names: who.join(", ") }) : t("live.all_in"),
        ),
      );
    }
    if (L.pending) sec.append(h("p", { class: "small muted" }, t("net.order_sent")));
    return sec;
  }
  const body = [];
  if (L && L.state === "answer") {
    body.push(
      codeBox({ name: "answer", title: t("live.answer"), hint: t("live.answer_hint"), text: L.answer, ecl: "L" }),
      h("p", { class: "small muted", id: "by-live-state" }, t("live.waiting_host")),
    );
  }
  if (L && L.state === "closed")
    body.push(h("p", { class: "bad", id: "by-live-state", role: "alert" }, t("live.lost")));
  if (L && L.state === "refused") body.push(h("p", { class: "bad", id: "by-live-state", role: "alert" }, L.message));
  body.push(
    pasteBox({
      name: "offer",
      label: t("live.paste_offer"),
      hint: t("live.join_hint"),
      button: t("live.make_answer"),
      onsubmit: (text) => answerOffer(text, nav),
    }),
  );
  const expanded = open || !!L || !!store.get(`live.${g}`, false);
  sec.append(
    h(
      "details",
      { open: expanded, class: "live-join" },
      h("summary", { "data-live-summary": "1" }, h("strong", {}, t("live.join_title"))),
      ...body,
    ),
  );
  return sec;
}

/** The player's page before any round link: how to join live. */
export function joinBox(g, nav) {
  return liveSection(g, nav, { open: true });
}

/** The player's page with a state link: the live state (connected, who is still to play)
 *  or how to (re)connect. `view` is the link's view, `mine` whether it opened a seat. */
export function playerBar(g, view, mine, nav) {
  const play = store.get(`play.${g}`, {}) || {};
  if (view && Array.isArray(view.players) && JSON.stringify(play.names) !== JSON.stringify(view.players)) {
    store.set(`play.${g}`, { ...play, names: view.players });
  }
  if (play.over && !lives.has(g)) return null;
  if (!mine) return null; // a spectator: nothing to join
  return liveSection(g, nav);
}
