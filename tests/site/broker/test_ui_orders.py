"""Broker-Yard's orders as a newcomer meets them: the form always starts from the seat's
saved order (hot-seat, back from the curtain), "no card" touches only the card, what Ready
does is said and the same in solo and hot-seat play, and a bankruptcy never comes by
surprise."""

from __future__ import annotations

from ..hall import open_hall, shot, switch_seat
from .helpers import complete_choices, open_card, open_imported, price_columns, round_number, start_game
TITLE_NOT = "(t) => document.querySelector('.game-top h2').textContent !== t"


def reveal(page):
    page.click("#by-reveal")
    page.wait_for_selector("#broker-orders")


def switch_to(page, seat):
    switch_seat(page, seat)
    page.wait_for_selector("#by-curtain")
    reveal(page)


def test_hot_seat_form_starts_from_the_saved_order(guard, site_server):
    page = open_hall(guard, site_server)
    start_game(page, [("Ann", "human"), ("Bob", "human"), ("Ada", "easy")])
    reveal(page)
    page.fill("input.trade-input[data-colour=green]", "-1")
    card = open_card(page)
    complete_choices(page, card)
    choices = page.evaluate("""() => [...document.querySelectorAll(
        '#broker-chooser input:checked, #broker-chooser select')].map((e) => e.value)""")
    page.click("#broker-save")
    page.wait_for_selector("#by-curtain")

    # Bob starts his orders, then hands the device back to Ann: her form is her saved order
    reveal(page)
    page.fill("input.trade-input[data-colour=yellow]", "-1")
    switch_to(page, 0)
    assert "Green" in page.inner_text("#broker-saved-state")
    assert page.input_value("input.trade-input[data-colour=green]") == "-1"
    assert page.locator(f".hand-card input[value='{card}']").is_checked()
    page.locator(f"#broker-chooser[data-card='{card}']").wait_for()
    assert page.evaluate("""() => [...document.querySelectorAll(
        '#broker-chooser input:checked, #broker-chooser select')].map((e) => e.value)""") == choices
    assert page.is_enabled("#broker-save")

    # taking the card back (no card) keeps the trades, on screen and in the saved order
    page.click(".hand-none")
    assert page.locator("#broker-chooser").count() == 0
    assert page.input_value("input.trade-input[data-colour=green]") == "-1"
    page.click("#broker-save")
    page.wait_for_selector("#by-curtain")
    switch_to(page, 0)
    assert page.input_value("input.trade-input[data-colour=green]") == "-1"
    assert page.locator(".hand-none input").is_checked()
    assert "Green" in page.inner_text("#broker-saved-state") and "no card" in page.inner_text("#broker-saved-state")
    assert "Round 1" in round_number(page)
    # and Bob's unsaved start is still his when the device comes back to him
    switch_to(page, 1)
    assert page.input_value("input.trade-input[data-colour=yellow]") == "-1"
    assert "Not ready yet" in page.inner_text("#broker-saved-state")
    shot(page, "orders-hot-seat-back-1280-en")


def test_a_debt_is_warned_of_and_sold_off_in_one_click(guard, site_server):
    """Round 2 of a recorded game: a penalty left Ann with $-10 in cash and four shares."""
    page = open_hall(guard, site_server)
    open_imported(page, "ui-debt.json")
    page.wait_for_selector("#by-curtain")
    reveal(page)
    debt = page.locator("#broker-debt")
    assert debt.is_visible()
    assert "you would go bankrupt" in debt.inner_text() and "at least $10" in debt.inner_text()
    page.click(".hand-none")
    assert page.is_enabled("#broker-save")              # Ready stays possible ...
    page.click("#broker-save")
    dialog = page.locator("dialog[open]")           # ... but asks first
    assert "you go bankrupt this round" in dialog.inner_text()
    shot(page, "orders-debt-confirm-1280-en")
    dialog.get_by_role("button", name="Back to my orders").click()
    assert page.locator("#by-curtain").count() == 0 and "Not ready yet" in page.inner_text("#broker-saved-state")

    page.click("#broker-sell-enough")                   # the least that covers it: one Yellow at $10
    page.wait_for_selector("#broker-debt[hidden]", state="attached")
    assert page.input_value("input.trade-input[data-colour=yellow]") == "-1"
    assert page.inner_text("#broker-cash-after").strip() == "$0"
    assert page.locator(".hand-none input").is_checked()      # the card choice is untouched
    page.click("#broker-save")                                     # no question: nobody goes bankrupt
    page.wait_for_selector("#by-curtain")
    assert "Pass the device to Bob" in page.inner_text("#by-curtain")


def test_ready_is_the_same_alone_and_together(guard, site_server):
    """Alone against bots Ready ends the round at once and the next round's hand comes into view
    under its result; with
    another person it passes the device, also without a card; nothing is preselected."""
    page = open_hall(guard, site_server, width=375)
    start_game(page, [("Ann", "human"), ("Ada", "easy"), ("Boris", "easy")])
    assert page.locator(".hand-card input:checked").count() == 0
    # before any round is over, the price table has no columns about the last one
    assert price_columns(page) == ["Share", "Price", "Mine + others"]
    assert page.locator("#by-tour #by-tour-start").count() == 1  # the first game's tour, offered
    page.click(".hand-none")
    # scrolled down to the buttons, as a phone is (in one step: bots' quiet moves redraw the table)
    page.evaluate("() => document.querySelector('#broker-save').scrollIntoView({ block: 'end' })")
    before = round_number(page)
    page.click("#broker-save")
    page.wait_for_function(TITLE_NOT, arg=before)
    flash = page.locator("#by-panel .flash")
    flash.wait_for(state="attached")
    # the next round's decision is in view (its hand and Ready), its result above it as far
    # as they leave room (on a phone the hand comes first: issue 27), and the result is
    # what a screen reader reads first
    card = page.evaluate("() => document.querySelector('.hand-card').getBoundingClientRect().toJSON()")
    assert 0 <= card["top"] and card["bottom"] <= page.viewport_size["height"], card
    assert page.evaluate("() => document.activeElement.closest('.flash') !== null")
    # the round's change is a column now; bonuses and penalties one only when there were some
    columns = price_columns(page)
    assert columns[:3] == ["Share", "Price", "Change"] and len(columns) in (4, 5), columns
    dashes = page.evaluate("""() => [...document.querySelectorAll('.price-table thead th')].map((_, i) =>
        [...document.querySelectorAll('.price-table tbody tr')]
            .every((tr) => tr.children[i].innerText.trim() === '—'))""")
    assert not any(dashes), (columns, dashes)
    # on a phone the round's moves are the change column's: the flash keeps its title and link
    assert not page.locator("#by-panel .flash .flash-moves").is_visible()
    # a round played on without the tour: it is offered no more
    assert page.locator("#by-tour").count() == 0
    assert page.locator("#by-notices > *").count() == 0       # no notice over the buttons
    assert page.locator(".hand-card input:checked").count() == 0   # a new round: choose again
    shot(page, "orders-solo-result-375-en")

    page = open_hall(guard, site_server)
    start_game(page, [("Ann", "human"), ("Bob", "human"), ("Ada", "easy")])
    reveal(page)
    assert "when every player is ready" in page.inner_text("#broker-ready-hint")
    page.click(".hand-none")
    page.click("#broker-save")                                     # no card, and Ann is ready
    page.wait_for_selector("#by-curtain")
    assert "Pass the device to Bob" in page.inner_text("#by-curtain")
    page.click("#by-tab-players")
    assert "ready" in page.inner_text(".player-card >> nth=0")
