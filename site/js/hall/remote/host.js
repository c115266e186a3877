// The host's side of playing without a server (docs/multiplayer.md), for every game: the
// inbox and the state links kept in step with the engine, personal links, action codes taken
// in. The "Remote players" tab that shows them is hostpanel.js. The protocol lives in
// site/js/net/; this module only keeps it. `T` is the open table (table.js):
// {id, game, blob, pub, host}.

import { t, errorText } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call, showError } from "../../shell/ui.js";
import { HostInbox } from "../../net/host.js";
import * as live from "./livehost.js";
import { tagOf } from "../games.js";
import { fairPart, posted, receipts } from "./fairhost.js";
import { asking } from "../table/answer.js";

/** Set up the host's side of a new game with remote seats: an inbox (seat secrets) and the
 *  first state link. Stored in the game's blob as `net`. */
export async function createHost(id, game, seats) {
  const inbox = HostInbox.create(
    tagOf(game),
    seats.map((s) => s.name),
    seats.map((s) => s.kind === "remote"),
  );
  const blob = { net: { inbox: inbox.toJSON(), link: null, linkStep: null } };
  await makeLink(id, inbox, blob);
  return blob.net;
}

// what makes a new link within a step: the public part, the fair deal's, the seats another
// device tried (the link's W tells each seat's own device), the seats released (its R: a
// released seat's next device needs the mark)
const linkPublic = (data, fair, inbox) => JSON.stringify([data.public, fair, inbox.warnings(), inbox.releases()]);

export async function makeLink(id, inbox, blob, data = null) {
  const net = blob.net;
  data = data || (await call("net_link_input", { id }));
  const fair = fairPart(blob, !!data.over);
  net.link = await inbox.stateLink(data, fair);
  net.linkStep = data.step;
  net.linkOver = !!data.over;
  net.linkPublic = linkPublic(data, fair, inbox);
  net.inbox = inbox.toJSON();
}

/** The open game's host state: {inbox, data (the engine's last link input)}; restored
 *  from the blob on a reload. `T.linkFor(seat)` makes that seat's personal link. */
export function hostState(T) {
  if (!T.blob.net) return null;
  if (!T.host || T.host.id !== T.id) {
    try {
      T.host = { id: T.id, inbox: new HostInbox(T.blob.net.inbox), data: null };
      T.linkFor = (seat) => personalLink(T, seat);
    } catch (error) {
      showError(error);
      return null;
    }
  }
  return T.host;
}

/** A link for one remote seat: the public part and that seat's sealed part only. The group's
 *  link carries every remote seat's part, which grows with the seats (a dozen remote players
 *  in the spy game pass 2,000 characters); a seat's own stays short. Live rooms send each
 *  seat its own. */
export async function personalLink(T, seat) {
  const host = hostState(T);
  if (!host) return T.blob.net.link;
  // (never the group's link for want of the engine's data: a large table's passes 2,000 characters)
  if (!host.data) host.data = await call("net_link_input", { id: T.id });
  const d = host.data;
  const privates = d.privates.map((p, i) => (i === seat ? p : null));
  return host.inbox.stateLink({ ...d, privates }, fairPart(T.blob, !!d.over, seat));
}

export function saveHost(T) {
  T.blob.net.inbox = T.host.inbox.toJSON();
  store.saveGame(T.blob);
}

/** Make sure the inbox and the link follow the engine (after every change, and after a
 *  reload between the two); a new link goes to the connected live seats. `data` is the
 *  engine's link input as the table's last answer carried it (read here when it did not). */
export async function hostCheck(T, data = null) {
  const host = hostState(T);
  if (!host) return;
  const { step } = T.pub.to_act;
  const over = !!T.pub.result;
  if (step > host.inbox.step || (over && !host.inbox.data.over)) {
    host.inbox.nextStep(step, over);
    saveHost(T);
  }
  // a new link when the game moves on, and whenever its public part changes within a step
  // (a game whose moves are public as they happen: the spy game's votes); a change of a
  // private part alone makes none, or its timing would tell of a secret move
  const net = T.blob.net;
  await receipts(T.blob); // a fair game's: its links tell each device its value was taken in
  data = data || (await call("net_link_input", { id: T.id }));
  host.data = data;
  const now = linkPublic(data, fairPart(T.blob, over), host.inbox);
  if (net.linkStep !== step || !!net.linkOver !== over || !net.link || net.linkPublic !== now) {
    await makeLink(T.id, host.inbox, T.blob, data);
    store.saveGame(T.blob);
    live.pushLink(T);
  }
}

/** Accept an action code (pasted, opened as a link, or sent over a live channel), or an
 *  undo code: the engine takes back the seat's action made at the code's step, or refuses. */
export async function hostAddCode(T, text, { refresh }) {
  const host = hostState(T);
  let reply = null;
  const got = await host.inbox.accept(text, async (seat, action, { undo, step }) => {
    reply = undo
      ? await call("hall_undo_remote", { id: T.id, seat, made: step, ...asking(T) }, { busy: true })
      : await call("hall_act_remote", { id: T.id, seat, packed: action, at: Date.now(), ...asking(T) }, { busy: true });
  });
  if (!got.ok) {
    if (got.tried) {
      // another device tried a bound seat: kept, and the redraw makes the link that tells
      // the seat's own device (and pushes it there if it is connected live)
      saveHost(T);
      await refresh(null);
    }
    return { ok: false, message: errorText(got.error), error: got.error };
  }
  posted(T.blob, got.seat, got.commit, host.inbox.step); // a fair deal's: the next link posts it
  saveHost(T);
  await refresh(reply);
  const message = got.undo
    ? t("net.undo_in", { name: got.name })
    : reply && reply.moved
      ? t("net.code_in_resolved", { name: got.name })
      : t(got.replaced ? "net.code_replaced" : "net.code_in", { name: got.name });
  live.pushStatus(T);
  return { ok: true, message, seat: got.seat, moved: !!(reply && reply.moved), undone: !!got.undo };
}
