"""Phase 5's power choice and the end of the game (rule book: "Phase 5", "End")."""

import pytest

from engine.core.errors import GameError
from engine.grid import apply, legal, result, to_act, view
from engine.grid.bureaucracy import MAX_ROUNDS
from engine.grid.map import cities_of

from .helpers import at, table


def powering(**seats):
    return table(phase="power", **seats)


def test_the_power_choice_is_made_together_and_closed_by_the_host():
    s = powering(red=dict(plants=[(10, "MOR", {"coal": 2})]), green=dict(plants=[(4, "KES", {"coal": 2})]),
                 blue=dict(plants=[(13, "LOW")]))
    turn = to_act(s)
    assert turn["together"] and turn["seats"] == [0, 1] and turn["close"] == {"type": "settle"}
    step = turn["step"]
    apply(s, 1, {"type": "power", "run": []})  # Green keeps its coal
    assert to_act(s)["waiting"] == [0] and to_act(s)["step"] == step
    with pytest.raises(GameError):
        apply(s, 2, {"type": "power", "run": []})  # Blue has nothing to choose
    # Red's choice is its own: the others see only that one was saved
    assert view(s, 0)["seats"][1]["power"] is None and view(s, 0)["seats"][1]["saved"] is True
    apply(s, None, {"type": "settle"})  # Red chose nothing: it runs what it can
    assert s["seats"][0]["plants"][0]["res"] == {} and s["seats"][1]["plants"][0]["res"] == {"coal": 2}
    assert s["seats"][1]["cash"] == 75 - 5 and s["phase"] == "auction" and s["round"] == 2


def test_a_player_with_only_clean_plants_is_not_asked():
    s = at(table(red=dict(plants=[(13, "MOR")], cash=0), green=dict(cash=0), blue=dict(cash=0)),
           "building", 0)
    s["order"], s["cursor"] = [0, 1, 2], 2  # Red builds last
    events = apply(s, 0, {"type": "done"})
    assert any(e["type"] == "income" for e in events) and s["round"] == 2


def test_what_a_power_choice_may_name():
    s = powering(red=dict(plants=[(5, "MOR", {"coal": 1, "oil": 2}), (4, "KES")]))
    for bad, code in (({"run": [4]}, "cannot_run"), ({"run": [5, 5]}, "bad_run"),
                      ({"run": [5], "mix": {"5": {"coal": 2}}}, "bad_mix"),
                      ({"run": [5], "mix": {"5": {"oil": 1}}}, "bad_mix"),
                      ({"run": "all"}, "bad_run")):
        with pytest.raises(GameError) as e:
            apply(s, 0, {"type": "power", **bad})
        assert e.value.code == code
    apply(s, 0, {"type": "power", "run": [5], "mix": {"5": {"oil": 2}}})
    apply(s, None, {"type": "settle"})
    assert s["seats"][0]["plants"][0]["res"] == {"coal": 1}


def test_legal_power_shows_the_suggested_choice_its_income_and_each_plant_idle():
    s = powering(red=dict(plants=[(10, "MOR", {"coal": 2}), (13, "KES")], subs=["FEN"],
                          lines=[["MOR", "FEN"]]))
    moves = legal(s, 0)
    assert moves["suggested"]["run"] == [10, 13]
    # Morrow 5 + Fenwick 10/2 = 5 + Kestrel Bay 5 = 15
    assert moves["preview"]["rounded"] == 15
    # idle coal 10: Kestrel Bay 5, Morrow unpowered (5 owed)
    assert moves["idle"]["10"] == {"rounded": 5, "powered": 1, "owed": 5}


def finish_round(s):
    """Everyone says done until the game has moved past phase 4."""
    while s["phase"] == "building":
        apply(s, to_act(s)["seats"][0], {"type": "done"})


def test_the_game_ends_after_the_round_that_covers_every_city():
    s = table(players=3)
    cities = cities_of(s["regions"])
    # Red has plants in 2 cities and substations in every other one but Glenrith
    s["seats"][0]["plants"] = [{"n": 13, "city": "MOR", "res": {}, "displaced": []},
                               {"n": 27, "city": "ALD", "res": {}, "displaced": []}]
    s["seats"][0]["substations"] = [c for c in cities if c not in ("MOR", "ALD", "GLE")]
    s["seats"][1]["plants"] = [{"n": 18, "city": "GLE", "res": {}, "displaced": []}]
    at(s, "building", 0)
    finish_round(s)
    assert s["over"] and s["end"] == "all_cities"
    # Red powers 2 homes and 1 + 3 more (eco 13 and 27, no lines: only the homes): 2; Green 1
    res = result(s)
    assert res["scores"] == [2, 1, 0] and res["ranking"] == [0, 1, 2] and res["places"] == [1, 2, 3]


def test_with_2_players_the_end_counts_only_the_five_regions_in_play():
    # the region left out has no plant and no substation, and still the game ends
    s = table(players=2, seed="two ends")
    playing = cities_of(s["regions"])
    assert len(playing) == 35
    s["seats"][0]["plants"] = [{"n": 13, "city": playing[0], "res": {}, "displaced": []}]
    s["seats"][0]["substations"] = playing[1:-1]
    s["seats"][1]["plants"] = [{"n": 18, "city": playing[-1], "res": {}, "displaced": []}]
    at(s, "building", 0)
    finish_round(s)
    assert s["over"] and s["end"] == "all_cities"
    # one city short: no end
    s = table(players=2, seed="two ends")
    s["seats"][0]["plants"] = [{"n": 13, "city": playing[0], "res": {}, "displaced": []}]
    s["seats"][0]["substations"] = playing[1:-1]
    at(s, "building", 0)
    finish_round(s)
    assert not s["final"] and not s["over"] and s["round"] == 2


def test_a_tie_in_cities_goes_to_more_elektro_and_a_full_tie_shares_the_place():
    s = table(players=3)
    for seat, (powered, cash) in enumerate([(4, 10), (4, 30), (4, 10)]):
        s["seats"][seat]["powered"], s["seats"][seat]["cash"] = powered, cash
    res = result(s)
    assert res["ranking"] == [1, 0, 2] and res["places"] == [2, 1, 2]


def test_the_safety_cap_ends_the_game_after_round_40():
    s = powering(red=dict(plants=[(13, "MOR")]), green=dict(plants=[(10, "KES", {"coal": 2})]))
    s["round"] = MAX_ROUNDS
    events = apply(s, None, {"type": "settle"})
    assert s["over"] and s["end"] == "round_cap" and events[-1]["type"] == "game_over"
    assert to_act(s)["seats"] == [] and view(s, 0)["legal"] is None
