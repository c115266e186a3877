"""Broker-Yard's styles live in its own stylesheet, loaded with the game (issue 32, item 6):
the hall's shared stylesheet names none of its parts (its colours, cards, chooser, trades,
chart), and the game's table says it has one (site/js/hall/games.js loads it)."""

import re
from pathlib import Path

SITE = Path(__file__).resolve().parents[3] / "site"
OWN = ["--c-blue", ".sw-", ".chip ", ".card-tile", ".card-alone", ".chooser", ".choice", ".trade-",
       ".hand-", ".price-table", ".series", ".save-bar", ".howto-card", "#broker-"]


def test_the_shared_stylesheet_names_no_part_of_broker_yard():
    shared = (SITE / "css" / "app.css").read_text()
    assert [part for part in OWN if part in shared] == []
    own = (SITE / "css" / "games" / "broker-yard.css").read_text()
    assert [part for part in OWN if part not in own] == []
    assert re.search(r"^\s*css: true", (SITE / "js" / "games" / "broker-yard" / "lobby.js").read_text(), re.M)
