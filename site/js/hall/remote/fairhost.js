// The host's side of a fair deal (docs/multiplayer.md, "A fair deal"), for any game whose
// catalog says `fair` and that has remote seats: before the deal every remote device commits
// to a random value, the host publishes every commitment (its own included), then each
// device reveals its value to the host, and only then is the game created, with the seed
// made from all the values (engine/core/fair.py). So the host cannot choose the roles. The
// exchange uses the hall's own invites, state links and action codes (steps PRE_STEPS, before
// the game's first), so it works by links over days and in live rooms alike.
//
// A pending game is stored like any other with `pre` = {options, seats, meta, order: the
// remote seats, commits, values (the host's first, then the remote seats' in seat order)}
// and no record; once dealt, `fair` = {order, commits, values, k: {seat: posted commitment}}
// stays with the game (the host's storage) for the links it makes.

import { h, clear } from "../../shell/dom.js";
import { t, errorText } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call, confirmDialog, notify } from "../../shell/ui.js";
import { b64encode } from "../../net/codec.js";
import { randomBytes } from "../../net/seal.js";
import { HostInbox } from "../../net/host.js";
import { PRE_STEPS, VERSION } from "../../net/links.js";
import { codeBox, pasteBox, linkFor } from "./codes.js";
import { addressWarning } from "./linkwarn.js";
import { tagOf } from "../games.js";
import * as live from "./livehost.js";

export const HEX64 = /^[0-9a-f]{64}$/;
export const POSTED = 16; // hex digits of a code's commitment that the state links post

/** A device's random value: 12 random bytes, base64url. */
export const newValue = () => b64encode(randomBytes(12));

const place = (pre, seat) => 1 + pre.order.indexOf(seat);
const phaseOf = (pre) => (pre.commits.every(Boolean) ? "reveal" : "commit");

/** What the lobby lists about a game that is still being dealt. */
function pendingSummary(game, pre) {
  return {
    game,
    players: pre.seats.map((s) => s.name),
    kinds: pre.seats.map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: s.kind })),
    over: false,
    ranking: [],
    scores: [],
    progress: { unit: "deal", n: 0, of: null },
    options: pre.options,
  };
}

/** A new fair game with remote seats: the exchange starts, the deal waits for it. */
export async function createPending(id, game, options, seats, meta) {
  const order = seats.flatMap((s, i) => (s.kind === "remote" ? [i] : []));
  const value = newValue();
  const pre = {
    options,
    seats,
    meta,
    order,
    values: [value, ...order.map(() => null)],
    commits: [await call("fair_commit", { value }), ...order.map(() => null)],
  };
  const inbox = HostInbox.create(
    tagOf(game),
    seats.map((s) => s.name),
    seats.map((s) => s.kind === "remote"),
    PRE_STEPS.commit,
  );
  const blob = { id, game, created: meta.created, record: null, pre, ui: { tab: "net", seat: null } };
  blob.net = { inbox: inbox.toJSON(), link: null, linkStep: null };
  blob.summary = pendingSummary(game, pre);
  await preLink(blob, inbox);
  if (!store.saveGame(blob)) notify(t("storage.full"), "error");
  return id;
}

/** The exchange's state link: who has sent their part, and in the reveal phase every
 *  commitment (the host's first), for every device to check its own before revealing. */
async function preLink(blob, inbox) {
  const pre = blob.pre;
  const phase = phaseOf(pre);
  const part = { phase, names: pre.seats.map((s) => s.name), o: pre.order };
  const slot = phase === "commit" ? pre.commits : pre.values;
  part.in = pre.order.filter((s) => slot[place(pre, s)] != null);
  // the host's own commitment from the first link on, every one once all are in: a device
  // keeps what it saw first and refuses a link that changes it (fairplayer.js checkDeal)
  part.c = phase === "reveal" ? pre.commits : pre.commits.slice(0, 1);
  const step = phase === "commit" ? PRE_STEPS.commit : PRE_STEPS.reveal;
  // nothing of the exchange is secret: its links seal no part (links.js readStateLink)
  blob.net.link = await inbox.stateLink({
    step,
    over: false,
    public: { pre: part },
    privates: pre.seats.map(() => null),
  });
  blob.net.linkStep = step;
  blob.net.inbox = inbox.toJSON();
}

/** A seat's receipt for its value: the first POSTED hex digits of SHA-256 of "received",
 *  a newline and the value. Only the host (which took the value in) and the seat's device
 *  (which picked it) can make it, so a device that finds its own in the game's links knows
 *  the roles were dealt with its value. */
export async function receiptOf(value) {
  return typeof value === "string" && value
    ? (await call("fair_commit", { value: `received\n${value}` })).slice(0, POSTED)
    : 0;
}

/** The receipts of a dealt game, per seat (0 for a seat without a value: not remote), kept
 *  with it (`fair.r`, made once: a game dealt before receipts gets them on its next link). */
