// The building phase's plain forms: upgrading a built plant with one of its kind from hand
// (free), and moving resources between two plants of one network (priced in `legal`).

import { h, newId } from "../../shell/dom.js";
import { num } from "../../shell/i18n.js";
import { tg, cityName, elektro, plantText, resourceMark, resourceName } from "./words.js";
import { stepper } from "./market.js";

export function upgradeForm(ctx) {
  const v = ctx.view,
    L = v.legal,
    d = ctx.draft;
  if (!L.upgrade || !L.upgrade.length) return null;
  const me = v.seats[ctx.seat];
  const box = h("fieldset", { class: "upgrades" }, h("legend", {}, tg("build.upgrade_title")));
  box.append(h("p", { class: "hint small" }, tg("build.upgrade_hint")));
  for (const u of L.upgrade) {
    const built = me.plants.find((p) => p.n === u.plant);
    const id = newId("upgrade");
    d.upgrade ||= {};
    if (!u.with.includes(d.upgrade[u.plant])) d.upgrade[u.plant] = u.with[0];
    box.append(
      h(
        "div",
        { class: "upgrade-row", "data-plant": u.plant },
        h(
          "label",
          { for: id },
          tg("build.upgrade_which", { plant: plantText(u.plant), city: cityName(built ? built.city : "") }),
        ),
        h(
          "select",
          {
            id,
            "data-focus": `upgrade-${u.plant}`,
            onchange: (e) => {
              d.upgrade[u.plant] = Number(e.target.value);
            },
          },
          u.with.map((n) => h("option", { value: n, selected: d.upgrade[u.plant] === n }, plantText(n))),
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn",
            "data-action": "upgrade",
            onclick: () => ctx.act({ type: "upgrade", plant: u.plant, with: d.upgrade[u.plant] }),
          },
          tg("build.upgrade_button"),
        ),
      ),
    );
  }
  return box;
}

export function moveForm(ctx) {
  const L = ctx.view.legal,
    d = ctx.draft;
  if (!L.move || !L.move.length) return null;
  d.move ||= {};
  const box = h("fieldset", { class: "moves" }, h("legend", {}, tg("build.move_title")));
  for (const m of L.move) {
    const key = `${m.from}>${m.to}`;
    const cargo = (d.move[key] ||= Object.fromEntries(Object.entries(m.resources).map(([r, k]) => [r, k])));
    const row = h(
      "div",
      { class: "move-row", "data-move": key },
      h("p", {}, tg("build.move_what", { from: num(m.from), to: num(m.to), cost: elektro(m.cost) })),
    );
    for (const [r, max] of Object.entries(m.resources)) {
      const id = newId("move");
      row.append(
        h(
          "div",
          { class: "move-amount" },
          h("label", { for: id }, resourceMark(r), " ", resourceName(r)),
          stepper({
            id,
            value: cargo[r],
            min: 0,
            max,
            label: resourceName(r),
            focus: `move-${key}-${r}`,
            onchange: (x) => (cargo[r] = x),
          }),
        ),
      );
    }
    row.append(
      h(
        "button",
        {
          type: "button",
          class: "btn",
          "data-action": "move",
          onclick: () => {
            const resources = Object.fromEntries(Object.entries(cargo).filter(([, k]) => k > 0));
            if (Object.keys(resources).length) ctx.act({ type: "move", from: m.from, to: m.to, resources });
          },
        },
        tg("build.move_button", { cost: elektro(m.cost) }),
      ),
    );
    box.append(row);
  }
  return box;
}
