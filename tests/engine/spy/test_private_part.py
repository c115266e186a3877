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
    assert link_parts(spy, state, {seat})["privates"][seat] == {"c": 0}


def test_a_part_made_before_the_compact_card_learned_and_powers_still_opens():
    """Links made before issue 34 item 2 carried the card as "role:team", what the seat
    learned in the order learned ("p") and every power; players' pages keep such links."""
    from engine.spy.private_part import POWERS, _learned, _runs
    state = spy.new_game(ALL_ROLES, [f"P{i}" for i in range(12)], "old-parts")
    clock, forms = Clock(spy), set()
    while not state["over"]:
        turn = spy.to_act(state)
        for seat in turn["seats"]:
            bot_acts(spy, state, seat, "normal", f"old:{turn['step']}:{seat}", clock)
        parts = json.loads(json.dumps(link_parts(spy, state, set(range(12)))))
        for seat, part in enumerate(parts["privates"]):
            card = state["roles"][seat]
            old = {k: v for k, v in part.items() if k != "q"}
            old["c"] = f"{card['role']}:{card['team']}"
            if state["private"][seat]:
                old["p"] = _runs([_learned(e) for e in state["private"][seat]])
            if "w" in part:
                old["w"] = [state["powers"][seat][k] for k in POWERS]
            forms.update(k for k in ("q", "p") if k in part)
            forms.update(["looked"] if "w" in part and len(part["w"]) > 2 and part["w"][2] == 0 else [])
            assert link_view(spy, parts["public"], json.loads(json.dumps(old)), seat) == \
                link_view(spy, parts["public"], part, seat)
        spy.apply(state, None, clock.stamp({"type": "close_day"}))
    # the compact forms were made: learned by kind, and the looks' targets left to the looks
    assert {"q", "looked"} <= forms, forms


@pytest.mark.parametrize("card", [-1, 7, 99, [1, 5], [-1, 0], [0], "x", None, [0, 1, 2]])
def test_a_card_that_is_no_card_is_refused(card):
    """A place outside ROLES or TEAMS, a role without a team of its own given none (7: the
    Trickster), anything else: code_invalid, never another error."""
    from engine.core.errors import GameError
    state = spy.new_game({}, [f"P{i}" for i in range(8)], "cards")
    parts = json.loads(json.dumps(link_parts(spy, state, {0})))
    with pytest.raises(GameError) as error:
        link_view(spy, parts["public"], {**parts["privates"][0], "c": card}, 0)
    assert error.value.code == "code_invalid"