export async function receipts(blob) {
  const f = blob.fair;
  if (!f || f.r) return;
  const seats = blob.net.inbox.seats || [];
  f.r = await Promise.all(seats.map((_, i) => (f.order.includes(i) ? receiptOf(f.values[1 + f.order.indexOf(i)]) : 0)));
}

/** The hall's part of a fair game's state links: per remote seat the commitments (their
 *  first POSTED hex digits) of its codes accepted in the step of its latest one — so the
 *  code that closed a step stays posted until that seat's next —, the receipt of its value
 *  (`r`), and every revealed value once the game is over. */
export function fairPart(blob, over, only = null) {
  const f = blob.fair;
  if (!f) return null;
  // a seat's own link posts its own only (the group's link posts everybody's)
  const mine = (i) => only == null || only === i;
  const k = (blob.net.inbox.seats || []).map((s, i) => (s && f.k[i] && mine(i) ? f.k[i].k : 0));
  const out = { k };
  if (f.r) out.r = f.r.map((r, i) => (mine(i) ? r : 0));
  if (over) out.v = f.values;
  return out;
}

/** A code for step `step` was accepted during the game: post its commitment. */
export function posted(blob, seat, commit, step) {
  if (!blob.fair || !commit || !HEX64.test(commit)) return;
  const mine = blob.fair.k[seat];
  const k = mine && mine.t === step ? mine.k : [];
  blob.fair.k[seat] = { t: step, k: [...k, commit.slice(0, POSTED)] };
}

// ---------------------------------------------------------------- the host's page
let P = null; // the pending game shown: {id, game, blob, host: {id, inbox}, pub}

function screenOf(blob) {
  const pre = blob.pre;
  const phase = phaseOf(pre);
  const slot = phase === "commit" ? pre.commits : pre.values;
  return {
    view: { players: pre.seats.map((s) => s.name) },
    kinds: pre.seats.map((s) => ({ kind: s.kind })),
    to_act: { step: blob.net.linkStep, seats: pre.order, together: true, close: null },
    humans: [],
    waiting: [],
    remote: pre.order,
    remote_waiting: pre.order.filter((s) => slot[place(pre, s)] == null),
    result: null,
  };
}

export const isPending = (blob) => !!(blob && blob.pre && !blob.record);

/** The host's page while the roles wait for the exchange. */
export async function showPending(main, id, nav, { code = null, table = null } = {}) {
  const blob = store.openGame(id);
  if (!P || P.id !== id) P = { id, game: blob.game, blob, host: { id, inbox: new HostInbox(blob.net.inbox) }, table };
  P.blob = blob;
  if (!String(blob.net.link).startsWith(`r${VERSION}.`)) {
    // saved by an older version (before the host's key, or before one iv per link): the
    // link is made again (signed), and a key made for it is kept with the game
    await preLink(blob, P.host.inbox);
    store.saveGame(blob);
  }
  P.pub = screenOf(blob);
  live.showingHost(id);
  const draw = () => drawPending(main, nav);
  draw();
  if (code) {
    const out = await takeCode(nav, code);
    notify(out.message, out.ok ? "info" : "error");
  }
  return { draw };
}

export function closePending() {
  if (P) store.letGo(P.id);
  P = null;
}

async function takeCode(nav, text) {
  const { blob, host } = P;
  const pre = blob.pre;
  const phase = phaseOf(pre);
  const got = await host.inbox.accept(text, async (seat, action) => {
    const at = place(pre, seat);
    if (phase === "commit") {
      if (!action || action.type !== "commit" || !HEX64.test(action.c)) throw { code: "fair_wrong_part", params: {} };
      pre.commits[at] = action.c;
    } else {
      if (!action || action.type !== "reveal" || typeof action.v !== "string") {
        throw { code: "fair_wrong_part", params: {} };
      }
      if ((await call("fair_commit", { value: action.v })) !== pre.commits[at]) {
        throw { code: "fair_reveal_mismatch", params: { name: pre.seats[seat].name } };
      }
      pre.values[at] = action.v;
    }
  });
  if (!got.ok) return { ok: false, message: errorText(got.error), error: got.error };
  blob.net.inbox = host.inbox.toJSON();
  if (phase === "commit" && phaseOf(pre) === "reveal") host.inbox.nextStep(PRE_STEPS.reveal);
  if (pre.values.every(Boolean)) {
    await deal(nav);
    return { ok: true, message: t("fair.dealt"), moved: true };
  }
  await preLink(blob, host.inbox);
  store.saveGame(blob);
  P.pub = screenOf(blob);
  live.pushLink(P);
  live.pushStatus(P);
  redrawPending();
  return { ok: true, message: t(phase === "commit" ? "fair.commit_in" : "fair.reveal_in", { name: got.name }) };
}

