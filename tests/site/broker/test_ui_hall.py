"""The game hall in a real browser: a whole solo game through the UI, a hot-seat round, a
reload mid-round, names shown as text, Arabic right-to-left, and screenshots at 375 and
1280 px (written to tests/site/screenshots/, git-ignored, for people to look at).

Engine rules are not tested here (tests/engine does that); these drive the page only.
"""

from __future__ import annotations

import re

import pytest

from ..conftest import wait_started
from ..hall import EVIL, open_hall, set_pace, shot, switch_seat
from .helpers import choose_first_card, no_horizontal_overflow, play_round, round_number, start_game


def test_solo_game_against_two_bots_to_the_final_screen(guard, site_server):
    page = open_hall(guard, site_server)
    shot(page, "lobby-1280-en")
    start_game(page, [("Ann", "human"), ("Ada", "easy"), ("Boris", "easy")])
    assert "1" in round_number(page)
    # paused, bots playing on their own wait: if Ann goes bankrupt, "Play out" finishes the game
    set_pace(page, "paused")

    # trades: buying with no cash is refused before saving, selling is previewed
    page.get_by_role("button", name=re.compile("One Blue share more")).click()
    assert page.is_disabled("#broker-save")
    assert "Not enough cash" in page.inner_text("#broker-problem")
    page.fill("input.trade-input[data-colour=blue]", "-1")
    page.fill("input.trade-input[data-colour=red]", "1")
    assert page.inner_text("#broker-cash-after").strip() == "$0"
    # nothing is preselected in the hand: Ready waits for a card or "no card"
    assert page.locator(".hand-card input:checked").count() == 0
    assert page.is_disabled("#broker-save")
    assert "Play no card" in page.inner_text("#broker-problem")
    assert "ends the round at once" in page.inner_text("#broker-ready-hint")     # alone against bots
    page.click(".hand-none")
    assert page.is_enabled("#broker-save")
    shot(page, "field-1280-en")

    rounds = 0
    while not page.locator(".final").count():
        if page.locator("#broker-play-out").count():  # Ann went bankrupt: the bots finish
            page.click("#broker-play-out")
            page.wait_for_selector(".final")
            break
        play_round(page)
        rounds += 1
        assert rounds <= 8
    assert page.locator("#by-notices > *").count() <= 2  # notices of quick rounds do not pile up
    shot(page, "final-1280-en")
    ranking = page.locator(".ranking .rank-row")
    assert ranking.count() == 3
    assert {ranking.nth(i).locator(".rank-name bdi").inner_text() for i in range(3)} == {"Ann", "Ada", "Boris"}

    page.click("#by-tab-results")
    assert page.locator(".round-block").count() >= 1
    assert page.locator(".round-block").first.locator("table.results-prices tbody tr").count() == 4
    shot(page, "results-1280-en")
    page.click("#by-tab-players")
    assert page.locator(".player-card").count() == 3
    page.click("#by-tab-chart")
    assert page.locator("svg.chart .series polyline").count() == 4

    page.click("#by-lobby")
    assert page.locator("#by-archive .game-item").count() == 1
    assert page.locator("#by-running .game-item").count() == 0


def test_hot_seat_round_with_two_humans(guard, site_server):
    page = open_hall(guard, site_server)
    start_game(page, [("Ann", "human"), ("Bob", "human"), ("Ada", "easy")])
    curtain = page.locator("#by-curtain")
    assert "Pass the device to Ann" in curtain.inner_text()
    assert page.locator(".hand-card").count() == 0  # nothing secret behind the curtain
    page.click("#by-reveal")
    play_and_wait = page.locator(".hand-card")
    assert play_and_wait.count() >= 8
    choose_first_card(page)
    page.click("#broker-save")
    page.wait_for_selector("#by-curtain")
    assert "Pass the device to Bob" in page.inner_text("#by-curtain")
    assert page.locator(".hand-card").count() == 0
    assert "Round 1" in round_number(page)
    page.click("#by-reveal")
    choose_first_card(page)
    page.click("#broker-save")
    page.wait_for_function("document.querySelector('.game-top h2').textContent.includes('Round 2')")
    text = page.inner_text("#by-curtain")
    assert "Round 1 is over" in text and "Pass the device to Ann" in text


def test_reload_mid_round_keeps_saved_orders(guard, site_server):
    page = open_hall(guard, site_server)
    start_game(page, [("Ann", "human"), ("Bob", "human"), ("Boris", "normal")])
    page.click("#by-reveal")
    page.fill("input.trade-input[data-colour=green]", "-1")
    page.click(".hand-none")
    page.click("#broker-save")
    page.wait_for_selector("#by-curtain")                  # Ann is ready: Bob's turn
    page.reload()
    wait_started(page)

    def anns_orders(page):
        page.wait_for_selector("#by-curtain")
        switch_seat(page, 0)
        page.click("#by-reveal")
        page.wait_for_selector("#broker-orders")
        assert page.input_value("input.trade-input[data-colour=green]") == "-1"
        assert page.locator(".hand-none input").is_checked()
        assert "Green" in page.inner_text("#broker-saved-state")
        assert "Round 1" in round_number(page)
    anns_orders(page)
    # a closed tab: a new page of the same browser profile opens the game where it was
    page.close()
    anns_orders(open_hall(guard, site_server, context=page.context))


def test_names_from_outside_are_text(guard, site_server):
    page = open_hall(guard, site_server)
    start_game(page, [(EVIL, "human"), ("Ada", "easy")])
    page.click("#by-tab-players")
    card = page.locator(".player-card").first
    assert card.locator("h3").inner_text() == EVIL
    assert page.locator("#app img").count() == 0
    page.click("#by-lobby")
    assert EVIL in page.inner_text("#by-running")
    assert page.locator("#app img").count() == 0


@pytest.mark.parametrize("width", [375, 1280])
def test_arabic_game_field_is_right_to_left(guard, site_server, width):
    page = open_hall(guard, site_server, width=width, locale="ar")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("document.documentElement.lang") == "ar"
    no_horizontal_overflow(page)
    shot(page, f"lobby-{width}-ar")
    start_game(page, [("سارة", "human"), ("Ada", "easy"), ("Boris", "easy")])
    assert "الجولة" in round_number(page)
    assert page.evaluate("getComputedStyle(document.querySelector('.price-table')).direction") == "rtl"
    no_horizontal_overflow(page)
    shot(page, f"field-{width}-ar")


def test_small_screen_and_language_switch(guard, site_server):
    page = open_hall(guard, site_server, width=375)
    no_horizontal_overflow(page)
    shot(page, "lobby-375-en")
    start_game(page, [("Ann", "human"), ("Ada", "easy"), ("Boris", "easy")])
    no_horizontal_overflow(page)
    choose_first_card(page)
    shot(page, "field-375-en")
    page.select_option("#by-lang", "es")
    page.wait_for_selector("#by-tab-field:has-text('Campo')")
    assert page.evaluate("document.documentElement.lang") == "es"
    no_horizontal_overflow(page)
    page.select_option("#by-lang", "ru")
    page.wait_for_selector("#by-tab-field:has-text('Поле')")
    no_horizontal_overflow(page)
    shot(page, "field-375-ru")
    page.select_option("#by-lang", "en")
    page.click("#broker-save")
    page.wait_for_function("document.querySelector('.game-top h2').textContent.includes('Round 2')")
    page.click("#by-tab-results")
    no_horizontal_overflow(page)
    shot(page, "results-375-en")
