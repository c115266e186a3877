"""Presidency (rule book, "Presidency"): buying makes you president only with strictly more
shares than every other player; when the president sells and another player now holds
more, that player takes the post, the seller choosing among players tied for most."""

from engine.ekonos import apply, to_act, view
from engine.ekonos.rules import president_after_buy, successors_after_sell

from .helpers import give, hand_with, play_top, refused


def at_buy(holdings, president, company="D"):
    """Seat 0 at its buy step, the others holding `holdings` of `company`."""
    state = hand_with(4, 0, ["ABE"])
    for seat, n in enumerate(holdings):
        give(state, seat, company, n)
    state["president"][company] = president
    play_top(state, "ABE", 1)
    if state["phase"] == "sell":
        apply(state, 0, {"type": "pass"})
    assert state["phase"] == "buy"
    return state


def test_the_first_share_makes_its_buyer_president():
    state = at_buy([0, 0, 0, 0], None)
    events = apply(state, 0, {"type": "buy", "company": "D"})
    assert events[1] == {"type": "president", "company": "D", "seat": 0, "previous": None}
    assert state["president"]["D"] == 0


def test_buying_to_a_tie_does_not_make_you_president():
    """[seed] "more shares than any other player (not tied)"."""
    state = at_buy([1, 2, 0, 0], 1)
    assert {e["company"]: e["president"] for e in view(state, 0)["legal"]["buy"]}["D"] is False
    events = apply(state, 0, {"type": "buy", "company": "D"})
    assert state["president"]["D"] == 1 and len(events) == 1


def test_buying_to_strictly_more_takes_the_post():
    state = at_buy([2, 2, 1, 0], 1)
    assert {e["company"]: e["president"] for e in view(state, 0)["legal"]["buy"]}["D"] is True
    events = apply(state, 0, {"type": "buy", "company": "D"})
    assert events[1] == {"type": "president", "company": "D", "seat": 0, "previous": 1}


def test_a_president_buying_more_is_not_told_it_becomes_president():
    """The buy offer's `president` says the share makes the buyer president: never to the
    president already (the table wrote "you become its president" to them)."""
    state = at_buy([2, 1, 0, 0], 0)
    assert president_after_buy(state, "D", 0) == 0  # president after the buy, as before it
    assert {e["company"]: e["president"] for e in view(state, 0)["legal"]["buy"]}["D"] is False


def at_sell(holdings, president=0, company="D"):
    """Seat 0 at its sell step holding `holdings[0]` of `company`."""
    state = hand_with(4, 0, ["ABE"])
    for seat, n in enumerate(holdings):
        give(state, seat, company, n)
    state["president"][company] = president
    play_top(state, "ABE", 1)
    assert state["phase"] == "sell"
    return state


def test_the_president_keeps_the_post_when_nobody_holds_more_ties_included():
    """[decision] a tie after the sale leaves the president in place."""
    state = at_sell([3, 2, 2, 0])
    assert successors_after_sell(state, "D", 0) == []
    apply(state, 0, {"type": "sell", "company": "D"})
    assert state["president"]["D"] == 0 and state["phase"] == "buy"


def test_a_player_now_holding_more_becomes_president():
    state = at_sell([2, 2, 1, 0])
    events = apply(state, 0, {"type": "sell", "company": "D"})
    assert events[1] == {"type": "president", "company": "D", "seat": 1, "previous": 0}
    assert state["phase"] == "buy"


def test_the_seller_chooses_among_players_tied_for_most():
    state = at_sell([2, 2, 0, 2])
    step = to_act(state)["step"]
    apply(state, 0, {"type": "sell", "company": "D"})
    turn = to_act(state)
    assert turn["phase"] == "successor" and turn["seats"] == [0] and turn["step"] == step + 1
    assert view(state, 0)["legal"] == {"phase": "successor", "company": "D", "candidates": [1, 3]}
    refused(state, 0, {"type": "successor", "seat": 2}, "not_a_successor")
    refused(state, 0, {"type": "successor", "seat": True}, "not_a_successor")
    events = apply(state, 0, {"type": "successor", "seat": 3})
    assert events[0] == {"type": "president", "company": "D", "seat": 3, "previous": 0,
                         "chosen_by": 0}
    assert state["phase"] == "buy" and state["president"]["D"] == 3


def test_a_sale_by_someone_else_than_the_president_changes_nothing():
    state = at_sell([1, 3, 0, 0], president=1)
    apply(state, 0, {"type": "sell", "company": "D"})
    assert state["president"]["D"] == 1


def test_the_last_share_sold_leaves_the_company_without_a_president():
    """[decision] nobody holds a share: no president; its counter still moves."""
    state = at_sell([1, 0, 0, 0])
    events = apply(state, 0, {"type": "sell", "company": "D"})
    assert events[1] == {"type": "president", "company": "D", "seat": None, "previous": 0}
    assert state["president"]["D"] is None


def test_the_rules_helpers_agree():
    state = at_sell([2, 3, 3, 1], president=1)
    assert president_after_buy(state, "D", 3) == 1  # 2 is not more than 3
    assert president_after_buy(state, "D", 1) == 1
    assert successors_after_sell(state, "D", 1) == [2]  # 2 after the sale, Cid holds 3