/** Every value is in: the seed is made from all of them, and the game is created. */
async function deal(nav) {
  const { blob, id } = P;
  const pre = blob.pre;
  const checked = await call("fair_check", { commitments: pre.commits, values: pre.values });
  if (checked.bad.length) throw { code: "fair_reveal_mismatch", params: { name: "?" } };
  const stored = await call(
    "hall_create",
    { id, game: blob.game, options: pre.options, seats: pre.seats, seed: checked.seed, meta: pre.meta },
    { busy: true },
  );
  blob.game = stored.game;
  blob.record = stored.record;
  blob.summary = stored.summary;
  blob.fair = { order: pre.order, commits: pre.commits, values: pre.values, k: {} };
  delete blob.pre;
  store.saveGame(blob);
  P = null;
  notify(t("fair.dealt"));
  await nav.go({ page: "game", id });
}

let redrawPending = () => {};

function drawPending(main, nav) {
  redrawPending = () => {
    if (P && document.querySelector(`[data-pending="${P.id}"]`)) drawPending(main, nav);
  };
  const { blob } = P;
  const pre = blob.pre;
  const phase = phaseOf(pre);
  const slot = phase === "commit" ? pre.commits : pre.values;
  clear(main);
  const page = h("div", { class: "net-host fair-pending", "data-pending": P.id, "data-phase": phase });
  page.append(
    h(
      "section",
      { class: "game-top" },
      h(
        "div",
        { class: "game-heading" },
        h("h2", {}, t("fair.title")),
        h("p", { class: "small muted" }, t(`game.${blob.game}.name`)),
      ),
      h(
        "div",
        { class: "game-actions" },
        h("button", { type: "button", class: "btn btn-danger-text", onclick: () => cancel(nav) }, t("fair.cancel")),
      ),
    ),
    h(
      "section",
      { class: "net-section", id: "by-fair-what" },
      h("h3", {}, t(`fair.phase_${phase}`)),
      h("p", {}, t("fair.what")),
      h("p", { class: "small muted" }, t("fair.covers")),
      // the deal never goes ahead without a value: a device that never reveals stops it
      phase === "reveal" ? h("p", { class: "small", id: "by-fair-stuck" }, t("fair.reveal_stuck")) : "",
      h(
        "ol",
        { class: "fair-steps small" },
        ["commit", "reveal", "deal"].map((s) => h("li", { class: s === phase ? "strong" : "" }, t(`fair.step_${s}`))),
      ),
    ),
  );
  page.append(
    addressWarning() || "",
    h(
      "section",
      { class: "net-section" },
      h("h3", {}, t("fair.link_title")),
      codeBox({
        name: "round",
        title: t("fair.link"),
        hint: t("fair.link_hint"),
        text: linkFor(blob.net.link),
        ecl: "L",
      }),
    ),
  );
  const seats = h("ul", { class: "net-seats", id: "by-net-seats" });
  for (const i of pre.order) {
    const inviteHolder = h("div", { class: "invite-holder", hidden: true });
    const done = slot[place(pre, i)] != null;
    seats.append(
      h(
        "li",
        { class: "net-seat", "data-seat": i },
        h(
          "div",
          { class: "net-seat-head" },
          h("strong", {}, h("bdi", {}, pre.seats[i].name)),
          h(
            "span",
            { class: done ? "badge badge-good" : "badge", "data-status": i, "data-fair": done ? "in" : "waiting" },
            t(done ? `fair.in_${phase}` : `fair.waiting_${phase}`),
          ),
          live.seatBadge(P, i),
        ),
        h(
          "div",
          { class: "row" },
          h(
            "button",
            {
              type: "button",
              class: "btn",
              "data-invite-toggle": i,
              "aria-expanded": "false",
              onclick: async (e) => {
                if (!inviteHolder.firstChild) {
                  const code = await P.host.inbox.invite(i);
                  inviteHolder.append(
                    codeBox({
                      name: `invite-${i}`,
                      title: t("net.invite_for", { name: pre.seats[i].name }),
                      hint: t("net.invite_hint", { name: pre.seats[i].name }),
                      text: linkFor(code),
                    }),
                  );
                }
                inviteHolder.hidden = !inviteHolder.hidden;
                e.currentTarget.setAttribute("aria-expanded", inviteHolder.hidden ? "false" : "true");
              },
            },
            t("net.invite"),
          ),
          live.offerButton(P, i, { refresh: async () => redrawPending(), addCode: (text) => takeCode(nav, text) }),
        ),
        inviteHolder,
        live.offerHolder(P, i),
      ),
    );
  }
  page.append(
    h(
      "section",
      { class: "net-section" },
      h("h3", {}, t("net.seats_title")),
      h("p", { class: "hint small" }, t("fair.seats_hint")),
      seats,
    ),
    h(
      "section",
      { class: "net-section" },
      pasteBox({
        name: "order",
        label: t("fair.paste"),
        hint: t("fair.paste_hint"),
        button: t("net.add_order"),
        onsubmit: (text) => takeCode(nav, text),
      }),
    ),
  );
  main.append(page);
}

async function cancel(nav) {
  const ok = await confirmDialog({
    title: t("fair.cancel_title"),
    text: t("fair.cancel_text"),
    ok: t("fair.cancel"),
    danger: true,
  });
  if (!ok) return;
  store.deleteGame(P.id);
  P = null;
  await nav.go({ page: "lobby" });
}
