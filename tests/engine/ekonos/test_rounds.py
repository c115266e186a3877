"""Rounds (rule book, "Rounds"): how many by player count, the deal and the coins of each
round from the seed, the first start player drawn by the seed, the start player's rotation
and the end after the last round."""

import pytest

from engine.core.errors import GameError
from engine.ekonos import apply, new_game, to_act, view, is_over, result
from engine.ekonos.cards import DECK
from engine.ekonos.deal import deal

from .helpers import NAMES, acting, finish_turn, game


@pytest.mark.parametrize("players,rounds,cards,coins", [
    (2, 6, 6, 12), (3, 4, 6, 12), (4, 3, 6, 12), (5, 3, 5, 10), (6, 2, 6, 12)])
def test_rounds_cards_and_coins_by_player_count(players, rounds, cards, coins):
    state = new_game({}, NAMES[:players], 7)
    assert state["rounds_total"] == rounds
    assert [len(h) for h in state["hands"]] == [cards] * players
    assert state["coins"] == [coins] * players
    v = view(state, 0)
    assert (v["rounds_total"], v["hand_size"], v["round_coins"]) == (rounds, cards, coins)


@pytest.mark.parametrize("players", [[], ["Solo"], NAMES + ["Gus"]])
def test_two_to_six_players(players):
    with pytest.raises(GameError):
        new_game({}, players, 1)


def test_the_rule_book_implies_no_options():
    with pytest.raises(GameError) as e:
        new_game({"rounds": 5}, NAMES[:3], 1)
    assert e.value.code == "unknown_option"
    assert new_game(None, NAMES[:3], 1)["options"] == {}


def test_each_round_shuffles_all_36_cards_and_deals_from_the_seed():
    a, b = deal("s", 1, 4), deal("s", 1, 4)
    assert a == b  # the same seed, the same deal
    assert deal("s", 2, 4) != a and deal("t", 1, 4) != a  # another round, another seed
    cards = [c for h in a for c in h]
    assert len(cards) == len(set(cards)) == 24 and set(cards) <= set(DECK)
    six = deal("s", 1, 6)
    assert sorted(c for h in six for c in h) == sorted(DECK)  # six players hold every card


def test_the_first_start_player_is_drawn_by_the_seed():
    starts = {new_game({}, NAMES[:4], seed)["first"] for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    state = new_game({}, NAMES[:4], 5)
    assert state["turn"] == state["start"] == state["first"] == new_game({}, NAMES[:4], 5)["first"]
    assert to_act(state) == {"phase": "play", "seats": [state["first"]], "together": False,
                             "deadline": None, "step": 0, "waiting": [state["first"]],
                             "close": None}


def play_round(state) -> list[int]:
    """Every turn of the current round played with its first card's bottom (nobody buys,
    so no company has a president to expand it); the seats in the order they played."""
    order = []
    r = state["round"]
    while state["round"] == r and not is_over(state):
        seat = acting(state)
        assert state["phase"] == "play"
        order.append(seat)
        card = state["hands"][seat][0]
        apply(state, seat, {"type": "play", "card": card, "use": "bottom", "company": card[1]})
        finish_turn(state)
    return order


def test_turns_go_round_until_every_hand_is_empty_and_the_last_player_starts_next():
    """[decision, from the seed] "the last player in turn order takes 2 turns in a row"."""
    state = game(4, start=1)
    order = play_round(state)
    assert order == [1, 2, 3, 0] * 6
    assert state["round"] == 2 and state["start"] == 0 == state["turn"]
    order2 = play_round(state)
    assert order2[0] == order[-1] == 0  # two turns in a row
    assert order2 == [0, 1, 2, 3] * 6 and state["start"] == 3


def test_coins_accumulate_over_rounds():
    state = game(3, start=0)
    play_round(state)  # nobody holds a share, nobody buys: the buy step is passed
    assert state["coins"] == [24, 24, 24]
    assert [len(h) for h in state["hands"]] == [6, 6, 6]


def test_the_game_ends_after_the_last_round():
    state = new_game({}, NAMES[:6], 3)
    play_round(state)
    assert state["round"] == 2 and not is_over(state)
    play_round(state)
    assert is_over(state) and state["phase"] == "over"
    assert to_act(state)["seats"] == [] and to_act(state)["close"] is None
    res = result(state)
    assert res["over"] and sorted(res["ranking"]) == list(range(6))
    assert state["log"][-1]["events"][-1]["type"] == "game_over"
    with pytest.raises(GameError):
        apply(state, 0, {"type": "pass"})


def test_a_round_event_opens_each_round_in_the_log():
    state = game(4, start=2)
    assert state["log"][0] == {"round": 1, "seat": None, "events": [
        {"type": "round", "round": 1, "start": 2, "coins": 12, "cards": 6}]}


def test_setup_may_fix_start_and_deals_and_is_checked():
    state = game(4, start=3)
    assert state["first"] == 3 and state["hands"][0] == list(DECK[:6])
    for bad in ({"start": 4}, {"deals": [[["ABE"] * 6] * 4]}, {"deals": "x"}, {"hands": []},
                {"deals": [[list(DECK[:6])] * 3]}):
        with pytest.raises(GameError) as e:
            new_game({}, NAMES[:4], 1, **bad)
        assert e.value.code == "bad_setup"


def test_a_new_game_starts_with_an_empty_map_counters_at_0_and_no_shares():
    state = new_game({}, NAMES[:3], 4)
    assert state["map"] == [None] * 36
    assert state["growth"] == {c: 0 for c in "ABGDEO"}
    assert state["president"] == {c: None for c in "ABGDEO"}
    assert all(n == 0 for holdings in state["shares"].values() for n in holdings)
    v = view(state, None)
    assert all(c["buy_cost"] == 1 and c["sell_pays"] == 0 for c in v["companies"].values())
