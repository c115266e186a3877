"""Income per city on hand-worked networks (rule book, "Phase 5 powering and income").
Every case writes the sum the variant's players would do by hand; line costs are the
map's (engine/grid/map.py): MOR-ALD 16, ALD-BRI 13, WYV-BRI 9, AMB-BRI 22 (so Brightwell's
maximum price is 22/2 = 11), SUN-WRE 3, WRE-YAR 7, YAR-OAK 21 ...

Plants: 18 eco powers 2, 22 eco powers 2, 13 eco powers 1, 27 eco powers 3,
10 coal 2 -> 2, 4 coal 2 -> 1, 50 fusion powers 6."""

import pytest

from engine.core.errors import GameError
from engine.grid import apply
from engine.grid.income import city_values, power_plan

from .helpers import figures, table

SETTLE = {"type": "settle"}


def plan(state, seat, run=None):
    if run is None:
        run = [p["n"] for p in state["seats"][seat]["plants"]]
    return power_plan(state, seat, run)


def test_example_1_a_chain_pays_each_city_its_own_last_leg():
    # Red: eco 27 in Morrow, lines Morrow-Aldercross (16) and Aldercross-Brightwell (13).
    # Morrow is home: 5. Aldercross: its leg from the plant is MOR-ALD, 16/2 = 8 (ALD-BRI is
    # no leg into Aldercross: Brightwell reaches no plant without it). Brightwell: ALD-BRI
    # 13/2 = 6.5. Sum 5 + 8 + 6.5 = 19.5, rounded a half up: 20.
    s = table(red=dict(plants=[(27, "MOR")], subs=["ALD", "BRI"],
                       lines=[["MOR", "ALD"], ["ALD", "BRI"]]))
    p = plan(s, 0)
    assert figures(p) == {"MOR": (5, "home"), "ALD": (8, "cheapest"), "BRI": (6.5, "cheapest")}
    assert (p["gross"], p["rounded"]) == (19.5, 20)


def test_example_1_a_rivals_cheaper_leg_sets_the_price_for_both():
    # Green adds eco 22 in Wyvern and the line Wyvern-Brightwell (9). Brightwell's cheapest
    # leg is now 9: both pay 9/2 = 4.5 there. Red: 5 + 8 + 4.5 = 17.5 -> 18.
    # Green: Wyvern 5 + Brightwell 4.5 = 9.5 -> 10.
    s = table(red=dict(plants=[(27, "MOR")], subs=["ALD", "BRI"],
                       lines=[["MOR", "ALD"], ["ALD", "BRI"]]),
              green=dict(plants=[(22, "WYV")], subs=["BRI"], lines=[["WYV", "BRI"]]))
    red, green = plan(s, 0), plan(s, 1)
    assert figures(red)["BRI"] == (4.5, "cheapest")
    assert red["cities"][-1]["own_cost"] == 13 and red["cities"][-1]["leg"]["owner"] == 1
    assert red["rounded"] == 18
    assert figures(green) == {"WYV": (5, "home"), "BRI": (4.5, "cheapest")}
    assert green["rounded"] == 10


def test_a_cheaper_leg_counts_even_when_its_owner_does_not_power_the_city():
    # Green's coal plant 10 in Wyvern holds no coal and idles; its line to Brightwell (9)
    # still leads from a plant, so Red's Brightwell pays 4.5 and not 6.5:
    # Red 5 + 8 + 4.5 = 17.5 -> 18. Green powers nothing: Wyvern unpowered, 5 to the bank.
    s = table(red=dict(plants=[(27, "MOR")], subs=["ALD", "BRI"],
                       lines=[["MOR", "ALD"], ["ALD", "BRI"]]),
              green=dict(plants=[(10, "WYV")], subs=["BRI"], lines=[["WYV", "BRI"]]))
    assert plan(s, 0)["rounded"] == 18
    g = plan(s, 1, run=[])
    assert g["cities"] == [] and g["penalties"] == [{"city": "WYV", "to": [None], "amount": 5}]


