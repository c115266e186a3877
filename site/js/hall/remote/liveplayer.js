// The player's side of live rooms (livewire.js says what travels): the join box on the
// player's page (paste the host's offer, show the answer), the links and statuses that come
// over the channel, and the seat's action codes sent back. A player who loses the connection
// (a reload) keeps the seat (its invite) and the newest link, and reconnects with a new offer.
// The page tells this module how a pushed link is opened (`nav.openCode`), so nothing here
// imports the pages that use it.

import { h } from "../../shell/dom.js";
import { t, errorText, list } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { notify } from "../../shell/ui.js";
import { playerAnswer } from "../../net/live.js";
import { NetError, decode } from "../../net/codec.js";
import { OFFER_VERSION } from "../../net/links.js";
import { codeBox, pasteBox } from "./codes.js";
import { book } from "./book.js";
import { errJSON, parse, playerHandlers, sendOn } from "./livewire.js";

export { onPlayer } from "./livewire.js";

// Per game id: {g, pc, channel, state: "answer" | "open" | "closed" | "refused", answer, status, message}
const lives = new Map();
let playerNav = null;
const builtFrom = new WeakMap(); // a live bar: the connection it was drawn from

const showing = (g) => {
  const p = document.getElementById("by-play");
  return p && p.dataset.game === g;
};

function updateSection(g) {
  const old = document.getElementById("by-live");
  if (old && showing(g) && playerNav) old.replaceWith(liveSection(g, playerNav));
}

/** `follow`: take the page to the offer's game when it shows another (a paste box's offer);
 *  else only while the hall is still on that game's page (an offer opened as a link). */
async function answerOffer(text, nav, { follow = true } = {}) {
  playerNav = nav;
  if (!String(text || "").trim()) return { ok: false, message: errorText({ code: "code_empty", params: {} }) };
  const a = await playerAnswer(text, book.keyring(), await book.device());
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
  // an offer opened as a link is answered while its page is drawn: that page shows the answer
  // when it is swapped in (freshenLive), rather than being drawn twice; a player who left it
  // (the answer waits for the network's candidates, seconds on a slow device) is not taken
  // back, and sees the answer when they open the game again
  if (showing(a.gameId)) updateSection(a.gameId);
  else if (follow) await nav.go({ page: "play", g: a.gameId });
  return { ok: true, message: t("live.answer_ready") };
}

/** The page of game g was just swapped in: its live bar, built before, shows the connection
 *  as it is now (an offer opened as a link may have been answered meanwhile). */
export function freshenLive(g) {
  const bar = document.getElementById("by-live");
  const L = lives.get(g);
  if (bar && (builtFrom.get(bar) !== L || bar.dataset.liveState !== (L ? L.state : "none"))) updateSection(g);
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
    } catch (error) {
      // an older link than the one kept: nothing to do; one that does not verify: say so
      if (error && error.code !== "link_old_step") notify(errorText(errJSON(error)), "error");
    }
  } else if (m.type === "status") {
    L.status = m;
    updateSection(L.g);
  } else if (m.type === "result") {
    L.pending = false;
    L.result = m;
    notify(m.ok ? t(m.undone ? "live.undo_in" : "live.order_in") : errorText(m.error || {}), m.ok ? "info" : "error");
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

/** The host's answer to the code sent last, until the next: a toast goes in seconds, and a
 *  refusal (an undo that came too late) must still be readable. */
function resultLine(m) {
  const text = m.ok ? t(m.undone ? "live.undo_in" : "live.order_in") : errorText(m.error || {});
  return h(
    "p",
    { class: m.ok ? "small good" : "small bad", id: "by-live-result", role: m.ok ? "status" : "alert" },
    text,
  );
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
    await answerOffer(text, nav, { follow: false });
  } catch (error) {
    notify(errorText(errJSON(error)), "error");
  }
}

/** The game id an offer is for (to open the right page); an offer without one is refused
 *  (it took the page to the lobby without a word). */
export async function offerGame(text) {
  const { value } = await decode(text, { f: OFFER_VERSION });
  if (!value || typeof value.g !== "string" || !value.g) throw new NetError("code_invalid", { where: "offer" });
  return value.g;
}

function liveSection(g, nav, { open = false } = {}) {
  playerNav = nav;
  const L = lives.get(g);
  const sec = h("section", { class: "card-panel live-bar", id: "by-live", "data-live-state": L ? L.state : "none" });
  builtFrom.set(sec, L);
  if (L && L.state === "open") {
    sec.append(h("p", { class: "good", id: "by-live-state" }, t("live.connected_player")));
    const s = L.status;
    const play = store.get(`play.${g}`, {}) || {};
    const now = s && !s.over && s.step === play.step; // the host's status is of the step shown
    if (now) {
      const names = play.names || [];
      const who = s.waiting.map((i) => names[i] ?? `#${i + 1}`);
      sec.append(
        h(
          "p",
          { class: "small", id: "by-live-waiting" },
          who.length ? t("live.still_thinking", { names: list(who) }) : t("live.all_in"),
        ),
      );
    }
    // "The host has your move" beside "Still to play: you" read as a contradiction: once
    // the host waits for this seat again, the move's news is old; a refusal or an undo stays
    const asked = now && s.waiting.includes(L.seat);
    const news = L.result && !(L.result.ok && !L.result.undone && asked);
    if (L.pending) sec.append(h("p", { class: "small muted" }, t("net.order_sent")));
    else if (news) sec.append(resultLine(L.result));
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
 *  or how to (re)connect. `view` is the link's view, `seat` the one it opened (null: none). */
export function playerBar(g, view, seat, nav) {
  const play = store.get(`play.${g}`, {}) || {};
  if (view && Array.isArray(view.players) && JSON.stringify(play.names) !== JSON.stringify(view.players)) {
    store.set(`play.${g}`, { ...play, names: view.players });
  }
  if (play.over && !lives.has(g)) return null;
  if (seat == null) return null; // a spectator: nothing to join
  if (lives.has(g)) lives.get(g).seat = seat;
  return liveSection(g, nav);
}
