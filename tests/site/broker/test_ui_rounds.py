"""Round results that tell the truth and read easily (issue 17, item 2): a stop that sold
every holder out below 10 says nobody paid; equal effects read "(2 cards)", never like a ×2
card; each effect names who played it; a mass start's long lists fold under one line per
colour. The records are tests/fixtures/broker-yard/make_rounds.py's."""

from __future__ import annotations

import json

from engine.broker import replay

from ..hall import no_horizontal_overflow, open_hall, shot
from .helpers import FIXTURES, open_imported, price_columns


def last_prices(name):
    state = replay(json.loads((FIXTURES / name).read_text()))
    return state, [e for e in state["history"][-1]["events"] if e["type"] == "price"]


def open_results(page):
    page.click("#by-tab-results")
    page.wait_for_selector("#by-tab-results[aria-selected=true]")
    page.wait_for_selector(".round-block[open] .results-prices")


def test_a_stop_below_10_says_nobody_paid_and_names_who_played(guard, site_server):
    state, prices = last_prices("ui-stop-below-10.json")
    hit = next(e for e in prices if e["stopped"] and e["penalty"])
    page = open_hall(guard, site_server)
    open_imported(page, "ui-stop-below-10.json")
    # the price table above the field: the stop, no penalty
    cell = page.locator(f".price-table tr[data-colour={hit['colour']}]").inner_text()
    assert "stop" in cell.lower() and "penalty" not in cell.lower(), cell
    # a stop was hit: the column of bonuses, penalties and stops is there
    heads = price_columns(page)
    assert heads[2:4] == ["Change", "Bonus / penalty"], heads
    open_results(page)
    row = page.locator(f".round-block[open] .results-prices tr[data-colour={hit['colour']}]")
    text = row.inner_text()
    assert "penalty" not in text.replace("nobody pays a penalty", ""), text
    assert "nobody pays a penalty" in text
    # equal effects: "(2 cards)", never "(×2)" after a figure
    twice = next(g for e in prices for g in e["effects"] if g[2] > 1)
    table = page.locator(".round-block[open] .results-prices").inner_text()
    assert f"({twice[2]} cards)" in table and f"(×{twice[2]})" not in table
    # who played each effect on the colour: one line per effect, with the player's name
    who = row.locator("[data-who-played]")
    who.locator("summary").click()
    lines = who.locator("li").all_inner_texts()
    cards = [e for e in state["history"][-1]["events"] if e["type"] == "card" and not e["void"]]
    # the reader's own seat (Ann's) reads "You"
    expected = [state["players"][e["seat"]] if e["seat"] else "You"
                for e in cards for c, _k, _d in e["effects"] if c == hit["colour"]]
    assert sorted(line.split(":")[0] for line in lines) == sorted(expected)
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        no_horizontal_overflow(page)
        shot(page, f"results-stop-{width}")
    page.set_viewport_size({"width": 375, "height": 900})
    prices_fit(page, ("ru", "ar"), "stop")


def prices_fit(page, langs, name):
    """The price table's five columns (three-digit prices, a stop's note, a mass start's
    holdings) fit a phone in the longer languages: no sideways scrolling (Russian and Arabic
    scrolled by up to 20 px)."""
    page.click("#by-tab-field")
    page.wait_for_selector(".price-table")
    for lang in langs:
        head = page.inner_text(".price-table thead")
        page.select_option("#by-lang", lang)
        # the table is redrawn in the language a task after the page says it (its module again)
        page.wait_for_function("(head) => document.querySelector('.price-table thead').innerText !== head", arg=head)
        page.wait_for_function("document.documentElement.dataset.settled")
        no_horizontal_overflow(page, inner=".price-table")
        shot(page, f"prices-{name}-375-{lang}")


def test_a_mass_start_reads_one_line_per_colour_and_folds_the_lists(guard, site_server):
    page = open_hall(guard, site_server, width=375)
    open_imported(page, "ui-mass.json")
    open_results(page)
    block = page.locator(".round-block[open]")
    # per colour a summary line; the effects played and who played them stay folded
    assert block.locator(".results-prices tbody tr").count() == 4
    assert block.locator("details.stages").count() == 4
    assert block.locator("details.stages[open]").count() == 0
    assert not block.locator("[data-who-played] li").first.is_visible()
    # the long lists of cards and trades fold under their titles with a count
    assert block.locator("details.event-group").count() >= 1
    assert not block.locator("details.event-group ul.events li").first.is_visible()
    block.locator("details.stages summary").first.click()
    assert block.locator("details.stages").first.locator("[data-who-played]").is_visible()
    no_horizontal_overflow(page)
    shot(page, "results-mass-375")
    prices_fit(page, ("ru",), "mass")
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "results-mass-1280")
