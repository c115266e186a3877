// The public table: who lives (and how the dead died, as announced), who has finished the
// day, the excused, a revealed Mayor, this seat's known mates, and the vote tally as the
// rules let everybody see it (the Trickster's secret votes stay secret until the close),
// saying that it is provisional and why.

import { h } from "../../shell/dom.js";
import { t, num, richList } from "../../shell/i18n.js";
import { tg, rich, who, seatOf, countsLine } from "./words.js";

function deathOf(view, seat) {
  for (const e of view.log || []) if (e.type === "death" && e.seat === seat) return e;
  return null;
}

/** The players' list; `kinds` (the host's) says who is a bot or plays from afar. */
export function playersList(view, kinds = null) {
  const mates = new Set(view.mates || []);
  const list = h("ul", { class: "spy-players", id: "spy-players" });
  view.players.forEach((name, i) => {
    const alive = view.alive[i];
    const badges = [];
    if (i === view.seat) badges.push(h("span", { class: "badge badge-you" }, t("players.you")));
    if (mates.has(i)) {
      badges.push(
        h(
          "span",
          { class: "badge spy-badge-mate" },
          tg(view.role.role === "brother" ? "players.brother" : "players.spy"),
        ),
      );
    }
    if (view.mayor === i) badges.push(h("span", { class: "badge" }, tg("players.mayor")));
    if (kinds && kinds[i] && kinds[i].kind === "bot")
      badges.push(h("span", { class: "badge" }, t("players.bot", { level: t(`level.${kinds[i].level}`) })));
    if (kinds && kinds[i] && kinds[i].kind === "remote")
      badges.push(h("span", { class: "badge" }, tg("players.remote")));
    if (view.over && view.roles) {
      const card = view.roles[i];
      badges.push(h("span", { class: ["badge", `spy-badge-${card.team}`] }, tg(`role.${card.role}`)));
    }
    let state;
    if (!alive) {
      const d = deathOf(view, i);
      state = h(
        "span",
        { class: "badge badge-bad", "data-state": "dead" },
        d ? tg(`players.dead_${d.cause}`, { cycle: d.cycle }) : tg("players.dead"),
      );
    } else if (view.over) {
      state = h("span", { class: "badge badge-good", "data-state": "alive" }, tg("players.alive"));
    } else if (view.done[i]) {
      state = h("span", { class: "badge badge-good", "data-state": "done" }, "✓ ", tg("players.done"));
    } else {
      state = h("span", { class: "badge", "data-state": "waiting" }, "… ", tg("players.waiting"));
    }
    if (alive && (view.excused || []).includes(i)) badges.push(h("span", { class: "badge" }, tg("players.excused")));
    list.append(
      h(
        "li",
        { class: ["spy-player", !alive && "is-dead"], "data-seat": i },
        h("span", { class: "spy-player-mark", "aria-hidden": "true" }, alive ? "●" : "✕"),
        h("bdi", { class: "spy-player-name" }, name),
        state,
        ...badges,
      ),
    );
  });
  return list;
}

/** The vote so far: each public vote (and redirection, public protection), and the count. */
export function tallyBlock(view) {
  const votes = (view.acts || []).filter((a) => a.type === "vote");
  const others = (view.acts || []).filter((a) => a.type !== "vote");
  const voters = new Map();
  for (const a of votes) voters.set(a.target, [...(voters.get(a.target) || []), a.seat]);
  const living = view.alive.filter(Boolean).length;
  const box = h(
    "section",
    { class: "spy-tally", id: "spy-tally", "aria-labelledby": "spy-tally-title", "aria-live": "polite" },
    h("h3", { id: "spy-tally-title" }, tg("tally.title")),
    h("p", { class: "small muted" }, tg("tally.cast", { count: votes.length, living })),
    h("p", { class: "spy-count" }, ...countsLine(view, view.tally)),
  );
  if (voters.size) {
    box.append(
      h(
        "ul",
        { class: "spy-lines small" },
        [...voters.entries()]
          .sort((a, b) => b[1].length - a[1].length)
          .map(([target, seats]) =>
            h("li", {}, who(view, target), ` ${num(seats.length)}: `, ...richList(seats.map((s) => who(view, s)))),
          ),
      ),
    );
  }
  for (const a of others) {
    box.append(
      h(
        "p",
        { class: "small" },
        ...rich(`tally.${a.type}`, { who: seatOf(view, a.seat), target: seatOf(view, a.target) }),
      ),
    );
  }
  // what may still change at the close, and why (issue 31: "Ciro 7" live, "Ciro 6" at the
  // close without a word); the Trickster's secret votes only when the setup has a Trickster
  box.append(h("p", { class: "hint small", id: "spy-tally-provisional" }, tg("tally.provisional")));
  if (others.some((a) => a.type === "redirect"))
    box.append(h("p", { class: "hint small", id: "spy-tally-redirect" }, tg("tally.redirect_check")));
  if (view.options.trickster) box.append(h("p", { class: "hint small", id: "spy-tally-hidden" }, tg("tally.hidden")));
  return box;
}

export function playersTab(view, kinds) {
  const wrap = h("div", { class: "spy-table" });
  wrap.append(h("section", { class: "card-panel" }, h("h3", {}, tg("players.title")), playersList(view, kinds)));
  if (!view.over && ["vote", "merged"].includes(view.day)) wrap.append(tallyBlock(view));
  return wrap;
}
