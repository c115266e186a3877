"""Phase 1 and 2: the player order and the plant auction (base rules the variant keeps)."""

import pytest

from engine.core.errors import GameError
from engine.grid import apply, legal, new_game, to_act


def fresh(players=3, seed="auction"):
    return new_game({}, [f"P{i}" for i in range(players)], seed)


def who(state):
    return to_act(state)["seats"][0]


def test_round_1_order_is_drawn_and_the_first_player_must_open():
    s = fresh()
    first = who(s)
    assert first == s["order"][0] and to_act(s)["phase"] == "auction"
    assert legal(s, first)["may_pass"] is False
    with pytest.raises(GameError) as e:
        apply(s, first, {"type": "pass"})
    assert e.value.code == "must_buy"
    assert [n for n in s["market"]] == [3, 4, 5, 6, 7, 8, 9, 10]
    assert legal(s, first)["plants"] == [{"plant": n, "min_bid": n} for n in (3, 4, 5, 6)]


def test_only_the_current_bidder_acts_and_bids_go_clockwise():
    s = fresh()
    opener = who(s)
    for bad, code in (({"type": "open", "plant": 7}, "plant_not_offered"),
                      ({"type": "open", "plant": 4, "bid": 3}, "bid_too_low"),
                      ({"type": "open", "plant": 4, "bid": 76}, "not_enough_money")):
        with pytest.raises(GameError) as e:
            apply(s, opener, bad)
        assert e.value.code == code
    apply(s, opener, {"type": "open", "plant": 4, "bid": 4})
    nxt = (opener + 1) % 3
    assert who(s) == nxt and to_act(s)["step"] == 1
    with pytest.raises(GameError) as e:
        apply(s, (opener + 2) % 3, {"type": "bid", "amount": 5})
    assert e.value.code == "not_your_turn"
    with pytest.raises(GameError) as e:
        apply(s, nxt, {"type": "bid", "amount": 4})
    assert e.value.code == "bid_too_low"
    apply(s, nxt, {"type": "bid", "amount": 6})
    assert who(s) == (opener + 2) % 3
    apply(s, who(s), {"type": "pass"})
    assert who(s) == opener
    events = apply(s, opener, {"type": "pass"})
    assert {"type": "sold", "seat": nxt, "plant": 4, "price": 6} in events
    assert {"type": "draw", "plant": 13} in events  # 13 lies on top of the stack
    assert s["seats"][nxt]["hand"] == [4] and s["seats"][nxt]["cash"] == 69
    assert s["market"] == [3, 5, 6, 7, 8, 9, 10, 13]
    assert who(s) == opener  # who lost the auction chooses again


def test_round_1_order_is_sorted_by_the_largest_plant_after_the_auctions():
    s = fresh()
    bought = {}
    while s["phase"] == "auction":
        seat = who(s)
        moves = legal(s, seat)
        if moves["kind"] == "open":
            plant = moves["plants"][-1]["plant"]
            apply(s, seat, {"type": "open", "plant": plant})
            bought[seat] = plant
        else:
            apply(s, seat, {"type": "pass"})
    assert s["order"] == sorted(bought, key=lambda i: -bought[i])
    assert s["phase"] == "resources" or s["phase"] == "building"


def test_a_bidder_who_cannot_beat_the_bid_passes_by_itself():
    s = fresh()
    opener = who(s)
    s["seats"][(opener + 1) % 3]["cash"] = 6
    apply(s, opener, {"type": "open", "plant": 5, "bid": 6})
    assert who(s) == (opener + 2) % 3


def test_from_round_2_a_player_may_buy_nothing_and_no_sale_drops_the_lowest_plant():
    s = fresh()
    s["round"] = 2
    market = list(s["market"])
    events = []
    for _ in range(3):
        events += apply(s, who(s), {"type": "pass"})
    assert {"type": "plant_removed", "plant": market[0], "why": "none_bought"} in events
    # with nothing built nobody has anything to do until the next round's auction
    assert s["round"] == 3 and s["phase"] == "auction" and market[0] in s["gone"]


def test_the_step_3_card_drawn_in_the_auction_waits_until_the_auctions_end():
    s = fresh()
    s["round"] = 2
    s["deck"] = ["step3", 40]
    opener = who(s)
    apply(s, opener, {"type": "open", "plant": 3})
    while s["auction"]:
        apply(s, who(s), {"type": "pass"})
    assert s["market"][-1] == "step3" and s["stage"] == 1
    while s["phase"] == "auction":
        apply(s, who(s), {"type": "pass"})
    # Step 3: the card and the lowest plant leave, six plants, all current
    assert s["stage"] == 3 and "step3" not in s["market"] and 4 in s["gone"]
    assert len(s["market"]) == 6


def test_a_bidder_may_bid_all_its_money_and_no_more():
    # legal offers a current plant numbered as high as the money, and asks a raise of 1
    s = fresh()
    opener = who(s)
    s["seats"][opener]["cash"] = 5
    assert [p["plant"] for p in legal(s, opener)["plants"]] == [3, 4, 5]
    apply(s, opener, {"type": "open", "plant": 3})
    nxt = who(s)
    s["seats"][nxt]["cash"] = 4
    moves = legal(s, nxt)
    assert (moves["min_bid"], moves["max_bid"]) == (4, 4)
    with pytest.raises(GameError) as e:
        apply(s, nxt, {"type": "bid", "amount": 5})
    assert e.value.code == "not_enough_money"
    apply(s, nxt, {"type": "bid", "amount": 4})  # all of it
    assert s["auction"]["bid"] == 4 and s["auction"]["leader"] == nxt


def test_with_2_players_any_of_the_six_regions_may_be_left_out():
    from engine.grid.game import regions_in_play
    from engine.grid.map import REGIONS
    left = {next(r for r in REGIONS if r not in regions_in_play(seed, 2)) for seed in range(40)}
    assert left == set(REGIONS)
    assert all(len(regions_in_play(seed, 2)) == 5 and len(regions_in_play(seed, 3)) == 6 for seed in range(5))
