"""A turn (rule book, "A turn"): play a card for its top or one of its bottom companies,
then optionally sell one share, then optionally buy one; growth counters and the
president's expansions in the middle of the turn; refusals."""

import pytest

from engine.ekonos import apply, to_act, view
from engine.ekonos.options import MAX_TILES

from .helpers import give, hand_with, play_bottom, play_top, put, refused


def test_the_top_places_a_tile_on_any_empty_space():
    state = hand_with(4, 0, ["ABE"])
    events = play_top(state, "ABE", 36)
    assert state["map"][35] == ["A", False]
    assert [e["type"] for e in events] == ["play", "place"]
    assert events[1] == {"type": "place", "company": "A", "space": 36, "replaced": None,
                         "growth": False}
    assert "ABE" not in state["hands"][0]
    assert state["played"][-1] == {"round": 1, "seat": 0, "card": "ABE", "use": "top",
                                   "company": "A", "space": 36}


def test_the_top_protects_one_of_its_tiles_and_a_protected_tile_never_changes():
    state = hand_with(4, 0, ["ABE", "ABG"])
    put(state, 10, "A")
    play_top(state, "ABE", 10)
    assert state["map"][9] == ["A", True]
    state["turn"] = 0
    state["phase"] = "play"
    refused(state, 0, {"type": "play", "card": "ABG", "use": "top", "space": 10}, "space_taken")


def test_the_top_cannot_take_an_occupied_space():
    state = hand_with(4, 0, ["ABE"])
    put(state, 5, "B")
    refused(state, 0, {"type": "play", "card": "ABE", "use": "top", "space": 5}, "space_taken")
    refused(state, 0, {"type": "play", "card": "ABE", "use": "top", "space": 37}, "unknown_space")
    refused(state, 0, {"type": "play", "card": "ABE", "use": "top", "space": "5"}, "unknown_space")
    refused(state, 0, {"type": "play", "card": "ABE", "use": "top", "company": "B", "space": 6},
            "not_top_company")


def test_ten_tiles_of_a_company_at_most():
    state = hand_with(4, 0, ["ABE"])
    for s in range(1, MAX_TILES + 1):
        put(state, s, "A")
    refused(state, 0, {"type": "play", "card": "ABE", "use": "top", "space": 20}, "tile_limit")
    top = next(c for c in view(state, 0)["legal"]["cards"] if c["card"] == "ABE")["top"]
    assert top["place"] == [] and top["protect"] == list(range(1, 11))
    play_top(state, "ABE", 3)  # protecting is still allowed
    assert state["map"][2] == ["A", True]


def test_a_top_with_nothing_to_do_is_not_offered():
    state = hand_with(4, 0, ["ABE"])
    for s in range(1, 37):
        put(state, s, "B" if s > 2 else "A", protected=True)
    top = next(c for c in view(state, 0)["legal"]["cards"] if c["card"] == "ABE")["top"]
    assert top == {"company": "A", "place": [], "protect": []}


def test_a_bottom_company_moves_its_growth_counter_up_one():
    state = hand_with(4, 0, ["ABE"])
    events = play_bottom(state, "ABE", "E")
    assert state["growth"]["E"] == 1 and state["map"] == [None] * 36
    assert events[1] == {"type": "counter", "company": "E", "value": 1}
    state2 = hand_with(4, 0, ["ABE"])
    refused(state2, 0, {"type": "play", "card": "ABE", "use": "bottom", "company": "A"},
            "not_bottom_company")
    refused(state2, 0, {"type": "play", "card": "ABE", "use": "bottom", "company": "B", "space": 3},
            "bad_action")
    refused(state2, 0, {"type": "play", "card": "ABE", "use": "side"}, "bad_use")
    refused(state2, 0, {"type": "play", "card": "EGO", "use": "top", "space": 3}, "card_not_in_hand")


def president_game(counter, company="B", president=2, player_card="ABE"):
    """Seat 0 to play `player_card`; `company` at `counter`, its president `president`."""
    state = hand_with(4, 0, [player_card])
    state["growth"][company] = counter
    if president is not None:
        give(state, president, company, 2)
        state["president"][company] = president
    return state


