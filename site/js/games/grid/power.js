// Phase 5, powering: which of the player's fuel plants run (eco and fusion always do), the
// fuel a hybrid burns, and what that choice earns city by city before it is saved: the
// engine's preview (`legal.preview` for the suggested run, the `preview` tool for another).

import { h, newId } from "../../shell/dom.js";
import { num, errorText } from "../../shell/i18n.js";
import { notify } from "../../shell/ui.js";
import { tg, cityName, elektro, plantText, storesText, resourceName } from "./words.js";
import { incomeTable } from "./income.js";
import { tool } from "./tools.js";

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function draft(ctx) {
  const d = ctx.draft,
    L = ctx.view.legal;
  if (!d.ready) {
    const from = L.saved || L.suggested;
    d.run = new Set(from.run);
    d.mix = JSON.parse(JSON.stringify(from.mix || {}));
    d.previews = {};
    d.ready = true;
  }
  return d;
}

const runList = (d) => [...d.run].sort((a, b) => a - b);

export function powerPanel(ctx) {
  const v = ctx.view,
    L = v.legal;
  const d = draft(ctx);
  const box = h("section", { class: "act-panel power-panel", "aria-labelledby": "grid-act-title" });
  box.append(h("h3", { id: "grid-act-title" }, tg("power.title")));
  box.append(h("p", { class: "hint small" }, tg("power.hint")));
  const list = h("ul", { class: "power-list" });
  for (const p of L.plants) {
    const id = newId("run");
    const idle = L.idle[String(p.plant)];
    const row = h("li", { class: ["power-row", !p.can_run && "cannot"], "data-plant": p.plant });
    if (p.always) {
      row.append(h("p", {}, h("strong", {}, plantText(p.plant)), " · ", cityName(p.city), " — ", tg("power.always")));
    } else {
      row.append(
        h(
          "label",
          { class: "check", for: id },
          h("input", {
            type: "checkbox",
            id,
            checked: d.run.has(p.plant),
            disabled: !p.can_run,
            "data-focus": `run-${p.plant}`,
            onchange: (e) => {
              if (e.target.checked) d.run.add(p.plant);
              else d.run.delete(p.plant);
              ctx.redraw();
            },
          }),
          h(
            "span",
            {},
            h("strong", {}, plantText(p.plant)),
            " · ",
            cityName(p.city),
            h("br"),
            h("span", { class: "small muted" }, tg("power.holds"), " ", storesText(p.res)),
          ),
        ),
      );
      if (!p.can_run) row.append(h("p", { class: "small bad" }, tg("power.no_fuel")));
      if (p.mixes && p.mixes.length > 1 && d.run.has(p.plant)) {
        const mid = newId("mix");
        const chosen = d.mix[String(p.plant)] || p.mixes[0];
        const key = (m) => JSON.stringify(m);
        row.append(
          h(
            "div",
            { class: "mix-row" },
            h("label", { for: mid }, tg("power.burn")),
            h(
              "select",
              {
                id: mid,
                "data-focus": `mix-${p.plant}`,
                onchange: (e) => {
                  d.mix[String(p.plant)] = p.mixes[Number(e.target.value)];
                },
              },
              p.mixes.map((m, i) => h("option", { value: i, selected: key(m) === key(chosen) }, mixText(m))),
            ),
          ),
        );
      }
      if (idle && d.run.has(p.plant))
        row.append(
          h(
            "p",
            { class: "small muted" },
            tg("power.idle", { amount: elektro(idle.rounded), count: idle.powered, owed: elektro(idle.owed) }),
          ),
        );
    }
    list.append(row);
  }
  box.append(list);

  const preview = h("div", { class: "power-preview", id: "grid-preview", "aria-live": "polite" });
  box.append(preview);
  fillPreview(ctx, preview);

  const run = runList(d);
  const mix = Object.fromEntries(Object.entries(d.mix).filter(([n]) => d.run.has(Number(n))));
  box.append(
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          class: "btn btn-primary",
          id: "grid-power",
          "data-focus": "power",
          onclick: async () => {
            const reply = await ctx.act({ type: "power", run, mix });
            if (reply && !ctx.remote && !reply.moved) notify(tg("power.saved_note"));
          },
        },
        L.saved ? tg("power.change") : tg("power.save"),
      ),
    ),
  );
  if (L.saved)
    box.append(
      h(
        "p",
        { class: "small good", id: "grid-power-saved" },
        tg("power.saved", {
          plants: L.saved.run.length ? L.saved.run.map((n) => num(n)).join(", ") : tg("power.none"),
        }),
      ),
    );
  return box;
}

const mixText = (m) =>
  Object.entries(m)
    .map(([r, k]) => tg("resource.amount", { count: k, resource: resourceName(r) }))
    .join(" + ");

/** The suggested run's preview is in `legal`; another run's comes from the engine's tool. */
function fillPreview(ctx, box) {
  const L = ctx.view.legal,
    d = ctx.draft;
  const run = runList(d);
  const key = run.join(",");
  const show = (plan) => {
    box.replaceChildren(
      h("h4", {}, tg("power.preview", { count: plan.powered, amount: elektro(plan.rounded) })),
      incomeTable(ctx.view, ctx.seat, plan),
    );
  };
  if (
    same(
      run,
      [...L.suggested.run].sort((a, b) => a - b),
    )
  )
    return show(L.preview);
  if (d.previews[key]) return show(d.previews[key]);
  box.replaceChildren(h("p", { class: "muted" }, tg("power.pricing")));
  tool("preview", ctx, { run })
    .then((plan) => {
      d.previews[key] = plan;
      if (box.isConnected && runList(d).join(",") === key) show(plan);
    })
    .catch((error) => {
      if (box.isConnected) box.replaceChildren(h("p", { class: "bad" }, errorText(error)));
    });
}