def test_example_2_a_leg_through_an_unconnected_city_is_capped():
    # Red lays Morrow-Aldercross-Brightwell without connecting Aldercross: one leg of
    # 16 + 13 = 29, half 14.5; Brightwell's maximum price is half its dearest line
    # (Amberly-Brightwell 22) = 11. Red: Morrow 5 + Brightwell 11 = 16.
    s = table(red=dict(plants=[(27, "MOR")], subs=["BRI"], lines=[["MOR", "ALD", "BRI"]]))
    p = plan(s, 0)
    assert figures(p) == {"MOR": (5, "home"), "BRI": (11, "capped")}
    assert p["cities"][1]["cap"] == 11 and p["cities"][1]["leg"]["cost"] == 29
    assert p["rounded"] == 16


def test_example_2_a_cheaper_segment_overrides_the_capped_sum():
    # As before, and Green's line Wyvern-Brightwell (9) from its plant in Wyvern:
    # Brightwell pays min(9, 29)/2 = 4.5 (not the cap of 11). Red: 5 + 4.5 = 9.5 -> 10.
    s = table(red=dict(plants=[(27, "MOR")], subs=["BRI"], lines=[["MOR", "ALD", "BRI"]]),
              green=dict(plants=[(22, "WYV")], subs=["BRI"], lines=[["WYV", "BRI"]]))
    p = plan(s, 0)
    assert figures(p)["BRI"] == (4.5, "cheapest")
    assert p["rounded"] == 10


def test_a_sum_under_the_cap_is_paid_in_full():
    # Gold: eco 13 in Sunmouth, line Sunmouth-Wrenhold-Yarrow (3 + 7 = 10) to Yarrow, whose
    # dearest line is Oakhurst-Yarrow 21 (maximum 10.5): 10/2 = 5 is paid as it is.
    # Sunmouth 5 + Yarrow 5 = 10.
    s = table(players=4, gold=dict(plants=[(13, "SUN")], subs=["YAR"], lines=[["SUN", "WRE", "YAR"]]))
    p = plan(s, 3)
    assert figures(p) == {"SUN": (5, "home"), "YAR": (5, "cheapest")}
    assert p["rounded"] == 10


def test_capacity_goes_to_the_best_cities_and_the_rest_are_not_powered():
    # Red: eco 13 (powers 1) in Morrow with substations in Fenwick (MOR-FEN 10, pays 5),
    # Kestrel Bay (MOR-KES 19, pays 9.5) and Thornwick (MOR-THO 12, pays 6). Capacity 1
    # powers Kestrel Bay, the best: 5 + 9.5 = 14.5 -> 15. No penalty for the others.
    s = table(red=dict(plants=[(13, "MOR")], subs=["FEN", "KES", "THO"],
                       lines=[["MOR", "FEN"], ["MOR", "KES"], ["MOR", "THO"]]))
    p = plan(s, 0)
    assert figures(p) == {"MOR": (5, "home"), "KES": (9.5, "cheapest")}
    assert p["powered"] == 2 and p["rounded"] == 15 and p["penalties"] == []


def test_a_plant_powers_only_its_own_network():
    # Red: eco 18 (powers 2) in Morrow, line to Fenwick (10); and an idle coal 4 in Corvin
    # with a line to Aldercross (3) - a second network. The eco plant cannot power
    # Aldercross or Corvin: Morrow 5 + Fenwick 5 = 10; Corvin unpowered costs 5.
    s = table(red=dict(plants=[(18, "MOR"), (4, "COR")], subs=["FEN", "ALD"],
                       lines=[["MOR", "FEN"], ["COR", "ALD"]]))
    p = plan(s, 0, run=[18])
    assert figures(p) == {"MOR": (5, "home"), "FEN": (5, "cheapest")}
    assert p["rounded"] == 10 and [x["city"] for x in p["penalties"]] == ["COR"]


