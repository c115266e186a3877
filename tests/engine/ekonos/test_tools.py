"""A whole turn composed on a remote player's page, played ahead from the seat's state link
(`link_plan`, the bridge's net_plan) or from its view (the table's tool `ahead`): after each
of the seat's own actions it shows what the real game shows that seat — the map, the chart,
coins, the phase and the legal moves — and says the turn is over for the seat exactly when
the real game passes the decision to someone else or to a new turn."""

import random

import pytest

from engine.core import links
from engine.core.errors import GameError
from engine.ekonos import TOOLS, acting, apply, bot_action, link_private, link_public, new_game, view
from engine.ekonos import link_plan

SAME = ("map", "companies", "phase", "acting", "turn", "round", "hand", "legal", "expansion", "successor")


def seen(v):
    out = {k: v[k] for k in SAME}
    out["coins"] = [s["coins"] for s in v["seats"]]
    return out


def decisions(seed):
    """Whole games of three, bots playing: every decision of a seat's play turn, as (the turn's
    number, the seat's view at the turn's start, its link's parts then, the seat, its
    decisions so far, the state after them, whether the real game ends the seat's turn there)."""
    state = new_game({}, ["Ann", "Bob", "Cid"], seed)
    rng = random.Random(seed)
    turns = 0
    while state["phase"] != "over":
        seat = acting(state)
        if state["phase"] != "play":
            apply(state, seat, bot_action("easy", view(state, seat), rng.random()))
            continue
        start, parts = view(state, seat), (link_public(state), link_private(state, seat))
        planned = []
        turn, rnd = state["turn"], state["round"]
        while True:
            planned.append(bot_action("normal" if turns % 2 else "easy", view(state, seat), rng.random()))
            apply(state, seat, planned[-1])
            real_done = state["phase"] == "over" or acting(state) != seat or state["turn"] != turn \
                or state["round"] != rnd
            yield turns, start, parts, seat, list(planned), state, real_done
            if real_done:
                break
        turns += 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ahead_follows_the_real_turn_of_the_seat(seed):
    turns = set()
    for turn, start, _, seat, planned, state, real_done in decisions(seed):
        turns.add(turn)
        got = TOOLS["ahead"](start, seat, planned)
        assert got["done"] == real_done, planned
        if not real_done:
            assert seen(got["view"]) == seen(view(state, seat)), planned
    assert len(turns) > 20


def test_ahead_refuses_what_the_engine_refuses():
    state = new_game({}, ["Ann", "Bob"], 5)
    seat = acting(state)
    v = view(state, seat)
    with pytest.raises(GameError) as e:
        TOOLS["ahead"](v, seat, [{"type": "buy", "company": "A"}])
    assert e.value.code == "wrong_phase"
    card = v["hand"][0]
    with pytest.raises(GameError) as e:
        TOOLS["ahead"](v, seat, [{"type": "play", "card": card, "use": "bottom", "company": card[1]},
                                 {"type": "play", "card": v["hand"][1], "use": "bottom",
                                  "company": v["hand"][1][1]}])
    assert e.value.code in ("wrong_phase", "not_your_turn")
    with pytest.raises(GameError):
        TOOLS["ahead"](v, 1 - seat, [])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_turn_planned_from_its_link_follows_the_real_turn_of_the_seat(seed):
    """link_plan rebuilds the state once, from the link the page holds, and answers as
    `ahead` does; the cards played this round stay in its view (a link carries them)."""
    turns = set()
    for turn, start, (public, private), seat, planned, state, real_done in decisions(seed):
        turns.add(turn)
        got = link_plan(public, private, seat, planned)
        assert got["done"] == TOOLS["ahead"](start, seat, planned)["done"]
        assert got["done"] == real_done, planned
        if not real_done:
            assert seen(got["view"]) == seen(view(state, seat)), planned
            assert got["view"]["played"] == view(state, seat)["played"]
    assert len(turns) > 20


def test_only_a_game_that_plans_a_turn_takes_a_plan():
    state = new_game({}, ["Ann", "Bob"], 5)
    seat = acting(state)
    public, private = link_public(state), link_private(state, seat)
    with pytest.raises(GameError) as e:
        link_plan(public, private, seat, [{"type": "buy", "company": "A"}])
    assert e.value.code == "wrong_phase"
    with pytest.raises(GameError) as e:
        link_plan(public, private, seat, "play")
    assert e.value.code == "bad_arguments"
    from engine import broker
    with pytest.raises(GameError) as e:
        links.link_plan(broker, broker.link_public(broker.new_game({}, ["A", "B"], 1)), None, 0, [])
    assert e.value.code == "bad_arguments"
