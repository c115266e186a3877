"""The grid game's replay link holds no deck and no plant taken out at the start, tells a saved
power choice only as saved, and rebuilds the Step 3 shuffle (the registry's own checks:
tests/engine/core/test_replay.py)."""

import random

import pytest

from engine.core import replay
from engine.core.errors import GameError
from engine.core.game import get_game
from engine.core.record import start, steps, to_record

from ..core.test_conformance import playout
from ..core.test_replay import SECRET_SEED, bot_game, dicts, frames_of, game_so_far, through_json
from .helpers import fixture


def test_grid_link_holds_no_deck_and_no_removed_plant():
    _, record, state, link = game_so_far("grid", 0.5)
    assert state["deck"] and state["removed"]
    keys = {k for d in dicts(link) for k in d}
    assert not {"deck", "removed", "setup", "seed"} & keys
    # the plants in the link are those drawn, in the order they were drawn (the table saw
    # each one come); none removed at the start, and not the stack's next ones
    drawn = [int(d) for m in link["public"]["a"] if isinstance(m, str) and "@" in m
             for d in m.split("@")[1].split(".") if d.isdigit()]
    shown = set()
    for frame in replay.replay_views(link):
        v = frame["view"]
        shown |= set(v["market"]) | set(v["gone"]) | ({v["auction"]["plant"]} if v["auction"] else set())
        for seat in v["seats"]:
            shown |= set(seat["hand"]) | {p["n"] if isinstance(p, dict) else p for p in seat["plants"]}
    assert len(drawn) > 8 and set(drawn) <= shown
    assert not shown & set(state["removed"])
    module, game = start(record)
    seen = [e["plant"] for where, seat, action in steps(module, record)
            for e in module.apply(game, seat, action) if e["type"] == "draw" and e["plant"] != "step3"]
    assert drawn == seen  # the draws as the table saw them, in order: nothing of the stack's rest


def test_grid_link_tells_a_saved_power_choice_only_as_saved():
    module = get_game("grid")
    state, _ = playout(module, 3, SECRET_SEED, random.Random("grid-power"))
    record = to_record(state)
    for cut in range(len(record["actions"])):
        if record["actions"][cut][1]["type"] == "power":
            break
    record["actions"] = record["actions"][: cut + 1]
    link = through_json(replay.public_replay(record))
    seat, action = record["actions"][cut]
    assert link["public"]["a"][-1] == [seat] and action.get("run")
    frames = replay.replay_views(link)
    assert frames[-1]["view"]["seats"][seat]["saved"] and frames == frames_of(record)


def test_a_grid_game_whose_draws_no_viewer_can_lay_says_so():
    """Random moves leave everyone without money: rounds then play out by themselves inside
    one move, which puts plants under the stack and draws them back after the Step 3
    shuffle. The viewer's stand-in shuffle cannot deal them in that order: the host is told
    plainly instead of sharing a link that would not open. (A game by rules 1: rules 2 end a
    stalled game after three rounds; none of 120 random games by rules 2 came to such a shuffle.)"""
    state, _ = playout(get_game("grid"), 3, SECRET_SEED, random.Random("grid-1.0"), rules=1)
    with pytest.raises(GameError) as e:
        replay.public_replay(to_record(state))
    assert e.value.code == "replay_unavailable"


def test_a_grid_game_through_step_3_round_trips():
    """The «Step 3» card drawn and the stack shuffled: the viewer lays the drawn plants under
    its own seed's shuffle."""
    record = bot_game("grid", 3, "round-trip-3")
    link = through_json(replay.public_replay(record))
    assert any("|" in m for m in link["public"]["a"] if isinstance(m, str))
    assert replay.replay_views(link) == frames_of(record)


@pytest.mark.parametrize("name", ["example-3p.json", "ui-move.json"])
def test_a_game_of_older_rules_round_trips(name):
    """A record of an older engine version is played by its own rules (engine/grid/version.py):
    the link says which, or its tables were rebuilt by this engine's and refused at the first
    turn those order differently."""
    record = fixture(name)
    module, state = start(record)
    assert state.get("rules", module.VERSION) < module.VERSION  # the fixture is such a record
    link = through_json(replay.public_replay(record))
    assert link["public"]["V"] == state["rules"]
    assert replay.replay_views(link) == frames_of(record)
