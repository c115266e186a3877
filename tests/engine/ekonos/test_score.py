"""The end and the score (rule book, "End and score", and the seed's examples)."""

from engine.ekonos import result
from engine.ekonos.rules import breakdown, score, standings, value

from .helpers import game, give, put


def test_company_value_is_its_tiles_on_the_map():
    state = game(3)
    for s in (1, 2, 3):
        put(state, s, "A")
    put(state, 4, "A", protected=True)
    put(state, 5, "B")
    assert value(state, "A") == 4 and value(state, "B") == 1 and value(state, "O") == 0


def test_score_is_shares_times_value_plus_coins():
    state = game(3)
    for s in (1, 2, 3):
        put(state, s, "A")
    put(state, 10, "E")
    give(state, 0, "A", 2)
    give(state, 0, "E", 3)
    state["coins"][0] = 5
    assert score(state, 0) == 2 * 3 + 3 * 1 + 5
    assert breakdown(state, 0) == {"coins": 5, "score": 14,
                                   "shares": {"A": 2, "B": 0, "G": 0, "D": 0, "E": 3, "O": 0},
                                   "values": {"A": 6, "B": 0, "G": 0, "D": 0, "E": 3, "O": 0}}


def test_eight_shares_of_a_company_with_no_tile_score_nothing():
    """The seed: "If you own 8 shares of a company, but it has 0 squares on the map, you
    earn 0 points from that company." Share prices do not matter."""
    state = game(2)
    give(state, 0, "O", 8)
    state["coins"] = [0, 0]
    assert score(state, 0) == 0


def test_ties_go_to_more_coins_then_places_are_shared():
    """[decision] equal scores: more coins ranks higher; equal in both: a shared place."""
    state = game(4)
    put(state, 1, "A")
    put(state, 2, "A")
    give(state, 1, "A", 2)  # 4 points of shares
    state["coins"] = [10, 6, 10, 3]
    ranking, scores, places = standings(state)
    assert scores == [10, 10, 10, 3]
    assert ranking == [0, 2, 1, 3] and places == [1, 3, 1, 4]  # by seat
    assert result(state)["places"] == places
