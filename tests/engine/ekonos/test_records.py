"""Records: the generic format replays to the same state, the regression games still give
the same result, the command line tells a game and sums it up, broken records are refused
with their place."""

import json
import pathlib
import subprocess
import sys

import pytest

from engine.core.errors import GameError
from engine.ekonos import VERSION, apply, new_game, replay, summary, to_record

from .helpers import NAMES, game, play_top

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures" / "ekonos" / "games"
REGRESSIONS = sorted(FIXTURES.glob("*.record.json"))


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("path", REGRESSIONS, ids=lambda p: p.name.split(".")[0])
def test_recorded_games_still_give_the_same_result(path):
    expected = json.loads(path.with_name(path.name.replace(".record.json", ".expected.json")).read_text())
    state = replay(json.loads(path.read_text()))
    assert state["phase"] == "over"
    assert summary(state) == expected


def test_there_are_regression_games_for_every_player_count():
    counts = {len(json.loads(p.read_text())["players"]) for p in REGRESSIONS}
    assert counts == {2, 3, 4, 5, 6}


def test_a_record_with_setup_replays_mid_turn():
    state = game(4, start=2)
    play_top(state, state["hands"][2][0], 20)
    record = to_record(state)
    assert record["setup"]["start"] == 2 and record["actions"] == [
        [2, {"type": "play", "card": state["played"][0]["card"], "use": "top", "space": 20}]]
    assert replay(json.loads(json.dumps(record))) == state


def test_a_bad_action_in_a_record_is_located():
    state = new_game({}, NAMES[:3], 9)
    record = to_record(state)
    record["actions"] = [[state["turn"], {"type": "pass"}]]
    with pytest.raises(GameError) as e:
        replay(record)
    assert e.value.code == "wrong_phase" and e.value.where.startswith("actions[0]")
    with pytest.raises(GameError) as e:
        replay({**record, "engine_version": VERSION + 1})
    assert e.value.code == "newer_engine"


def test_cli_tells_the_game_turn_by_turn():
    out = run_cli("replay", str(REGRESSIONS[0]))
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.startswith("Round 1: ") and "Round 2: " in text and "The game is over." in text
    assert " plays " in text and " buys a share of " in text and "growth counter" in text
    assert "1. " in text and " coins + " in text


def test_cli_json_is_the_summary():
    out = run_cli("replay", str(FIXTURES / "four-mixed.record.json"), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data == json.loads((FIXTURES / "four-mixed.expected.json").read_text())
    assert data["over"] is True and len(data["map"]) == 36 and len(data["ranking"]) == 4
    for p in data["players"].values():
        assert p["score"] == p["coins"] + sum(n * data["companies"][c]["value"]
                                              for c, n in p["shares"].items())


def test_every_action_appears_in_the_record_in_order():
    state = game(3, start=0)
    play_top(state, state["hands"][0][0], 1)
    apply(state, 0, {"type": "buy", "company": "A"})
    assert [a for _, a in to_record(state)["actions"]] == [
        {"type": "play", "card": state["played"][0]["card"], "use": "top", "space": 1},
        {"type": "buy", "company": "A"}]
