// A remote player's side of a fair deal (docs/multiplayer.md, "A fair deal"; the host's side
// is fairhost.js): before the deal this device commits to a random value, checks that the
// host published its commitment as sent, then reveals the value to the host alone; during
// the game every code it sends carries a commitment to its actions, which the host posts in
// its next link; after the game it checks what the final link publishes — every value
// against its commitment, the seed they make against the record's, and through the game's
// own audit (its TOOLS.audit) that the card it was shown and the moves it sent are the ones
// the record applied — and says so.
//
// Kept per game in this browser (store key fair.<game id>): {value, commit, host (the host's
// commitment, as its first link of the exchange published it), commits (the first complete
// list the host published: the host's, then the remote seats'), place (this seat's in it),
// receipt (what the game's links carry once the host took the value in: fairhost.js
// receiptOf), seen (what the game's table says to keep of
// the first view: the spy game's card), sent: [{step, actions, nonce, k, ok}], audit}. What
// was published first is never replaced: a later link that publishes other commitments is
// refused (checkDeal), so a host that reads a player's value cannot deal again with a value
// of its own chosen to give the roles it wants.

import { h } from "../../shell/dom.js";
import { t, errorText, list } from "../../shell/i18n.js";
import * as store from "../../shell/store.js";
import { call, showError } from "../../shell/ui.js";
import { codeBox, linkFor } from "./codes.js";
import { book } from "./book.js";
import { NetError } from "../../net/codec.js";
import { newValue, receiptOf, POSTED, HEX64 } from "./fairhost.js";
import * as live from "./liveplayer.js";

function load(g) {
  const F = store.get(`fair.${g}`, null) || { sent: [] };
  // kept before the place was: this device's commitment's place in the list
  if (F.commits && F.place == null) F.place = F.commits.indexOf(F.commit);
  return F;
}
const save = (g, data) => store.set(`fair.${g}`, data);

/** Sorted-key JSON of an action without the host's time: two sent actions compare equal. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .filter((k) => k !== "at")
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

// ---------------------------------------------------------------- before the deal
/** A verified link of the exchange, before it is kept (playlink.js): the commitments it
 *  publishes must be the ones this device saw first — the host's own from the first link on,
 *  every one once the list is complete. A link that publishes others is refused
 *  (fair_deal_changed: the host changed the deal) and nothing is kept; the first complete
 *  list is kept for the check after the game. */
export function checkDeal(g, got) {
  const pre = got.verified && got.step < 0 && got.public && got.public.pre;
  if (!pre || pre.c === undefined) return;
  const c = pre.c;
  const size = 1 + (Array.isArray(pre.o) ? pre.o.length : 0);
  const full = pre.phase === "reveal";
  if (
    !Array.isArray(c) ||
    !c.length ||
    c.length > size ||
    (full && c.length !== size) ||
    !c.every((x) => HEX64.test(x))
  )
    throw new NetError("code_invalid", { where: "deal" });
  const F = load(g);
  if ((F.host && c[0] !== F.host) || (full && F.commits && JSON.stringify(F.commits) !== JSON.stringify(c)))
    throw new NetError("fair_deal_changed");
  F.host = F.host || c[0];
  if (full && !F.commits) Object.assign(F, { commits: c, place: 1 + pre.o.indexOf(got.seat) });
  save(g, F);
}

/** The player's page while the host gathers commitments and values. `got` is the read state
 *  link (its public part {pre}). */
export function prePanel(g, got) {
  const pre = got.public.pre || {};
  const me = got.seat;
  const box = h("section", { class: "card-panel fair-pre", id: "by-fair-pre", "data-phase": pre.phase });
  box.append(h("h2", {}, t("fair.title")), h("p", {}, t("fair.what_player")));
  const waiting = (pre.o || []).filter((s) => !(pre.in || []).includes(s)).map((s) => pre.names[s]);
  box.append(
    h(
      "p",
      { class: "small muted", id: "by-fair-waiting" },
      waiting.length ? t(`fair.waiting_for_${pre.phase}`, { names: list(waiting) }) : t("fair.all_in"),
    ),
  );
  if (me == null) {
    box.append(h("p", { class: "notice-warn" }, t("fair.no_seat")));
    return box;
  }
  const holder = h("div", { class: "fair-mine" });
  box.append(holder);
  myPart(g, got, pre, me, holder).catch(showError);
  return box;
}

