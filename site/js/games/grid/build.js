// Phase 4, building, as clicks on the map: every city where the player may build is a target
// with its cost (from `legal`); choosing one (on the map or in the list beside it) shows what
// can be done there and what it costs before anything is played. A line along another route
// is drawn city by city (route.js). Upgrades and moving resources are plain forms (forms.js).
// Each proposal shows the next bureaucracy after it (the engine's `quote`, outlook.js).
// Nothing here adds up a cost.

import { h } from "../../shell/dom.js";
import { num, errorText, richList } from "../../shell/i18n.js";
import { tg, cityName, cityText, elektro, seatName, plantText } from "./words.js";
import { markCity, camKey } from "./map.js";
import { showCity } from "./camera.js";
import { lineAction, beginRoute, routePanel, routeMap } from "./route.js";
import { upgradeForm, moveForm } from "./forms.js";
import { outlookLines } from "./outlook.js";
import { tool } from "./tools.js";

const FILTERS = ["all", "plant", "line", "substation"];

/** city -> {city, actions: [{kind, ...}], cost (the cheapest total)} from the legal moves; a
 *  line keeps the engine's own `cost` (the line) and `total` (with the substation). */
function targetsOf(L) {
  const out = {};
  const add = (c, action, total) => {
    const t = (out[c] ||= { city: c, actions: [], cost: Infinity });
    t.actions.push(action);
    t.cost = Math.min(t.cost, total);
  };
  for (const b of L.build || [])
    for (const c of b.cities)
      add(
        c,
        { kind: "plant", plant: b.plant, cost: L.plant_cost, displaces: (L.displaces || {})[c] || [] },
        L.plant_cost,
      );
  for (const line of L.lines || []) add(line.to, { kind: "line", ...line }, line.total);
  for (const sub of L.substations || []) add(sub.city, { kind: "substation", cost: sub.cost }, sub.cost);
  return out;
}

/** The action a proposal's button plays. */
function actionOf(a, city) {
  if (a.kind === "plant") return { type: "build", plant: a.plant, city };
  if (a.kind === "line") return lineAction(a.from, a.via, a.path);
  return { type: "substation", city };
}

/** The next bureaucracy after the proposed action, from the engine's `quote` (cached for
 *  the step: the draft lives as long as it). */
function afterAction(ctx, action) {
  const d = ctx.draft;
  const key = JSON.stringify(action);
  d.quotes ||= {};
  const box = h("div", { class: "after", "aria-live": "polite" });
  const show = (q) =>
    box.replaceChildren(
      q.ok ? outlookLines(q.outlook, { after: true }) : h("p", { class: "small bad" }, errorText(q.error)),
    );
  if (d.quotes[key]) show(d.quotes[key]);
  else {
    box.append(h("p", { class: "small muted" }, tg("outlook.pricing")));
    tool("quote", ctx, { action })
      .then((q) => {
        d.quotes[key] = q;
        if (box.isConnected) show(q);
      })
      .catch((error) => box.isConnected && show({ ok: false, error }));
  }
  return box;
}

const shown = (d, t) => d.filter === "all" || !d.filter || t.actions.some((a) => a.kind === d.filter);

/** What the map shows and does in this phase. */
export function buildMap(ctx) {
  const d = ctx.draft;
  const L = ctx.view.legal;
  if (d.route) return routeMap(ctx);
  const all = targetsOf(L);
  const targets = {};
  for (const [c, t] of Object.entries(all)) {
    if (!shown(d, t)) continue;
    targets[c] = { label: num(t.cost), title: tg("build.cheapest_here", { cost: elektro(t.cost) }) };
  }
  const line = d.city && all[d.city] && all[d.city].actions.find((a) => a.kind === "line");
  return {
    targets,
    selected: d.city,
    path: line ? line.path : null,
    onCity: (c) => {
      d.city = c;
      ctx.redraw();
      focusProposal();
    },
  };
}

function focusProposal() {
  const first = document.querySelector("#grid-proposal button");
  if (first) first.focus();
}

