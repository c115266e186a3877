"""The round and the game: deal, zero, discard, bankruptcy, the end and the ranking."""

import pytest

from engine.broker import new_game, submit, resolve, result, view
from engine.broker.options import packs_needed
from engine.broker.update import update_colour

from .helpers import game_with

OTHERS_FOR_BLUE = {"others": {"red": -10, "yellow": -20, "green": -30}}


@pytest.mark.parametrize("mode, deal, players, packs", [
    ("classic", "4+6", 2, 1), ("classic", "4+6", 5, 1), ("classic", "4+6", 6, 2),
    ("classic", "3+5", 6, 1), ("classic", "3+5", 7, 2), ("mass", "4+6", 10_000, 2000),
    ("duel", "4+6", 2, 1), ("mass", "3+5", 200, 32),
])
def test_fewest_whole_packs(mode, deal, players, packs):
    assert packs_needed(mode, deal, players) == packs


def test_deal_sizes_and_determinism():
    a = new_game({"deal": "3+5"}, ["A", "B", "C"], 42)
    b = new_game({"deal": "3+5"}, ["A", "B", "C"], 42)
    c = new_game({"deal": "3+5"}, ["A", "B", "C"], 43)
    assert a == b and a != c
    for s in a["seats"]:
        assert len(s["hand"]) == 8 and sum(not x.startswith("small") for x in s["hand"]) == 3
    assert a["rounds_total"] == 8 and a["options"]["zero_cancels"] == 3


def test_more_than_one_pack_makes_zero_cancel_four():
    state = new_game({}, [f"P{i}" for i in range(6)], 1)
    assert state["options"]["packs"] == 2 and state["options"]["zero_cancels"] == 4
    state = new_game({"packs": 2}, ["A", "B"], 1)
    assert state["options"]["zero_cancels"] == 4
    state = new_game({"packs": 2, "zero_cancels": 3}, ["A", "B"], 1)
    assert state["options"]["zero_cancels"] == 3


def test_zero_cancels_the_three_or_four_greatest():
    effects = [("delta", 100), ("delta", -60), ("delta", 50), ("delta", -40), ("delta", 30)]
    r3 = update_colour(100, effects, 1, 3, 3)
    assert r3["after_zero"] == [["delta", -40, 1], ["delta", 30, 1]] and r3["new_price"] == 90
    r4 = update_colour(100, effects, 1, 4, 3)
    assert r4["after_zero"] == [["delta", 30, 1]] and r4["new_price"] == 130
    two_zeros = update_colour(100, effects, 2, 3, 3)
    assert two_zeros["after_zero"] == [] and two_zeros["new_price"] == 100


def test_zero_works_on_what_cancelling_left_and_ranks_raising_first():
    effects = [("delta", 50), ("delta", -50), ("delta", -50), ("delta", 50), ("delta", -50),
               ("delta", 40), ("double", 60), ("half", -30)]
    r = update_colour(60, effects, 0, 3, 3)
    # two +50/-50 pairs and the ×2/÷2 pair cancel
    assert r["after_cancel"] == [["delta", -50, 1], ["delta", 40, 1]]
    r = update_colour(100, [("delta", -30), ("delta", 30), ("delta", 30), ("delta", -40)], 0, 3, 1)
    assert r["after_cancel"] == [["delta", -40, 1], ["delta", 30, 1]] and r["new_price"] == 60
    r = update_colour(100, [("delta", -40), ("delta", 40), ("delta", -40), ("delta", 40)], 0, 3, 3)
    assert r["after_cancel"] == []


def test_top3_sums_only_the_three_greatest():
    r = update_colour(100, [("delta", 30), ("delta", 40), ("delta", 50), ("delta", 60)], 0, 3, 3)
    assert r["counted"] == [["delta", 60, 1], ["delta", 50, 1], ["delta", 40, 1]] and r["new_price"] == 250


def test_rising_price_ending_in_5_rounds_up():
    r = update_colour(70, [("half", -35), ("delta", 60)], 0, 3, 3)
    assert (r["computed"], r["new_price"]) == (95, 100)


def test_zero_card_in_a_game():
    state = game_with({"Ann": ["hundred:blue"], "Bob": ["zero:blue"]})
    submit(state, 0, {"card": "hundred:blue", "choices": OTHERS_FOR_BLUE})
    submit(state, 1, {"card": "zero:blue"})
    events = resolve(state)
    assert state["prices"] == {"blue": 100, "red": 90, "yellow": 80, "green": 70}
    blue = next(e for e in events if e["type"] == "price" and e["colour"] == "blue")
    assert blue["zeros"] == 1 and blue["after_zero"] == []


def test_random_discard_is_seeded_and_hidden_from_others():
    a = game_with({"Ann": [], "Bob": []}, seed=5)
    b = game_with({"Ann": [], "Bob": []}, seed=5)
    ea, eb = resolve(a), resolve(b)
    assert ea == eb
    discards = [e for e in ea if e["type"] == "discard"]
    assert [e["seat"] for e in discards] == [0, 1]
    assert all(len(s["hand"]) == 9 for s in a["seats"])
    seen_by_bob = [e for e in view(a, 1)["history"][0]["events"] if e["type"] == "discard"]
    assert seen_by_bob[0] == {"type": "discard", "seat": 0}
    assert seen_by_bob[1]["card"] == discards[1]["card"]


