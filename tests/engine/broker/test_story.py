"""How the capitals came about (engine/broker/story.py, the tool `story`, issue 32 item 5):
the capitals rebuilt from the public history are the game's own after every round, and the
leader's rounds are its greatest gains with what it did in them."""

import json
from pathlib import Path

import pytest

from engine.broker import TOOLS, capital, replay, view
from engine.core.errors import GameError

story = TOOLS["story"]
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "broker-yard"


def states_after_each_round(record):
    """The game's own capitals at the start and after each round: the record replayed up to
    each of its updates."""
    ends = [0] + [k + 1 for k, (seat, action) in enumerate(record["actions"]) if action["type"] == "resolve"]
    out = []
    for n in ends:
        state = replay({**record, "actions": record["actions"][:n]})
        out.append([capital(state, i) for i in range(len(state["players"]))])
    return out


@pytest.mark.parametrize("name", ["ui-millions.json", "ui-bankrupt.json", "ui-stop-below-10.json"])
def test_capitals_from_the_public_history_are_the_games_own(name):
    record = json.loads((FIXTURES / name).read_text())
    state = replay(record)
    seen = view(state, None)
    told = story(players=len(seen["players"]), history=seen["history"])
    expected = states_after_each_round(record)
    # a bankrupt seat's shares are withdrawn: its capital is its cash from then on
    assert told["capital"] == expected
    last = told["capital"][-1]
    assert last[told["leader"]] == max(last)
    gains = [m["after"] - m["before"] for m in told["moves"]]
    assert all(g > 0 for g in gains) and len(gains) <= 3
    # the rounds told are the greatest gains of the leader
    every = [b - a for a, b in zip((c[told["leader"]] for c in told["capital"]),
                                   (c[told["leader"]] for c in told["capital"][1:]))]
    assert sorted(gains, reverse=True) == sorted(every, reverse=True)[:len(gains)]
    for m in told["moves"]:
        assert m["card"] is None or m["card"].count(":") >= 1


def test_the_millions_read_as_a_contest():
    """ui-millions: a bot's capital ends in the millions; its greatest rounds are told."""
    state = replay(json.loads((FIXTURES / "ui-millions.json").read_text()))
    seen = view(state, None)
    told = story(players=len(seen["players"]), history=seen["history"])
    assert told["capital"][0] == [400] * len(seen["players"])
    assert max(told["capital"][-1]) >= 1_000_000
    assert told["moves"] and told["moves"][-1]["after"] <= told["capital"][-1][told["leader"]]


@pytest.mark.parametrize("args", [{"players": 0, "history": []}, {"players": 2, "history": "x"},
                                  {"players": 2, "history": [{"round": 1}]},
                                  {"players": 2, "history": [], "leader": 5}])
def test_the_tool_refuses_what_it_cannot_read(args):
    with pytest.raises(GameError):
        story(**args)
