"""Phase 4 of the variant: plants from hand, upgrades, moving resources, lines and
substations, each priced and checked (rule book, "Phase 4 (reverse order)")."""

import json

import pytest

from engine.core.clone import clone
from engine.core.errors import GameError
from engine.grid import apply, building, legal, new_game
from engine.grid.network import hanging_ends, networks

from .helpers import at, table


def act(state, seat, **action):
    return apply(state, seat, action)


def refused(state, seat, code, **action):
    before = clone(state)
    with pytest.raises(GameError) as e:
        apply(state, seat, action)
    assert e.value.code == code
    assert json.dumps(state, sort_keys=True) == json.dumps(before, sort_keys=True)


def test_a_plant_from_hand_is_built_for_10_and_starts_a_network():
    s = at(table(red=dict(hand=[13, 18], cash=40)), "building", 0)
    events = act(s, 0, type="build", plant=13, city="MOR")
    assert events[0] == {"type": "build", "seat": 0, "plant": 13, "city": "MOR", "cost": 10, "displaced": []}
    red = s["seats"][0]
    assert red["cash"] == 30 and red["hand"] == [18] and red["plants"][0]["city"] == "MOR"
    assert networks(red) == [{"MOR"}]


def test_where_a_plant_may_not_stand():
    s = at(table(red=dict(hand=[13, 20, 11], plants=[(31, "KES"), (17, "LOW")], subs=["THO"],
                          lines=[["KES", "THO"]], cash=80),
                 green=dict(subs=["EBB"])), "building", 0)
    refused(s, 0, "own_substation", type="build", plant=13, city="THO")
    refused(s, 0, "no_displacing_in_step1", type="build", plant=13, city="EBB")
    refused(s, 0, "no_free_site", type="build", plant=13, city="KES")
    # Firthland holds coal 31 (pollution 3): coal 20 (3 more) would make 6 > 5
    refused(s, 0, "pollution_cap", type="build", plant=20, city="MOR")
    # ... and uranium 17 already: a second nuclear plant may not join it
    refused(s, 0, "nuclear_limit", type="build", plant=11, city="MOR")
    refused(s, 0, "plant_not_in_hand", type="build", plant=18, city="MOR")
    refused(s, 0, "unknown_city", type="build", plant=13, city="Atlantis")
    act(s, 0, type="build", plant=11, city="ALD")  # another region is fine


def test_a_double_city_takes_two_plants():
    s = at(table(red=dict(hand=[13, 18], plants=[(22, "IRO")], cash=50)), "building", 0)
    act(s, 0, type="build", plant=13, city="IRO")
    refused(s, 0, "no_free_site", type="build", plant=18, city="IRO")


def test_two_players_leave_one_region_out():
    s = new_game({}, ["A", "B"], "two")
    assert len(s["regions"]) == 5
    out = next(r for r in ("firth", "crown", "marsh", "downs", "vale", "cape") if r not in s["regions"])
    from engine.grid.map import cities_of
    city = cities_of([out])[0]
    s["seats"][0]["hand"] = [13]
    at(s, "building", 0)
    refused(s, 0, "city_not_in_play", type="build", plant=13, city=city)


def test_from_step_2_a_plant_displaces_substations_and_their_lines_hang():
    s = at(table(stage=2, red=dict(hand=[13], cash=20),
                 green=dict(plants=[(22, "WYV")], subs=["BRI"], lines=[["WYV", "BRI"]]),
                 blue=dict(plants=[(18, "ALD")], subs=["BRI"], lines=[["ALD", "BRI"]])), "building", 0)
    events = act(s, 0, type="build", plant=13, city="BRI")
    assert events[0]["displaced"] == [1, 2]
    assert s["seats"][1]["substations"] == [] and s["seats"][2]["substations"] == []
    assert hanging_ends(s["seats"][1]) == [{"city": "BRI", "via": "WYV", "line": 0}]
    assert s["seats"][0]["plants"][0]["displaced"] == [1, 2]


