// Phase 5, powering: which of the player's plants run (rules 1: eco and fusion always do),
// the fuel a hybrid burns, which cities the running plants power (the engine's best choice
// preselected), and what that choice earns city by city before it is saved: the engine's
// preview (`legal.preview` for the best choice, the `preview` tool for another).

import { h, newId } from "../../shell/dom.js";
import { num, errorText, list as listText } from "../../shell/i18n.js";
import { notify } from "../../shell/ui.js";
import { tg, cityName, cityText, elektro, plantText, storesText, resourceName } from "./words.js";
import { incomeTable } from "./income.js";
import { tool } from "./tools.js";

function draft(ctx) {
  const d = ctx.draft,
    L = ctx.view.legal;
  if (!d.ready) {
    const from = L.saved || L.suggested;
    d.run = new Set(from.run);
    d.mix = JSON.parse(JSON.stringify(from.mix || {}));
    d.cities = from.cities ? [...from.cities] : null; // null: the best cities for the plants
    d.previews = {};
    d.plan = L.preview; // the last choice the engine explained: its networks list the cities
    d.ready = true;
  }
  return d;
}

const runList = (d) => [...d.run].sort((a, b) => a - b);
const choiceKey = (run, cities) => `${run.join(",")}|${cities ? [...cities].sort().join(",") : "best"}`;

/** The cities the choice powers now: the player's, or the engine's best for the plants. */
const poweredCities = (d) => d.cities || d.plan.chosen || [];

export function powerPanel(ctx) {
  const v = ctx.view,
    L = v.legal;
  const d = draft(ctx);
  const known = knownPreview(ctx, d);
  if (known && !known.error) d.plan = known; // the city list follows the choice explained
  const box = h("section", {
    class: "act-panel power-panel",
    "aria-labelledby": "grid-act-title",
    "data-decision": "",
  });
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
              d.cities = null; // other plants: the engine's best cities for them first
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
  if (L.choose_cities) box.append(citiesList(ctx, d));

  const preview = h("div", { class: "power-preview", id: "grid-preview", "aria-live": "polite" });
  box.append(preview);
  fillPreview(ctx, preview);

  const run = runList(d);
  const mix = Object.fromEntries(Object.entries(d.mix).filter(([n]) => d.run.has(Number(n))));
  const choice = { type: "power", run, mix, ...(d.cities ? { cities: d.cities } : {}) };
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
            const reply = await ctx.act(choice);
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
          plants: L.saved.run.length ? listText(L.saved.run) : tg("power.none"),
        }),
      ),
    );
  return box;
}

const mixText = (m) =>
  Object.entries(m)
    .map(([r, k]) => tg("resource.amount", { count: k, resource: resourceName(r) }))
    .join(" + ");

/** Per network of the player's plants, the cities its running plants may power (the
 *  engine's offer, best first), checked when the choice powers them, and the capacity used. */
function citiesList(ctx, d) {
  const box = h("fieldset", { class: "power-cities", id: "grid-cities" });
  box.append(h("legend", {}, tg("power.cities")));
  const on = new Set(poweredCities(d));
  for (const net of d.plan.networks || []) {
    const group = h("div", { class: "power-network", "data-plants": net.plants.join(" ") });
    group.append(
      h(
        "p",
        { class: "small muted" },
        tg("power.network", {
          plants: listText(net.plants),
          used: num(net.used),
          capacity: num(net.capacity),
        }),
      ),
    );
    const rows = h("ul", { class: "power-list power-city-list" });
    for (const o of net.offer) {
      const id = newId("city");
      rows.append(
        h(
          "li",
          { "data-city": o.city },
          h(
            "label",
            { class: "check", for: id },
            h("input", {
              type: "checkbox",
              id,
              checked: on.has(o.city),
              disabled: !net.capacity,
              "data-focus": `city-${o.city}`,
              onchange: (e) => {
                const now = new Set(poweredCities(d));
                if (e.target.checked) now.add(o.city);
                else now.delete(o.city);
                d.cities = [...now];
                ctx.redraw();
              },
            }),
            h(
              "span",
              {},
              cityText(o.city),
              " ",
              h("strong", {}, elektro(o.amount)),
              o.home != null
                ? h("span", { class: "small muted" }, " ", tg("power.idle_home", { plant: num(o.home) }))
                : null,
            ),
          ),
        ),
      );
    }
    group.append(net.offer.length ? rows : h("p", { class: "small muted" }, tg("power.no_cities")));
    box.append(group);
  }
  if (d.cities)
    box.append(
      h(
        "button",
        {
          type: "button",
          class: "btn btn-link",
          id: "grid-best",
          onclick: () => {
            d.cities = null;
            ctx.redraw();
          },
        },
        tg("power.best"),
      ),
    );
  return box;
}

/** The engine's explanation of the choice in the draft, if it has one already: the best
 *  choice's is in `legal`, another's comes from the `preview` tool (fillPreview). */
function knownPreview(ctx, d) {
  const L = ctx.view.legal,
    best = L.suggested;
  const bestRun = [...best.run].sort((a, b) => a - b);
  d.previews[choiceKey(bestRun, null)] ||= L.preview;
  if (best.cities) d.previews[choiceKey(bestRun, best.cities)] ||= L.preview;
  return d.previews[choiceKey(runList(d), d.cities)];
}

/** The choice's income, explained; the tool also refuses a choice that cannot be (too many
 *  cities for a network's plants), and the city list follows the choice shown. */
function fillPreview(ctx, box) {
  const d = ctx.draft;
  const run = runList(d);
  const key = choiceKey(run, d.cities);
  const known = knownPreview(ctx, d);
  if (known && known.error) return box.replaceChildren(h("p", { class: "bad" }, errorText(known.error)));
  if (known)
    return box.replaceChildren(
      h("h4", {}, tg("power.preview", { count: known.powered, amount: elektro(known.rounded) })),
      incomeTable(ctx.view, ctx.seat, known),
    );
  box.replaceChildren(h("p", { class: "muted" }, tg("power.pricing")));
  const again = () => box.isConnected && choiceKey(runList(d), d.cities) === key && ctx.redraw();
  tool("preview", ctx, { run, cities: d.cities })
    .then((plan) => {
      d.previews[key] = plan;
      again();
    })
    .catch((error) => {
      d.previews[key] = { error };
      again();
    });
}