async function myPart(g, got, pre, me, holder) {
  const F = load(g);
  if (!F.value || !F.commit || !F.receipt) {
    F.value = F.value || newValue();
    F.commit = await call("fair_commit", { value: F.value });
    F.receipt = await receiptOf(F.value);
    save(g, F);
  }
  const mineIn = (pre.in || []).includes(me);
  // the first complete list the host published (checkDeal kept it): this device's
  // commitment must be there as sent, or its value is never revealed
  if (pre.phase === "reveal" && (!F.commits || F.commits[F.place] !== F.commit)) {
    holder.append(h("p", { class: "bad", role: "alert", id: "by-fair-alarm" }, t("fair.commit_changed")));
    return;
  }
  if (mineIn) {
    holder.append(h("p", { class: "good", id: "by-fair-mine" }, "✓ ", t(`fair.mine_in_${pre.phase}`)));
    return;
  }
  const action = pre.phase === "commit" ? { type: "commit", c: F.commit } : { type: "reveal", v: F.value };
  let code = F.code && F.codeStep === got.step ? F.code : null;
  if (!code) {
    code = await book.actionCode(g, got.step, action, null, undefined, got.release);
    Object.assign(F, { code, codeStep: got.step, sentStep: null });
    save(g, F);
  }
  if (F.sentStep !== got.step && live.sendAction(g, code)) {
    F.sentStep = got.step;
    save(g, F);
  }
  holder.append(
    h("p", { id: "by-fair-mine" }, t(`fair.mine_${pre.phase}`)),
    // the hint says the code went live only when it did (a device with no live room was told
    // "connected live, it has gone already": issue 31)
    codeBox({
      name: "order",
      title: t("fair.code"),
      hint: t(F.sentStep === got.step ? "fair.code_hint_sent" : "fair.code_hint"),
      text: linkFor(code),
    }),
  );
  if (F.sentStep === got.step) {
    holder.append(
      h(
        "button",
        {
          type: "button",
          class: "btn",
          onclick: () => {
            live.sendAction(g, code);
          },
        },
        t("fair.send_again"),
      ),
    );
  }
}

// ---------------------------------------------------------------- during the game
/** The commitment a code carries: {commit}; the code's actions are kept to audit later. */
export async function commitCode(g, step, actions) {
  const F = load(g);
  const nonce = newValue();
  const k = await call("fair_code", { actions, nonce });
  F.sent = [...(F.sent || []), { step, actions, nonce, k, ok: false }];
  save(g, F);
  return k;
}

/** A state link of the game came: keep what the audit checks later (the first view's), and
 *  mark this device's codes that the host has posted. Returns {sent, posted} counts, and
 *  `without: true` when the game was dealt without this device's value (its reveal never
 *  came, or never left this device): the host published this device's commitment, only
 *  this device and a host that took the value in know the value, and the link does not
 *  carry its receipt. */
export function onLink(g, got, view, table) {
  const F = load(g);
  if (!F.seen && view && table.fairSeen && got.seat != null) F.seen = table.fairSeen(view);
  const posted = got.fair && Array.isArray(got.fair.k) ? got.fair.k[got.seat] : null;
  if (Array.isArray(posted)) {
    for (const s of F.sent || []) if (posted.includes(s.k.slice(0, POSTED))) s.ok = true;
  }
  save(g, F);
  // this device's commitment is in the list the host published, and the game's links do
  // not carry the receipt only a host holding its value can make (fairhost.js receiptOf)
  const r = got.fair && Array.isArray(got.fair.r) ? got.fair.r[got.seat] : null;
  const without = !!(F.commit && F.receipt && F.commits && F.commits[F.place] === F.commit && r !== F.receipt);
  return { sent: (F.sent || []).length, posted: (F.sent || []).filter((s) => s.ok).length, without };
}

