// The message board of a hosted game over its live room, for every game: a public thread,
// and the private threads a game's table opens to a seat from its view (`threads(view)`: the
// spy game's spies and Brothers). Messages are not game actions: the engine never sees them.
// They travel over the live channels only — a player sends {type: "say", thread, text} to the
// host, which checks against that seat's own view (`net_link_view` of its link parts) that
// it may write there, keeps the message (the host's storage: blob.board) and relays
// {type: "board", msgs} to each connected seat whose view opens that thread, so a private
// thread reaches only its members' phones. A player's page keeps what it got (board.<game id>).
// The host's device holds every thread, as it holds every role.

import { h, newId } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call } from "../../shell/ui.js";
import * as liveHost from "./livehost.js";
import * as livePlayer from "./liveplayer.js";
import { wire } from "../../net/live.js";

const MAX_TEXT = 500;
const MAX_KEPT = 600; // messages a game keeps (the oldest go first)
const PUBLIC = "public";

const shown = new Map(); // page key -> the thread shown
const drafts = new Map(); // page key and thread -> the text being written (pages redraw often)
const timeText = (at) =>
  new Date(at).toLocaleTimeString(document.documentElement.lang || "en", { hour: "2-digit", minute: "2-digit" });

/** The threads a view opens: the public one and the game's private ones for its seat. */
function threadsOf(table, view) {
  const own = view && table && table.threads ? table.threads(view) : [];
  return [{ id: PUBLIC, label: t("board.public") }, ...own];
}

const muted = (table, view) => !!(table && table.boardMuted && view && table.boardMuted(view));

function validText(text) {
  return typeof text === "string" && text.trim() && text.length <= MAX_TEXT;
}

// ---------------------------------------------------------------- the host
/** A seat's threads (and whether it may write), from its own view as its link gives it. */
async function seatAccess(T, seat, parts = null) {
  parts = parts || (await call("net_link_input", { id: T.id }));
  if (!parts.privates[seat]) return { ids: [PUBLIC], muted: true };
  const { view } = await call("net_link_view", {
    game: T.game,
    public: parts.public,
    private: parts.privates[seat],
    seat,
  });
  return { ids: threadsOf(T.table, view).map((x) => x.id), muted: muted(T.table, view) };
}

function keep(T, msg) {
  const board = (T.blob.board = T.blob.board || { next: 1, msgs: [] });
  msg.i = board.next++;
  board.msgs = [...board.msgs, msg].slice(-MAX_KEPT);
  store.saveGame(T.blob);
}

// A post to a private thread goes to its members; every other connected seat gets an empty
// message of the same padded length at the same moment, so neither who is sent something
// nor its length tells a thread's members (the channel's bytes are what a network sees).
const sizeOf = (message) => new TextEncoder().encode(wire(message)).length;

async function relay(T, msg) {
  const size = sizeOf({ type: "board", msgs: [msg] });
  const parts = await call("net_link_input", { id: T.id });
  const seats = liveHost.connectedSeats(T);
  const access = [];
  for (const seat of seats) access.push(await seatAccess(T, seat, parts));
  seats.forEach((seat, k) =>
    liveHost.sendToSeat(T, seat, { type: "board", msgs: access[k].ids.includes(msg.th) ? [msg] : [] }, size),
  );
  const panel = document.querySelector(`[data-board="host:${T.id}"]`);
  if (panel && hostRedraw) hostRedraw();
}

liveHost.onHost("say", async (T, seat, m) => {
  if (!T.pub || !T.pub.view || T.blob.pre || !validText(m.text) || typeof m.thread !== "string") return;
  const access = await seatAccess(T, seat);
  if (!access.ids.includes(m.thread) || access.muted) {
    liveHost.sendToSeat(T, seat, { type: "board_refused", thread: m.thread });
    return;
  }
  const msg = { th: m.thread, s: seat, x: m.text.trim(), at: Date.now() };
  keep(T, msg);
  await relay(T, msg);
});

liveHost.onConnect(async (T, seat) => {
  if (!T.blob || !T.blob.board || T.blob.pre) return;
  const access = await seatAccess(T, seat);
  const msgs = T.blob.board.msgs.filter((m) => access.ids.includes(m.th));
  // as long as the whole board, whatever part of it the seat may read
  liveHost.sendToSeat(T, seat, { type: "board", msgs }, sizeOf({ type: "board", msgs: T.blob.board.msgs }));
});

let hostRedraw = null;

/** The host's board tab: the public thread, and the private threads of the seat shown
 *  (none behind the hot-seat curtain); posts go as that seat, or as the game master. */
