"""A seat's compact private part of the spy game's state links (engine/spy/private_part.py):
with the public part it gives back exactly the seat's own view, legal moves included, for
every role, at every step of whole games."""

import json

import pytest

from engine import spy
from engine.core.links import link_parts, link_view
from engine.sim.play import Clock, bot_acts

ALL_ROLES = {"spies": 2, "double_agent": 1, "vigilante": 1, "priest": 1, "psychic": 1, "brothers": 1,
             "trickster": 1, "mayor": 1}


@pytest.mark.parametrize("options,players", [(ALL_ROLES, 12), ({**ALL_ROLES, "day_minutes": 60, "merge_at": 12}, 12),
                                             ({}, 20)])
def test_every_seats_link_gives_back_its_own_view(options, players):
    for seed in ("a", "b"):
        state = spy.new_game(options, [f"P{i}" for i in range(players)], f"private-{seed}")
        clock, roles = Clock(spy), set()
        while not state["over"]:
            turn = spy.to_act(state)
            for seat in turn["seats"]:
                bot_acts(spy, state, seat, "normal", f"{seed}:{turn['step']}:{seat}", clock)
            parts = json.loads(json.dumps(link_parts(spy, state, set(range(players)))))
            for seat in range(players):
                want = json.loads(json.dumps(spy.view(state, seat)))
                assert link_view(spy, parts["public"], parts["privates"][seat], seat) == want
                roles.add(state["roles"][seat]["role"])
            spy.apply(state, None, clock.stamp({"type": "close_day"}))
        assert len(roles) >= (9 if options else 2)


def test_a_citizens_part_is_its_card_alone():
    state = spy.new_game({}, [f"P{i}" for i in range(8)], "citizen")
    seat = next(i for i, c in enumerate(state["roles"]) if c["role"] == "citizen")
    assert link_parts(spy, state, {seat})["privates"][seat] == {"c": "citizen:citizens"}
