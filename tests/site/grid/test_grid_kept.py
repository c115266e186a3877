"""The grid table's kept parts (site/js/shell/keep.js, issue 28): a part drawn from the same
inputs as at the last redraw is the same node, its camera and what the reader did to it kept;
a part whose inputs changed is drawn anew. From a recorded game where Ann builds in round 3
(tests/fixtures/grid/ui-upgrade.json): a redraw that changes nothing (a tab and back), a
city chosen (the map's picks), her upgrade (her plants), her turn's end and the bots' builds
after it (the markets left as they were; each city, and each line of the game log's round
under way, kept by its own inputs; a round before it kept whole). And a purchase of fuel:
the resource rows and the order's seats it did not change stay in the page (the market and
the strip are built anew around them)."""

from __future__ import annotations

from engine.core.game import get_game

from ..hall import open_hall
from ..keys import open_by_keys, played_until
from ..probe import left, probe
from .helpers import act
from .test_grid_hall import FIELD, open_imported

PARTS = {
    "map": "svg.grid-map",
    "cities": "svg.grid-map g.cities",
    "regions": "svg.grid-map g.regions",
    "links": "svg.grid-map g.links",
    "plants": ".plant-market",
    "resources": ".resource-market",
    "mine": ".grid-main .mine",
}

# the map's cities (42), and the oldest line of the round under way in the game log beside the
# table (its newest round first, each newest line first)
CITIES = "svg.grid-map .city"
OLDEST_LINE = "#by-log .log-group:first-of-type li:last-child"
# a round before it: kept whole (shell/rounds.js), its lines made again only when it changes
PAST_ROUND = "#by-log .log-group[data-step='2']"
MARK_ALL = "(sel) => document.querySelectorAll(sel).forEach((el) => (el.__kept = true))"
ROW = ".resource-market .res-row"
SEAT = ".status-strip .order-seat"
COUNT_KEPT = "(sel) => [...document.querySelectorAll(sel)].filter((el) => el.__kept).length"

# each part's node is marked with a property of its own (not an attribute: a new node
# drawn from the same markup has none); which parts are still the marked nodes
MARK = """(parts) => { for (const sel of Object.values(parts)) document.querySelector(sel).__kept = true; }"""
KEPT = """(parts) => Object.fromEntries(Object.entries(parts).map(([name, sel]) => {
    const el = document.querySelector(sel); return [name, !!(el && el.__kept)]; }))"""


def kept(page):
    return {name for name, same in page.evaluate(KEPT, PARTS).items() if same}


def test_parts_kept_while_their_inputs_hold_and_drawn_anew_when_they_change(guard, site_server):
    page = open_hall(guard, site_server)
    open_imported(page, "ui-upgrade.json", "Round 3")
    page.click(".map-zoom [data-zoom=in]")
    zoomed = page.get_attribute("svg.grid-map", "viewBox")
    assert zoomed.split()[2] != "1000" and page.locator("svg.grid-map.zoomed").count() == 1
    page.evaluate(MARK, PARTS)

    # the log tab and back: the table drawn again from the same view, every part the same node
    page.click("#by-tab-log")
    page.click("#by-tab-table")
    page.wait_for_selector(f"{FIELD}[data-acting='1']")
    assert kept(page) == set(PARTS)
    assert page.get_attribute("svg.grid-map", "viewBox") == zoomed

    # a city chosen: the map marks it (a new group for that city), its regions, lines and
    # other cities are the same; the camera is where the reader left it
    city = page.locator("#grid-targets .target-item").first.get_attribute("data-city")
    page.evaluate(MARK_ALL, CITIES)
    page.locator("#grid-targets .target-item").first.click()
    page.wait_for_selector(f"svg.grid-map .city.selected[data-city='{city}']")
    assert kept(page) == set(PARTS)
    assert page.evaluate(KEPT, {"chosen": f"{CITIES}[data-city='{city}']"}) == {"chosen": False}
    assert page.evaluate(COUNT_KEPT, CITIES) >= 30, "most cities show what they showed: the same nodes"
    assert page.get_attribute("svg.grid-map", "viewBox") == zoomed
    page.evaluate(MARK, PARTS)

    # her upgrade: her plants change (her panel anew, showing it), the markets do not
    row = page.locator(".upgrades .upgrade-row[data-plant='4']")
    act(page, lambda: row.locator("[data-action=upgrade]").click())
    assert "mine" not in kept(page) and {"plants", "resources", "regions"} <= kept(page)
    assert page.locator(".grid-main .mine .plant-card[data-plant='10']").count() == 1
    # (a probe in a part built at every draw, as the resource market and its rows are, would
    # be cut with it: it goes in a kept part inside)
    probe(page, {"plants": PARTS["plants"], "coal": f"{ROW}[data-resource='coal'] > .res-head",
                 "regions": PARTS["regions"], "pace": "label:has(> #by-bot-speed)"})

    # her turn ends; the bots build after her, then everyone powers: the markets are the
    # same nodes across the bots' steps (nothing bought, no auction), the map's cities anew
    page.evaluate(MARK_ALL, CITIES)
    past = page.locator(PAST_ROUND)
    assert past.get_attribute("data-kept") == "" and past.locator(".log-lines > li").count() > 0
    page.evaluate(MARK, {"line": OLDEST_LINE, "past": PAST_ROUND})
    page.evaluate(MARK_ALL, f"{PAST_ROUND} li")
    lines = page.locator(f"{PAST_ROUND} li").count()
    act(page, lambda: page.click("#grid-done"))
    page.wait_for_selector(f"{FIELD}[data-acting='1'][data-phase='power']")
    assert {"plants", "resources"} <= kept(page)
    # the cities no bot built on, and the log's first line of this round, are the same nodes too
    assert page.evaluate(COUNT_KEPT, CITIES) >= 30
    assert page.evaluate(KEPT, {"line": OLDEST_LINE, "past": PAST_ROUND}) == {"line": True, "past": True}
    assert page.evaluate(COUNT_KEPT, f"{PAST_ROUND} li") == lines
    # drawn in place (shell/place.js): the markets, the map's regions and the bots' pace in
    # the menu never even left the page
    assert not left(page), f"kept parts taken out of the page and put back: {left(page)}"
    assert page.get_attribute("svg.grid-map", "viewBox") == zoomed


