"""Accessibility audited with axe-core (tests/site/axe.py), in English and Arabic at a phone's
375 px and a laptop's 1280 px: the lobby, every game's how-to, the hot-seat curtain and every
game's table at its first decision show no violation of impact serious or critical. Every
phase of every game and the final screens are audited in English at 375 px by the fold test
(test_fold.py), which meets them all."""

from __future__ import annotations

import pytest

from .axe import audit
from .hall import open_hall, pick_game, start
from .net.test_net_ui import player_round

GAMES = ("broker-yard", "ekonos", "spy", "grid")
SEATS = [("Ann", "human"), ("Ada", "easy"), ("Boris", "easy")]
SPY_SEATS = SEATS + [("Cleo", "easy"), ("Dan", "easy")]
WIDTHS = (1280, 375)


def at_widths(page, where, found):
    """Audit the page as it is at both widths (back at 1280 after)."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_function("(w) => !document.getElementById('app').dataset.width"
                               " || document.getElementById('app').dataset.width === String(w)", arg=width)
        found += audit(page, f"{where} at {width} px")
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("locale", ["en-US", "ar"])
def test_lobby_howto_curtain_and_tables(guard, site_server, locale):
    page = open_hall(guard, site_server, locale=locale)
    found = []
    at_widths(page, "the lobby", found)
    for game in GAMES:
        pick_game(page, game)
        page.click(f"#by-howto-open[data-game='{game}']")
        page.wait_for_selector(f"#by-howto[data-game='{game}'] h3")
        at_widths(page, f"{game}'s how-to", found)
        page.click("#by-howto-back")
        page.wait_for_selector("#app > .lobby")
    # the curtain of a hot-seat game
    start(page, "broker-yard", [("Ann", "human"), ("Bob", "human"), ("Ada", "easy")])
    page.wait_for_selector("#by-curtain")
    at_widths(page, "the curtain", found)
    page.click("#by-lobby")
    if locale == "ar":  # the tables in English: test_fold.py, every phase
        for game in GAMES:
            start(page, game, SPY_SEATS if game == "spy" else SEATS)
            page.wait_for_selector("[data-decision]")
            at_widths(page, f"{game}'s table", found)
            page.click("#by-lobby")
    assert not found, "\n  ".join(["axe-core found:", *found])


def test_the_hosts_and_the_players_pages(guard, site_server):
    """A game played by links: the host's page in English, the invited player's in Arabic."""
    found = []
    host = open_hall(guard, site_server)
    start(host, "broker-yard", [("Hosta", "human"), ("Pia", "remote"), ("Ada", "easy")])
    host.wait_for_selector("textarea[data-code='round']")
    host.click("[data-invite-toggle='1']")
    invite = host.locator("textarea[data-code='invite-1']").input_value()
    at_widths(host, "the host's page", found)
    player = open_hall(guard, site_server, locale="ar")
    player.goto(invite)
    player.wait_for_selector("#by-play")
    player_round(player, host.locator("textarea[data-code='round']").input_value())  # the round's table
    at_widths(player, "the player's page", found)
    assert not found, "\n  ".join(["axe-core found:", *found])
