"""The grid table's kept parts (site/js/shell/keep.js, issue 28): a part drawn from the same
inputs as at the last redraw is the same node, its camera and what the reader did to it kept;
a part whose inputs changed is drawn anew. From a recorded game where Ann builds in round 3
(tests/fixtures/grid/ui-upgrade.json): a redraw that changes nothing (a tab and back), a
city chosen (the map's picks), her upgrade (her plants), her turn's end and the bots' builds
after it (the markets left as they were; each city, and each line of the game log, kept by
its own inputs)."""

from __future__ import annotations

from ..hall import open_hall
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
MARK_ALL = "(sel) => document.querySelectorAll(sel).forEach((el) => (el.__kept = true))"
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
    probe(page, {"plants": PARTS["plants"], "resources": PARTS["resources"], "regions": PARTS["regions"],
                 "pace": "label:has(> #by-bot-speed)"})

    # her turn ends; the bots build after her, then everyone powers: the markets are the
    # same nodes across the bots' steps (nothing bought, no auction), the map's cities anew
    page.evaluate(MARK_ALL, CITIES)
    page.evaluate(MARK, {"line": OLDEST_LINE})
    act(page, lambda: page.click("#grid-done"))
    page.wait_for_selector(f"{FIELD}[data-acting='1'][data-phase='power']")
    assert {"plants", "resources"} <= kept(page)
    # the cities no bot built on, and the log's first line of this round, are the same nodes too
    assert page.evaluate(COUNT_KEPT, CITIES) >= 30
    assert page.evaluate(KEPT, {"line": OLDEST_LINE}) == {"line": True}
    # drawn in place (shell/place.js): the markets, the map's regions and the bots' pace in
    # the menu never even left the page
    assert not left(page), f"kept parts taken out of the page and put back: {left(page)}"
    assert page.get_attribute("svg.grid-map", "viewBox") == zoomed
