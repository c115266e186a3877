// A seat's secret step of the day, the same for every seat so that nobody learns a role from
// the rhythm (hot-seat: behind the hall's curtain; a remote page: on its own phone): every
// seat picks one answer in its main question (its power's target or "no action"; a seat with
// no power today answers a private question instead, kept on this device and sent to nobody),
// votes on a vote day, and ends its day with "Done for today" and a confirmation. What is
// open comes from the view's `legal`; the day's actions go as one turn, ending with `done`.

import { h } from "../../shell/dom.js";
import { confirmDialog } from "../../shell/ui.js";
import { list as listText } from "../../shell/i18n.js";
import { tg, who, rich, clockText } from "./words.js";

const SECRET = ["victim", "kill", "protect", "look"];
const PUBLIC = ["protect_public", "redirect"];
const TRICKS = ["add_votes", "subtract_vote"];
const NONE = -1; // "no action" / "nobody" in a question

/** The draft of the seat's day (lives as long as the step: table.js, player.js). */
function draftOf(ctx) {
  const d = ctx.draft;
  if (!d.ready) Object.assign(d, { ready: true, vote: null, picks: {}, trick: null, extra: [null, null], note: null });
  return d;
}

function targetGroup(view, { name, legend, hint, targets, value, onpick, none = null, cls = "" }) {
  const options = [...(none ? [[NONE, none]] : []), ...targets.map((s) => [s, null])];
  return h(
    "fieldset",
    { class: ["spy-pick", cls], "data-pick": name },
    h("legend", {}, legend),
    h(
      "div",
      { class: "spy-targets" },
      options.map(([seat, text]) =>
        h(
          "label",
          { class: ["spy-target", seat === NONE && "spy-target-none"] },
          h("input", {
            type: "radio",
            name: `spy-${name}`,
            value: seat,
            checked: value === seat,
            "data-focus": `${name}-${seat}`,
            onchange: () => onpick(seat),
          }),
          h("span", {}, text || who(view, seat)),
        ),
      ),
    ),
    // the answers first, under the question (a phone shows them on its first screen)
    hint ? h("p", { class: "hint small" }, hint) : null,
  );
}

