"""Whole bot games of every size, checking after every action what must always hold: one
owner per line, lines that branch only at stations, pollution and nuclear limits, plant
sites and substations per city, every plant card and resource unit accounted for, no
debt, and the step never going back."""

from collections import Counter

import pytest

from engine.grid import apply, bot_action, bot_view, is_over, new_game, to_act
from engine.grid import plants as P
from engine.grid.building import region_load
from engine.grid.map import NEIGHBOURS, sites
from engine.grid.market import supply
from engine.grid.network import stations


def check(s) -> None:
    edges = Counter()
    for seat in s["seats"]:
        assert seat["cash"] >= 0
        own = stations(seat)
        for line in seat["lines"]:
            assert len(line) >= 2 and len(set(line)) == len(line)
            assert all(b in dict(NEIGHBOURS[a]) for a, b in zip(line, line[1:]))
            assert not own & set(line[1:-1]), "a line passes through its owner's station"
            edges.update(frozenset(pair) for pair in zip(line, line[1:]))
        for p in seat["plants"]:
            held = sum(p["res"].values())
            assert held <= P.storage(p["n"]) and set(p["res"]) <= set(P.burns(p["n"]))
    assert max(edges.values(), default=1) == 1, "a line section has two owners"
    planted = Counter(p["city"] for seat in s["seats"] for p in seat["plants"])
    subs = Counter(c for seat in s["seats"] for c in seat["substations"])
    assert all(n <= sites(c) for c, n in planted.items())
    assert not set(planted) & set(subs), "a plant and a substation share a city"
    assert max(subs.values(), default=0) <= 3
    for region in s["regions"]:
        pollution, nuclear = region_load(s, region)
        assert pollution <= 5 and nuclear <= 1
    for r in P.RESOURCES:
        assert 0 <= s["resources"][r] <= len(P.SPACES[r]) and supply(s, r) >= 0
    cards = list(s["market"]) + list(s["deck"]) + list(s["removed"]) + list(s["gone"])
    for seat in s["seats"]:
        cards += seat["hand"] + [p["n"] for p in seat["plants"]]
    plants = [c for c in cards if c != P.STEP3]
    assert sorted(plants) == sorted(P.PLANTS) and cards.count(P.STEP3) <= 1


@pytest.mark.parametrize("players,bots", [(2, ("strong", "easy")), (3, ("normal", "strong", "random")),
                                          (4, ("easy", "normal", "strong", "strong"))])
def test_bot_games_keep_every_invariant(players, bots):
    s = new_game({}, [f"P{i}" for i in range(players)], f"inv{players}")
    step = -1
    check(s)
    while not is_over(s):
        turn = to_act(s)
        assert turn["step"] >= step
        step = turn["step"]
        if turn["together"]:
            for i in turn["seats"]:
                a = bot_action(bots[i], bot_view(s, i), f"inv:{step}:{i}")
                if a:
                    apply(s, i, a)
                    check(s)
            if to_act(s)["step"] == step:
                apply(s, None, turn["close"])
        else:
            i = turn["seats"][0]
            apply(s, i, bot_action(bots[i], bot_view(s, i), f"inv:{step}:{i}"))
        check(s)
    assert s["end"] in ("all_cities", "round_cap")
