"""Hypothesis-generated legal games in every mode and option, checked after every round:
prices stay on the grid, every cash and share change is accounted for by an event,
the state is plain JSON, a view hides what it must, and replaying the record gives the
same game."""

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from engine.core.clone import clone
from engine.broker import new_game, submit, resolve, view, to_record, replay
from engine.broker.cards import COLOURS
from engine.broker.options import packs_needed

from .helpers import random_order


@st.composite
def games(draw):
    mode = draw(st.sampled_from(["classic", "duel", "mass"]))
    players = 2 if mode == "duel" else draw(st.integers(2, 8 if mode == "classic" else 40))
    options = {
        "mode": mode,
        "deal": draw(st.sampled_from(["3+5", "4+6"])),
        "summation": draw(st.sampled_from(["top3", "trump"])),
        "stop_loss": draw(st.booleans()),
        "spread": draw(st.sampled_from([10, 20, 30, 50, 100])),
    }
    if draw(st.booleans()):
        options["packs"] = packs_needed(mode, options["deal"], players) + draw(st.integers(0, 2))
    if draw(st.booleans()):
        options["zero_cancels"] = draw(st.sampled_from([3, 4]))
    return options, [f"P{i}" for i in range(players)], draw(st.integers(0, 2**40)), draw(st.integers(0, 2**40))


def hide_secrets_of_others(state, seat, rng):
    """The same state with every other seat's hand and pending orders changed."""
    other = clone(state)
    for i, s in enumerate(other["seats"]):
        if i != seat:
            s["hand"] = ["zero:blue"] * len(s["hand"])  # the count is public, the cards not
            if other["orders"][i] is not None:
                other["orders"][i] = {"trades": {"blue": 99}, "card": "zero:red", "choices": {}}
    other["seed"] = "another seed"
    return other


def accounted(events, seat, before, after):
    cash = sum(e["cash"] for e in events if e.get("seat") == seat and "cash" in e
               and e["type"] in ("trade", "bonus", "penalty", "stop_sale"))
    assert after["cash"] - before["cash"] == cash
    withdrawn = next((e["withdrawn"] for e in events if e["type"] == "bankrupt" and e["seat"] == seat), {})
    for c in COLOURS:
        moved = sum(e["shares"] for e in events if e.get("seat") == seat and e.get("colour") == c
                    and e["type"] == "trade") \
            - sum(e["shares"] for e in events if e.get("seat") == seat and e.get("colour") == c
                  and e["type"] == "stop_sale") - withdrawn.get(c, 0)
        assert after["shares"][c] - before["shares"][c] == moved


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_legal_games_keep_the_invariants(game):
    options, players, seed, play_seed = game
    rng = random.Random(play_seed)
    state = new_game(options, players, seed)
    while not state["over"]:
        for seat, s in enumerate(state["seats"]):
            if not s["bankrupt"]:
                order = random_order(state, seat, rng)
                if order is not None:
                    submit(state, seat, order)
        # a view never shows another seat's hand, pending orders or the seed
        for seat in rng.sample(range(len(players)), min(3, len(players))):
            changed = hide_secrets_of_others(state, seat, rng)
            assert view(state, seat) == view(changed, seat)
        assert view(state, None) == view(hide_secrets_of_others(state, -1, rng), None)

        before = clone(state["seats"])
        hands_before = [len(s["hand"]) for s in state["seats"]]
        events = resolve(state)
        for seat, s in enumerate(state["seats"]):
            accounted(events, seat, before[seat], s)
            if not before[seat]["bankrupt"] and hands_before[seat]:
                played = any(e["type"] in ("card", "discard") and e["seat"] == seat for e in events)
                assert played == (len(s["hand"]) == hands_before[seat] - 1)
        for price in state["prices"].values():
            assert 10 <= price <= 250 and price % 10 == 0
        assert json.loads(json.dumps(state)) == state

    assert len(state["ranking"]) == len(players) and sorted(state["ranking"]) == list(range(len(players)))
    record = json.loads(json.dumps(to_record(state)))
    assert replay(record) == state
    assert replay(record) == replay(record)