/** The form of the seat's day, or a note when it has nothing (left) to do. */
export function dayForm(ctx) {
  const v = ctx.view;
  const legal = v.legal;
  if (!legal) return null;
  if (legal.done || (ctx.remote && ctx.draft.sentDay)) {
    return h(
      "section",
      { class: "spy-day spy-done", id: "spy-day" },
      h("h3", {}, tg("day.done_title")),
      h("p", {}, tg(ctx.remote ? "day.done_remote" : "day.done_text")),
    );
  }
  const acts = Object.fromEntries(legal.actions.map((a) => [a.type, a]));
  const d = draftOf(ctx);
  const redraw = () => ctx.redraw();
  const form = h("form", {
    class: "spy-day",
    id: "spy-day",
    "data-decision": "",
    onsubmit: (e) => {
      e.preventDefault();
      finish(ctx, acts, d);
    },
  });
  form.append(h("h3", {}, tg("day.title")));

  if (acts.vote && ctx.draft.cast != null) {
    form.append(h("p", { id: "spy-voted" }, ...rich("day.vote_sent", { target: who(v, ctx.draft.cast) })));
    delete acts.vote;
  } else if (acts.vote) {
    form.append(
      targetGroup(v, {
        name: "vote",
        legend: tg("day.vote_q"),
        hint: tg(v.options.inactivity ? "day.vote_hint_inactive" : "day.vote_hint"),
        targets: acts.vote.targets,
        value: d.vote,
        onpick: (s) => {
          d.vote = s;
          redraw();
        },
      }),
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            type: "button",
            class: "btn",
            id: "spy-cast",
            disabled: d.vote == null,
            onclick: async () => {
              // a remote page keeps the view of its last link until the host sends a newer
              // one: it remembers that this vote has gone
              const target = d.vote;
              if ((await ctx.act({ type: "vote", target })) && ctx.remote) {
                d.cast = target;
                ctx.redraw();
              }
            },
          },
          tg("day.cast"),
        ),
        h("span", { class: "small muted" }, tg("day.cast_hint")),
      ),
    );
  } else {
    const cast = (v.mine || []).find((a) => a.type === "vote");
    if (cast) form.append(h("p", { id: "spy-voted" }, ...rich("day.voted", { target: who(v, cast.target) })));
  }

  for (const type of PUBLIC) if (acts[type]) form.append(publicPower(ctx, acts[type], d));

  const secret = SECRET.filter((type) => acts[type]);
  for (const type of secret) {
    form.append(
      targetGroup(v, {
        name: type,
        legend: tg(`day.power.${type}`),
        hint: tg(`day.power.${type}.hint`),
        targets: acts[type].targets,
        value: d.picks[type] ?? null,
        none: tg("day.no_action"),
        onpick: (s) => {
          d.picks[type] = s;
          redraw();
        },
      }),
    );
  }
  const tricks = TRICKS.filter((type) => acts[type]);
  if (tricks.length) form.append(trickGroup(v, acts, tricks, d, redraw));
  if (!secret.length && !tricks.length) {
    // the same kind of question for a seat without a power today: nobody learns a role
    // from who answers one
    form.append(
      targetGroup(v, {
        name: "note",
        legend: tg("day.note"),
        hint: tg("day.note_hint"),
        targets: v.alive.map((a, i) => (a && i !== v.seat ? i : null)).filter((i) => i != null),
        value: d.note,
        none: tg("day.nobody"),
        onpick: (s) => {
          d.note = s;
          redraw();
        },
      }),
    );
  }
  const missing = unanswered(acts, secret, tricks, d);
  form.append(
    h(
      "div",
      { class: "row spy-finish" },
      h(
        "button",
        { type: "submit", class: "btn btn-primary btn-big", id: "spy-done", disabled: missing },
        tg("day.done"),
      ),
      h("span", { class: "small muted", id: "spy-done-hint" }, missing ? tg("day.answer_first") : tg("day.done_hint")),
    ),
  );
  return form;
}

function unanswered(acts, secret, tricks, d) {
  if (secret.some((type) => d.picks[type] == null)) return true;
  if (tricks.length) {
    if (d.trick == null) return true;
    if (d.trick === "add_votes" && d.extra.some((x) => x == null)) return true;
    if (d.trick === "subtract_vote" && d.picks.subtract_vote == null) return true;
  }
  return !secret.length && !tricks.length && d.note == null;
}

function trickGroup(v, acts, tricks, d, redraw) {
  const box = h(
    "fieldset",
    { class: "spy-pick spy-trick", "data-pick": "trick" },
    h("legend", {}, tg("day.power.trick")),
    h("p", { class: "hint small" }, tg("day.power.trick.hint")),
  );
  const modes = [["none", tg("day.no_action")], ...tricks.map((type) => [type, tg(`day.power.${type}`)])];
  box.append(
    h(
      "div",
      { class: "spy-targets" },
      modes.map(([mode, text]) =>
        h(
          "label",
          { class: "spy-target" },
          h("input", {
            type: "radio",
            name: "spy-trick",
            value: mode,
            checked: d.trick === mode,
            onchange: () => {
              d.trick = mode;
              redraw();
            },
          }),
          h("span", {}, text),
        ),
      ),
    ),
  );
  if (d.trick === "add_votes") {
    [0, 1].forEach((k) =>
      box.append(
        targetGroup(v, {
          name: `extra-${k}`,
          legend: tg(k ? "day.extra_second" : "day.extra_first"),
          targets: acts.add_votes.targets,
          value: d.extra[k],
          cls: "spy-sub",
          onpick: (s) => {
            d.extra[k] = s;
            redraw();
          },
        }),
      ),
    );
  } else if (d.trick === "subtract_vote") {
    box.append(
      targetGroup(v, {
        name: "subtract",
        legend: tg("day.subtract_from"),
        hint: tg("day.subtract_hint"),
        targets: acts.subtract_vote.targets,
        value: d.picks.subtract_vote ?? null,
        cls: "spy-sub",
        onpick: (s) => {
          d.picks.subtract_vote = s;
          redraw();
        },
      }),
    );
  }
  return box;
}

