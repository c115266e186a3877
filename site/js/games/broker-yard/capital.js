// Capital that reads as a contest (issue 32, item 5): each player's capital over the rounds as
// a line chart — on a logarithmic scale when the capitals lie far apart (a bot's $455M against
// a person's $300) — and the rounds that made the leader, with what it traded and played.
// The figures are the engine's (engine/broker/story.py, the tool "story", from the public
// history); this module draws them.

import { h, s } from "../../shell/dom.js";
import { num, compactMoney, money, fromTo, list as listText } from "../../shell/i18n.js";
import { call } from "../../shell/ui.js";
import { GAME, tg, rg, seatOf, colourName, signedText, cardText, choicesText } from "./cards.js";
import { chartFrame, chartTable } from "./chart.js";

const W = 640,
  H = 300,
  L = 64,
  R = 90,
  T = 14,
  B = 36;
const SHOWN = 6; // lines drawn: the greatest capitals, and the reader's own
const WIDE = 100; // the greatest capital over the least above this: a logarithmic scale
const DASHES = ["", "8 4", "2 4", "10 3 2 3", "4 2", "12 4"];

let last = { key: null, answer: null };

/** The engine's story of this history (asked once per history shown). */
function storyOf(view) {
  const key = JSON.stringify([view.players, view.history.length, view.price_history.at(-1)]);
  if (last.key !== key) {
    last = {
      key,
      answer: call("game_tool", {
        game: GAME,
        tool: "story",
        args: { players: view.players.length, history: view.history },
      }),
    };
  }
  return last.answer;
}

/** The seats whose lines are drawn: the greatest capitals at the end, and `me`. */
function shownSeats(capital, me) {
  const end = capital[capital.length - 1];
  const order = end.map((_, i) => i).sort((a, b) => end[b] - end[a] || a - b);
  const shown = order.slice(0, SHOWN);
  if (me != null && !shown.includes(me)) shown[SHOWN - 1] = me;
  return shown;
}

/** y for a capital: linear from 0, or logarithmic from the least positive capital. */
function scale(values) {
  const high = Math.max(1, ...values);
  const positive = values.filter((v) => v > 0);
  const low = positive.length ? Math.min(...positive) : 1;
  const log = high / low > WIDE;
  if (!log) {
    const top = niceTop(high);
    const ticks = [0, 1, 2, 3, 4].map((k) => (top * k) / 4);
    return { log, ticks, y: (v) => T + ((H - T - B) * (top - Math.max(0, v))) / top, floor: 0 };
  }
  const lo = Math.floor(Math.log10(low)),
    hi = Math.ceil(Math.log10(high));
  const ticks = [];
  for (let p = lo; p <= hi; p += 1) ticks.push(10 ** p);
  const floor = 10 ** lo;
  // a capital at or under zero (a bankrupt player's debt) sits on the floor line
  const y = (v) => T + ((H - T - B) * (hi - Math.log10(Math.max(floor, v)))) / (hi - lo || 1);
  return { log, ticks, y, floor };
}

function niceTop(high) {
  const step = 10 ** Math.floor(Math.log10(high));
  return Math.ceil(high / step) * step;
}

function chartSvg(capital, shown, view) {
  const rounds = Math.max(1, capital.length - 1, view.rounds_total);
  const x = (i) => L + ((W - L - R) * i) / rounds;
  const { log, ticks, y } = scale(shown.flatMap((i) => capital.map((row) => row[i])));
  const svg = chartFrame({
    box: { W, H, L, R, B },
    id: "broker-capital-title",
    title: tg("capital.title"),
    rounds,
    x,
    y,
    ticks: ticks.map((v) => [v, compactMoney(v)]),
    attrs: { class: "chart capital-chart", "data-scale": log ? "log" : "linear" },
  });
  // each line named at its end; names of lines ending together are set apart, one under another
  const ends = shown.map((seat) => y(capital[capital.length - 1][seat]));
  const labelY = [];
  for (const k of shown.map((_, k) => k).sort((a, b) => ends[a] - ends[b])) {
    const above = labelY.length ? Math.max(...labelY.filter((v) => v != null)) : -Infinity;
    labelY[k] = Math.max(ends[k] + 4, above + 13);
  }
  const endX = x(capital.length - 1);
  shown.forEach((seat, k) => {
    const points = capital.map((row, i) => [x(i), y(row[seat])]);
    svg.append(
      s(
        "g",
        { class: `capital-line capital-line-${k}`, "data-seat": seat },
        s("polyline", {
          points: points.map((p) => p.join(",")).join(" "),
          "stroke-dasharray": DASHES[k] || null,
        }),
        points.map(([px, py]) => s("circle", { cx: px, cy: py, r: 3 })),
        s("text", { class: "capital-name", x: endX + 6, y: labelY[k] }, view.players[seat]),
      ),
    );
  });
  return { svg, log };
}

/** The leader's greatest rounds, each with its capital before and after and what it did. */
function leaderMoves(answer, view) {
  const items = answer.moves.map((m) => {
    const trades = Object.entries(m.trades).map(([c, n]) => `${colourName(c)} ${signedText(n)}`);
    const parts = [];
    if (trades.length) parts.push(tg("howto.trades", { trades: listText(trades) }));
    if (m.card) {
      const choices = choicesText(m.choices);
      parts.push(cardText(m.card) + (choices ? ` (${choices})` : ""));
    }
    if (m.cash) parts.push(tg("capital.cash", { amount: money(m.cash) }));
    return h(
      "li",
      { "data-round": m.round },
      h(
        "b",
        {},
        tg("capital.move", { round: num(m.round), change: fromTo(compactMoney(m.before), compactMoney(m.after)) }),
      ),
      parts.length ? h("span", {}, " — ", parts.join("; ")) : null,
    );
  });
  return h(
    "div",
    { class: "capital-leader" },
    h("h4", {}, rg("capital.leader", { name: seatOf(view, answer.leader) })),
    h("ol", { class: "capital-moves" }, items),
  );
}

/** The capital section (#broker-capital), filled once the engine has told the story. */
export function capitalSection(view, me) {
  const box = h("section", { class: "capital-box", id: "broker-capital", "data-state": "asking" });
  if (!view.history || !view.history.length) return null;
  storyOf(view)
    .then((answer) => {
      const shown = shownSeats(answer.capital, me);
      const { svg, log } = chartSvg(answer.capital, shown, view);
      box.dataset.state = "shown";
      box.dataset.scale = log ? "log" : "linear";
      const parts = [
        h("h3", {}, tg("capital.title")),
        h(
          "figure",
          { class: "chart-box" },
          svg,
          chartTable(
            tg("capital.title"),
            shown.map((i) => view.players[i]),
            answer.capital.map((row) => shown.map((i) => money(row[i]))),
          ),
        ),
        log ? h("p", { class: "hint small", id: "broker-capital-log" }, tg("capital.log")) : null,
        answer.moves.length ? leaderMoves(answer, view) : null,
      ];
      box.replaceChildren(...parts.filter(Boolean));
    })
    .catch(() => {
      box.dataset.state = "error";
    });
  return box;
}
