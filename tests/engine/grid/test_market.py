"""The deck, the plant market's steps and the resource market (base rules)."""

import re
from pathlib import Path

import pytest

from engine.core.errors import GameError
from engine.grid import apply, legal, new_game
from engine.grid import plants as P
from engine.grid.market import bureaucracy_update, current, future, new_deck, refill, supply

from .helpers import at, table


@pytest.mark.parametrize("players,removed", [(2, 8), (3, 8), (4, 4)])
def test_the_deck_has_13_on_top_step_3_at_the_bottom_and_plants_removed(players, removed):
    deck, out = new_deck("deck", players)
    assert deck[0] == 13 and deck[-1] == "step3" and len(out) == removed
    everything = sorted(deck[:-1] + out + list(P.OPENING))
    assert everything == sorted(P.PLANTS)
    assert new_deck("other", players)[0] != deck  # the seed shuffles


def test_four_current_four_future_and_six_all_current_in_step_3():
    s = new_game({}, ["A", "B", "C"], 1)
    assert current(s) == [3, 4, 5, 6] and future(s) == [7, 8, 9, 10]
    s["stage"] = 3
    s["market"] = [12, 15, 17, 20, 25, 31]
    assert current(s) == s["market"] and future(s) == []


def test_units_cost_the_cheapest_spaces_first():
    # coal fills 1..8 three per space: 4 units cost 1 + 1 + 1 + 2 = 5; uranium starts at 14, 16
    assert P.price_of("coal", 24, 4) == 5
    assert P.unit_prices("uranium", 2) == [14, 16]
    assert P.unit_prices("oil", 18) == [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8]


def test_the_uranium_track_costs_1_to_8_then_10_12_14_16():
    assert P.unit_prices("uranium", 12) == [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16]
    assert P.unit_prices("uranium", 4) == [10, 12, 14, 16]
    assert P.price_of("uranium", 4, 3) == 10 + 12 + 14
    assert P.unit_prices("uranium", 0) == [] and P.TOTAL["uranium"] == 12
    # coal, oil and garbage: three units a space at 1..8
    for r in ("coal", "oil", "garbage"):
        assert P.unit_prices(r, 24) == [p for p in range(1, 9) for _ in range(3)]
    assert P.START_MARKET == {"coal": 24, "oil": 18, "garbage": 6, "uranium": 2}


def test_buying_resources_onto_built_plants_only_and_within_their_store():
    s = at(table(red=dict(plants=[(5, "MOR"), (13, "KES")], hand=[10], cash=20)), "resources", 0)
    buys = {(o["plant"], o["resource"]): o for o in legal(s, 0)["buy"]}
    assert set(buys) == {(5, "coal"), (5, "oil")}  # the hybrid takes coal and oil; 10 is in hand
    assert buys[(5, "coal")]["costs"] == [1, 2, 3, 5]  # room for 4: 1 + 1 + 1 + 2
    apply(s, 0, {"type": "buy", "plant": 5, "resource": "coal", "amount": 3})
    assert s["seats"][0]["cash"] == 17 and s["resources"]["coal"] == 21
    for bad, code in (({"plant": 5, "resource": "oil", "amount": 2}, "no_room"),
                      ({"plant": 10, "resource": "coal", "amount": 1}, "plant_not_built"),
                      ({"plant": 5, "resource": "garbage", "amount": 1}, "wrong_resource")):
        with pytest.raises(GameError) as e:
            apply(s, 0, {"type": "buy", **bad})
        assert e.value.code == code
    apply(s, 0, {"type": "buy", "plant": 5, "resource": "oil", "amount": 1})  # 3 coal + 1 oil = 4
    assert s["seats"][0]["plants"][0]["res"] == {"coal": 3, "oil": 1}


def test_refill_follows_the_table_as_far_as_the_box_allows():
    s = table(players=3)
    s["resources"] = {"coal": 10, "oil": 10, "garbage": 10, "uranium": 5}
    events = []
    refill(s, events)  # 3 players, Step 1: 4 / 2 / 1 / 1
    assert s["resources"] == {"coal": 14, "oil": 12, "garbage": 11, "uranium": 6}
    s["seats"][0]["plants"] = [{"n": 31, "city": "KES", "res": {"coal": 6}, "displaced": []}]
    s["resources"]["coal"] = 17  # 24 - 17 - 6: one coal left in the box
    s["stage"] = 2
    refill(s, events)
    assert s["resources"]["coal"] == 18 and supply(s, "coal") == 0