def test_an_idle_home_city_powered_through_the_network_is_a_foreign_city():
    # Source, phase 5 point 3: a city whose own plant idles may be powered by another plant
    # of the network, "as a foreign city: the plant's capacity is spent on it".
    # Red: eco 18 (powers 2) in Morrow and idle coal 4 in Thornwick, joined by MOR-THO (12),
    # and a substation in Kestrel Bay (MOR-KES 19). Thornwick pays half its cheapest leg,
    # 12/2 = 6 (and avoids the 5 penalty), Kestrel Bay 9.5: 5 + 6 + 9.5 = 20.5 -> 21.
    s = table(red=dict(plants=[(18, "MOR"), (4, "THO")], subs=["KES"],
                       lines=[["MOR", "THO"], ["MOR", "KES"]]))
    p = plan(s, 0, run=[18])
    assert figures(p) == {"MOR": (5, "home"), "THO": (6, "home_by_network"), "KES": (9.5, "cheapest")}
    tho = next(c for c in p["cities"] if c["city"] == "THO")
    assert tho["plant"] == 18 and tho["leg"] == {"owner": 0, "path": ["MOR", "THO"], "cost": 12}
    assert p["rounded"] == 21 and p["penalties"] == [] and p["chosen"] == ["THO", "KES"]


def test_by_the_first_rules_an_idle_home_city_powered_through_the_network_paid_5():
    # a record of engine version 1 replays by its rules: 5 + 5 + 9.5 = 19.5 -> 20
    s = table(rules=1, red=dict(plants=[(18, "MOR"), (4, "THO")], subs=["KES"],
                                lines=[["MOR", "THO"], ["MOR", "KES"]]))
    p = plan(s, 0, run=[18])
    assert figures(p) == {"MOR": (5, "home"), "THO": (5, "home_by_network"), "KES": (9.5, "cheapest")}
    assert p["rounded"] == 20 and "leg" not in p["cities"][1]


def test_the_player_chooses_the_cities_and_the_best_choice_counts_the_penalty_avoided():
    # Red: eco 13 (powers 1) in Morrow, idle coal 4 in Thornwick (MOR-THO 12) and Kestrel Bay
    # (MOR-KES 19). The best use of the one city: Thornwick, 6 + the 5 not owed (11) beats
    # Kestrel Bay's 9.5: 5 + 6 = 11. Red may choose Kestrel Bay: 5 + 9.5 = 14.5 -> 15 and
    # 5 owed for Thornwick; or power nothing beyond Morrow: 5, and 5 owed.
    s = table(red=dict(plants=[(13, "MOR"), (4, "THO")], subs=["KES"],
                       lines=[["MOR", "THO"], ["MOR", "KES"]]))
    best = plan(s, 0, run=[13])
    assert best["chosen"] == ["THO"] and (best["rounded"], best["owed"]) == (11, 0)
    assert best["networks"] == [{"plants": [4, 13], "capacity": 1, "used": 1, "offer": [
        {"city": "THO", "amount": 6, "home": 4}, {"city": "KES", "amount": 9.5}]}]
    kes = power_plan(s, 0, [13], cities=["KES"])
    assert figures(kes) == {"MOR": (5, "home"), "KES": (9.5, "cheapest")}
    assert (kes["rounded"], kes["owed"]) == (15, 5) and kes["penalties"][0]["city"] == "THO"
    none = power_plan(s, 0, [13], cities=[])
    assert (none["rounded"], none["powered"], none["owed"]) == (5, 1, 5)
    assert none["networks"][0]["used"] == 0 and none["networks"][0]["capacity"] == 1
    for cities, code in ((["KES", "THO"], "over_capacity"), (["MOR"], "cannot_power"),
                         (["ELM"], "cannot_power"), (["KES", "KES"], "bad_cities"), ("KES", "bad_cities"),
                         ([["KES"]], "cannot_power")):
        with pytest.raises(GameError) as e:
            power_plan(s, 0, [13], cities=cities)
        assert e.value.code == code, cities
    with pytest.raises(GameError) as e:
        power_plan(s, 0, [], cities=["KES"])  # no plant runs: nothing but homes is powered
    assert e.value.code == "cannot_power"


