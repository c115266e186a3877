// Live rooms (WebRTC data channels) in the hall (docs/multiplayer.md, "Live rooms"), for
// every game. The host's "Remote players" tab gets, per remote seat, an offer (text, QR,
// copy), a box for the player's answer and the connection's state; the player's page gets a
// join box (paste the offer, show the answer). Over the channel travel the same texts link
// mode uses:
//
//   host -> player  {type: "link", link}                the seat's newest state link (r4.), after every step
//                   {type: "status", step, over, waiting: [seat]}    who is still to play
//                   {type: "result", ok, step, moved, undone, error}  the answer to a code (an undo code's: undone)
//                   {type: "refused", error}             this connection is refused (seat_in_use, ...)
//   player -> host  {type: "action", code}              an action or undo code (o3.), checked by the host's inbox
//
// Other kinds of message (the message board's, board.js) go to handlers registered with
// `onHost(type, fn)` / `onPlayer(type, fn)`; `onConnect(fn)` hears of every new connection.
//
// So the host's checks and refusals apply unchanged. This module is what both sides share
// (reading and sending messages, the handlers); the host's side is livehost.js, the
// player's liveplayer.js. Every message goes padded to a bucket (net/live.js, `wire`), so its
// length tells nothing of a seat's own link or thread.

import { wire, MESSAGE_BYTES } from "../../net/live.js";

export const CONNECT_TIMEOUT_MS = 20000;
// what a peer may send (issue 25, item 5: 700 board posts from one player stalled the host's
// tab for a minute): a message longer than any the hall makes (an action code is at most
// codec.js's 8,000 characters) is dropped unread, and so is one beyond its sender's rate
export const MAX_MESSAGE = 16 * 1024;

/** A rate per key (a seat): at most `burst` at once, then one every `everyMs` (a token
 *  bucket on the page's clock). `take(key)` says whether one more may go now. */
export function rate(burst, everyMs) {
  const buckets = new Map();
  return (key) => {
    const now = Date.now();
    const b = buckets.get(key) || { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + (now - b.at) / everyMs);
    b.at = now;
    buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  };
}

export const parse = (data) => {
  try {
    const m = JSON.parse(data);
    return m && typeof m === "object" ? m : null;
  } catch {
    return null;
  }
};
export const sendOn = (channel, message, size = MESSAGE_BYTES) => {
  try {
    if (channel && channel.readyState === "open") {
      channel.send(wire(message, size));
      return true;
    }
  } catch {
    /* closed */
  }
  return false;
};
export const errJSON = (error) =>
  error && typeof error.toJSON === "function"
    ? error.toJSON()
    : { code: (error && error.code) || "live_closed", params: (error && error.params) || {} };

export function timeout(promise, ms, code) {
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
export const hostHandlers = new Map();
export const playerHandlers = new Map();
export const connectHooks = [];
export const floodHooks = []; // (T, seat): a seat's message was refused for its rate or size
export const onHost = (type, fn) => hostHandlers.set(type, fn);
export const onPlayer = (type, fn) => playerHandlers.set(type, fn);
export const onConnect = (fn) => connectHooks.push(fn);
export const onFlood = (fn) => floodHooks.push(fn);
