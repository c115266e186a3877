// The host's side of playing without a server (docs/multiplayer.md), for every game: the
// "Remote players" tab (the state link for the group, invites, who has sent their move,
// pasting action codes, live offers) and what keeps the inbox in step with the engine. The
// protocol lives in site/js/net/; this module only shows it. `T` is the open table
// (table.js): {id, game, blob, pub, host}.

import { h } from "../shell/dom.js";
import { t, errorText } from "../shell/i18n.js";
import * as store from "../shell/store.js";
import { call, confirmDialog, notify, showError } from "../shell/ui.js";
import { HostInbox } from "../net/host.js";
import { codeBox, pasteBox, linkFor } from "./codes.js";
import * as live from "./livehost.js";
import { tagOf } from "./games.js";
import { fairPart, posted } from "./fairhost.js";

const LONG_LINK = 2000; // characters: above this a chat app may cut a link, and no QR code holds it

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

async function makeLink(id, inbox, blob, data = null) {
  const net = blob.net;
  data = data || (await call("net_link_input", { id }));
  const fair = fairPart(blob, !!data.over);
  net.link = await inbox.stateLink(data, fair);
  net.linkStep = data.step;
  net.linkOver = !!data.over;
  net.linkPublic = JSON.stringify([data.public, fair]);
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
  if (!host || !host.data) return T.blob.net.link;
  const d = host.data;
  const privates = d.privates.map((p, i) => (i === seat ? p : null));
  return host.inbox.stateLink({ ...d, privates }, fairPart(T.blob, !!d.over, seat));
}

function saveHost(T) {
  T.blob.net.inbox = T.host.inbox.toJSON();
  store.saveGame(T.blob);
}

/** Make sure the inbox and the link follow the engine (after every change, and after a
 *  reload between the two); a new link goes to the connected live seats. */
export async function hostCheck(T) {
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
  const data = await call("net_link_input", { id: T.id });
  host.data = data;
  const now = JSON.stringify([data.public, fairPart(T.blob, over)]);
  if (net.linkStep !== step || !!net.linkOver !== over || !net.link || net.linkPublic !== now) {
    await makeLink(T.id, host.inbox, T.blob, data);
    store.saveGame(T.blob);
    live.pushLink(T);
  }
}

/** Accept an action code (pasted, opened as a link, or sent over a live channel). */
export async function hostAddCode(T, text, { refresh }) {
  const host = hostState(T);
  let reply = null;
  const got = await host.inbox.accept(text, async (seat, action) => {
    reply = await call("hall_act_remote", { id: T.id, seat, packed: action, at: Date.now() }, { busy: true });
  });
  if (!got.ok) return { ok: false, message: errorText(got.error), error: got.error };
  posted(T.blob, got.seat, got.commit, host.inbox.step); // a fair deal's: the next link posts it
  saveHost(T);
  await refresh(reply);
  const message =
    reply && reply.moved
      ? t("net.code_in_resolved", { name: got.name })
      : t(got.replaced ? "net.code_replaced" : "net.code_in", { name: got.name });
  live.pushStatus(T);
  return { ok: true, message, seat: got.seat, moved: !!(reply && reply.moved) };
}