def test_a_rivals_cheaper_leg_into_a_double_city_sets_what_an_idle_home_pays():
    # Ironford has two plant sites: Red's idle coal 4 and Green's eco 13. Red's eco 27 in
    # Wyvern powers Ironford over WYV-IRO (9), but Green's line Highgate-Ironford (2) from
    # its plant in Highgate is the cheapest leg into the city: Red earns 2/2 = 1 there.
    s = table(red=dict(plants=[(27, "WYV"), (4, "IRO")], lines=[["WYV", "IRO"]]),
              green=dict(plants=[(13, "IRO"), (22, "HIG")], lines=[["HIG", "IRO"]]))
    p = plan(s, 0, run=[27])
    iro = next(c for c in p["cities"] if c["city"] == "IRO")
    assert (iro["amount"], iro["rule"], iro["own_cost"]) == (1, "home_by_network", 9)
    assert iro["leg"] == {"owner": 1, "path": ["HIG", "IRO"], "cost": 2} and p["rounded"] == 6


def test_three_players_powering_one_city_all_earn_its_cheapest_leg():
    # Elmstead, reached by Red from Dunhallow (11), Green from Glenrith (3) and Blue from
    # Cinderby (18): every one of them earns 3/2 = 1.5 there.
    # Red: 5 + 1.5 = 6.5 -> 7; Green: 5 + 1.5 = 6.5 -> 7; Blue: 5 + 1.5 = 6.5 -> 7.
    s = table(red=dict(plants=[(13, "DUN")], subs=["ELM"], lines=[["DUN", "ELM"]]),
              green=dict(plants=[(13 + 9, "GLE")], subs=["ELM"], lines=[["GLE", "ELM"]]),
              blue=dict(plants=[(18, "CIN")], subs=["ELM"], lines=[["CIN", "ELM"]]))
    for seat in range(3):
        p = plan(s, seat)
        assert figures(p)["ELM"] == (1.5, "cheapest") and p["rounded"] == 7
    assert city_values(s)["ELM"]["leg"]["owner"] == 1


def test_a_loop_gives_a_city_two_legs_and_the_cheaper_counts():
    # Red: eco 27 (powers 3) in Corvin; Aldercross (COR-ALD 3), Brightwell (ALD-BRI 13) and
    # the loop closed by Corvin-Brightwell (14). Both lines into Brightwell lead from the
    # plant: min(13, 14)/2 = 6.5. Aldercross: COR-ALD 3 and BRI-ALD 13 (Brightwell reaches
    # Corvin without Aldercross) -> 1.5. Corvin 5 + 1.5 + 6.5 = 13.
    s = table(red=dict(plants=[(27, "COR")], subs=["ALD", "BRI"],
                       lines=[["COR", "ALD"], ["ALD", "BRI"], ["COR", "BRI"]]))
    p = plan(s, 0)
    assert figures(p) == {"COR": (5, "home"), "ALD": (1.5, "cheapest"), "BRI": (6.5, "cheapest")}
    assert p["rounded"] == 13


def test_halves_sum_before_rounding():
    # Red: eco 27 in Sunmouth, substations in Wrenhold (3 -> 1.5), Pinecrest (4 -> 2) and
    # Redcliff (9 -> 4.5): 5 + 1.5 + 2 + 4.5 = 13 exactly (two halves make a whole).
    # With Vexford too (eco 27 powers 3: the best three of 1.5, 2, 4.5, 4.5 are kept):
    # 5 + 4.5 + 4.5 + 2 = 16.
    s = table(red=dict(plants=[(27, "SUN")], subs=["WRE", "PIN", "RED"],
                       lines=[["SUN", "WRE"], ["SUN", "PIN"], ["SUN", "RED"]]))
    assert plan(s, 0)["gross"] == 13 and plan(s, 0)["rounded"] == 13
    s["seats"][0]["substations"].append("VEX")
    s["seats"][0]["lines"].append(["SUN", "VEX"])
    p = plan(s, 0)
    assert sorted(figures(p)) == ["PIN", "RED", "SUN", "VEX"] and p["rounded"] == 16