def test_at_4_the_president_chooses_in_the_middle_of_anothers_turn():
    state = president_game(3)
    step = to_act(state)["step"]
    play_bottom(state, "ABE", "B")
    turn = to_act(state)
    assert turn["phase"] == "expand_or_wait" and turn["seats"] == [2] and turn["step"] == step + 1
    assert state["turn"] == 0  # still seat 0's turn
    assert view(state, 2)["legal"] == {"phase": "expand_or_wait", "company": "B", "actions": 2}
    assert view(state, 0)["legal"] is None
    refused(state, 0, {"type": "expand"}, "not_your_turn")
    refused(state, 2, {"type": "pass"}, "wrong_phase")


def test_waiting_keeps_the_counter_at_4():
    state = president_game(3)
    play_bottom(state, "ABE", "B")
    events = apply(state, 2, {"type": "wait"})
    assert events == [{"type": "wait", "company": "B", "seat": 2}]
    # the president confirms before the turn goes back to its player (undo within a turn)
    assert view(state, 2)["legal"] == {"phase": "confirm", "company": "B", "waited": True, "to": 0}
    assert to_act(state)["seats"] == [2] and state["growth"]["B"] == 4
    refused(state, 0, {"type": "pass"}, "not_your_turn")
    assert apply(state, 2, {"type": "done"}) == []
    assert state["growth"]["B"] == 4 and state["expansion"] is None
    assert to_act(state)["seats"] == [0] and state["phase"] in ("sell", "buy")


def test_expanding_at_4_gives_two_growth_actions_then_the_counter_returns_to_0():
    state = president_game(3)
    put(state, 12, "B")
    play_bottom(state, "ABE", "B")
    apply(state, 2, {"type": "expand"})
    legal = view(state, 2)["legal"]
    assert legal["phase"] == "grow" and legal["left"] == 2 and legal["base"] == [12]
    assert [p["space"] for p in legal["place"]] == [8, 9, 18] and legal["protect"] == [12]
    apply(state, 2, {"type": "grow", "space": 9})
    assert state["phase"] == "grow" and state["expansion"]["left"] == 1
    apply(state, 2, {"type": "grow", "space": 18})
    assert state["growth"]["B"] == 0 and state["phase"] == "confirm"
    assert view(state, 2)["legal"] == {"phase": "confirm", "company": "B", "waited": False, "to": 0}
    apply(state, 2, {"type": "done"})
    assert state["expansion"] is None
    assert sorted(s for s in range(1, 37) if state["map"][s - 1]) == [9, 12, 18]
    assert to_act(state)["seats"] == [0]


def test_reaching_6_the_president_must_expand_three_times():
    state = president_game(5)
    put(state, 1, "B")
    play_bottom(state, "ABE", "B")
    assert state["phase"] == "grow" and to_act(state)["seats"] == [2]
    assert state["expansion"]["size"] == 3
    refused(state, 2, {"type": "wait"}, "wrong_phase")
    for space in (2, 8, 1):  # place, place, protect
        apply(state, 2, {"type": "grow", "space": space})
    assert state["map"][0] == ["B", True] and state["map"][1] == ["B", False]
    assert state["growth"]["B"] == 0


def test_growth_is_judged_on_the_tiles_as_they_were_when_the_expansion_began():
    """[seed] no growing two spaces away in one expansion."""
    state = president_game(5)
    put(state, 1, "B")
    play_bottom(state, "ABE", "B")
    apply(state, 2, {"type": "grow", "space": 2})
    refused(state, 2, {"type": "grow", "space": 3}, "cannot_grow_there")  # next to 2, not to 1
    assert [p["space"] for p in view(state, 2)["legal"]["place"]] == [8]


def test_growth_replaces_an_unprotected_tile_of_another_company_but_not_a_protected_one():
    state = president_game(3)
    put(state, 12, "B")
    put(state, 8, "A")
    put(state, 9, "D", protected=True)
    play_bottom(state, "ABE", "B")
    apply(state, 2, {"type": "expand"})
    place = view(state, 2)["legal"]["place"]
    assert place == [{"space": 8, "replaces": "A"}, {"space": 18, "replaces": None}]
    refused(state, 2, {"type": "grow", "space": 9}, "cannot_grow_there")
    events = apply(state, 2, {"type": "grow", "space": 8})
    assert events[0] == {"type": "place", "company": "B", "space": 8, "replaced": "A",
                         "growth": True}
    assert state["map"][7] == ["B", False]


def test_growth_may_protect_any_own_tile():
    state = president_game(3)
    put(state, 30, "B")
    put(state, 1, "B")
    play_bottom(state, "ABE", "B")
    apply(state, 2, {"type": "expand"})
    apply(state, 2, {"type": "grow", "space": 30})
    assert state["map"][29] == ["B", True]
    refused(state, 2, {"type": "grow", "space": 30}, "cannot_grow_there")  # already protected


