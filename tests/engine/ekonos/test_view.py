"""Views: what a seat sees (its own hand and coins; of the others what is on the table),
and `legal`, which lists exactly the actions the engine accepts."""

import json
import random

from engine.core.errors import GameError
from engine.ekonos import actions_of, apply, bot_action, is_over, new_game, to_act, view
from engine.ekonos.world import clone
from engine.ekonos.cards import LETTERS

from .helpers import NAMES, give, hand_with, play_top


def test_a_seat_sees_its_hand_and_not_the_others():
    state = new_game({}, NAMES[:4], 21)
    for seat in range(4):
        v = view(state, seat)
        text = json.dumps(v)
        assert v["hand"] == state["hands"][seat]
        for other in range(4):
            if other != seat:
                assert not any(f'"{c}"' in text for c in state["hands"][other])
        assert [s["hand_size"] for s in v["seats"]] == [6] * 4
        assert "seed" not in text and "deals" not in text
    spectator = view(state, None)
    assert "hand" not in spectator and "legal" not in spectator


def test_the_table_is_public():
    state = hand_with(4, 0, ["ABE"])
    give(state, 0, "B", 1)
    give(state, 2, "B", 2)
    state["president"]["B"] = 2
    play_top(state, "ABE", 12)
    v = view(state, 3)
    assert v["map"][11] == {"company": "A", "protected": False} and v["map"][0] is None
    b = v["companies"]["B"]
    assert (b["shares"], b["holdings"], b["president"], b["buy_cost"], b["sell_pays"]) == \
        (3, [1, 0, 2, 0], 2, 4, 3)
    assert v["companies"]["A"]["tiles"] == v["companies"]["A"]["value"] == 1
    assert v["seats"][2]["president_of"] == ["B"] and v["seats"][0]["coins"] == 12
    assert v["played"] == [{"round": 1, "seat": 0, "card": "ABE", "use": "top", "company": "A",
                            "space": 12}]
    assert (v["turn"], v["acting"], v["phase"], v["start"], v["first"]) == (0, 0, "sell", 0, 0)
    assert v["legal"] is None and view(state, 0)["legal"]["phase"] == "sell"
    assert [e["type"] for e in v["log"][-1]["events"]] == ["play", "place"]
    assert len(v["board"]) == 36 and [c["company"] for c in v["company_list"]] == list(LETTERS)
    # the numbers the table shows come from the engine (growth.js and chart.js no longer type them)
    assert v["limits"] == {"column": 8, "max_tiles": 10, "expand_at": 4, "forced_at": 6,
                           "actions": {"choice": 2, "forced": 3}}


def test_legal_for_another_seat_is_refused():
    from engine.ekonos import legal
    state = new_game({}, NAMES[:3], 2)
    other = (state["turn"] + 1) % 3
    try:
        legal(state, other)
    except GameError as e:
        assert e.code == "not_your_turn"
    else:
        raise AssertionError("legal for a seat that does not act")


def candidates(state, seat) -> list[dict]:
    """A superset of what the seat could try now: every card, use, company and space."""
    phase = state["phase"]
    if phase == "play":
        out = []
        for card in state["hands"][seat] + ["ABE", "OBE"]:
            out += [{"type": "play", "card": card, "use": "top", "space": s} for s in range(0, 38)]
            out += [{"type": "play", "card": card, "use": "bottom", "company": c} for c in LETTERS]
        return out
    if phase == "grow":
        return [{"type": "grow", "space": s} for s in range(1, 37)]
    if phase == "successor":
        return [{"type": "successor", "seat": s} for s in range(len(state["players"]))]
    tries = [{"type": "expand"}, {"type": "wait"}, {"type": "pass"}]
    return tries + [{"type": t, "company": c} for t in ("sell", "buy") for c in LETTERS]


def test_legal_lists_exactly_what_the_engine_accepts():
    rng = random.Random(4)
    checked = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5)):
        state = new_game({}, NAMES[:players], seed)
        k = 0
        while not is_over(state):
            seat = to_act(state)["seats"][0]
            v = view(state, seat, log=False, board=False)
            allowed = {json.dumps(a, sort_keys=True) for a in actions_of(v["legal"])}
            if k % 5 == 0 or state["phase"] != "play":
                checked.add(state["phase"])
                for a in candidates(state, seat):
                    try:
                        apply(clone(state), seat, a)
                        ok = True
                    except GameError:
                        ok = False
                    assert ok == (json.dumps(a, sort_keys=True) in allowed), (state["phase"], a)
            apply(state, seat, bot_action(rng.choice(["random", "easy"]), v, f"{seed}:{k}"))
            k += 1
    assert checked >= {"play", "expand_or_wait", "grow", "sell", "buy"}


def test_views_and_events_are_plain_json():
    state = new_game({}, NAMES[:4], 8)
    events = []
    rng = random.Random(1)
    while not is_over(state):
        seat = to_act(state)["seats"][0]
        events += apply(state, seat, bot_action("random", view(state, seat), rng.random()))
    for seat in (None, 0, 3):
        v = view(state, seat)
        assert json.loads(json.dumps(v)) == v
    assert json.loads(json.dumps(events)) == events
    assert view(state, 0)["result"] == {"ranking": state["ranking"], "scores": state["scores"],
                                        "places": state["places"]}
