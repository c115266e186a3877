// A seat's own secrets, as its view gives them: its role card (role and team in words, what
// the role does, the team-mates the rules let it know: spies, the Brothers), and its notes
// (what it alone has learned: looks, the spies' victim, a lost power; its actions of this
// cycle and the spies' picks). Every card looks alike at a glance — one frame, one colour,
// no team mark — so nobody across a shared table reads a team from its colour (issue 31).

import { h } from "../../shell/dom.js";
import { tg, rich, seatOf, whoList, roleName, teamName, privateLine, actLine } from "./words.js";

export function roleCard(view) {
  const card = view.role;
  const box = h(
    "section",
    { class: "spy-card", id: "spy-card", "data-team": card.team, "aria-labelledby": "spy-card-title" },
    h("h3", { id: "spy-card-title" }, tg("card.title")),
    h(
      "p",
      { class: "spy-role" },
      h("strong", { "data-role": card.role }, roleName(card.role)),
      " ",
      h("span", { class: "spy-card-team" }, teamName(card.team)),
    ),
    h("p", { class: "small" }, tg(`role.${card.role}.about`)),
  );
  if (view.mates && view.mates.length) {
    const kind = card.role === "brother" ? "brother" : "spies";
    box.append(h("p", { id: "spy-mates" }, ...rich(`card.mates_${kind}`, { names: whoList(view, view.mates) })));
  } else if (card.team === "spies" && card.role !== "mayor") {
    box.append(h("p", { class: "small muted", id: "spy-mates" }, tg("card.alone_spy")));
  } else if (card.role === "mayor" && card.team === "spies") {
    box.append(h("p", { class: "small muted", id: "spy-mates" }, tg("card.spy_mayor")));
  }
  return box;
}

/** What the seat alone knows beside its card (null: nothing yet): below the day's questions,
 *  so that the card and the first question share the phone's first screen. */
export function seatNotes(view) {
  const box = h("section", { class: "spy-notes", id: "spy-notes" });
  const learned = (view.private || []).map((e) => privateLine(e, view)).filter(Boolean);
  if (learned.length) {
    box.append(
      h("h4", {}, tg("card.learned")),
      h(
        "ul",
        { class: "spy-lines", id: "spy-learned" },
        learned.map((line) => h("li", {}, line)),
      ),
    );
  }
  const mine = (view.mine || []).filter((a) => a.type !== "done");
  if (mine.length) {
    box.append(
      h("h4", {}, tg("card.mine")),
      h(
        "ul",
        { class: "spy-lines", id: "spy-mine" },
        mine.map((a) => h("li", {}, actLine({ ...a, seat: view.seat }, view))),
      ),
    );
  }
  if (view.spy_picks && view.spy_picks.length) {
    box.append(
      h("h4", {}, tg("card.spy_picks")),
      h(
        "ul",
        { class: "spy-lines", id: "spy-picks" },
        view.spy_picks.map(([seat, target]) =>
          h("li", {}, ...rich("card.pick", { who: seatOf(view, seat), target: seatOf(view, target) })),
        ),
      ),
    );
  }
  return box.childNodes.length ? box : null;
}