def test_a_growth_action_with_no_legal_choice_is_skipped():
    # no tile on the map: nothing to grow from, nothing to protect
    state = president_game(3)
    play_bottom(state, "ABE", "B")
    events = apply(state, 2, {"type": "expand"})
    assert [e["type"] for e in events] == ["expand", "grow_skipped", "counter"]
    assert events[1] == {"type": "grow_skipped", "company": "B", "left": 2}
    assert state["growth"]["B"] == 0 and to_act(state)["seats"] == [2]  # the choice to confirm
    apply(state, 2, {"type": "done"})
    assert to_act(state)["seats"] == [0]


def test_a_forced_expansion_with_no_legal_choice_asks_the_president_nothing():
    state = president_game(5)
    events = play_bottom(state, "ABE", "B")
    assert [e["type"] for e in events][-3:] == ["expand", "grow_skipped", "counter"]
    assert state["expansion"] is None and to_act(state)["seats"] == [0]


def test_a_president_in_their_own_turn_goes_on_to_sell_without_confirming():
    state = president_game(3, president=0)
    play_bottom(state, "ABE", "B")
    apply(state, 0, {"type": "wait"})
    assert state["phase"] == "sell" and state["expansion"] is None


def test_skipping_after_the_last_possible_action():
    # a protected tile in a corner with one free neighbour: place there, protect it, and the
    # third action has no legal choice (33 is protected, 26 is two spaces away)
    state = president_game(5)
    put(state, 32, "B", protected=True)
    put(state, 33, "D", protected=True)
    play_bottom(state, "ABE", "B")
    assert [p["space"] for p in view(state, 2)["legal"]["place"]] == [25]
    apply(state, 2, {"type": "grow", "space": 25})
    assert view(state, 2)["legal"]["place"] == [] and view(state, 2)["legal"]["protect"] == [25]
    events = apply(state, 2, {"type": "grow", "space": 25})
    assert events[-2:] == [{"type": "grow_skipped", "company": "B", "left": 1},
                           {"type": "counter", "company": "B", "value": 0}]


def test_the_ten_tile_limit_holds_while_growing():
    state = president_game(5)
    for s in range(1, 11):
        put(state, s, "B")
    play_bottom(state, "ABE", "B")
    legal = view(state, 2)["legal"]
    assert legal["place"] == [] and legal["protect"] == list(range(1, 11))
    refused(state, 2, {"type": "grow", "space": 11}, "cannot_grow_there")


def test_no_president_reaching_4_waits_and_reaching_6_resets():
    """[decision] a company without a president."""
    state = president_game(3, president=None)
    events = play_bottom(state, "ABE", "B")
    assert events[-1] == {"type": "wait", "company": "B", "seat": None}
    assert state["growth"]["B"] == 4 and to_act(state)["seats"] == [0]
    state = president_game(5, president=None)
    put(state, 1, "B")
    events = play_bottom(state, "ABE", "B")
    assert [e["type"] for e in events[1:]] == ["counter", "reset", "counter"]
    assert state["growth"]["B"] == 0 and state["map"][1] is None


def test_the_player_may_be_their_own_companys_president():
    state = president_game(3, president=0)
    put(state, 1, "B")
    play_bottom(state, "ABE", "B")
    assert to_act(state)["phase"] == "expand_or_wait" and to_act(state)["seats"] == [0]


def test_selling_pays_the_column_before_removal_then_buying_costs_the_lowest_free_space():
    state = hand_with(4, 0, ["ABE"])
    give(state, 0, "G", 1)
    give(state, 1, "G", 2)
    state["president"]["G"] = 1
    play_top(state, "ABE", 1)
    assert state["phase"] == "sell"
    assert view(state, 0)["legal"] == {"phase": "sell", "pass": True,
                                       "sell": [{"company": "G", "held": 1, "pays": 3}]}
    events = apply(state, 0, {"type": "sell", "company": "G"})
    assert events == [{"type": "sell", "seat": 0, "company": "G", "coins": 3}]
    assert state["coins"][0] == 15 and state["shares"]["G"] == [0, 2, 0, 0]
    assert state["phase"] == "buy"
    buy = {e["company"]: e["cost"] for e in view(state, 0)["legal"]["buy"]}
    assert buy == {"A": 1, "B": 1, "G": 3, "D": 1, "E": 1, "O": 1}
    events = apply(state, 0, {"type": "buy", "company": "G"})  # [decision] sell and buy the same
    assert events[0] == {"type": "buy", "seat": 0, "company": "G", "cost": 3}
    assert state["coins"][0] == 12 and state["turn"] == 1 and state["phase"] == "play"


