"""Every example at the end of the rule book, as the update computes it and, where the
price can be reached, in a whole game with its payments to holders."""

from engine.broker import submit, resolve
from engine.broker.update import update_colour

from .helpers import game_with

TOP3, TRUMP = 3, 1


def test_half_on_210_ends_in_5_and_rounds_down():
    r = update_colour(210, [("half", -105)], 0, 3, TOP3)
    assert (r["sum"], r["computed"], r["new_price"]) == (-105, 105, 100)


def test_hundred_and_two_minus_hundreds_leave_minus_100():
    r = update_colour(100, [("delta", 100), ("delta", -100), ("delta", -100)], 0, 3, TOP3)
    assert r["after_cancel"] == [["delta", -100, 1]]
    assert (r["computed"], r["new_price"], r["penalty"]) == (0, 10, 10)


def test_hundred_and_two_minus_hundreds_in_a_game_charge_holders():
    # Three players need two packs for two minus-hundreds of blue.
    state = game_with({"Ann": ["hundred:blue"], "Bob": ["minus-hundred:blue"],
                       "Cy": ["minus-hundred:blue"]}, {"packs": 2})
    submit(state, 0, {"card": "hundred:blue",
                      "choices": {"others": {"red": -10, "yellow": -20, "green": -30}}})
    submit(state, 1, {"trades": {"blue": -1}, "card": "minus-hundred:blue", "choices": {"other": "red"}})
    submit(state, 2, {"card": "minus-hundred:blue", "choices": {"other": "red"}})
    events = resolve(state)
    assert state["prices"]["blue"] == 10
    penalties = {e["seat"]: e["cash"] for e in events if e["type"] == "penalty"}
    assert penalties == {0: -10, 2: -10}  # Bob sold his blue share before the update
    assert [s["cash"] for s in state["seats"]] == [-10, 100, -10]


def test_trump_takes_the_raising_effect_on_equal_size():
    r = update_colour(100, [("delta", -100), ("double", 100)], 0, 3, TRUMP)
    assert r["after_cancel"] == [["double", 100, 1], ["delta", -100, 1]]  # a delta never cancels ×2
    assert r["counted"] == [["double", 100, 1]] and r["new_price"] == 200


def test_trump_in_a_game():
    state = game_with({"Ann": ["double:red"], "Bob": ["minus-hundred:red"]}, {"summation": "trump"})
    submit(state, 0, {"card": "double:red", "choices": {"other": "blue"}})
    submit(state, 1, {"card": "minus-hundred:red", "choices": {"other": "green"}})
    resolve(state)
    assert state["prices"] == {"blue": 50, "red": 200, "yellow": 100, "green": 150}


def test_yellow_240_overshoots_and_pays_80_per_share():
    r = update_colour(240, [("delta", 60), ("delta", 30)], 0, 3, TOP3)
    assert (r["computed"], r["new_price"], r["bonus"]) == (330, 250, 80)


def test_green_40_undershoots_and_charges_30_per_share():
    r = update_colour(40, [("delta", -60)], 0, 3, TOP3)
    assert (r["computed"], r["new_price"], r["penalty"]) == (-20, 10, 30)


def test_stop_loss_sells_at_70_and_price_still_falls_to_40():
    state = game_with({"Ann": ["small:green:-60"], "Bob": []},
                      {"stop_loss": True, "spread": 30})
    submit(state, 0, {"card": "small:green:-60", "choices": {"other": "red"}})
    events = resolve(state)
    stops = [e for e in events if e["type"] == "stop_sale"]
    assert [(e["seat"], e["shares"], e["price"]) for e in stops] == [(0, 1, 70), (1, 1, 70)]
    assert state["prices"]["green"] == 40
    assert [s["shares"]["green"] for s in state["seats"]] == [0, 0]
    assert [s["cash"] for s in state["seats"]] == [70, 70]


def test_a_stop_below_10_sells_everything_and_nobody_pays_the_penalty():
    # green 40 with stop-loss 30: the stop at 10 is hit by −60 (computed −20); every holder
    # sold at the stop, so the price table and the account say no penalty was paid
    from engine.broker.account import describe_round
    from engine.broker.view import last_round

    state = game_with({"Ann": ["small:green:-60"], "Bob": []}, {"stop_loss": True, "spread": 30})
    state["prices"]["green"] = 40
    submit(state, 0, {"card": "small:green:-60", "choices": {"other": "red"}})
    events = resolve(state)
    assert not [e for e in events if e["type"] == "penalty"]
    assert [e["price"] for e in events if e["type"] == "stop_sale"] == [10, 10]
    last = last_round(state)
    assert last["stopped"] == {"green": 10} and last["penalty"] == {}
    green = next(line for line in describe_round(state, state["history"][-1]) if line.lstrip().startswith("green"))
    assert "nobody pays a penalty" in green and "penalty 30 per share" not in green
