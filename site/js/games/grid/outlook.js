// The warnings before an action (issue 30): the engine's `outlook` of the seat's next
// bureaucracy (engine/grid/outlook.py; after a proposed action, from the `quote` tool) in
// words: the income, the penalties, the plants that would idle, the Elektro left, and what
// a player without money can still do. Nothing here adds anything up.

import { h } from "../../shell/dom.js";
import { list as listText } from "../../shell/i18n.js";
import { tg, elektro } from "./words.js";

/** The next bureaucracy as things stand, or (`after`) after the action proposed. */
export function outlookLines(o, { after = false } = {}) {
  if (!o) return null;
  const lines = [
    h(
      "p",
      { class: "small" },
      tg(after ? "outlook.after" : "outlook.now", {
        income: elektro(o.income),
        owed: elektro(o.owed),
        left: elektro(o.after),
      }),
    ),
  ];
  if (o.idle.length) lines.push(h("p", { class: "small warn" }, tg("outlook.idle", { plants: listText(o.idle) })));
  if (o.after === 0 && (o.owed || o.cash)) lines.push(h("p", { class: "small bad" }, tg("outlook.broke")));
  return h("div", { class: "outlook", "data-after": o.after }, lines);
}

/** What a player without money can still do, said plainly (the engine lists it). */
export function zeroNote(o) {
  if (!o || !o.can) return null;
  const lines = [tg("outlook.zero")];
  if (o.can.includes("run")) lines.push(tg("outlook.can_run", { income: elektro(o.income) }));
  if (o.can.includes("upgrade")) lines.push(tg("outlook.can_upgrade"));
  if (!o.can.length) lines.push(tg("outlook.can_nothing", { count: o.stall }));
  return h(
    "div",
    { class: "outlook-zero", id: "grid-zero", role: "note" },
    lines.map((text, i) => h("p", { class: ["small", i === 0 && "warn"] }, text)),
  );
}
