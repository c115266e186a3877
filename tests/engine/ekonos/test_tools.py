"""The table's tool `ahead` (a whole turn composed on a remote player's page): after each of
the seat's own actions it shows what the real game shows that seat — the map, the chart,
coins, the phase and the legal moves — and says the turn is over for the seat exactly when
the real game passes the decision to someone else or to a new turn."""

import random

import pytest

from engine.core.errors import GameError
from engine.ekonos import TOOLS, acting, apply, bot_action, new_game, view

SAME = ("map", "companies", "phase", "acting", "turn", "round", "hand", "legal", "expansion", "successor")


def seen(v):
    out = {k: v[k] for k in SAME}
    out["coins"] = [s["coins"] for s in v["seats"]]
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ahead_follows_the_real_turn_of_the_seat(seed):
    state = new_game({}, ["Ann", "Bob", "Cid"], seed)
    rng = random.Random(seed)
    turns = 0
    while state["phase"] != "over":
        seat = acting(state)
        if state["phase"] != "play":
            apply(state, seat, bot_action("easy", view(state, seat), rng.random()))
            continue
        start = view(state, seat)
        planned = []
        turn, rnd = state["turn"], state["round"]
        while True:
            action = bot_action("normal" if turns % 2 else "easy", view(state, seat), rng.random())
            planned.append(action)
            apply(state, seat, action)
            got = TOOLS["ahead"](start, seat, planned)
            real_done = state["phase"] == "over" or acting(state) != seat or state["turn"] != turn \
                or state["round"] != rnd
            assert got["done"] == real_done, planned
            if real_done:
                break
            assert seen(got["view"]) == seen(view(state, seat)), planned
        turns += 1
    assert turns > 20


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
