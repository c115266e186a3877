// The host's "Remote players" tab (docs/multiplayer.md), for every game: three numbered steps
// in plain words, each beside what it is about — 1. send each player their own invite,
// privately; 2. each time the game moves on, post the link for the group; 3. paste the codes
// the players send back — with the step to do now marked. Above them, a warning when the
// links point at an address a friend cannot open (linkwarn.js). host.js keeps the inbox and
// the links; this module only shows them.

import { h } from "../../shell/dom.js";
import { t, list } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { confirmDialog, notify } from "../../shell/ui.js";
import { codeBox, pasteBox, linkFor } from "./codes.js";
import * as live from "./livehost.js";
import { hostState, hostAddCode, makeLink, personalLink, saveHost } from "./host.js";
import { addressWarning } from "./linkwarn.js";

const LONG_LINK = 2000; // characters: above this a chat app may cut a link, and no QR code holds it

/** The step to do now: "invites" while a player still in the game has an invite neither
 *  passed on (copied, shared, shown as a QR code: `net.handed`, per seat its epoch) nor used
 *  (the seat is bound to a device); "link" while the newest link has not been passed on
 *  (`net.posted`: the content of the link passed on), no code of this step is in and not
 *  every player is connected live (a live seat gets it by itself); "codes" while remote
 *  players' moves are awaited; null when nothing is the host's to do (a bot's or the
 *  host's own turn). */
export function currentStep(T, status) {
  const net = T.blob.net;
  const v = T.pub.view;
  const over = !!T.pub.result;
  const seats = status.flatMap((s, i) => (s && !(T.table.seatOut && T.table.seatOut(v, i)) ? [i] : []));
  const handed = net.handed || {};
  const connected = new Set(live.connectedSeats(T));
  const linkOut =
    net.posted === net.linkPublic ||
    (!over && seats.some((i) => status[i].submitted)) ||
    (seats.length > 0 && seats.every((i) => connected.has(i)));
  if (over) return linkOut ? null : "link";
  if (seats.some((i) => !status[i].bound && handed[i] !== status[i].epoch)) return "invites";
  if (!linkOut) return "link";
  const named = new Set(T.pub.to_act.seats);
  return seats.some((i) => named.has(i) && !status[i].submitted) ? "codes" : null;
}

/** Mark the step to do now (`list`: the tab's steps, drawn or being drawn). */
function markSteps(T, list = document.getElementById("by-net-steps")) {
  const host = hostState(T);
  if (!host || !list) return;
  const now = currentStep(T, host.inbox.status());
  list.dataset.now = now || "";
  for (const li of list.querySelectorAll(":scope > li[data-step]")) {
    const on = li.dataset.step === now;
    li.classList.toggle("is-current", on);
    if (on) li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
    li.querySelector(".badge-now").hidden = !on;
  }
}

/** Something was passed on: remember it with the game (a reload keeps the steps) and mark
 *  the next step in place (the open code box stays). */
function used(T, change) {
  change(T.blob.net);
  store.saveGame(T.blob);
  markSteps(T);
}
// a link is made anew on every opening of the game: what was posted is its content
const linkUsed = (T) => used(T, (net) => (net.posted = net.linkPublic));

function step(n, key, title, ...body) {
  return h(
    "li",
    { class: "net-step", "data-step": key, "aria-labelledby": `by-net-step-${key}` },
    h(
      "div",
      { class: "net-step-head" },
      h("span", { class: "net-step-n", "aria-hidden": "true" }, String(n)),
      h("h3", { id: `by-net-step-${key}` }, title),
      h("span", { class: "badge badge-now", hidden: true }, t("net.step_now")),
    ),
    ...body,
  );
}

/** "Release seat": the player changed device (a lost phone); the next device with the seat's
 *  invite to send a code or connect live is bound to it. */
function releaseButton(T, i, name, refresh) {
  return h(
    "button",
    {
      type: "button",
      class: "btn btn-danger-text",
      "data-release": i,
      onclick: async () => {
        const ok = await confirmDialog({
          title: t("net.release_title", { name }),
          text: t("net.release_text", { name }),
          ok: t("net.release"),
        });
        if (!ok || !hostState(T)) return;
        T.host.inbox.release(i);
        saveHost(T);
        live.dropSeat(T, i);
        notify(t("net.released", { name }));
        await refresh(null); // a new link: the seat's warning is gone
      },
    },
    t("net.release"),
  );
}