def test_a_line_costs_its_edges_and_5_for_the_substation_at_its_end():
    s = at(table(red=dict(plants=[(13, "MOR")], cash=50)), "building", 0)
    opts = {r["to"]: r for r in legal(s, 0)["lines"]}
    assert opts["FEN"]["total"] == 10 + 5 and opts["FEN"]["path"] == ["MOR", "FEN"]
    # Thornwick by MOR-THO (12) rather than MOR-FEN-THO (20)
    assert opts["THO"]["cost"] == 12
    events = act(s, 0, type="line", **{"from": "MOR", "to": "FEN"})
    assert events[0]["total"] == 15 and s["seats"][0]["cash"] == 35
    assert s["seats"][0]["substations"] == ["FEN"] and s["seats"][0]["lines"] == [["MOR", "FEN"]]


def test_a_line_may_pass_through_a_city_and_connect_it_later():
    s = at(table(red=dict(plants=[(13, "MOR")], cash=60)), "building", 0)
    act(s, 0, type="line", path=["MOR", "FEN", "EBB"], **{"from": "MOR", "to": "EBB"})
    assert s["seats"][0]["cash"] == 60 - (10 + 4 + 5) and s["seats"][0]["substations"] == ["EBB"]
    # Fenwick is passed through: no branch there until it is connected
    refused(s, 0, "not_a_start", type="line", **{"from": "FEN", "to": "ALD"})
    act(s, 0, type="substation", city="FEN")
    assert s["seats"][0]["lines"] == [["MOR", "FEN"], ["FEN", "EBB"]]
    act(s, 0, type="line", **{"from": "FEN", "to": "ALD"})
    assert s["seats"][0]["cash"] == 60 - 19 - 5 - 16


def test_what_a_line_may_not_do():
    s = at(table(red=dict(plants=[(13, "MOR")], subs=["FEN"], lines=[["MOR", "FEN"]], cash=90),
                 green=dict(plants=[(22, "ALD")], subs=["COR"], lines=[["ALD", "COR"]]),
                 blue=dict(subs=["THO"])), "building", 0)
    refused(s, 0, "line_taken", type="line", path=["FEN", "ALD", "COR"], **{"from": "FEN", "to": "COR"})
    refused(s, 0, "cannot_connect", type="line", **{"from": "MOR", "to": "ALD"})  # a plant's city
    refused(s, 0, "not_adjacent", type="line", path=["MOR", "EBB"], **{"from": "MOR", "to": "EBB"})
    refused(s, 0, "not_a_start", type="line", **{"from": "KES", "to": "LOW"})
    refused(s, 0, "bad_path", type="line", path=["MOR", "THO", "MOR"], **{"from": "MOR", "to": "MOR"})
    s["seats"][1]["substations"].append("THO")
    act(s, 0, type="line", **{"from": "MOR", "to": "THO"})  # two others there: Blue and Green


def test_a_line_branches_only_in_connected_cities():
    # Red's line Morrow-Thornwick-Ebbridge passes through Thornwick without connecting it
    s = at(table(red=dict(plants=[(13, "MOR")], subs=["EBB"], lines=[["MOR", "THO", "EBB"]], cash=90)),
           "building", 0)
    refused(s, 0, "branch_unconnected", type="line", path=["MOR", "KES", "THO", "LOW"],
            **{"from": "MOR", "to": "LOW"})
    assert all("THO" not in r["path"][1:-1] for r in legal(s, 0)["lines"])


def test_at_most_two_other_substations_share_a_city():
    s = at(table(players=4, red=dict(plants=[(13, "MOR")], cash=50), green=dict(subs=["KES"]),
                 blue=dict(subs=["KES"]), gold=dict(subs=["KES"])), "building", 0)
    assert "KES" not in {r["to"] for r in legal(s, 0)["lines"]}
    refused(s, 0, "cannot_connect", type="line", **{"from": "MOR", "to": "KES"})


