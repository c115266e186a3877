"""Every game's How to play page, from the lobby, in the player's language (issue 17), and
every game's table has the game log beside it in its own words."""

from __future__ import annotations

import pytest

from ..ekonos.helpers import my_turn, start_game as start_ekonos
from ..hall import open_hall, pick_game, shot

GAMES = {  # the game, words its rule text has in English and in Spanish
    "broker-yard": ("Bankruptcy", "Bancarrota"),
    "ekonos": ("The president", "El presidente"),
    "spy": ("The roles", "Los roles"),
    "grid": ("Steps", "Etapas"),
}


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_every_game_has_how_to_play_in_the_language(guard, site_server, locale):
    page = open_hall(guard, site_server, locale=locale)
    for game, words in GAMES.items():
        pick_game(page, game)
        page.click(f"#by-howto-open[data-game='{game}']")
        page.wait_for_selector(f"#by-howto[data-game='{game}'] h3")
        text = page.inner_text("#by-howto")
        assert words[locale != "en-US"] in text, (game, locale)
        assert page.locator("#by-howto h3").count() >= 3
        if game == "spy":
            shot(page, f"howto-spy-1280-{locale[:2]}")
        page.click("#by-howto-back")
        page.wait_for_selector("#app > .lobby")


def test_ekonos_log_says_whose_turn_it_is_and_what_was_played(guard, site_server):
    page = open_hall(guard, site_server)
    start_ekonos(page, [("Ann", "human"), ("Ada", "easy")])
    assert my_turn(page) == "play"
    page.wait_for_function("document.querySelector('#by-log .log-now')?.textContent.includes('It is your turn')")
    # a round's turns in the log tab's words ("Ada plays ..." once the bot has played, or the round's start)
    page.wait_for_function("document.querySelectorAll('#by-log .log-group li').length > 0")