def test_each_step_once_in_order():
    state = hand_with(4, 0, ["ABE"])
    give(state, 0, "G", 2)
    state["president"]["G"] = 0
    refused(state, 0, {"type": "sell", "company": "G"}, "wrong_phase")  # play first
    play_top(state, "ABE", 1)
    refused(state, 0, {"type": "buy", "company": "G"}, "wrong_phase")  # sell step first
    apply(state, 0, {"type": "sell", "company": "G"})
    refused(state, 0, {"type": "sell", "company": "G"}, "wrong_phase")  # only one sale
    apply(state, 0, {"type": "pass"})
    assert state["turn"] == 1  # passing the buy ends the turn


def test_selling_needs_a_share_and_buying_coins_and_room():
    state = hand_with(4, 0, ["ABE"])
    give(state, 0, "G", 1)
    play_top(state, "ABE", 1)
    refused(state, 0, {"type": "sell", "company": "A"}, "no_share_to_sell")
    refused(state, 0, {"type": "sell", "company": "Z"}, "unknown_company")
    apply(state, 0, {"type": "pass"})
    give(state, 1, "A", 8)
    refused(state, 0, {"type": "buy", "company": "A"}, "column_full")
    give(state, 1, "B", 7)
    state["coins"][0] = 7
    refused(state, 0, {"type": "buy", "company": "B"}, "not_enough_coins")
    assert "B" not in {e["company"] for e in view(state, 0)["legal"]["buy"]}
    assert "A" not in {e["company"] for e in view(state, 0)["legal"]["buy"]}


def test_steps_with_nothing_to_choose_are_passed_over():
    """[decision] no share to sell: straight to buying; no share affordable: the turn ends."""
    state = hand_with(4, 0, ["ABE"])
    play_top(state, "ABE", 1)
    assert state["phase"] == "buy"  # seat 0 holds no share
    state = hand_with(4, 0, ["ABE"])
    state["coins"][0] = 0
    play_top(state, "ABE", 1)
    assert state["turn"] == 1 and state["phase"] == "play"


def test_every_action_moves_the_step_on():
    state = president_game(3)
    put(state, 12, "B")
    steps = [to_act(state)["step"]]
    play_bottom(state, "ABE", "B")
    steps.append(to_act(state)["step"])
    apply(state, 2, {"type": "expand"})
    steps.append(to_act(state)["step"])
    apply(state, 2, {"type": "grow", "space": 9})
    steps.append(to_act(state)["step"])
    apply(state, 2, {"type": "grow", "space": 9})
    steps.append(to_act(state)["step"])
    apply(state, 2, {"type": "done"})
    steps.append(to_act(state)["step"])
    apply(state, 0, {"type": "pass"})  # seat 0 holds no share: only the buy step is left
    steps.append(to_act(state)["step"])
    assert steps == [0, 1, 2, 3, 4, 5, 6] and state["turn"] == 1
    assert len(state["actions"]) == steps[-1]


def test_actions_of_the_wrong_shape_are_refused():
    state = hand_with(4, 0, ["ABE"])
    refused(state, 0, {"type": "play", "card": "ABE", "use": "top", "space": 1, "x": 1},
            "bad_action")
    refused(state, 1, {"type": "play", "card": "ABE", "use": "top", "space": 1}, "not_your_turn")
    refused(state, None, {"type": "play"}, "host_cannot_act")
    refused(state, 9, {"type": "pass"}, "unknown_seat")
    refused(state, 0, {"type": "fly"}, "unknown_action")
    refused(state, 0, {"type": "pass"}, "wrong_phase")


@pytest.mark.parametrize("company", ["A", "O"])
def test_a_turn_logs_its_events_in_one_entry(company):
    state = hand_with(4, 0, ["ABE"])
    give(state, 0, company, 1)
    play_top(state, "ABE", 7)
    apply(state, 0, {"type": "sell", "company": company})
    apply(state, 0, {"type": "buy", "company": "B"})
    entry = state["log"][-1]
    assert entry["seat"] == 0 and entry["round"] == 1
    assert [e["type"] for e in entry["events"]] == ["play", "place", "sell", "buy", "president"]
