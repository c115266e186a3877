// Drawing a line city by city on the map (phase 4): from one of the player's stations or
// the end of a hanging line, each next city tapped on the map or chosen in the list; the
// engine prices the line at every step (the `quote` tool) or says why it cannot be laid.

import { h } from "../../shell/dom.js";
import { num, errorText } from "../../shell/i18n.js";
import { tg, cityName, cityText, elektro, NEIGHBOURS, BOARD } from "./words.js";
import { markCity } from "./map.js";
import { tool } from "./tools.js";
import { outlookLines } from "./outlook.js";

export const lineAction = (from, via, path) => ({
  type: "line",
  from,
  to: path[path.length - 1],
  path,
  ...(via ? { via } : {}),
});

// ---------------------------------------------------------------- drawing a route
/** Where a line may begin: the player's stations and the ends of its hanging lines. */
function starts(ctx) {
  const me = ctx.view.seats[ctx.seat];
  const out = {};
  for (const p of me.plants) out[p.city] = { city: p.city, via: null };
  for (const c of me.substations) out[c] = { city: c, via: null };
  for (const end of me.hanging || []) if (!out[end.city]) out[end.city] = { city: end.city, via: end.via };
  return out;
}

function startTargets(ctx) {
  return Object.fromEntries(Object.keys(starts(ctx)).map((c) => [c, { label: "●", title: tg("build.start_here") }]));
}

function nextCities(ctx, path) {
  const inPlay = new Set(ctx.view.regions);
  const last = path[path.length - 1];
  return (NEIGHBOURS[last] || [])
    .map(([c]) => c)
    .filter((c) => !path.includes(c) && inPlay.has(BOARD.cities[c].region));
}

export function beginRoute(ctx, line) {
  ctx.draft.route = line ? { from: line.from, via: line.via, path: [line.from] } : { from: null, via: null, path: [] };
  ctx.draft.quote = null;
  ctx.redraw();
}

function startRoute(ctx, c) {
  const start = starts(ctx)[c];
  if (!start) return;
  ctx.draft.route = { from: c, via: start.via, path: [c] };
  ctx.redraw();
}

function extendRoute(ctx, c) {
  const r = ctx.draft.route;
  if (r.path.length > 1 && r.path[r.path.length - 1] === c) r.path.pop();
  else if (nextCities(ctx, r.path).includes(c)) r.path.push(c);
  else return;
  requote(ctx);
}

/** The engine prices the drawn line (cost, substation, total) or says why it cannot be. */
async function requote(ctx) {
  const r = ctx.draft.route;
  ctx.draft.quote = null;
  ctx.redraw();
  if (r.path.length < 2) return;
  const key = r.path.join(">");
  try {
    const got = await tool("quote", ctx, { action: lineAction(r.from, r.via, r.path) });
    if (ctx.draft.route !== r || r.path.join(">") !== key) return; // the route changed meanwhile
    ctx.draft.quote = got;
  } catch (error) {
    ctx.draft.quote = { ok: false, error };
  }
  ctx.redraw();
}

export function routePanel(ctx) {
  const r = ctx.draft.route,
    q = ctx.draft.quote;
  const box = h("div", { class: "route", id: "grid-route", role: "region", "aria-label": tg("build.route_title") });
  box.append(h("h4", {}, tg("build.route_title")));
  if (!r.path.length) {
    box.append(h("p", {}, tg("build.route_start")));
    const list = h("ul", { class: "target-list" });
    for (const c of Object.keys(starts(ctx)))
      list.append(
        h(
          "li",
          {},
          h(
            "button",
            { type: "button", class: "target-item", "data-city": c, onclick: () => startRoute(ctx, c) },
            cityText(c),
          ),
        ),
      );
    box.append(list);
  } else {
    box.append(h("p", { class: "route-path" }, r.path.map(cityName).join(" – ")));
    const live = h("p", { class: "route-quote", id: "grid-quote", role: "status" });
    if (r.path.length < 2) live.append(tg("build.route_extend"));
    else if (!q) live.append(tg("build.route_pricing"));
    else if (q.ok) {
      const line = (q.events || []).find((e) => e.type === "line") || {};
      live.append(
        line.substation
          ? tg("build.line_cost_sub", {
              cost: elektro(line.cost),
              sub: elektro(ctx.view.legal.substation_cost),
              total: elektro(line.total),
            })
          : tg("build.line_cost", { cost: elektro(q.cost) }),
      );
    } else {
      live.classList.add("bad");
      live.append(errorText(q.error));
    }
    box.append(live);
    if (q && q.ok) box.append(outlookLines(q.outlook, { after: true }));
    const next = nextCities(ctx, r.path);
    if (next.length) {
      box.append(h("p", { class: "small muted" }, tg("build.route_next")));
      const last = r.path[r.path.length - 1];
      box.append(
        h(
          "ul",
          { class: "next-list" },
          next.map((c) => {
            const cost = (NEIGHBOURS[last].find(([o]) => o === c) || [])[1];
            return h(
              "li",
              {},
              h(
                "button",
                {
                  type: "button",
                  class: "btn next-item",
                  "data-city": c,
                  "data-focus": `next-${c}`,
                  onmouseenter: () => markCity(c, true),
                  onmouseleave: () => markCity(c, false),
                  onclick: () => extendRoute(ctx, c),
                },
                cityText(c),
                " ",
                h("span", { class: "small muted" }, tg("build.printed", { cost: num(cost) })),
              ),
            );
          }),
        ),
      );
    }
  }
  box.append(
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          class: "btn btn-primary",
          id: "grid-lay",
          disabled: !(q && q.ok),
          onclick: () => ctx.act(lineAction(r.from, r.via, r.path)),
        },
        q && q.ok ? tg("build.line_button", { cost: elektro(q.cost) }) : tg("build.lay"),
      ),
      r.path.length > 1
        ? h(
            "button",
            {
              type: "button",
              class: "btn",
              "data-focus": "undo",
              onclick: () => {
                r.path.pop();
                requote(ctx);
              },
            },
            tg("build.undo_city"),
          )
        : null,
      h(
        "button",
        {
          type: "button",
          class: "btn btn-link",
          "data-focus": "cancel-route",
          onclick: () => {
            ctx.draft.route = null;
            ctx.draft.quote = null;
            ctx.redraw();
          },
        },
        tg("build.cancel_route"),
      ),
    ),
  );
  return box;
}

/** What the map shows and does while a route is drawn. */
export function routeMap(ctx) {
  const r = ctx.draft.route;
  if (!r.path.length) return { targets: startTargets(ctx), onCity: (c) => startRoute(ctx, c) };
  return {
    path: r.path,
    next: nextCities(ctx, r.path),
    selected: r.path[r.path.length - 1],
    onCity: (c) => extendRoute(ctx, c),
  };
}
