"""The result's picture (issue 13, "Download a picture" on the final screen) for the games
other than Broker-Yard, whose picture with its price chart is checked in
tests/site/broker/test_history_embed.py: a whole game imported, its picture downloaded,
its standings in the engine's order with the engine's places (ties share), and the file
drawn on its own as an image (a screenshot for people to look at)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.core.game import get_game
from engine.core.record import replay as replay_record, to_record
from tests.engine.core.test_conformance import playout

from .hall import import_record, open_hall, picture_rows, show_picture

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def bots(n):
    return {"seats": [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (n - 1)}


def whole_game(game):
    if game == "ekonos":
        record = json.loads((FIXTURES / "ekonos/games/three-random.record.json").read_text())
    elif game == "grid":
        record = json.loads((FIXTURES / "grid/example-3p.json").read_text())
    else:  # a random whole game of the spy game: several winners share the first place
        state, _ = playout(get_game(game), 6, "picture", random.Random(3))
        record = to_record(state)
    return {**record, "meta": bots(len(record["players"]))}


@pytest.mark.parametrize("game", ["ekonos", "grid", "spy"])
def test_result_picture_of_any_game(guard, site_server, game):
    record = whole_game(game)
    module, state = replay_record(record)
    result = module.result(state)
    assert result["over"]
    page = open_hall(guard, site_server)
    import_record(page, record, f"{game}.json")
    page.locator(".game-item [data-open]").first.click()
    page.wait_for_selector(".final")
    with page.expect_download() as got:
        page.click("#by-picture")
    assert got.value.suggested_filename.startswith(f"{game}-") and got.value.suggested_filename.endswith(".svg")
    svg = open(got.value.path(), encoding="utf-8").read()
    lines = picture_rows(svg)
    assert lines[0].endswith("The game is over")
    standings = [line for line in lines if " — " in line and line[0].isdigit()]
    players = state["players"]
    places = result.get("places") or list(range(1, len(players) + 1))
    assert [line.split(" — ")[0] for line in standings] == [
        f"{places[seat]}. {players[seat]}" for seat in result["ranking"]]
    assert [int(line.split(".")[0]) for line in standings] == sorted(places)
    show_picture(guard, svg, f"picture-{game}")  # the file alone draws, as a chat shows it