def test_refill_table_by_players_and_step():
    assert P.REFILL[2][1] == (3, 2, 1, 1) and P.REFILL[4][2] == (6, 4, 3, 2)
    assert P.REFILL[3][3] == (3, 4, 3, 1) and P.REFILL[4][3] == (4, 5, 4, 2)


def test_step_2_begins_after_building_when_a_player_reaches_7_cities_with_3_players():
    subs = ["FEN", "THO", "KES", "LOW", "EBB", "SAL"]
    s = at(table(red=dict(plants=[(13, "MOR")], subs=subs[:5], cash=5),
                 green=dict(), blue=dict()), "building", 0)
    s["cursor"] = 2  # Red builds last
    s["order"] = [0, 1, 2]
    s["market"] = [15, 16, 17, 18, 19, 20, 21, 22]
    apply(s, 0, {"type": "done"})
    assert s["stage"] == 1  # 6 cities
    s = at(table(red=dict(plants=[(13, "MOR")], subs=subs, cash=5), green=dict(), blue=dict()), "building", 0)
    s["order"], s["cursor"] = [0, 1, 2], 2
    s["market"] = [15, 16, 17, 18, 19, 20, 21, 22]
    events = apply(s, 0, {"type": "done"})
    assert {"type": "stage", "stage": 2} in events and 15 in s["gone"] and s["stage"] >= 2


@pytest.mark.parametrize("players, need", [(2, 10), (3, 7), (4, 7)])
def test_the_step_2_threshold_is_10_cities_with_2_players_and_7_with_3_or_4(players, need):
    subs = ["FEN", "THO", "KES", "LOW", "EBB", "SAL", "ALD", "BRI", "COR"]
    for cities, stage in ((need - 1, 1), (need, 2)):
        s = table(players=players, seed="step two", red=dict(plants=[(13, "MOR")], subs=subs[:cities - 1]))
        s["regions"] = ["firth", "crown", "marsh", "downs", "vale", "cape"]  # every city above in play
        s["order"] = list(range(players))
        at(s, "building", 0)
        s["cursor"] = players - 1  # Red builds last
        s["market"] = [15, 16, 17, 18, 19, 20, 21, 22]
        apply(s, 0, {"type": "done"})
        assert s["stage"] == stage, (players, cities)


def test_bureaucracy_puts_the_highest_plant_under_the_stack_and_step_3_drops_the_lowest():
    s = table(phase="power")
    s["market"], s["deck"] = [11, 12, 14, 15, 16, 17, 18, 19], [30, "step3"]
    events = []
    bureaucracy_update(s, events)
    assert s["deck"] == ["step3", 19] and s["market"][-1] == 30
    # drawing the «Step 3» card outside the auction starts Step 3 at once
    s["market"].remove(30)
    events = []
    bureaucracy_update(s, events)
    assert s["stage"] == 3 and {"type": "stage", "stage": 3} in events and len(s["market"]) == 6
    low = s["market"][0]
    bureaucracy_update(s, events)
    assert low in s["gone"] and len(s["market"]) <= 6


RULE_BOOK = Path(__file__).parents[3] / "docs" / "rules" / "grid.md"


def test_the_plant_cards_and_the_refill_table_are_the_rule_books():
    text = RULE_BOOK.read_text(encoding="utf-8")
    cards = {int(n): (kind, int(need or 0), int(powers))
             for n, kind, need, powers in re.findall(r"\b(\d\d) (\w+) (\d)?→(\d)", text)}
    assert P.PLANTS == cards and len(cards) == 42
    table = {int(n): {1: tuple(map(int, a.split("/"))), 2: tuple(map(int, b.split("/"))),
                      3: tuple(map(int, c.split("/")))}
             for n, a, b, c in re.findall(r"\| (\d) \| ([\d/]+) \| ([\d/]+) \| ([\d/]+) \|", text)}
    assert P.REFILL == table and set(table) == {2, 3, 4}


def test_refill_stops_at_the_markets_spaces():
    # 3 players, Step 1 adds 4 coal, but coal's 24 spaces hold 23 already: one comes (the
    # box holds as many units as the spaces, so it is empty too)
    s = table(players=3)
    s["resources"] = {"coal": 23, "oil": 24, "garbage": 0, "uranium": 12}
    refill(s, [])
    assert s["resources"] == {"coal": 24, "oil": 24, "garbage": 1, "uranium": 12}


def test_an_upgrade_takes_a_plant_of_the_same_kind_but_not_the_plant_itself():
    assert P.can_upgrade(10, 15) and P.can_upgrade(15, 10) and P.can_upgrade(10, 50)
    assert not P.can_upgrade(10, 10) and not P.can_upgrade(10, 16) and not P.can_upgrade(5, 10)
