"""What a seat may take back within its turn (hall.py `keeps_turn`, issue 29 item 3): a
card's use, a placement, a sale, a successor chosen — and a president's own decisions in
another player's turn while that president still decides; never what hands the decision to
another seat or ends the turn (the rule book's last step, the buy, ends it)."""

from engine.ekonos import apply
from engine.ekonos.hall import keeps_turn

from .helpers import give, play_bottom, play_top, put
from .test_turn import president_game


def test_a_card_played_for_its_top_and_a_sale_may_be_taken_back():
    state = president_game(0)
    give(state, 0, "D", 1)
    events = play_top(state, "ABE", 5)
    assert state["phase"] == "sell" and keeps_turn(state, 0, events)
    events = apply(state, 0, {"type": "sell", "company": "D"})
    assert state["phase"] == "buy" and keeps_turn(state, 0, events)
    events = apply(state, 0, {"type": "pass"})  # the buy step ends the turn
    assert state["turn"] == 1 and not keeps_turn(state, 0, events)


def test_a_card_that_hands_the_decision_to_another_president_is_final():
    state = president_game(3)
    events = play_bottom(state, "ABE", "B")
    assert state["phase"] == "expand_or_wait" and not keeps_turn(state, 0, events)


def test_a_presidents_expansion_in_anothers_turn_may_be_taken_back_until_it_is_done():
    """Bob (seat 2) presides Beta and expands it in Ann's turn: his choice to expand and his
    first tile may be taken back while he still decides; his last tile hands the turn back
    to Ann, and so does a choice to wait."""
    state = president_game(3)
    put(state, 12, "B")
    play_bottom(state, "ABE", "B")
    events = apply(state, 2, {"type": "expand"})
    assert state["turn"] == 0 and keeps_turn(state, 2, events)
    events = apply(state, 2, {"type": "grow", "space": 9})
    assert state["phase"] == "grow" and keeps_turn(state, 2, events)
    events = apply(state, 2, {"type": "grow", "space": 18})
    assert state["expansion"] is None and not keeps_turn(state, 2, events)

    state = president_game(3)
    play_bottom(state, "ABE", "B")
    events = apply(state, 2, {"type": "wait"})
    assert not keeps_turn(state, 2, events)
