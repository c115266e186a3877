// The host's side of live rooms (livewire.js says what travels): per remote seat of the
// host's "Remote players" tab an offer (text, QR, copy), a box for the player's answer and the
// connection's state; codes that come over a channel go to the table's `addCode`, and every
// new state link and "who is still to play" go out to the connected seats.
// The host's table tells this module which game it shows (`showingHost`) and how a code is
// taken in (`offerButton`'s `addCode`), so nothing here imports the pages that use it.

import { h } from "../../shell/dom.js";
import { t, errorText } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { notify } from "../../shell/ui.js";
import { hostOffer, Room } from "../../net/live.js";
import { NetError } from "../../net/codec.js";
import { codeBox, pasteBox, linkFor } from "./codes.js";
import {
  CONNECT_TIMEOUT_MS,
  MAX_MESSAGE,
  connectHooks,
  floodHooks,
  errJSON,
  hostHandlers,
  parse,
  rate,
  sendOn,
  timeout,
} from "./livewire.js";

export { onHost, onConnect, onFlood } from "./livewire.js";

// Per game id: the room (who is connected), the pending offers per seat, the newest table T,
// the panel's refresh and how a code is taken in (the table redraws the tab after every
// change and calls these hooks).
const hosts = new Map();
let shown = null; // the id of the game the host's table shows now

/** Send `message` to seat i of game T if it is connected live, padded to at least `size`
 *  bytes; false otherwise. */
export function sendToSeat(T, i, message, size) {
  const R = hosts.get(T.id);
  return !!R && R.room.send(i, message, size);
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
  try {
    // the answer is signed by its device (net/live.js): a seat connected from another device
    // is refused (seat_in_use), and so is a seat bound to another device by its codes or an
    // earlier connection (seat_other_device); either is noted, and the seat's own device hears
    // of it with the next link. The first device to make contact is bound.
    if (!host) throw new NetError("host_state_invalid");
    if (isOpen(R, i) && R.room.links.get(i).device !== conn.key) {
      host.inbox.tried(i);
      throw new NetError("seat_in_use", { seat: i });
    }
    await host.inbox.bind(i, conn.key);
    R.room.claim(i, conn.key, conn.channel);
  } catch (error) {
    sendOn(conn.channel, { type: "refused", error: errJSON(error) });
    setTimeout(() => conn.pc.close(), 1000);
    saveInbox(R.T);
    // the redraw makes the link that tells the seat's device (pushed to it if connected)
    if (openId() === R.id && R.refresh) await R.refresh(null);
    return { ok: false, message: errorText(errJSON(error)) };
  }
  saveInbox(R.T);
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
// and the replies in step). A seat's messages are bounded before anything reads them: in
// size (MAX_MESSAGE), and in rate (a live page sends a code or a post now and then; a flood
// is dropped unread, so no peer keeps the host's tab busy).
let orders = Promise.resolve();
const fromSeat = rate(40, 250);
function onOrder(R, i, channel, data) {
  if (typeof data !== "string" || data.length > MAX_MESSAGE || !fromSeat(`${R.id}:${i}`)) {
    for (const fn of floodHooks) fn(R.T, i);
    return;
  }
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
        undone: !!out.undone,
        error: out.ok ? null : { code: out.error.code, params: out.error.params || {} },
      });
    })
    .catch(() => {});
}

function saveInbox(T) {
  if (T.host && T.blob.net) {
    T.blob.net.inbox = T.host.inbox.toJSON();
    store.saveGame(T.blob);
  }
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

/** Seat i's invite was re-issued or its seat released: its live connection and pending
 *  offer end. */
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
