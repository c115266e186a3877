"""A large table's public part (engine/broker/link_large.py): a mass start's link carries each
seat's cards of the last round only and leaves out the last round's events the engine gives
back (cards, bonuses and penalties, the colours' effects, the end), and every seat's view
comes back exactly as the engine made it but for the rounds of cards left out."""

import json
import random

import pytest

from engine.broker import conceal, link, link_public, link_view, new_game, resolve, submit, view
from engine.broker.link_large import PLAYED_IN_FULL, expand, large
from engine.core.errors import GameError

from .helpers import random_order, random_rounds
from .test_link import NOT_IN_LINKS, carried, refused, tweak

# mass starts of more seats than the lobby's largest table, random legal orders (and seats
# that play nothing: random discards); seeds picked so that every event the form rebuilds
# happens (see `seen`)
GAMES = [({"mode": "mass", "stop_loss": True, "spread": 30}, 12, "large-1"),
         ({"mode": "mass", "stop_loss": True, "spread": 50, "deal": "3+5"}, 10, "large-2"),
         ({"mode": "mass"}, 16, "large-3"),
         ({"mode": "mass", "summation": "trump", "zero_cancels": 4}, 11, "large-4")]


def played_games():
    for options, players, seed in GAMES:
        yield from random_rounds(options, players, seed, random.Random(seed))


def expected_view(state, seat):
    """The seat's own view as a large table's link gives it: the last round's events, every
    seat's cards of that round (`played_from`)."""
    v = view(state, seat)
    v["history"] = v["history"][-1:]
    for key in NOT_IN_LINKS:
        del v[key]
    if state["history"]:
        last = len(state["history"])
        v["played_from"] = last
        for s in v["seats"]:
            s["played"] = [p for p in s["played"] if p["round"] == last]
    return v


def test_every_seats_view_comes_back_from_a_large_tables_link():
    seen = dict.fromkeys(("card", "void", "discard", "debt", "toss", "bonus", "penalty",
                          "stop_sale", "game_over", "hundred", "large"), 0)
    for state in played_games():
        public = carried(link_public(state))
        assert ("L" in public) == bool(state["history"])
        seen["large"] += "L" in public
        assert link_view(public, None, None) == expected_view(state, None)
        for seat in range(len(state["players"])):
            got = link_view(public, carried(link.link_private(state, seat)), seat)
            got.pop("discard")
            assert got == expected_view(state, seat), (state["round"], seat)
        for e in view(state, None)["history"][-1]["events"] if state["history"] else []:
            kind = e["type"] if e["type"] != "bankrupt" else e["reason"]
            if kind in seen:
                seen[kind] += 1
            seen["void"] += e["type"] == "card" and e["void"]
            seen["hundred"] += e["type"] == "card" and e["card"].startswith("hundred")
    assert all(seen.values()), seen


def test_a_large_tables_link_is_shorter_and_the_lobbys_tables_keep_every_card():
    for state in played_games():
        full = link.link_public(state)
        if state["history"]:
            assert len(json.dumps(link_public(state))) < len(json.dumps(full))
    state = new_game({"mode": "mass"}, [f"P{i}" for i in range(PLAYED_IN_FULL)], "eight")
    for seat in range(PLAYED_IN_FULL):
        submit(state, seat, random_order(state, seat, random.Random(seat)) or {"trades": {}})
    resolve(state)
    assert link_public(state) == link.link_public(state) and "L" not in link_public(state)


def test_a_link_of_the_full_form_still_opens():
    """Links made before (every seat's every card, every event) open as they did."""
    for state in played_games():
        full = carried(link.link_public(state))
        part = carried(link.link_private(state, 1))
        assert link_view(full, part, 1) == link.link_view(full, part, 1)


def test_the_public_part_tells_nothing_hidden():
    for state in played_games():
        rng = random.Random(f"conceal:{state['round']}")
        assert link_public(conceal(state, None, rng)) == link_public(state)


def late_public():
    """A large table's public part late in a game with every kind of row."""
    return carried(link_public(next(s for s in played_games() if s["round"] == 6)))


@pytest.mark.parametrize("change", [
    lambda p: {**p, "L": p["L"] - 1},                   # the cards said to be of another round
    lambda p: {**p, "L": 0}, lambda p: {**p, "L": "5"},
    lambda p: {**p, "e": p["e"] + [["x", 0, "d"]]},     # a bankruptcy without its shares
    lambda p: {**p, "e": p["e"] + [["x", 99, "d", [0, 0, 0, 0]]]},
    lambda p: {**p, "e": p["e"] + [["x", 0, "q", [0, 0, 0, 0]]]},
    lambda p: {**p, "e": p["e"] + [["T", 0, 99]]}, lambda p: {**p, "e": p["e"] + [["T"]]},
    lambda p: {**p, "e": [x if x[:1] != ["p"] else x[:2] for x in p["e"]]},  # an update without its price
    lambda p: {**p, "S": [s[:4] + ["1Hb"] for s in p["S"]]},
    lambda p: {**p, "S": [s[:4] for s in p["S"]]},
])
def test_an_altered_row_is_refused(change):
    public = late_public()
    with pytest.raises(GameError) as info:
        link_view(change(public), None, None)
    assert info.value.code == "code_invalid"


def test_a_stop_sale_of_a_colour_whose_update_stopped_nothing_is_refused():
    """The holders' rows the link keeps (stop sales) must be what the colour's update gives."""
    public = late_public()
    events = link_view(public, None, None)["history"][-1]["events"]
    calm = next(e["colour"][0] for e in events if e["type"] == "price" and not e["stopped"])
    forged = {**public, "e": public["e"] + [["s", 0, calm, 5]]}
    refused(link_view, forged, None, None)


def test_a_malformed_large_link_is_refused_and_nothing_else_is_raised():
    public = late_public()
    rng = random.Random(34)
    refusals = 0
    for _ in range(2000):
        try:
            link_view(tweak(public, rng), None, None)
        except GameError as error:
            assert error.code == "code_invalid"
            refusals += 1
    assert refusals > 500


def test_the_form_is_made_only_when_it_gives_the_events_back():
    state = next(s for s in played_games() if s["round"] == 4)
    full = carried(link.link_public(state))
    # a card event that its seat's played cards would not give back: the full form stays
    odd = {**full, "e": [x[:2] + ["Zb"] + x[3:] if isinstance(x, list) and x[0] == "c" else x for x in full["e"]]}
    assert large(odd, 3) == odd
    assert expand(large(full, 3))["e"] == full["e"]
    # a seat gone broke (random orders leave none: cash below 10 and every share sold at
    # a stop) comes back with its cash from the seat's figures
    seat = 2
    broke = {"type": "bankrupt", "seat": seat, "reason": "broke", "cash": full["S"][seat][0], "withdrawn": {}}
    assert ["x", seat, "b", [0, 0, 0, 0]] in large({**full, "e": full["e"] + [broke]}, 3)["e"]
    assert expand(large({**full, "e": full["e"] + [broke]}, 3))["e"] == full["e"] + [broke]