def test_a_hanging_line_is_extended_from_where_it_hangs():
    s = at(table(stage=2, red=dict(plants=[(18, "MOR")], lines=[["MOR", "ALD", "BRI"]], cash=40),
                 green=dict(plants=[(22, "BRI", {}, [0])])), "building", 0)
    assert hanging_ends(s["seats"][0]) == [{"city": "BRI", "via": "ALD", "line": 0}]
    events = act(s, 0, type="line", **{"from": "BRI", "to": "WYV"})
    assert events[0]["extends"] and s["seats"][0]["lines"] == [["MOR", "ALD", "BRI", "WYV"]]
    assert s["seats"][0]["cash"] == 40 - 9 - 5 and hanging_ends(s["seats"][0]) == []


def test_two_lines_hanging_in_one_city_need_a_via():
    s = at(table(stage=2, red=dict(plants=[(18, "MOR"), (13, "WYV")],
                                   lines=[["MOR", "ALD", "BRI"], ["WYV", "BRI"]], cash=60),
                 green=dict(plants=[(22, "BRI", {}, [0])])), "building", 0)
    refused(s, 0, "which_line", type="line", **{"from": "BRI", "to": "COR"})
    act(s, 0, type="line", via="WYV", **{"from": "BRI", "to": "COR"})
    assert ["WYV", "BRI", "COR"] in s["seats"][0]["lines"]


def test_upgrade_keeps_what_the_new_plant_holds_moves_the_rest_and_loses_what_is_left():
    # coal 8 (holds 6) in Morrow has 5 coal; coal 15 (2 -> 3, holds 4) replaces it: 4 stay,
    # 1 goes to coal 4 in Kestrel Bay (room 4 - 3 = 1); nothing is lost.
    s = at(table(red=dict(plants=[(8, "MOR", {"coal": 5}), (4, "KES", {"coal": 3})], hand=[15, 22], cash=20)),
           "building", 0)
    refused(s, 0, "wrong_kind", type="upgrade", plant=8, **{"with": 22})
    events = act(s, 0, type="upgrade", plant=8, **{"with": 15})
    assert events[0]["kept"] == {"coal": 4} and events[0]["moved"] == [{"to": 4, "resource": "coal", "amount": 1}]
    assert events[0]["lost"] == {} and s["seats"][0]["hand"] == [22] and 8 in s["gone"]
    # fusion replaces anything; its stores hold nothing: 4 coal to plant 4? full: lost
    s["seats"][0]["hand"] = [50]
    events = act(s, 0, type="upgrade", plant=15, **{"with": 50})
    assert events[0]["lost"] == {"coal": 4} and s["seats"][0]["plants"][0]["n"] == 50


def test_upgrade_respects_the_pollution_cap():
    # Firthland: coal 10 (2) in Morrow and garbage 14 (2): coal 36 (3) for coal 10 gives 5, fine;
    # then coal 31 (3)? no - a hybrid 46 (3) for garbage 14 would make 3 + 3 = 6.
    s = at(table(red=dict(plants=[(10, "MOR"), (12, "KES")], hand=[36, 46], cash=20)), "building", 0)
    act(s, 0, type="upgrade", plant=10, **{"with": 36})
    refused(s, 0, "pollution_cap", type="upgrade", plant=12, **{"with": 46})


def test_moving_resources_costs_1_per_started_10_of_line_between_the_plants():
    # Morrow - Fenwick (10) - Ebbridge (4): 14 of line, so 2 Elektro.
    s = at(table(red=dict(plants=[(10, "MOR", {"coal": 3}), (4, "EBB")], subs=["FEN"],
                          lines=[["MOR", "FEN"], ["FEN", "EBB"]], cash=5),
                 green=dict(plants=[(8, "KES", {"coal": 3})])), "building", 0)
    moves = {(m["from"], m["to"]): m for m in legal(s, 0)["move"]}
    assert moves[(10, 4)]["cost"] == 2 and moves[(10, 4)]["resources"] == {"coal": 3}
    act(s, 0, type="move", resources={"coal": 2}, **{"from": 10, "to": 4})
    assert s["seats"][0]["cash"] == 3 and s["seats"][0]["plants"][1]["res"] == {"coal": 2}
    s["seats"][0]["plants"].append({"n": 15, "city": "KES", "res": {}, "displaced": []})
    refused(s, 0, "plant_not_built", type="move", resources={"coal": 1}, **{"from": 10, "to": 8})