export function hostBoard(T, { seat, view, redraw }) {
  hostRedraw = redraw;
  const threads = threadsOf(T.table, seat != null ? view : null);
  const key = `host:${T.id}:${seat}`;
  const msgs = ((T.blob.board && T.blob.board.msgs) || []).filter((m) => threads.some((x) => x.id === m.th));
  const note = h(
    "p",
    { class: "small muted" },
    t(liveHost.connectedSeats(T).length ? "board.host_note" : "board.host_offline"),
  );
  return boardBox({
    key,
    dataKey: `host:${T.id}`,
    threads,
    msgs,
    names: T.pub.view.players,
    note,
    canPost: !(seat != null && muted(T.table, view)),
    as: seat != null ? T.pub.view.players[seat] : t("board.master"),
    post: async (thread, text) => {
      const msg = { th: thread, s: seat, x: text, at: Date.now() };
      keep(T, msg);
      await relay(T, msg);
      redraw();
      return true;
    },
    redraw,
  });
}

// ---------------------------------------------------------------- a player
const kept = (g) => store.get(`board.${g}`, []) || [];
let playerRedraw = null;

livePlayer.onPlayer("board", (g, m) => {
  if (!Array.isArray(m.msgs) || !m.msgs.length) return; // another seat's private post
  const have = new Map(kept(g).map((x) => [x.i, x]));
  for (const x of m.msgs) if (x && Number.isInteger(x.i) && validText(x.x)) have.set(x.i, x);
  store.set(`board.${g}`, [...have.values()].sort((a, b) => a.i - b.i).slice(-MAX_KEPT));
  if (document.querySelector(`[data-board="play:${g}"]`) && playerRedraw) playerRedraw();
});

/** A remote player's board: the threads its view opens, what this browser got, and a box to
 *  write (live only). */
export function playerBoard(g, view, table, redraw) {
  playerRedraw = redraw;
  const threads = threadsOf(table, view);
  const connected = livePlayer.isLive(g);
  return boardBox({
    key: `play:${g}`,
    dataKey: `play:${g}`,
    threads,
    msgs: kept(g).filter((m) => threads.some((x) => x.id === m.th)),
    names: view.players,
    note: h("p", { class: "small muted" }, t(connected ? "board.player_note" : "board.offline")),
    canPost: connected && !muted(table, view),
    as: view.players[view.seat],
    post: async (thread, text) => livePlayer.sendToHost(g, { type: "say", thread, text }),
    redraw,
  });
}

// ---------------------------------------------------------------- drawing
function boardBox({ key, dataKey, threads, msgs, names, note, canPost, as, post, redraw }) {
  const current = threads.some((x) => x.id === shown.get(key)) ? shown.get(key) : PUBLIC;
  const box = h("section", { class: "card-panel board", "data-board": dataKey, "aria-labelledby": `${dataKey}-title` });
  box.append(h("h3", { id: `${dataKey}-title` }, t("board.title")), note);
  if (threads.length > 1) {
    box.append(
      h(
        "div",
        { class: "radio-row board-threads", role: "group", "aria-label": t("board.threads") },
        threads.map((x) =>
          h(
            "button",
            {
              type: "button",
              class: ["btn", x.id === current && "btn-primary"],
              "aria-pressed": x.id === current ? "true" : "false",
              "data-thread": x.id,
              onclick: () => {
                shown.set(key, x.id);
                redraw();
              },
            },
            x.label,
            " ",
            h("span", { class: "badge" }, String(msgs.filter((m) => m.th === x.id).length)),
          ),
        ),
      ),
    );
  }
  const list = msgs.filter((m) => m.th === current);
  box.append(
    list.length
      ? h(
          "ol",
          { class: "board-msgs", "data-thread-msgs": current, "aria-live": "polite" },
          list.map((m) =>
            h(
              "li",
              { class: "board-msg", "data-from": m.s ?? "master" },
              h("bdi", { class: "who" }, m.s == null ? t("board.master") : (names[m.s] ?? "?")),
              " ",
              h("time", { class: "small muted", datetime: new Date(m.at).toISOString() }, timeText(m.at)),
              h("p", {}, m.x),
            ),
          ),
        )
      : h("p", { class: "empty", "data-thread-msgs": current }, t("board.empty")),
  );
  if (canPost) {
    const id = newId("say");
    const draftKey = `${key}|${current}`;
    const area = h("textarea", {
      id,
      class: "code-input board-text",
      rows: 2,
      maxlength: MAX_TEXT,
      "data-say": current,
      "data-focus": `say-${draftKey}`,
      oninput: (e) => drafts.set(draftKey, e.target.value),
    });
    area.value = drafts.get(draftKey) || "";
    box.append(
      h(
        "form",
        {
          class: "board-form",
          onsubmit: async (e) => {
            e.preventDefault();
            const text = area.value.trim();
            if (!text) return;
            if (await post(current, text)) {
              drafts.delete(draftKey);
              const now = document.querySelector(`[data-say="${current}"]`) || area;
              now.value = "";
            }
          },
        },
        h(
          "label",
          { for: id, class: "small" },
          t("board.write", { thread: threads.find((x) => x.id === current).label, name: as }),
        ),
        area,
        h(
          "div",
          { class: "row" },
          h("button", { type: "submit", class: "btn btn-primary", "data-say-send": current }, t("board.send")),
        ),
      ),
    );
  }
  return box;
}
