"""Phase 5's power choice and the end of the game (rule book: "Phase 5", "End")."""

import pytest

from engine.core.errors import GameError
from engine.grid import apply, legal, result, to_act, view
from engine.grid.bureaucracy import MAX_ROUNDS, STALL
from engine.grid.map import cities_of

from .helpers import at, table


def powering(**seats):
    return table(phase="power", **seats)


def test_the_power_choice_is_made_together_and_closed_by_the_host():
    s = powering(red=dict(plants=[(10, "MOR", {"coal": 2})]), green=dict(plants=[(4, "KES", {"coal": 2})]),
                 blue=dict(plants=[(13, "LOW")]), gold=dict(plants=[(4, "SAL")]), players=4)
    turn = to_act(s)
    # Gold's coal plant holds no coal: nothing to choose; Blue's eco plant may run or idle
    assert turn["together"] and turn["seats"] == [0, 1, 2] and turn["close"] == {"type": "settle"}
    step = turn["step"]
    apply(s, 1, {"type": "power", "run": []})  # Green keeps its coal
    apply(s, 2, {"type": "power", "run": []})  # Blue idles its eco plant: the source allows it
    assert to_act(s)["waiting"] == [0] and to_act(s)["step"] == step
    with pytest.raises(GameError):
        apply(s, 3, {"type": "power", "run": []})  # Gold has nothing to choose
    # Red's choice is its own: the others see only that one was saved
    assert view(s, 0)["seats"][1]["power"] is None and view(s, 0)["seats"][1]["saved"] is True
    apply(s, None, {"type": "settle"})  # Red chose nothing: it runs what it can
    assert s["seats"][0]["plants"][0]["res"] == {} and s["seats"][1]["plants"][0]["res"] == {"coal": 2}
    assert s["seats"][1]["cash"] == 75 - 5 and s["seats"][2]["cash"] == 75 - 5
    assert s["seats"][0]["cash"] == 75 + 5 and s["phase"] == "auction" and s["round"] == 2


def test_a_player_with_no_plant_that_can_run_is_not_asked():
    # Red's coal plant holds no coal: the power phase does not wait for Red
    s = at(table(red=dict(plants=[(4, "MOR")], cash=0), green=dict(cash=20), blue=dict(cash=0)),
           "building", 0)
    s["order"], s["cursor"] = [0, 1, 2], 2  # Red builds last
    events = apply(s, 0, {"type": "done"})
    assert any(e["type"] == "income" for e in events) and s["round"] == 2 and s["phase"] == "auction"


def test_by_the_first_rules_a_player_with_only_clean_plants_was_not_asked():
    # a record of engine version 1 replays by its rules (engine/grid/version.py)
    s = at(table(rules=1, red=dict(plants=[(13, "MOR")], cash=0), green=dict(cash=0), blue=dict(cash=0)),
           "building", 0)
    s["order"], s["cursor"] = [0, 1, 2], 2
    events = apply(s, 0, {"type": "done"})
    assert any(e["type"] == "income" for e in events) and s["round"] == 2
    assert s["seats"][0]["cash"] == 5


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


def test_the_chosen_cities_are_powered_and_kept_until_the_host_settles():
    # Red: coal 10 (powers 2) in Morrow with 2 coal, eco 13 (powers 1) in Kestrel Bay, one
    # network: MOR-FEN (10 -> 5), MOR-KES (19), MOR-ALD (16 -> 8), MOR-THO (12 -> 6). The best
    # three: Aldercross 8, Thornwick 6, Fenwick 5. Red chooses Fenwick only, and idles the eco
    # plant: Morrow 5 + Fenwick 5 = 10, Kestrel Bay unpowered costs 5.
    s = powering(red=dict(plants=[(10, "MOR", {"coal": 2}), (13, "KES")], subs=["FEN", "ALD", "THO"],
                          lines=[["MOR", "FEN"], ["MOR", "KES"], ["MOR", "ALD"], ["MOR", "THO"]], cash=0))
    assert legal(s, 0)["suggested"] == {"run": [10, 13], "cities": ["ALD", "THO", "FEN"], "mix": {}}
    for bad, code in (({"run": [10], "cities": ["FEN", "ALD", "THO"]}, "over_capacity"),
                      ({"run": [10], "cities": ["KES", "MOR"]}, "cannot_power"),
                      ({"run": [10], "cities": "FEN"}, "bad_cities")):
        with pytest.raises(GameError) as e:
            apply(s, 0, {"type": "power", **bad})
        assert e.value.code == code
    apply(s, 0, {"type": "power", "run": [10], "cities": ["FEN"]})
    assert s["seats"][0]["power"] == {"run": [10], "mix": {}, "cities": ["FEN"]}
    events = apply(s, None, {"type": "settle"})
    red = next(e for e in events if e["type"] == "income")
    assert [c["city"] for c in red["cities"]] == ["MOR", "FEN"] and red["rounded"] == 10
    assert red["penalties"] == [{"city": "KES", "to": None, "amount": 5, "paid": 5}]
    assert s["seats"][0]["cash"] == 5 and s["seats"][0]["powered"] == 2