/** "New invite", with what it does said beside it before it is pressed. */
function reissueLine(T, i, s, refresh) {
  const host = T.host;
  const hint = `by-reissue-hint-${i}`;
  return h(
    "div",
    { class: "net-reissue" },
    h(
      "button",
      {
        type: "button",
        class: "btn btn-danger-text",
        "data-reissue": i,
        "aria-describedby": hint,
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
    h("p", { class: "hint small", id: hint, "data-reissue-hint": i }, t("net.reissue_hint", { name: s.name })),
  );
}

/** A toggle that fills its holder once (`fill()` resolves with the content) and shows or hides it. */
function toggle(attrs, label, holder, fill) {
  return h(
    "button",
    {
      type: "button",
      class: "btn",
      "aria-expanded": "false",
      ...attrs,
      onclick: async (e) => {
        const btn = e.currentTarget;
        if (!holder.firstChild) holder.append(await fill());
        holder.hidden = !holder.hidden;
        btn.setAttribute("aria-expanded", holder.hidden ? "false" : "true");
      },
    },
    label,
  );
}

function seatRow(T, i, s, { over, named, refresh }) {
  const host = T.host;
  const v = T.pub.view;
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
  const epoch = s.epoch;
  return h(
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
    s.tried
      ? h(
          "p",
          { class: "notice-warn small", "data-tried": i, role: "note" },
          t("net.tried_host", { name: s.name, count: s.tried }),
        )
      : null,
    h(
      "div",
      { class: "row" },
      toggle({ "data-invite-toggle": i }, t("net.invite"), inviteHolder, async () =>
        codeBox({
          name: `invite-${i}`,
          title: t("net.invite_for", { name: s.name }),
          hint: t("net.invite_hint", { name: s.name }),
          text: linkFor(await host.inbox.invite(i)),
          onUse: () => used(T, (net) => (net.handed = { ...net.handed, [i]: epoch })),
        }),
      ),
      toggle({ "data-personal-toggle": i }, t("net.personal"), personalHolder, async () =>
        codeBox({
          name: `personal-${i}`,
          title: t("net.personal_for", { name: s.name }),
          hint: t("net.personal_hint", { name: s.name }),
          text: linkFor(await personalLink(T, i)),
          ecl: "L",
          onUse: () => linkUsed(T),
        }),
      ),
      out ? null : live.offerButton(T, i, { refresh, addCode: (text) => hostAddCode(T, text, { refresh }) }),
      s.bound ? releaseButton(T, i, s.name, refresh) : null,
    ),
    reissueLine(T, i, s, refresh),
    inviteHolder,
    personalHolder,
    live.offerHolder(T, i),
  );
}

export function hostPanel(T, { refresh }) {
  const host = hostState(T);
  if (!host) return h("p", { class: "bad" }, t("error.host_state_invalid"));
  const v = T.pub.view;
  const over = !!T.pub.result;
  const named = new Set(T.pub.to_act.seats);
  const status = host.inbox.status();
  const wrap = h("div", { class: "net-host" });
  wrap.append(
    addressWarning(),
    // what the host's device holds, in plain words (it is the game master)
    h("p", { class: "panel-note notice-warn", id: "by-host-holds", role: "note" }, t("net.host_holds")),
  );

  // 1. the invites, one per remote seat, with who has sent their move
  const seats = h("ul", { class: "net-seats", id: "by-net-seats" });
  status.forEach((s, i) => s && seats.append(seatRow(T, i, s, { over, named, refresh })));

  // 2. the link for the group; a group's link too long for a chat message (every remote
  // seat's sealed part: a 20-player spy game, a mass start) is not offered, each seat's own is
  const link = T.blob.net.link;
  const tooLong = !!link && link.length > LONG_LINK;
  const linkStep = step(
    2,
    "link",
    tooLong ? t("net.step_own_links") : t("net.step_link"),
    link && !tooLong
      ? codeBox({
          name: "round",
          title: over ? t("net.final_link_title") : t("net.round_link_title", { heading: T.table.heading(v) }),
          hint: t("net.round_link_hint"),
          text: linkFor(link),
          ecl: "L",
          onUse: () => linkUsed(T),
        })
      : null,
    tooLong ? h("p", { class: "hint small", id: "by-long-link" }, t("net.long_link", { count: link.length })) : null,
  );

  // 3. the codes the players send back (stays after the end: the last code's message shows
  // here, later codes are refused)
  const awaited = status.flatMap((s, i) =>
    s && !over && named.has(i) && !s.submitted && !(T.table.seatOut && T.table.seatOut(v, i)) ? [s.name] : [],
  );
  const codesStep = step(
    3,
    "codes",
    t("net.step_codes"),
    h(
      "p",
      { class: "hint small", id: "by-net-awaited" },
      over
        ? t("net.codes_over")
        : awaited.length
          ? t("net.codes_awaited", { names: list(awaited) })
          : t("net.codes_none"),
    ),
    pasteBox({
      name: "order",
      label: t("net.paste_order"),
      hint: t("net.paste_order_hint"),
      button: t("net.add_order"),
      onsubmit: (text) => hostAddCode(T, text, { refresh }),
    }),
  );

  const steps = h(
    "ol",
    { class: "net-steps", id: "by-net-steps", "aria-label": t("net.steps_title") },
    step(1, "invites", t("net.step_invites"), h("p", { class: "hint small" }, t("net.step_invites_hint")), seats),
    linkStep,
    codesStep,
  );
  markSteps(T, steps);
  wrap.append(steps);
  return wrap;
}
