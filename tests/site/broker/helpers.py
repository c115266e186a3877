"""Broker-Yard in the browser: starting a game, reading the round, choosing a card."""

from __future__ import annotations

import json
from pathlib import Path

from ..hall import no_horizontal_overflow as fits, start

GAME = "broker-yard"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "broker-yard"


def no_horizontal_overflow(page):
    """The page fits, and the price table fits its box (a phone's width)."""
    fits(page, inner=".price-table")


def start_game(page, seats, deal="3+5"):
    start(page, GAME, seats, [("deal", deal)])


def open_imported(page, name, seats=None):
    """A record of tests/fixtures/broker-yard/ imported in the lobby and opened; `seats` gives
    its seats other kinds ("human", "remote" or a bot level) than the record's."""
    record = json.loads((FIXTURES / name).read_text())
    if seats:
        record["meta"]["seats"] = [{"kind": k} if k in ("human", "remote") else {"kind": "bot", "level": k}
                                   for k in seats]
    before = page.locator("#by-running .game-item").count()
    page.set_input_files("#by-import-file", {"name": name, "mimeType": "application/json",
                                             "buffer": json.dumps(record).encode()})
    page.wait_for_function("(n) => document.querySelectorAll('#by-running .game-item').length > n", arg=before)
    # the newest game is listed first
    page.locator("#by-running .game-item").first.locator("[data-open]").click()
    page.wait_for_selector(".game-top")


def round_number(page):
    return page.evaluate("document.querySelector('.game-top h2').textContent")


def open_card(page, n=0, tap=False, cards=".hand-card"):
    """Pick the n-th card of the hand and wait for its chooser. The page redraws
    asynchronously (a remote page reads its link again), so the old chooser may still be on
    screen for a moment: wait for the one of this very card."""
    card = page.locator(cards).nth(n)
    value = card.locator("input[name=card]").get_attribute("value")
    card.tap() if tap else card.click()
    page.locator(f"#broker-chooser[data-card='{value}']").wait_for()
    return value


def complete_choices(page, card, tap=False):
    """Fill the chooser of `card`: the first other colour, or -10/-20/-30 in order."""
    chooser = page.locator(f"#broker-chooser[data-card='{card}']")
    other = chooser.locator("input[name=other]")
    if other.count():
        other.first.tap() if tap else other.first.click()
    selects = chooser.locator("select")
    for i in range(selects.count()):
        selects.nth(i).select_option(str([-10, -20, -30][i]))


def pick_card(page, n=0, tap=False, cards=".hand-card"):
    """Pick the n-th card of the hand and fill its chooser."""
    complete_choices(page, open_card(page, n, tap, cards), tap)


def choose_first_card(page):
    """Pick the first card of the hand and complete its choices."""
    card = open_card(page)
    if page.locator("#broker-chooser input[name=other]").count():
        assert page.is_disabled("#broker-save")  # choices incomplete: saving is refused ...
        assert page.locator("#broker-choice-message").inner_text().strip()  # ... with a message
    complete_choices(page, card)
    assert page.is_enabled("#broker-save")


def press_ready(page):
    """Ready, as a player would: in debt, "Sell enough" first. Ready asks before a bankruptcy,
    when even that cannot save the seat (the warning stays) or when the card alone would
    bankrupt the player (the deal decides: a chosen card's fate), and the test says yes. The
    question comes after the engine has checked the draft, so the test waits for the page to
    be at rest or asking."""
    if page.locator("#broker-sell-enough:visible").count():
        page.click("#broker-sell-enough")
        page.wait_for_selector("#broker-debt[hidden]", state="attached")
    hopeless = page.locator("#broker-debt:visible").count()
    page.click("#broker-save")
    page.wait_for_function("document.documentElement.dataset.settled || document.querySelector('dialog[open]')")
    asked = page.locator("dialog[open]").count()
    assert asked or not hopeless, "Ready in a hopeless debt asks first"
    if asked:
        page.click("dialog[open] [data-ok]")


def price_columns(page):
    """The price table's column headings, as read."""
    return [t.strip() for t in page.locator(".price-table thead th").all_inner_texts()]


def play_round(page):
    before = round_number(page)
    choose_first_card(page)
    press_ready(page)
    page.wait_for_function("(t) => document.querySelector('.game-top h2').textContent !== t", arg=before)
