"""Broker-Yard in the browser: starting a game, reading the round, choosing a card."""

from __future__ import annotations

from ..hall import no_horizontal_overflow as fits, start

GAME = "broker-yard"


def no_horizontal_overflow(page):
    """The page fits, and the price table fits its box (a phone's width)."""
    fits(page, inner=".price-table")


def start_game(page, seats, deal="3+5"):
    start(page, GAME, seats, [("deal", deal)])


def round_number(page):
    return page.evaluate("document.querySelector('.game-top h2').textContent")


def complete_choices(page, tap=False):
    """Fill the chooser of the picked card: the first other colour, or -10/-20/-30 in order."""
    chooser = page.locator("#by-chooser")
    chooser.wait_for()
    other = chooser.locator("input[name=other]")
    if other.count():
        other.first.tap() if tap else other.first.click()
    selects = chooser.locator("select")
    for i in range(selects.count()):
        selects.nth(i).select_option(str([-10, -20, -30][i]))


def choose_first_card(page):
    """Pick the first card of the hand and complete its choices."""
    page.locator(".hand-card").first.click()
    page.locator("#by-chooser").wait_for()
    if page.locator("#by-chooser input[name=other]").count():
        assert page.is_disabled("#by-save")  # choices incomplete: saving is refused ...
        assert page.locator("#by-choice-message").inner_text().strip()  # ... with a message
    complete_choices(page)
    assert page.is_enabled("#by-save")


def play_round(page):
    before = round_number(page)
    choose_first_card(page)
    page.click("#by-save")
    page.wait_for_function("(t) => document.querySelector('.game-top h2').textContent !== t", arg=before)


