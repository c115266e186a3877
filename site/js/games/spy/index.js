// ¿Quién es el Espía?'s table in the hall (site/js/hall/table/table.js asks for these): the day
// (the seat's card and secret step behind the hall's curtain), the players and the tally, the
// log (the full account once over), the game master's tools; the final screen, a remote
// player's page, the lobby's setup editor with the balance hint, the message board's private
// threads and what the fair-deal audit checks. Everything is drawn from the engine's view;
// nothing here recomputes a rule.

import { h } from "../../shell/dom.js";
import { t } from "../../shell/i18n.js";
import { tg, dayName, cardText, reasonText } from "./words.js";
import { field, flashBlock } from "./field.js";
import { playersTab, playersList } from "./players.js";
import { logTab, fullAccount, announcements, logGroups } from "./log.js";
import { masterTab } from "./master.js";
import lobby from "./lobby.js";

export default {
  ...lobby,
  tabs: ["day", "players", "log", "master"],
  // a seat may lock its screen at a shared device: anybody can pick its name (issue 31)
  seatPins: true,
  logGroups,
  tabLabel: (tab) => tg(`tab.${tab}`),
  heading: (view) => (view.cycle ? tg("heading", { cycle: view.cycle, day: dayName(view) }) : dayName(view)),

  panel(tab, ctx) {
    if (tab === "players") return playersTab(ctx.view, ctx.kinds);
    if (tab === "log") return logTab(ctx.view);
    if (tab === "master") return masterTab(ctx);
    return field(ctx);
  },
  flash: flashBlock,
  afterDraw: firstDeadline,
  /** The notice when the game moves on: a cycle's close, the Mayor's window, a new day. */
  movedText(reply) {
    const types = new Set((reply.events || []).map((e) => e.type));
    if (types.has("game_over")) return null;
    if (types.has("vote_result")) return tg("flash.cycle_over");
    if (types.has("window_opened")) return tg("flash.window");
    return tg("flash.moved");
  },
  seatOut: (view, i) => (view.alive && !view.alive[i] ? tg("players.dead") : null),
  closeText(part, view, names) {
    return {
      button: () => tg(view.phase === "window" ? "close.window" : "close.day"),
      title: () => tg("close.title", { day: dayName(view) }),
      text: () => tg("close.text"),
      missing: () => tg("close.missing", { names }),
    }[part]();
  },
  errorParams(params) {
    const out = { ...params };
    if (typeof out.action === "string") out.action = tg(`action.${out.action}`);
    if (typeof out.role === "string" && out.role) out.role = tg(`setup.${out.role}`);
    return out;
  },

  final: (ctx) => finalScreen(ctx.view, ctx.kinds),

  /** A remote player's page: the day (card and form), the players, the latest news; the
   *  final screen and the full account once over. */
  remote(ctx) {
    const v = ctx.view;
    const wrap = h("div", { class: "remote-table spy-remote" });
    if (v.over) {
      wrap.append(finalScreen(v, ctx.kinds));
      return wrap;
    }
    wrap.append(field(ctx));
    wrap.append(h("section", { class: "card-panel" }, h("h3", {}, tg("players.title")), playersList(v, ctx.kinds)));
    wrap.append(h("p", { class: "small muted", id: "spy-host-holds" }, tg("remote.host_holds")));
    return wrap;
  },

  /** The message board's private threads this seat may read and write (from its view):
   *  the spies' (every spy but a spy Mayor) and the Brothers'. */
  threads(view) {
    if (!view || !view.role) return [];
    const out = [];
    if (view.role.team === "spies" && view.role.role !== "mayor") out.push({ id: "spies", label: tg("board.spies") });
    if (view.role.role === "brother") out.push({ id: "brothers", label: tg("board.brothers") });
    return out;
  },

  /** The dead take no more part: they read the board but do not write. */
  boardMuted: (view) => view.seat != null && view.alive && !view.alive[view.seat],

  /** What the fair-deal audit checks later against the published record: the card shown. */
  fairSeen: (view) => (view && view.role ? view.role : null),
};

/** A timed game's first day has no deadline (the engine has no time before the first
 *  action): the host's table gives it one as the game opens; every later day has its own. */
const deadlined = new Set();
function firstDeadline(ctx) {
  const v = ctx.screen ? ctx.screen.view : ctx.view;
  if (ctx.remote || !ctx.hostAct || v.over || !v.options.day_minutes || v.deadline != null) return;
  const days = (v.log || []).filter((e) => e.type === "day");
  if (days.length !== 1 || (v.log || []).some((e) => e.type === "deadline")) return;
  const key = `${v.players.join("|")}:${v.step}`;
  if (deadlined.has(key)) return;
  deadlined.add(key);
  queueMicrotask(() => ctx.hostAct({ type: "set_deadline", deadline: Date.now() + v.options.day_minutes * 60000 }));
}

function finalScreen(v, kinds) {
  const end = (v.log || []).filter((e) => e.type === "game_over").pop();
  const winners = new Set(v.winners || []);
  const box = h(
    "section",
    { class: "final spy-final", "aria-labelledby": "spy-final-title" },
    h("h3", { id: "spy-final-title" }, t("game.over_title")),
    h(
      "p",
      { class: "winner", id: "spy-winner", "data-winner": v.winner },
      h("span", { class: "trophy", "aria-hidden": "true" }, "★ "),
      tg(`final.winner_${v.winner}`),
      end ? " — " + reasonText(end, v) : "",
    ),
  );
  const rows = v.players.map((name, i) => {
    const death = (v.log || []).find((e) => e.type === "death" && e.seat === i);
    return h(
      "li",
      { class: ["rank-row", winners.has(i) && "first"], "data-seat": i, "data-team": v.roles[i].team },
      h("span", { class: "place", "aria-hidden": "true" }, winners.has(i) ? "★" : "·"),
      h(
        "div",
        { class: "rank-main" },
        h(
          "div",
          { class: "rank-name" },
          h("bdi", {}, name),
          kinds && kinds[i].kind === "bot"
            ? h("span", { class: "badge" }, t("players.bot", { level: t(`level.${kinds[i].level}`) }))
            : null,
          h("span", { class: ["badge", `spy-badge-${v.roles[i].team}`] }, cardText(v.roles[i])),
        ),
        h(
          "p",
          { class: "small muted" },
          winners.has(i) ? tg("final.won") : tg("final.lost"),
          " · ",
          death ? tg(`players.dead_${death.cause}`, { cycle: death.cycle }) : tg("players.alive"),
        ),
      ),
    );
  });
  box.append(h("ol", { class: "ranking", id: "spy-final-rows" }, rows));
  box.append(fullAccount(v));
  box.append(h("section", {}, h("h4", {}, tg("log.title")), announcements(v)));
  return box;
}