def test_displacement_the_unpowered_plant_pays_the_owners_of_hanging_lines():
    # Step 2. Green had a substation in Brightwell (line Wyvern-Brightwell); Red built coal 4
    # there, displacing it (Green's line now hangs in Brightwell). Red's plant idles:
    # 5 to the bank and 5 to Green. Red 30 -> 20, Green 10 + its Wyvern 5 -> 20.
    s = table(stage=2, phase="power",
              red=dict(plants=[(4, "BRI", {}, [1])], cash=30),
              green=dict(plants=[(13, "WYV")], lines=[["WYV", "BRI"]], cash=10))
    events = apply(s, None, SETTLE)
    red, green, _ = (e for e in events if e["type"] == "income")
    assert [(p["to"], p["paid"]) for p in red["penalties"]] == [(1, 5), (None, 5)]
    assert s["seats"][0]["cash"] == 20 and green["received"] == 5 and s["seats"][1]["cash"] == 20


def test_the_hanging_line_penalty_is_5_per_owner_not_per_line():
    # As above, and Green had a second line into Brightwell (Aldercross-Brightwell 13), which
    # hangs there too: Green still gets 5 once. Red 30 - 5 (Green) - 5 (bank) = 20.
    s = table(stage=2, phase="power",
              red=dict(plants=[(4, "BRI", {}, [1])], cash=30),
              green=dict(plants=[(13, "WYV"), (22, "ALD")], lines=[["WYV", "BRI"], ["ALD", "BRI"]], cash=10))
    events = apply(s, None, SETTLE)
    red = next(e for e in events if e["type"] == "income" and e["seat"] == 0)
    assert [(p["to"], p["paid"]) for p in red["penalties"]] == [(1, 5), (None, 5)]
    assert s["seats"][0]["cash"] == 20 and s["seats"][1]["cash"] == 10 + 5 + 5 + 5


def test_an_extended_hanging_line_no_longer_earns_the_penalty():
    # As above, but Green extended its line through Brightwell on to Aldercross (13), where
    # it connected: the line passes through Brightwell and hangs there no more.
    # Red pays the bank only: 30 - 5 = 25.
    s = table(stage=2, phase="power",
              red=dict(plants=[(4, "BRI", {}, [1])], cash=30),
              green=dict(plants=[(13, "WYV")], subs=["ALD"], lines=[["WYV", "BRI", "ALD"]], cash=10))
    apply(s, None, SETTLE)
    assert s["seats"][0]["cash"] == 25


def test_a_line_that_ends_at_its_owners_own_plant_no_longer_hangs():
    # Ironford has two plant sites. Red's coal 4 displaced Green's substation there; Green
    # then built its eco 13 on the second site, so its line Wyvern-Ironford ends at its own
    # plant. Red's plant idles: it pays the bank only, 30 - 5 = 25.
    s = table(stage=2, phase="power",
              red=dict(plants=[(4, "IRO", {}, [1])], cash=30),
              green=dict(plants=[(22, "WYV"), (13, "IRO")], lines=[["WYV", "IRO"]], cash=10))
    apply(s, None, SETTLE)
    assert s["seats"][0]["cash"] == 25