/** The Priest's public protection and the Mayor's redirection: public at once, each with
 *  its own button (they reveal the one who uses them). */
function publicPower(ctx, spec, d) {
  const v = ctx.view;
  const type = spec.type;
  const key = `public_${type}`;
  const wait = spec.from != null && Date.now() < spec.from;
  const box = h(
    "div",
    { class: "spy-public" },
    targetGroup(v, {
      name: type,
      legend: tg(`day.power.${type}`),
      hint: tg(`day.power.${type}.hint`),
      targets: spec.targets,
      value: d.picks[key] ?? null,
      onpick: (s) => {
        d.picks[key] = s;
        ctx.redraw();
      },
    }),
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          class: "btn",
          "data-public": type,
          disabled: d.picks[key] == null || wait,
          onclick: async () => {
            const ok = await confirmDialog({
              title: tg(`day.confirm_${type}`),
              text: tg(`day.confirm_${type}_text`, { name: v.players[d.picks[key]] }),
              ok: tg(`day.do_${type}`),
            });
            if (ok) ctx.act({ type, target: d.picks[key] });
          },
        },
        tg(`day.do_${type}`),
      ),
      wait
        ? h(
            "span",
            { class: "small muted" },
            tg(spec.left === 2 ? "day.redirect_opens" : "day.redirect_wait", { time: clockText(spec.from) }),
          )
        : null,
      spec.left != null ? h("span", { class: "small muted" }, tg("day.redirect_left", { count: spec.left })) : null,
    ),
  );
  // the Mayor's window of a timed day, or the gap after his first redirection: the button
  // comes alive when it opens
  if (wait) setTimeout(() => box.isConnected && ctx.redraw(), spec.from - Date.now() + 250);
  return box;
}

/** The day's actions (secret ones and an uncast vote), then `done`, after a confirmation
 *  that says what goes and warns of what costs. */
async function finish(ctx, acts, d) {
  const v = ctx.view;
  const name = (s) => v.players[s];
  const actions = [];
  const lines = [];
  if (acts.vote && d.vote != null) {
    actions.push({ type: "vote", target: d.vote });
    lines.push(tg("confirm.vote", { name: name(d.vote) }));
  }
  for (const type of SECRET) {
    const s = d.picks[type];
    if (acts[type] && s != null && s !== NONE) {
      actions.push({ type, target: s });
      lines.push(tg(`confirm.${type}`, { name: name(s) }));
    }
  }
  if (d.trick === "add_votes") {
    actions.push({ type: "add_votes", targets: [...d.extra] });
    lines.push(tg("confirm.add_votes", { names: listText(d.extra.map(name)) }));
  } else if (d.trick === "subtract_vote") {
    actions.push({ type: "subtract_vote", target: d.picks.subtract_vote });
    lines.push(tg("confirm.subtract_vote", { name: name(d.picks.subtract_vote) }));
  }
  if (d.note != null && d.note !== NONE) lines.push(tg("confirm.note", { name: name(d.note) }));
  if (!lines.length) lines.push(tg("confirm.nothing"));
  const excused = (v.excused || []).includes(v.seat);
  if (acts.vote && d.vote == null && v.options.inactivity && !excused) lines.push(tg("confirm.no_vote_inactive"));
  else if (acts.vote && d.vote == null) lines.push(tg("confirm.no_vote"));
  const ok = await confirmDialog({ title: tg("confirm.title"), text: lines.join(" "), ok: tg("day.done") });
  if (!ok) return;
  actions.push({ type: "done" });
  if ((await ctx.act(actions)) && ctx.remote) {
    d.sentDay = true;
    ctx.redraw();
  }
}
