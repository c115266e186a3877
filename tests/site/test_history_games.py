"""History at the table of the spy game and the grid (issue 13; Broker-Yard's and Ekonos's
are stepped through whole in tests/site/broker/test_history_embed.py and
tests/site/ekonos/test_ekonos_history.py): a whole game imported, its first step and the
next by the arrow key, each drawn from the engine's replay with nothing to play, then now."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.core import replay
from engine.core.game import get_game
from engine.core.record import to_record
from tests.engine.core.test_conformance import playout

from .hall import import_record, open_hall

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def whole_game(game):
    if game == "grid":
        record = json.loads((FIXTURES / "grid/example-3p.json").read_text())
    else:
        state, _ = playout(get_game(game), 6, "history", random.Random(5))
        record = to_record(state)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (len(record["players"]) - 1)
    return {**record, "meta": {"seats": seats}}


@pytest.mark.parametrize("game", ["spy", "grid"])
def test_history_of_a_whole_game(guard, site_server, game):
    record = whole_game(game)
    frames = replay.step_views(record, 0)
    assert len(frames) >= 3
    page = open_hall(guard, site_server)
    import_record(page, record, f"{game}.json")
    page.locator(".game-item [data-open]").first.click()
    page.wait_for_selector(".final")
    page.click("#by-history-first")
    page.wait_for_selector("#by-history[data-at='0']")
    assert int(page.get_attribute("#by-history", "data-steps")) == len(frames)
    page.focus("#by-history-next")
    for i in (0, 1):
        page.wait_for_selector(f"#by-history[data-at='{i}']")
        assert page.locator("#by-history-note").count() == 1 and page.locator(".final").count() == 0
        if game == "grid":
            field = page.locator("#by-panel .grid-field")
            assert field.get_attribute("data-step") == str(frames[i]["view"]["step"])
            assert field.get_attribute("data-acting") == "0"
        else:  # the seat's own role card as it was, and no day's form to send
            assert page.locator("#spy-day").count() == 0
            assert page.locator("#by-panel").inner_text().strip()
        page.keyboard.press("ArrowRight")
    page.keyboard.press("End")  # now: the final screen
    page.wait_for_selector(".final")
    assert page.locator("#by-history-note").count() == 0
