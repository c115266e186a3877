"""Every button readable in every screen state of Broker-Yard's hall, at 1280 and 375 px:
the lobby (each game's form, the saved games), the game field (a disabled Save, the round's
flash), the players, results and chart tabs, a dialog, a bankrupt seat with "Let the bots
finish the game", the final screen and the hot-seat curtain. The contrast is measured in the
page (tests/site/contrast.py: WCAG AA, disabled controls at 3:1)."""

from __future__ import annotations

import re

from ..contrast import contrasts
from ..hall import in_menu, open_hall, pick_game, set_pace, set_seats, shot, start
from .helpers import GAME, choose_first_card, open_imported, start_game

WIDTHS = (1280, 375)


def measure(page, state, failures, must=(), name=None):
    """Every visible button of this state at each width; `must`: ids that have to be among
    them; `name`: a screenshot of each width (`<name>-<width>-en`)."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        if name:
            shot(page, f"{name}-{width}-en")
        found = contrasts(page)
        assert found, f"{state}: no button measured"
        ids = {c["id"] for c in found}
        assert set(must) <= ids, f"{state} at {width}px: {set(must) - ids} not measured"
        failures += [f"{state} {width}px: {c['text']!r} #{c['id']} .{c['cls']}"
                     f"{' (disabled)' if c['disabled'] else ''}: {c['ratio']}:1 {c['fg']} on {c['bg']}"
                     f" < {c['need']}:1" for c in found if c["ratio"] < c["need"]]
    page.set_viewport_size({"width": 1280, "height": 900})


def test_lobby_field_tabs_and_a_dialog(guard, site_server):
    page = open_hall(guard, site_server)
    failures = []
    for game in ("ekonos", "spy", "grid", GAME):
        pick_game(page, game)
        measure(page, f"lobby of {game}", failures, must=["by-start"], name="lobby-spy" if game == "spy" else None)
    # a disabled ✕ (the fewest seats) and the stop-loss spread
    set_seats(page, [("Ann", "human"), ("Ada", "easy")])
    page.check("#by-stop-loss", force=True)
    page.wait_for_selector("[data-option=spread] input:not([disabled])")
    measure(page, "lobby, two seats", failures)

    start_game(page, [("Ann", "human"), ("Ada", "easy"), ("Boris", "easy")])
    # buying with no cash: Ready is disabled
    page.get_by_role("button", name=re.compile("One Blue share more")).click()
    page.wait_for_selector("#broker-save:disabled")
    measure(page, "field, Ready disabled", failures, must=["broker-save", "broker-reset"], name="field-save-disabled")
    in_menu(page, lambda p: measure(p, "the table's menu", failures, must=["by-end-round", "by-share", "by-export"]))
    page.fill("input.trade-input[data-colour=blue]", "0")
    choose_first_card(page)
    page.click("#broker-save")
    page.wait_for_selector(".flash")  # the round is over: what it did, above the field
    measure(page, "field after a round", failures, must=["broker-save"])

    for tab in ("players", "results", "chart"):
        page.click(f"#by-tab-{tab}")
        page.wait_for_selector(f"#by-tab-{tab}[aria-selected=true]")
        measure(page, f"{tab} tab", failures, must=[f"by-tab-{tab}"])
    page.click("#by-tab-field")
    in_menu(page, lambda p: p.click("#by-end-round"))
    page.wait_for_selector("dialog[open]")
    measure(page, "End the round now dialog", failures)
    page.keyboard.press("Escape")
    assert not failures, "buttons below WCAG AA:\n  " + "\n  ".join(dict.fromkeys(failures))


def test_bankrupt_seat_and_final_screen(guard, site_server):
    page = open_hall(guard, site_server)
    failures = []
    # Ann is bankrupt and bots play on; paused, they keep the table still while it is measured
    page.evaluate("localStorage.setItem('by.v1.botSpeed', JSON.stringify('paused'))")
    open_imported(page, "ui-bankrupt.json", seats=["human", "easy", "easy"])
    page.wait_for_selector("#broker-play-out")
    measure(page, "bankrupt seat", failures, must=["broker-play-out"], name="bankrupt")
    set_pace(page, "normal")

    page.click("#by-lobby")
    # a debt: the warning's "Sell enough", and the question before a bankruptcy
    open_imported(page, "ui-debt.json")
    page.click("#by-reveal")
    page.click(".hand-none")
    measure(page, "debt warning", failures, must=["broker-sell-enough", "broker-save"])
    page.click("#broker-save")
    page.wait_for_selector("dialog[open]")
    measure(page, "bankruptcy question", failures)
    page.keyboard.press("Escape")

    page.click("#by-lobby")
    # the same game with bots only: the bots finish it
    open_imported(page, "ui-bankrupt.json", seats=["human", "easy", "easy"])
    page.wait_for_selector("#broker-play-out, .final")
    page.evaluate("() => document.querySelector('#broker-play-out')?.click()")
    page.wait_for_selector(".final")
    measure(page, "final screen", failures, must=["by-rematch"])
    assert not failures, "buttons below WCAG AA:\n  " + "\n  ".join(dict.fromkeys(failures))


def test_hot_seat_curtain(guard, site_server):
    page = open_hall(guard, site_server)
    failures = []
    start(page, GAME, [("Ann", "human"), ("Bob", "human"), ("Ada", "easy")], [("deal", "3+5")])
    page.wait_for_selector("#by-curtain")
    measure(page, "curtain", failures, must=["by-reveal"])
    page.click("#by-reveal")
    choose_first_card(page)
    page.click("#broker-save")
    page.wait_for_selector("#by-curtain:has-text('Bob')")
    page.click("#by-reveal")
    choose_first_card(page)
    page.click("#broker-save")
    page.wait_for_selector("#by-curtain .flash")  # round 1's results on the curtain
    measure(page, "curtain after a round", failures, must=["by-reveal"])
    assert not failures, "buttons below WCAG AA:\n  " + "\n  ".join(dict.fromkeys(failures))