def test_legal_power_shows_the_suggested_choice_its_income_and_each_plant_idle():
    s = powering(red=dict(plants=[(10, "MOR", {"coal": 2}), (13, "KES")], subs=["FEN"],
                          lines=[["MOR", "FEN"]]))
    moves = legal(s, 0)
    assert moves["suggested"] == {"run": [10, 13], "cities": ["FEN"], "mix": {}}
    # Morrow 5 + Fenwick 10/2 = 5 + Kestrel Bay 5 = 15
    assert moves["preview"]["rounded"] == 15
    # idle coal 10: Kestrel Bay 5, Morrow unpowered (5 owed); idle eco 13: Morrow 5 + Fenwick 5
    assert moves["idle"] == {"10": {"rounded": 5, "powered": 1, "owed": 5},
                             "13": {"rounded": 10, "powered": 2, "owed": 5}}
    assert moves["choose_cities"] and not any(p["always"] for p in moves["plants"])


def finish_round(s):
    """Everyone says done until the game has moved past phase 4, and the host settles."""
    while s["phase"] == "building":
        apply(s, to_act(s)["seats"][0], {"type": "done"})
    if s["phase"] == "power":
        apply(s, None, {"type": "settle"})


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


def test_a_game_in_which_nobody_can_make_progress_ends_after_3_rounds():
    # Nobody has money, Red's coal plant holds no coal: nobody can buy, build or run a plant.
    # Round 1 ends as the building phase ends; rounds 2, 3 and 4 pass with no progress and
    # nobody richer than after round 1: the game ends after round 4's bureaucracy.
    s = at(table(red=dict(plants=[(4, "MOR")], cash=0), green=dict(cash=0), blue=dict(cash=0)),
           "building", 0)
    s["order"], s["cursor"] = [0, 1, 2], 2  # Red builds last
    events = apply(s, 0, {"type": "done"})
    assert s["over"] and s["end"] == "stalled" and s["round"] == 1 + STALL
    assert events[-1]["type"] == "game_over" and events[-1]["end"] == "stalled"
    assert [h["progress"] for h in s["history"]] == [0] * (1 + STALL)
    # by the first rules only the 40-round cap ended it
    s = at(table(rules=1, red=dict(plants=[(4, "MOR")], cash=0), green=dict(cash=0), blue=dict(cash=0)),
           "building", 0)
    s["order"], s["cursor"] = [0, 1, 2], 2
    apply(s, 0, {"type": "done"})
    assert s["over"] and s["end"] == "round_cap" and s["round"] == MAX_ROUNDS


def test_progress_or_more_money_keeps_the_game_going():
    from engine.grid.bureaucracy import stalled

    def rounds(*cash, progress=(0, 0, 0, 0)):
        return {**table(), "history": [{"progress": k, "cash": c} for k, c in zip(progress, cash)]}

    still = [10, 0, 5]
    assert STALL == 3 and stalled(rounds(still, still, still, still))
    assert stalled(rounds(still, still, still, [9, 0, 5]))  # poorer is no progress
    assert stalled(rounds(still, still, still, still, progress=(3, 0, 0, 0)))  # the round before
    assert not stalled(rounds(still, still, still))  # not yet 3 rounds after one
    for k in (1, 2, 3):  # a plant sold, built or upgraded, a line or a substation in one of them
        assert not stalled(rounds(still, still, still, still, progress=[int(i == k) for i in range(4)]))
    assert not stalled(rounds(still, still, still, [10, 1, 5]))  # one seat richer


def test_the_rounds_progress_counts_sales_builds_upgrades_lines_and_substations():
    from engine.grid.bureaucracy import progress
    s = table()
    s["round"] = 5
    s["log"] = [{"round": 4, "seat": 0, "events": [{"type": "build"}]},
                {"round": 5, "seat": 0, "events": [{"type": "sold"}, {"type": "pass"}]},
                {"round": 5, "seat": 1, "events": [{"type": "build"}, {"type": "upgrade"}, {"type": "line"},
                                                   {"type": "substation"}, {"type": "buy"}, {"type": "move"}]}]
    assert progress(s) == 5