def test_plants_in_two_networks_cannot_share_fuel():
    s = at(table(red=dict(plants=[(10, "MOR", {"coal": 3}), (4, "EBB")], cash=5)), "building", 0)
    refused(s, 0, "not_connected", type="move", resources={"coal": 1}, **{"from": 10, "to": 4})


def test_the_market_drops_plants_numbered_under_the_leaders_cities():
    s = at(table(red=dict(plants=[(13, "MOR")], subs=["FEN", "KES"], lines=[["MOR", "FEN"], ["MOR", "KES"]],
                          cash=50)), "building", 0)
    s["market"] = [3, 4, 5, 6, 7, 8, 9, 10]
    act(s, 0, type="line", **{"from": "MOR", "to": "THO"})  # Red's 4th city: plants 3 and 4 go
    assert s["market"][0] > 4 and 3 in s["gone"] and 4 in s["gone"] and len(s["market"]) == 8


def test_a_proposed_line_is_priced_before_it_is_laid():
    s = at(table(red=dict(plants=[(13, "MOR")], cash=60)), "building", 0)
    from engine.grid import quote
    before = json.dumps(s, sort_keys=True)
    got = quote(s, 0, {"type": "line", "from": "MOR", "to": "EBB", "path": ["MOR", "FEN", "EBB"]})
    assert got["ok"] and got["cost"] == 10 + 4 + 5
    bad = quote(s, 0, {"type": "line", "from": "MOR", "to": "EBB", "path": ["MOR", "EBB"]})
    assert not bad["ok"] and bad["error"]["code"] == "not_adjacent"
    assert not quote(s, 1, {"type": "done"})["ok"]
    assert json.dumps(s, sort_keys=True) == before


def test_legal_moves_price_everything():
    s = at(table(red=dict(plants=[(13, "MOR")], hand=[18], cash=15)), "building", 0)
    moves = legal(s, 0)
    assert moves["kind"] == "build" and moves["plant_cost"] == 10 and moves["cash"] == 15
    assert moves["build"][0]["plant"] == 18 and "MOR" not in moves["build"][0]["cities"]
    assert all(r["total"] <= 15 for r in moves["lines"])
    assert {r["to"] for r in moves["lines"]} == {"FEN"}  # MOR-FEN 10 + 5; the rest cost more


def test_done_passes_to_the_next_player_in_reverse_order():
    s = at(table(red=dict(hand=[13], cash=40), green=dict(hand=[18], cash=40),
                 blue=dict(hand=[22], cash=40)), "building", 0)
    order = s["order"][::-1]
    k = order.index(0)
    act(s, 0, type="done")
    if k + 1 < 3:
        assert s["phase"] == "building" and s["cursor"] == k + 1


def test_lines_that_only_close_a_loop_are_not_offered_but_may_be_drawn():
    # Red: eco 27 in Corvin, Aldercross connected (COR-ALD 3). Corvin-Fenwick-Aldercross
    # (14 + 11) would only close a loop: not among the offers, either way round. Red's
    # second network (eco 13 in Morrow) joins the first by Morrow-Aldercross (16): offered.
    s = at(table(red=dict(plants=[(27, "COR")], subs=["ALD"], lines=[["COR", "ALD"]], cash=60)), "building", 0)
    offers = {x["to"]: x for x in legal(s, 0)["lines"]}
    assert "ALD" not in offers and "COR" not in offers and offers["FEN"]["total"] == 11 + 5
    s["seats"][0]["plants"].append({"n": 13, "city": "MOR", "res": {}, "displaced": []})
    offers = {x["to"]: x for x in legal(s, 0)["lines"]}
    assert offers["ALD"]["path"] == ["MOR", "ALD"] and offers["ALD"]["total"] == 16
    assert offers["ALD"]["substation"] is False
    s["seats"][0]["plants"].pop()
    events = act(s, 0, type="line", **{"from": "COR", "to": "ALD", "path": ["COR", "FEN", "ALD"]})
    assert events[0]["total"] == 25 and s["seats"][0]["cash"] == 35


