"""A seat's turn in phases 3 and 4 (engine/grid/version.py, rules 3): a seat that bought or
built something stays to act when nothing is left for it to do, and says `done` itself, so
its last purchase, plant, line or upgrade can still be taken back (undo within a turn,
engine/core/undo.py through hall.keeps_turn). By rules 2 such a seat was skipped at once."""

import json

import pytest

from engine.core import session
from engine.grid import apply, keeps_turn, legal, to_act
from engine.grid.game import actor

from .helpers import at, table

# each: the phase, Red's seat as laid out, and the action that leaves Red nothing else to do
LAST = {
    "fuel": ("resources", dict(plants=[(4, "KES", {"coal": 3})], cash=20),
             {"type": "buy", "plant": 4, "resource": "coal", "amount": 1}),
    "plant": ("building", dict(plants=[(4, "KES")], hand=[8], cash=10),
              {"type": "build", "plant": 8, "city": "PEL"}),
    "upgrade": ("building", dict(plants=[(4, "KES")], hand=[8], cash=0),
                {"type": "upgrade", "plant": 4, "with": 8}),
    "line": ("building", dict(plants=[(4, "KES")], cash=15),
             {"type": "line", "from": "KES", "to": "THO", "path": ["KES", "THO"]}),
}


def red_acts_last(what, rules=None):
    phase, red, action = LAST[what]
    state = at(table(red=red, rules=rules), phase, 0)
    assert actor(state) == 0, legal(state, 0)
    return state, action


@pytest.mark.parametrize("what", sorted(LAST))
def test_a_seat_with_nothing_left_after_its_action_says_done_itself(what):
    state, action = red_acts_last(what)
    events = apply(state, 0, action)
    assert actor(state) == 0 and not any(e["type"] == "skip" for e in events)
    assert keeps_turn(state, 0, events)  # it may be taken back
    assert legal(state, 0)  # what is left: done
    phase = state["phase"]
    apply(state, 0, {"type": "done"})
    assert (state["phase"], actor(state)) != (phase, 0)


@pytest.mark.parametrize("what", sorted(LAST))
def test_by_rules_2_that_seat_was_skipped(what):
    state, action = red_acts_last(what, rules=2)
    events = apply(state, 0, action)
    assert actor(state) != 0 and {"type": "skip", "seat": 0, "phase": state["phase"]} in events \
        or state["phase"] != LAST[what][0]


def test_the_last_purchase_of_a_turn_is_taken_back_in_a_hosted_game():
    """Through the session (the page's undo): a seat buys its last unit of fuel, takes it
    back, and its record is as before."""
    state, action = red_acts_last("fuel")
    session.create("turn-undo", "grid", {}, [{"name": n, "kind": "human"} for n in ("Red", "Green", "Blue")], 1)
    game = session._GAMES["turn-undo"]
    game["state"] = json.loads(json.dumps(state))
    before = json.loads(json.dumps(game["state"]))
    session.act("turn-undo", 0, action)
    assert session.screen("turn-undo", 0)["undo"] == 1
    session.take_back("turn-undo", 0)
    assert game["state"]["seats"] == before["seats"] and to_act(game["state"])["seats"] == [0]
    session.close("turn-undo")