export function hostPanel(T, { refresh }) {
  const host = hostState(T);
  if (!host) return h("p", { class: "bad" }, t("error.host_state_invalid"));
  const v = T.pub.view;
  const over = !!T.pub.result;
  const named = new Set(T.pub.to_act.seats);
  const status = host.inbox.status();
  const wrap = h("div", { class: "net-host" });

  // the state link for the group
  const link = T.blob.net.link;
  wrap.append(
    h(
      "section",
      { class: "net-section", "aria-labelledby": "by-net-round-title" },
      h(
        "h3",
        { id: "by-net-round-title" },
        over ? t("net.final_link_title") : t("net.round_link_title", { heading: T.table.heading(v) }),
      ),
      link
        ? codeBox({
            name: "round",
            title: t("net.round_link"),
            hideTitle: true,
            hint: t("net.round_link_hint"),
            text: linkFor(link),
            ecl: "L",
          })
        : null,
      // every remote seat's sealed part makes the group's link grow with the seats
      link && link.length > LONG_LINK
        ? h("p", { class: "notice-warn small", id: "by-long-link" }, t("net.long_link", { count: link.length }))
        : null,
    ),
  );

  // who has sent their move
  const seats = h("ul", { class: "net-seats", id: "by-net-seats" });
  status.forEach((s, i) => {
    if (!s) return;
    const out = T.table.seatOut ? T.table.seatOut(v, i) : null; // e.g. bankrupt
    const state = out
      ? ["badge badge-bad", out]
      : over
        ? ["badge", t("net.over")]
        : s.submitted
          ? ["badge badge-good", t("net.submitted")]
          : named.has(i)
            ? ["badge", t("net.waiting")]
            : null;
    const inviteHolder = h("div", { class: "invite-holder", hidden: true });
    const personalHolder = h("div", { class: "invite-holder", hidden: true });
    const row = h(
      "li",
      { class: "net-seat", "data-seat": i },
      h(
        "div",
        { class: "net-seat-head" },
        h("strong", {}, h("bdi", {}, s.name)),
        state
          ? h("span", { class: state[0], "data-status": i }, state[1])
          : h("span", { "data-status": i, hidden: true }),
        live.seatBadge(T, i),
        s.bound ? h("span", { class: "muted small" }, t("net.bound")) : null,
      ),
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            type: "button",
            class: "btn",
            "aria-expanded": "false",
            "data-invite-toggle": i,
            onclick: async (e) => {
              const btn = e.currentTarget;
              if (!inviteHolder.firstChild) {
                const code = await host.inbox.invite(i);
                inviteHolder.append(
                  codeBox({
                    name: `invite-${i}`,
                    title: t("net.invite_for", { name: s.name }),
                    hint: t("net.invite_hint", { name: s.name }),
                    text: linkFor(code),
                  }),
                );
              }
              inviteHolder.hidden = !inviteHolder.hidden;
              btn.setAttribute("aria-expanded", inviteHolder.hidden ? "false" : "true");
            },
          },
          t("net.invite"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn",
            "aria-expanded": "false",
            "data-personal-toggle": i,
            onclick: async (e) => {
              const btn = e.currentTarget;
              if (!personalHolder.firstChild) {
                personalHolder.append(
                  codeBox({
                    name: `personal-${i}`,
                    title: t("net.personal_for", { name: s.name }),
                    hint: t("net.personal_hint", { name: s.name }),
                    text: linkFor(await personalLink(T, i)),
                    ecl: "L",
                  }),
                );
              }
              personalHolder.hidden = !personalHolder.hidden;
              btn.setAttribute("aria-expanded", personalHolder.hidden ? "false" : "true");
            },
          },
          t("net.personal"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-danger-text",
            "data-reissue": i,
            onclick: async () => {
              if (
                !(await confirmDialog({
                  title: t("net.reissue_title", { name: s.name }),
                  text: t("net.reissue_text", { name: s.name }),
                  ok: t("net.reissue"),
                }))
              )
                return;
              await host.inbox.reissue(i);
              saveHost(T);
              await makeLink(T.id, host.inbox, T.blob);
              store.saveGame(T.blob);
              live.dropSeat(T, i);
              notify(t("net.reissued", { name: s.name }));
              await refresh(null);
              const again = document.querySelector(`[data-invite-toggle="${i}"]`);
              if (again) again.click();
            },
          },
          t("net.reissue"),
        ),
        out ? null : live.offerButton(T, i, { refresh, addCode: (text) => hostAddCode(T, text, { refresh }) }),
      ),
      inviteHolder,
      personalHolder,
      live.offerHolder(T, i),
    );
    seats.append(row);
  });
  wrap.append(
    h(
      "section",
      { class: "net-section", "aria-labelledby": "by-net-seats-title" },
      h("h3", { id: "by-net-seats-title" }, t("net.seats_title")),
      h("p", { class: "hint small" }, t("net.seats_hint")),
      seats,
    ),
  );

  // stays after the end too: the last code's message shows here, later codes are refused
  wrap.append(
    h(
      "section",
      { class: "net-section" },
      pasteBox({
        name: "order",
        label: t("net.paste_order"),
        hint: t("net.paste_order_hint"),
        button: t("net.add_order"),
        onsubmit: (text) => hostAddCode(T, text, { refresh }),
      }),
    ),
  );
  return wrap;
}