/** A line on the player's page: how many of this device's codes the host has posted. */
export function fairLine(counts) {
  if (counts.without) return h("p", { class: "bad", role: "alert", id: "by-fair-alarm" }, t("fair.dealt_without_you"));
  if (!counts.sent) return h("p", { class: "small muted", id: "by-fair-line" }, t("fair.line_none"));
  return h(
    "p",
    { class: counts.posted === counts.sent ? "small good" : "small muted", id: "by-fair-line" },
    t("fair.line", { posted: counts.posted, sent: counts.sent }),
  );
}

// ---------------------------------------------------------------- after the game
/** The check of a finished game (the final link), shown on the player's page. */
export function auditPanel(g, got, game) {
  const box = h(
    "section",
    { class: "card-panel fair-audit", id: "by-fair-audit", "aria-live": "polite", "data-state": "running" },
    h("h3", {}, t("fair.audit_title")),
    h("p", { class: "small muted" }, t("fair.audit_running")),
  );
  audit(g, got, game).then(
    (out) => showAudit(box, out),
    (error) => showAudit(box, { ok: false, problems: [{ code: "audit_failed", detail: errorText(error) }] }),
  );
  return box;
}

async function audit(g, got, game) {
  const F = load(g);
  const me = got.seat;
  const values = got.fair && got.fair.v;
  if (me == null || !F.value) return { ok: null, problems: [] };
  if (!Array.isArray(values)) return { ok: false, problems: [{ code: "no_values" }] };
  const problems = [];
  // every value against every commitment this device saw first (the host's included)
  if (!F.commits) problems.push({ code: "no_commitments" });
  else if (F.commits[F.place] !== F.commit || values[F.place] !== F.value) problems.push({ code: "own_value" });
  const check = await call("fair_check", { commitments: F.commits || [], values });
  if (check.bad.length) problems.push({ code: "value_changed", count: check.bad.length });
  const confirmed = (F.sent || []).filter((s) => s.ok).flatMap((s) => s.actions);
  const unconfirmed = new Set((F.sent || []).filter((s) => !s.ok).flatMap((s) => s.actions.map(canonical)));
  const report = await call("game_tool", {
    game,
    tool: "audit",
    args: { link: got.public, private: got.private, seat: me, seen: F.seen || null, sent: confirmed },
  });
  // a move this device sent in a code the host never posted back is not "extra"
  problems.push(...report.problems.filter((p) => !(p.code === "action_extra" && unconfirmed.has(canonical(p.action)))));
  if (check.seed && report.seed !== check.seed) problems.push({ code: "seed_mismatch" });
  const out = { ok: !problems.length, problems, moves: confirmed.length, codes: (F.sent || []).length };
  F.audit = out;
  save(g, F);
  return out;
}

function showAudit(box, out) {
  box.dataset.state = out.ok ? "ok" : out.ok === null ? "none" : "failed";
  box.lastElementChild.remove();
  if (out.ok === null) {
    box.append(h("p", { class: "small muted" }, t("fair.audit_none")));
  } else if (out.ok) {
    box.append(
      h("p", { class: "good", id: "by-fair-result" }, "✓ ", t("fair.audit_ok", { moves: out.moves })),
      h("p", { class: "small muted" }, t("fair.audit_covers")),
    );
  } else {
    box.append(
      h("p", { class: "bad", role: "alert", id: "by-fair-result" }, "✕ ", t("fair.audit_failed")),
      h(
        "ul",
        { class: "small", id: "by-fair-problems" },
        out.problems.map((p) => h("li", { "data-problem": p.code }, t(`fair.problem.${p.code}`, p))),
      ),
    );
  }
}