// ---------------------------------------------------------------- the panel
export function buildPanel(ctx) {
  const v = ctx.view,
    L = v.legal,
    d = ctx.draft;
  d.filter ||= "all";
  const box = h("section", {
    class: "act-panel build-panel",
    "aria-labelledby": "grid-act-title",
    "data-decision": "",
  });
  box.append(h("h3", { id: "grid-act-title" }, tg("build.title")));
  box.append(h("p", { class: "small" }, tg("auction.cash", { cash: elektro(L.cash) })));
  box.append(outlookLines(v.outlook));
  if (d.route) {
    box.append(routePanel(ctx));
    return box;
  }
  box.append(h("p", { class: "hint small" }, tg("build.hint")));
  const all = targetsOf(L);
  if (d.city && all[d.city]) box.append(proposal(ctx, all[d.city]));
  else if (d.city) d.city = null;

  const counts = Object.fromEntries(
    FILTERS.map((f) => [
      f,
      Object.values(all).filter((t) => f === "all" || t.actions.some((a) => a.kind === f)).length,
    ]),
  );
  box.append(
    h(
      "fieldset",
      { class: "radios target-filter" },
      h("legend", { class: "sr-only" }, tg("build.show")),
      h(
        "div",
        { class: "radio-row" },
        FILTERS.filter((f) => f === "all" || counts[f]).map((f) =>
          h(
            "label",
            { class: "radio-pill" },
            h("input", {
              type: "radio",
              name: "grid-filter",
              value: f,
              checked: d.filter === f,
              "data-focus": `filter-${f}`,
              onchange: () => {
                d.filter = f;
                ctx.redraw();
              },
            }),
            h("span", {}, tg(`build.filter.${f}`, { count: counts[f] })),
          ),
        ),
      ),
    ),
  );
  const list = Object.values(all)
    .filter((t) => shown(d, t))
    .sort((a, b) => a.cost - b.cost || cityName(a.city).localeCompare(cityName(b.city)));
  const key = camKey(ctx);
  box.append(
    list.length
      ? h(
          "ul",
          { class: "target-list", id: "grid-targets", "aria-label": tg("build.targets") },
          list.map((t) =>
            h(
              "li",
              {},
              h(
                "button",
                {
                  type: "button",
                  class: ["target-item", d.city === t.city && "chosen"],
                  "data-city": t.city,
                  "data-focus": `target-${t.city}`,
                  "aria-pressed": d.city === t.city ? "true" : "false",
                  onmouseenter: () => markCity(t.city, true),
                  onmouseleave: () => markCity(t.city, false),
                  onfocus: () => {
                    markCity(t.city, true);
                    showCity(key, t.city);
                  },
                  onblur: () => markCity(t.city, false),
                  onclick: () => {
                    d.city = t.city;
                    ctx.redraw();
                    focusProposal();
                  },
                },
                cityText(t.city),
                h(
                  "span",
                  { class: "target-kinds small muted" },
                  [...new Set(t.actions.map((a) => tg(`build.kind.${a.kind}`)))].join(" · "),
                ),
                h("span", { class: "target-cost" }, elektro(t.cost)),
              ),
            ),
          ),
        )
      : h("p", { class: "empty" }, tg("build.no_targets")),
  );
  if (L.lines && L.lines.length) {
    box.append(
      h(
        "div",
        { class: "row" },
        h(
          "button",
          { type: "button", class: "btn", id: "grid-draw", "data-focus": "draw", onclick: () => beginRoute(ctx, null) },
          tg("build.draw"),
        ),
      ),
    );
  }
  const upgrades = upgradeForm(ctx);
  if (upgrades) box.append(upgrades);
  const moves = moveForm(ctx);
  if (moves) box.append(moves);
  box.append(
    h(
      "div",
      { class: "row done-row" },
      h(
        "button",
        {
          type: "button",
          class: "btn btn-primary",
          id: "grid-done",
          "data-focus": "done",
          onclick: () => ctx.act({ type: "done" }),
        },
        tg("build.done"),
      ),
    ),
  );
  return box;
}

/** What can be done in the chosen city, each with its cost and its own button. */
function proposal(ctx, target) {
  const v = ctx.view,
    L = v.legal;
  const box = h(
    "div",
    {
      class: "proposal",
      id: "grid-proposal",
      role: "region",
      "aria-label": tg("build.proposal", { city: cityName(target.city) }),
    },
    h("h4", {}, cityText(target.city)),
  );
  const list = h("ul", { class: "proposal-list" });
  for (const a of target.actions) {
    if (a.kind === "plant") {
      list.append(
        h(
          "li",
          { "data-kind": "plant", "data-plant": a.plant },
          h("p", {}, tg("build.plant_here", { plant: plantText(a.plant), cost: elektro(a.cost) })),
          h("p", { class: "small muted" }, tg("build.home_hint")),
          a.displaces.length
            ? h(
                "p",
                { class: "warn small" },
                tg("build.displaces"),
                " ",
                richList(a.displaces.map((i) => seatName(v, i))),
              )
            : null,
          afterAction(ctx, actionOf(a, target.city)),
          h(
            "button",
            {
              type: "button",
              class: "btn btn-primary",
              "data-action": "build",
              onclick: () => ctx.act(actionOf(a, target.city)),
            },
            tg("build.plant_button", { n: num(a.plant), cost: elektro(a.cost) }),
          ),
        ),
      );
    } else if (a.kind === "line") {
      list.append(
        h(
          "li",
          { "data-kind": "line", "data-path": a.path.join(" ") },
          h("p", {}, tg("build.line_from", { from: cityName(a.from), path: a.path.map(cityName).join(" – ") })),
          h(
            "p",
            { class: "small" },
            a.substation
              ? tg("build.line_cost_sub", {
                  cost: elektro(a.cost),
                  sub: elektro(L.substation_cost),
                  total: elektro(a.total),
                })
              : tg("build.line_cost", { cost: elektro(a.cost) }),
          ),
          afterAction(ctx, actionOf(a, target.city)),
          h(
            "div",
            { class: "row" },
            h(
              "button",
              {
                type: "button",
                class: "btn btn-primary",
                "data-action": "line",
                onclick: () => ctx.act(actionOf(a, target.city)),
              },
              tg("build.line_button", { cost: elektro(a.total) }),
            ),
            h(
              "button",
              { type: "button", class: "btn", "data-action": "route", onclick: () => beginRoute(ctx, a) },
              tg("build.other_route"),
            ),
          ),
        ),
      );
    } else {
      list.append(
        h(
          "li",
          { "data-kind": "substation" },
          h("p", {}, tg("build.substation_here", { cost: elektro(a.cost) })),
          afterAction(ctx, actionOf(a, target.city)),
          h(
            "button",
            {
              type: "button",
              class: "btn btn-primary",
              "data-action": "substation",
              onclick: () => ctx.act(actionOf(a, target.city)),
            },
            tg("build.substation_button", { cost: elektro(a.cost) }),
          ),
        ),
      );
    }
  }
  box.append(list);
  box.append(
    h(
      "button",
      {
        type: "button",
        class: "btn btn-link",
        onclick: () => {
          ctx.draft.city = null;
          ctx.redraw();
        },
      },
      tg("build.close"),
    ),
  );
  return box;
}
