"""Broker-Yard played to its end with the keyboard alone (issue 33): the shortest deal (3+5,
eight rounds) against two instant bots, every round by keys — a trade typed in digits and
stepped with the − button, a card picked among the radio tiles, its choices (another
colour's radio, the others' selects) made with Space and the arrows, Ready with Enter —
and what a screen reader hears of the table: the prices, the hand, whose turn and the round
just played."""

from __future__ import annotations

import re
import time

from ..hall import HALL_TIMEOUT, open_hall
from ..keys import at, kept, open_by_keys, played_until, press, spoken, tab_to, type_digits

SEED = 3


def choose_card(page, met):
    """The first card of the hand picked with Space and its choices made by keys."""
    tab_to(page, "input[name=card]")
    press(page, "Space")
    page.wait_for_selector("#broker-chooser")
    assert at(page, "input[name=card]"), "the focus left the card just picked"
    if page.locator("#broker-chooser input[name=other]").count():
        met.add("other")
        tab_to(page, "#broker-chooser input[name=other]")
        press(page, "Space")
    colours = page.locator("#broker-chooser select").evaluate_all("(s) => s.map((x) => x.dataset.colour)")
    for i, colour in enumerate(colours):
        met.add("others")
        tab_to(page, f"#broker-chooser select[data-colour={colour}]")
        for _ in range(i + 1):  # each colour its own figure: the first, the second, ...
            press(page, "ArrowDown")
    assert page.locator("#broker-save").is_enabled(), page.inner_text("#broker-problem")


def trade_by_keys(page):
    """One share of the first colour sold (every seat starts with shares and no cash): "2"
    typed in its field, stepped down to 0 with the arrow keys, then its − button pressed."""
    tab_to(page, ".trade-input")
    colour = page.evaluate("document.activeElement.dataset.colour")
    type_digits(page, "2")
    press(page, "ArrowDown")
    press(page, "ArrowDown")
    tab_to(page, f".trade-row[data-colour={colour}] .btn-step[data-focus=minus-{colour}]", back=True)
    press(page, "Enter")
    kept(page, "after the − button")
    assert page.locator(f".trade-input[data-colour={colour}]").input_value() == "-1"
    return colour


def test_broker_yard_by_keyboard(guard, site_server):
    started = time.monotonic()
    page = open_hall(guard, site_server)
    state = played_until("broker-yard", {"deal": "3+5"}, ["Ann", "Ada", "Boris"], SEED, lambda s: True)
    open_by_keys(page, state)
    heard = spoken(page, "#app")
    # the round, the prices, the hand's cards in words and whose turn
    assert 'heading "Round 1 of 8"' in heard and 'row "Blue $100' in heard, heard
    cards = re.findall(r'radio "((?:Blue|Red|Yellow|Green) [+−]\d+[^"]*)"', heard)
    assert len(cards) == 8, heard
    # each card named once (its colour and figure are not read a second time)
    assert all(c.count(" ".join(c.split()[:2])) == 1 for c in cards), cards
    assert "listitem: You are still thinking" in heard and "listitem: Ada is" in heard, heard
    met, rounds = set(), 0
    while True:
        page.wait_for_selector("#broker-save, .final", timeout=HALL_TIMEOUT)
        if page.locator(".final").count():
            break
        if rounds == 0:
            trade_by_keys(page)
        choose_card(page, met)
        before = page.inner_text(".game-top h2")
        tab_to(page, "#broker-save")
        press(page, "Enter")
        if page.locator("dialog[open]").count():  # a card that would bankrupt: asked, said yes
            assert at(page, "dialog[open] [data-ok]")
            press(page, "Enter")
        page.wait_for_function(
            "(t) => document.querySelector('.final') || document.querySelector('.game-top h2').textContent !== t",
            arg=before, timeout=HALL_TIMEOUT)
        rounds += 1
        kept(page, f"after round {rounds}")
        if not page.locator(".final").count():
            # the round just played, in the live region a screen reader reads out
            flash = spoken(page, "#by-panel .flash")
            assert f"Round {rounds}" in flash, flash
            # ... and the polite live region outside the table: the round's end and the next
            news = spoken(page, "#by-announce")
            assert f"Round {rounds} is over" in news and f"Round {rounds + 1} of 8" in news, news
    # the hand's first two cards ask for another colour, then for the others' figures; the
    # game ends after eight rounds, or sooner when a bankruptcy leaves one seat solvent (the
    # bots' seeds come from the imported game's new id)
    assert rounds <= 8 and met == {"other", "others"}, (rounds, met)
    assert kept(page, "on the final screen")["text"] == "Final ranking"
    heard = spoken(page, ".final")
    assert "Final ranking" in heard and "Ann" in heard, heard
    tab_to(page, "#by-rematch")
    print(f"\nBroker-Yard by keyboard: {time.monotonic() - started:.1f} s")