GRID = get_game("grid")
# what each part of each resource's row (its head, each group of spaces of one price) and of
# each seat in the order (its name, money, cities, badges) shows, by key (a probe left out):
# a row and a seat are built around them
SHOWN = r"""() => {
  const markup = (el) => el.outerHTML.replace(/<by-probe[^>]*><\/by-probe>/g, "");
  const out = {};
  for (const row of document.querySelectorAll(".resource-market .res-row")) {
    const r = row.dataset.resource;
    out[`row ${r} head`] = markup(row.querySelector(".res-head"));
    row.querySelectorAll(".res-spaces > li").forEach((li, k) => (out[`row ${r} ${k + 1}`] = markup(li)));
  }
  for (const seat of document.querySelectorAll(".status-strip .order-seat"))
    [...seat.children].forEach((part, k) => (out[`seat ${seat.dataset.seat} ${k + 1}`] = markup(part)));
  return out;
}"""


def where(key):
    """A part's selector from its key in SHOWN."""
    what, name, k = key.split()
    if what == "seat":
        return f"{SEAT}[data-seat='{name}'] > :nth-child({k})"
    row = f"{ROW}[data-resource='{name}']"
    return f"{row} > .res-head" if k == "head" else f"{row} .res-spaces > :nth-child({k})"


def test_a_purchase_leaves_the_other_rows_and_seats_in_the_page(guard, site_server):
    """Ann buys one unit of fuel (the bots paused: nothing else moves): her money in the order
    and that resource's row show it; every part of a row or of a seat in the order that shows
    what it showed never left the page (drawn in place, shell/place.js: on round 11's code all
    left with their market or strip)."""
    def stop(state):
        return (0 in GRID.to_act(state)["seats"] and GRID.legal(state, 0).get("phase") == "resources"
                and GRID.legal(state, 0)["buy"])

    page = open_hall(guard, site_server)
    page.evaluate("localStorage.setItem('by.v1.botSpeed', JSON.stringify('paused'))")
    open_by_keys(page, played_until("grid", {}, ["Ann", "Ada", "Boris"], 5, stop))
    page.wait_for_selector(f"{FIELD}[data-acting='1'][data-phase='resources']")
    before = page.evaluate(SHOWN)
    assert len({k.split()[1] for k in before if k.startswith("row")}) >= 4 and "seat 2 1" in before
    probe(page, {key: where(key) for key in before})
    bought = page.locator(".buy-row").first.get_attribute("data-resource")
    act(page, lambda: page.locator(".buy-row button.btn-primary").first.click())
    now = page.evaluate(SHOWN)
    assert now[f"row {bought} head"] != before[f"row {bought} head"], "the row shows the purchase"
    assert now["seat 0 2"] != before["seat 0 2"], "her money shows it"
    same = {key for key in before if now.get(key) == before[key]}
    # the other rows, most of this one's spaces, her name, her rivals' parts
    assert len([k for k in same if k.startswith(f"row {bought} ")]) >= 2 and "seat 0 1" in same, same
    assert not same & left(page), f"unchanged parts taken out of the page and put back: {same & left(page)}"