def test_what_exactly_the_money_allows_is_offered():
    # Red: eco 27 in Corvin and eco 13 in Morrow (two networks), Aldercross connected from
    # Corvin (3), Ironford by a line through Dunhallow (COR-DUN-IRO).
    base = dict(plants=[(27, "COR", {}), (13, "MOR")], subs=["ALD"], hand=[18],
                lines=[["COR", "ALD"], ["COR", "DUN", "IRO"]])
    s = at(table(red=dict(base, subs=["ALD", "IRO"], cash=10)), "building", 0)
    moves = legal(s, 0)
    assert moves["build"] and moves["substations"] == [{"city": "DUN", "cost": 5}]  # 10 and 5: enough
    s["seats"][0]["cash"] = 16  # Morrow-Aldercross (16) joins the networks, no substation
    line = next(x for x in legal(s, 0)["lines"] if x["to"] == "ALD")
    assert (line["path"], line["total"]) == (["MOR", "ALD"], 16)
    # with 5 Elektro and nothing in hand, a substation on the line through Fenwick is all
    # Red can do: Red is asked; with 4, skipped
    s = at(table(red=dict(plants=[(27, "MOR")], subs=["EBB"], lines=[["MOR", "FEN", "EBB"]], cash=5)),
           "building", 0)
    assert building.has_options(s, 0) and legal(s, 0)["substations"] == [{"city": "FEN", "cost": 5}]
    s["seats"][0]["cash"] = 4
    assert not building.has_options(s, 0)


def test_two_elektro_is_enough_for_the_cheapest_line():
    # Red: eco 13 in Ironford and eco 18 in Highgate, two networks joined by IRO-HIG (2)
    s = at(table(red=dict(plants=[(13, "IRO"), (18, "HIG")], cash=2)), "building", 0)
    assert building.has_options(s, 0)
    assert [(x["path"], x["total"]) for x in legal(s, 0)["lines"]] == [(["IRO", "HIG"], 2), (["HIG", "IRO"], 2)]
    s["seats"][0]["cash"] = 1
    assert not building.has_options(s, 0)


def test_a_move_may_fill_the_room_and_cost_all_the_money():
    # Red: coal 10 (stores 4) in Morrow holding 4 coal, coal 4 (stores 4) in Fenwick holding 1,
    # joined by MOR-FEN (10): a move costs 1 per started 10, so 1; Red holds 1 Elektro
    s = at(table(red=dict(plants=[(10, "MOR", {"coal": 4}), (4, "FEN", {"coal": 1})], subs=[],
                          lines=[["MOR", "FEN"]], cash=1)), "building", 0)
    moves = legal(s, 0)["move"]
    assert {"from": 10, "to": 4, "cost": 1, "resources": {"coal": 3}} in moves
    act(s, 0, type="move", **{"from": 10, "to": 4, "resources": {"coal": 3}})
    assert s["seats"][0]["plants"][1]["res"] == {"coal": 4} and s["seats"][0]["cash"] == 0


def test_a_hanging_line_that_would_close_a_loop_is_not_offered_but_a_dearer_join_is():
    # Step 2. Red: eco 27 in Corvin with Aldercross (COR-ALD 3) and a line Corvin-Brightwell
    # hanging in Brightwell (Green's plant displaced Red's substation there); eco 13 in
    # Morrow, a second network. From the hanging end, Brightwell-Aldercross (13) would only
    # close a loop in Corvin's network: the offer to Aldercross is Morrow's join (16) instead.
    s = at(table(stage=2, red=dict(plants=[(27, "COR"), (13, "MOR")], subs=["ALD"],
                                   lines=[["COR", "ALD"], ["COR", "BRI"]], cash=40),
                 green=dict(plants=[(22, "BRI", {}, [0])])), "building", 0)
    assert hanging_ends(s["seats"][0]) == [{"city": "BRI", "via": "COR", "line": 1}]
    offers = {x["to"]: x for x in legal(s, 0)["lines"]}
    assert (offers["ALD"]["from"], offers["ALD"]["total"]) == ("MOR", 16)