def test_the_best_choice_counts_every_hanging_line_owner_an_idle_home_city_would_pay():
    # Step 2. Red: eco 13 (powers 1) in Fenwick, idle coal 4 in Ebbridge (FEN-EBB 4), which
    # displaced Green's substation there (Green's line Thornwick-Ebbridge hangs), and Corvin
    # (FEN-COR 14). Ebbridge is worth 2 + 5 (bank) + 5 (Green) = 12, Corvin 7: Ebbridge.
    s = table(stage=2, red=dict(plants=[(13, "FEN"), (4, "EBB", {}, [1])], subs=["COR"],
                                lines=[["FEN", "EBB"], ["FEN", "COR"]]),
              green=dict(plants=[(22, "THO")], lines=[["THO", "EBB"]]))
    best = plan(s, 0, run=[13])
    assert best["chosen"] == ["EBB"] and (best["rounded"], best["owed"]) == (7, 0)
    assert power_plan(s, 0, [13], cities=["COR"])["owed"] == 10


def test_penalties_are_paid_only_as_far_as_the_money_goes():
    # Red holds 3 Elektro and its idle plant owes Green 5 and the bank 5: Green gets the 3
    # (owners first), the bank nothing, Red ends at 0.
    s = table(stage=2, phase="power",
              red=dict(plants=[(4, "BRI", {}, [1])], cash=3),
              green=dict(plants=[(13, "WYV")], lines=[["WYV", "BRI"]], cash=0))
    events = apply(s, None, SETTLE)
    red = next(e for e in events if e["type"] == "income" and e["seat"] == 0)
    assert [p["paid"] for p in red["penalties"]] == [3, 0]
    assert s["seats"][0]["cash"] == 0 and s["seats"][1]["cash"] == 3 + 5


def test_a_network_cut_off_from_its_plant_powers_nothing():
    # Red: eco 18 in Morrow, Morrow-Fenwick (10), Fenwick-Ebbridge (4). Blue's plant
    # displaced Red from Fenwick: Ebbridge's network has no plant (and its line is no leg
    # from a plant). Red earns Morrow 5 only.
    s = table(stage=2, red=dict(plants=[(18, "MOR")], subs=["EBB"],
                                lines=[["MOR", "FEN"], ["FEN", "EBB"]]),
              blue=dict(plants=[(13, "FEN", {}, [0])]))
    p = plan(s, 0)
    assert figures(p) == {"MOR": (5, "home")}
    assert "EBB" not in city_values(s)


def test_two_own_plants_in_a_double_city_make_one_home_city():
    # Red's eco 13 and eco 22 both stand in Ironford: one home city, 5, named by the lower plant
    s = table(red=dict(plants=[(22, "IRO"), (13, "IRO")]))
    p = plan(s, 0)
    assert p["cities"] == [{"city": "IRO", "amount": 5, "rule": "home", "plant": 13}] and p["rounded"] == 5


def test_two_plants_of_two_owners_in_a_double_city_both_count_it_home():
    # Ironford has two plant sites: Red's eco 13 and Green's eco 22 both stand there,
    # each owner earns 5 for it; Red also Highgate (IRO-HIG 2 -> 1): Red 6, Green 5.
    s = table(red=dict(plants=[(13, "IRO")], subs=["HIG"], lines=[["IRO", "HIG"]]),
              green=dict(plants=[(22, "IRO")]))
    assert plan(s, 0)["rounded"] == 6 and plan(s, 1)["rounded"] == 5


def test_settle_burns_fuel_and_pays_the_sum():
    # Red: coal 10 (2 coal -> 2) in Morrow holding 3 coal, Aldercross (16 -> 8) and
    # Fenwick (10 -> 5): 5 + 8 + 5 = 18; one coal stays on the plant, two go back to the box.
    s = table(phase="power", red=dict(plants=[(10, "MOR", {"coal": 3})], subs=["ALD", "FEN"],
                                      lines=[["MOR", "ALD"], ["MOR", "FEN"]], cash=0))
    events = apply(s, None, SETTLE)
    red = next(e for e in events if e["type"] == "income" and e["seat"] == 0)
    assert red["burned"] == {"coal": 2} and red["rounded"] == 18 and s["seats"][0]["cash"] == 18
    assert s["seats"][0]["plants"][0]["res"] == {"coal": 1}
    assert s["income"]["seats"][0]["cities"] == red["cities"]
