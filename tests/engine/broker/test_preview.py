"""The preview of one card on its own (engine/broker/preview.py, the tool `preview`): what the
hand shows while a player chooses. It must be exactly the round's update when that card is
the only one played, for every card, choice, price and option that changes the update."""

import itertools
import random

import pytest

from engine.broker import TOOLS, resolve, submit
from engine.broker.cards import COLOURS, HUNDRED_OTHERS, big_pack, parse_card, small_pack
from engine.core.errors import GameError

from .helpers import game_with

preview = TOOLS["preview"]
CLASSIC = {"summation": "top3", "zero_cancels": 3, "stop_loss": False, "spread": 30}


def all_choices(card_id):
    card = parse_card(card_id)
    if card.choice == "other":
        return [{"other": c} for c in card.other_colours]
    if card.choice == "others":
        return [{"others": dict(zip(card.other_colours, p))} for p in itertools.permutations(HUNDRED_OTHERS)]
    return [{}]


def alone_in_a_game(card_id, choices, prices, options):
    """The price events of a real round in which `card_id` is the only card played (the other
    seat saves orders without a card: its random discard moves no price)."""
    state = game_with({"Ann": [card_id], "Bob": []}, options)
    state["prices"] = dict(prices)
    submit(state, 0, {"card": card_id, "choices": choices})
    submit(state, 1, {})
    return {e["colour"]: e for e in resolve(state) if e["type"] == "price"}


def test_each_card_alone_is_the_rounds_update_when_only_it_is_played():
    rng = random.Random(17)
    cards = sorted(set(big_pack("classic") + small_pack()))
    settings = [({}, CLASSIC), ({"summation": "trump"}, {**CLASSIC, "summation": "trump"}),
                ({"stop_loss": True, "spread": 30}, {**CLASSIC, "stop_loss": True}),
                ({"stop_loss": True, "spread": 90}, {**CLASSIC, "stop_loss": True, "spread": 90})]
    checked = 0
    for card_id in cards:
        for choices in all_choices(card_id):
            game_options, options = rng.choice(settings)
            prices = {c: rng.choice([10, 20, 40, 100, 160, 210, 240, 250]) for c in COLOURS}
            shown = preview(prices=prices, options=options, card=card_id, choices=choices)
            played = alone_in_a_game(card_id, choices, prices, game_options)
            for c in COLOURS:
                e = played[c]
                assert shown[c]["new_price"] == e["new_price"], (card_id, choices, prices, c)
                assert shown[c]["change"] == e["new_price"] - e["price"]
                assert shown[c]["bonus"] == e["bonus"]
                assert shown[c]["stopped"] == e["stopped"] and shown[c]["stop"] == e["stop"]
                # holders pay a penalty only when no stop sold them out first
                assert shown[c]["penalty"] == (0 if e["stopped"] else e["penalty"])
            checked += 1
    assert checked > 50


def test_the_rule_books_figures_one_card_at_a_time():
    at_100 = {c: 100 for c in COLOURS}
    small = preview(prices=at_100, options=CLASSIC, card="small:red:+30", choices={"other": "blue"})
    assert (small["red"]["new_price"], small["blue"]["new_price"]) == (130, 40)
    assert small["yellow"]["change"] == small["green"]["change"] == 0
    hundred = preview(prices=at_100, options=CLASSIC, card="hundred:blue",
                      choices={"others": {"red": -10, "yellow": -20, "green": -30}})
    assert [hundred[c]["new_price"] for c in COLOURS] == [200, 90, 80, 70]
    # x2 from 200 goes past 250: holders get the excess per share
    double = preview(prices={**at_100, "green": 200}, options=CLASSIC, card="double:green",
                     choices={"other": "red"})
    assert (double["green"]["new_price"], double["green"]["bonus"]) == (250, 150)
    assert double["red"]["new_price"] == 50
    # -100 from 100: below 10 costs holders 10 per share, unless a stop-loss sells first
    minus = preview(prices=at_100, options=CLASSIC, card="minus-hundred:blue", choices={"other": "red"})
    assert (minus["blue"]["new_price"], minus["blue"]["penalty"], minus["blue"]["stopped"]) == (10, 10, False)
    stopped = preview(prices=at_100, options={**CLASSIC, "stop_loss": True}, card="minus-hundred:blue",
                      choices={"other": "red"})
    assert (stopped["blue"]["stopped"], stopped["blue"]["stop"], stopped["blue"]["penalty"]) == (True, 70, 0)
    # a zero alone changes nothing: it only cancels others' effects
    zero = preview(prices=at_100, options=CLASSIC, card="zero:red", choices={})
    assert all(zero[c]["change"] == 0 for c in COLOURS) and zero["red"]["zeros"] == 1


@pytest.mark.parametrize("args, code", [
    ({"prices": {"blue": 100}, "options": CLASSIC, "card": "zero:red"}, "bad_arguments"),
    ({"prices": {c: 5 for c in COLOURS}, "options": CLASSIC, "card": "zero:red"}, "bad_arguments"),
    ({"prices": {c: "100" for c in COLOURS}, "options": CLASSIC, "card": "zero:red"}, "bad_arguments"),
    ({"prices": {c: 100 for c in COLOURS}, "options": {**CLASSIC, "summation": "all"}, "card": "zero:red"},
     "bad_arguments"),
    ({"prices": {c: 100 for c in COLOURS}, "options": {**CLASSIC, "spread": 0}, "card": "zero:red"},
     "bad_arguments"),
    ({"prices": {c: 100 for c in COLOURS}, "options": None, "card": "zero:red"}, "bad_arguments"),
    ({"prices": {c: 100 for c in COLOURS}, "options": CLASSIC, "card": "ace:red"}, "unknown_card"),
    ({"prices": {c: 100 for c in COLOURS}, "options": CLASSIC, "card": "double:red", "choices": {}},
     "choices_incomplete"),
    ({"prices": {c: 100 for c in COLOURS}, "options": CLASSIC, "card": "double:red",
      "choices": {"other": "red"}}, "bad_choices"),
])
def test_the_tool_refuses_what_it_cannot_preview(args, code):
    with pytest.raises(GameError) as refused:
        preview(**args)
    assert refused.value.code == code

