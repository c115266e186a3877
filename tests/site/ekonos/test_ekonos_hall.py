"""Ekonos through the hall in a real browser: one human and three bots play a whole game to
the final screen (a card played for its top on a space lit on the map, for a bottom
company, shares bought and sold, an expansion when Ann presides; the log; the score broken
down); hot-seat from a recorded game where Bob, president of Gamma, decides in the middle
of Ann's turn (a curtain before each person's hand, none between one person's steps); a
phone in Arabic played by keyboard and taps. Screenshots go to tests/site/screenshots/.

Rules are tested in tests/engine/ekonos; these drive the page only. The bots' pace is
instant; the whole game's duration is printed (the CI budget).
"""

from __future__ import annotations

import time
from pathlib import Path

from ..hall import no_horizontal_overflow, open_hall, shot
from .helpers import FIELD, act, my_turn, quick_turn, start_game

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ekonos"


def play_top_on_map(page):
    """The first card for its top: the legal spaces light up on the map; one is clicked."""
    page.locator(".ek-hand button.ek-card").first.click()
    if page.is_disabled("#ek-use-top"):
        return None
    page.click("#ek-use-top")
    targets = page.locator("svg.ek-map .space.target")
    assert targets.count() == page.locator("#ek-spaces .space-choice").count() > 0
    target = targets.first
    space = target.get_attribute("data-space")
    protect = "target-protect" in target.get_attribute("class")
    act(page, lambda: target.click())
    tile = page.locator(f"svg.ek-map .space[data-space='{space}']")
    assert tile.get_attribute("data-company")
    if protect:
        assert tile.get_attribute("data-protected") == "1"
    return space


def test_solo_game_against_three_bots_to_the_end(guard, site_server):
    started = time.monotonic()
    page = open_hall(guard, site_server)
    start_game(page, [("Ann", "human"), ("Ada", "strong"), ("Boris", "normal"), ("Cleo", "easy")])
    done = set()
    decisions = 0
    while (phase := my_turn(page)) is not None:
        decisions += 1
        assert decisions < 300
        assert phase != "curtain"  # one person at this device: never a curtain
        if phase == "play" and "top" not in done:
            shot(page, "ekonos-play-1280-en")
            if play_top_on_map(page):
                done.add("top")
                continue
        if phase == "play":
            # a bottom company: the one that makes Ann's own company expand if there is one
            page.locator(".ek-hand button.ek-card").first.click()
            mine = page.locator("#ek-play [data-bottom].expands-choice, #ek-play [data-bottom].expands-forced")
            done.add("bottom")
            act(page, lambda: (mine.first if mine.count() else page.locator("#ek-play [data-bottom]").first).click())
            continue
        if phase == "expand_or_wait":
            assert "You are" in page.inner_text("#ek-expand-panel")
            shot(page, "ekonos-expand-1280-en")
            done.add("expand")
            act(page, lambda: page.click("#ek-expand"))
            continue
        if phase == "grow":
            targets = page.locator("svg.ek-map .space.target")
            assert targets.count() >= 1
            if "grow" not in done:
                shot(page, "ekonos-grow-1280-en")
            done.add("grow")
            act(page, lambda: targets.first.click())
            continue
        if phase == "sell" and "sell" not in done and page.locator("[data-sell]").count():
            row = page.locator("[data-sell]").first
            company = row.get_attribute("data-sell")
            before = int(page.get_attribute(".ek-seats .seat-card[data-seat='0'] [data-coins]", "data-coins"))
            act(page, lambda: row.click())
            after = int(page.get_attribute(".ek-seats .seat-card[data-seat='0'] [data-coins]", "data-coins"))
            assert after > before, company
            done.add("sell")
            continue
        if phase == "buy" and page.locator("[data-buy]").count():
            done.add("buy")
        quick_turn(page, phase)
    elapsed = time.monotonic() - started
    assert {"top", "bottom", "buy"} <= done, done
    shot(page, "ekonos-final-1280-en")
    rows = page.locator(".ek-final .ranking .rank-row")
    assert rows.count() == 4
    assert {rows.nth(i).locator(".seat-name bdi").inner_text() for i in range(4)} == {"Ann", "Ada", "Boris", "Cleo"}
    scores = [int(rows.nth(i).locator("[data-score]").get_attribute("data-score")) for i in range(4)]
    assert scores == sorted(scores, reverse=True)
    assert page.locator(".ek-final .breakdown .coins").count() == 4
    page.click("#by-tab-log")
    assert page.locator(".ek-log .log-entry").count() > 40
    assert "The game is over." in page.inner_text(".ek-log")
    page.click("#by-lobby")
    assert page.locator("#by-archive .game-item").count() == 1
    print(f"whole ekonos game through the UI: {decisions} decisions of the human, {elapsed:.0f} s, done {sorted(done)}")