def test_debt_at_the_update_bankrupts_and_voids_the_card():
    state = game_with({"Ann": ["hundred:blue"], "Bob": ["hundred:red"], "Cy": []})
    state["seats"][0]["cash"] = -20  # a penalty of the last round
    submit(state, 0, {"card": "hundred:blue", "choices": OTHERS_FOR_BLUE})
    events = resolve(state)
    bankrupt = [e for e in events if e["type"] == "bankrupt"]
    assert bankrupt == [{"type": "bankrupt", "seat": 0, "reason": "debt", "cash": -20,
                         "withdrawn": {"blue": 1, "red": 1, "yellow": 1, "green": 1}}]
    card = next(e for e in events if e["type"] == "card")
    assert card["void"] and state["prices"]["blue"] == 100
    assert state["seats"][0]["shares"] == {"blue": 0, "red": 0, "yellow": 0, "green": 0}


def test_selling_in_time_avoids_bankruptcy():
    state = game_with({"Ann": [], "Bob": [], "Cy": []})
    state["seats"][0]["cash"] = -20
    submit(state, 0, {"trades": {"red": -1}})  # 100 - 20 = 80 >= 0
    resolve(state)
    assert not state["seats"][0]["bankrupt"] and state["seats"][0]["cash"] == 80


def test_no_shares_and_under_10_cash_is_bankrupt():
    state = game_with({"Ann": ["small:blue:-60"], "Bob": [], "Cy": []})
    state["seats"][1]["shares"] = {"blue": 1, "red": 0, "yellow": 0, "green": 0}
    state["seats"][1]["cash"] = 5
    state["prices"]["blue"] = 40
    submit(state, 0, {"card": "small:blue:-60", "choices": {"other": "red"}})
    events = resolve(state)
    # blue 40 - 60 = -20: price 10, penalty 30; Bob keeps his share, so he is not broke
    assert not state["seats"][1]["bankrupt"] and state["seats"][1]["cash"] == -25
    state2 = game_with({"Ann": [], "Bob": [], "Cy": []})
    state2["seats"][1]["shares"] = {"blue": 0, "red": 0, "yellow": 0, "green": 0}
    state2["seats"][1]["cash"] = 9
    events = resolve(state2)
    assert [(e["seat"], e["reason"]) for e in events if e["type"] == "bankrupt"] == [(1, "broke")]


def test_game_ends_when_one_solvent_player_remains():
    state = game_with({"Ann": [], "Bob": []})
    state["seats"][1]["cash"] = -1
    events = resolve(state)
    assert state["over"] and state["round"] == 1
    assert events[-1]["type"] == "game_over" and events[-1]["ranking"] == [0, 1]


def test_ranking_later_bankrupt_above_earlier_and_ties_tossed():
    state = game_with({"Ann": [], "Bob": [], "Cy": [], "Dee": []})
    state["seats"][3]["cash"] = -1
    resolve(state)  # Dee bankrupt in round 1
    state["seats"][2]["cash"] = -1
    resolve(state)  # Cy bankrupt in round 2
    for _ in range(state["rounds_total"] - 2):
        resolve(state)
    assert state["over"]
    ranking = state["ranking"]
    assert ranking[2:] == [2, 3]
    # Ann and Bob did the same thing all game: equal capital, decided by a recorded toss
    toss = next(e for e in state["history"][-1]["events"] if e["type"] == "toss")
    assert sorted(toss["seats"]) == [0, 1] and ranking[:2] == toss["order"]
    assert result(state)["ranking"] == ranking


def test_toss_differs_between_seeds():
    winners = set()
    for seed in range(20):
        state = game_with({"Ann": [], "Bob": []}, seed=seed)
        for _ in range(state["rounds_total"]):
            resolve(state)
        winners.add(state["ranking"][0])
    assert winners == {0, 1}


def test_duel_plays_only_duel_cards():
    state = new_game({"mode": "duel"}, ["A", "B"], 9)
    cards = [c for s in state["seats"] for c in s["hand"]]
    assert not any(c.startswith(("zero", "minus-hundred")) for c in cards)


def test_mass_start_deals_many_packs():
    state = new_game({"mode": "mass", "deal": "3+5"}, [f"P{i}" for i in range(50)], 2)
    assert state["options"]["packs"] == 8
    all_cards = [c for s in state["seats"] for c in s["hand"]]
    assert max(all_cards.count(c) for c in set(all_cards)) > 1


def test_equal_effects_are_grouped_and_counted_one_by_one():
    r = update_colour(100, [("delta", 30)] * 4 + [("delta", -30)], 0, 3, 3)
    assert r["effects"] == [["delta", 30, 4], ["delta", -30, 1]]
    assert r["after_cancel"] == [["delta", 30, 3]] and r["counted"] == [["delta", 30, 3]]
    r = update_colour(100, [("delta", 40)] * 5, 1, 4, 3)
    assert r["after_zero"] == [["delta", 40, 1]] and r["new_price"] == 140
