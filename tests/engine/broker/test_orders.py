"""Orders: every validation error, and a refused order changes nothing."""

import json

import pytest

from engine.core.clone import clone
from engine.broker import new_game, submit, withdraw, resolve
from engine.core.errors import GameError

from .helpers import game_with


@pytest.fixture
def state():
    return game_with({"Ann": ["hundred:blue", "small:red:+30"], "Bob": ["zero:red"]})


HUNDRED = {"card": "hundred:blue", "choices": {"others": {"red": -10, "yellow": -20, "green": -30}}}


@pytest.mark.parametrize("order, code", [
    ({"card": "zero:red"}, "card_not_in_hand"),
    ({"card": "hundred:pink"}, "unknown_card"),
    ({"card": "hundred:blue"}, "choices_incomplete"),
    ({"card": "small:red:+30", "choices": {"other": "red"}}, "bad_choices"),
    ({"choices": {"other": "red"}}, "bad_choices"),
    ({"trades": {"blue": -2}}, "sell_more_than_held"),
    ({"trades": {"blue": 1}}, "negative_cash"),
    ({"trades": {"blue": -1, "red": 2}}, "negative_cash"),
    ({"trades": {"purple": 1}}, "unknown_colour"),
    ({"trades": {"blue": 0.5}}, "bad_trades"),
    ({"trades": {"blue": True}}, "bad_trades"),
    ({"trades": {"blue": -10**13}}, "trade_too_large"),
    ({"trades": [["blue", 1]]}, "bad_trades"),
    ({"bid": 3}, "bad_order"),
    ("hundred:blue", "bad_order"),
])
def test_refused_orders_change_nothing(state, order, code):
    submit(state, 0, HUNDRED)
    before = clone(state)
    with pytest.raises(GameError) as e:
        submit(state, 0, order)
    assert e.value.code == code
    assert state == before
    json.dumps(e.value.to_json())  # errors travel as JSON too


def test_selling_to_buy_is_one_net_trade(state):
    clean = submit(state, 0, {"trades": {"blue": -1, "red": 1, "green": 0}})
    assert clean["trades"] == {"blue": -1, "red": 1}


def test_resubmitting_replaces_and_withdraw_cancels(state):
    submit(state, 0, HUNDRED)
    submit(state, 0, {"card": "small:red:+30", "choices": {"other": "blue"}})
    assert state["orders"][0]["card"] == "small:red:+30"
    withdraw(state, 0)
    assert state["orders"][0] is None


def test_unknown_seat_and_game_over(state):
    with pytest.raises(GameError) as e:
        submit(state, 2, {})
    assert e.value.code == "unknown_seat"
    with pytest.raises(GameError) as e:
        submit(state, "0", {})
    assert e.value.code == "unknown_seat"
    for _ in range(state["rounds_total"]):
        resolve(state)
    assert state["over"]
    for call in (lambda: submit(state, 0, {}), lambda: resolve(state)):
        with pytest.raises(GameError) as e:
            call()
        assert e.value.code == "game_over"


def test_bankrupt_player_cannot_order():
    state = game_with({"Ann": ["small:blue:-60"], "Bob": [], "Cy": []})
    state["seats"][1]["cash"] = -5  # as a penalty would leave it
    resolve(state)
    assert state["seats"][1]["bankrupt"]
    with pytest.raises(GameError) as e:
        submit(state, 1, {})
    assert e.value.code == "player_bankrupt"


@pytest.mark.parametrize("players, options, code", [
    (["Ann"], {}, "too_few_players"),
    (["Ann", "Bob", "Cy"], {"mode": "duel"}, "duel_needs_two"),
    (["Ann", "Ann"], {}, "duplicate_name"),
    (["Ann", ""], {}, "bad_name"),
    (["Ann", " \x00\u200b"], {}, "bad_name"),
    (["Ann", "ANN"], {}, "lookalike_name"),
    (["Ann", "x" * 41], {}, "name_too_long"),
    (["Ann", 7], {}, "bad_name"),
    ("Ann,Bob", {}, "bad_players"),
    (["Ann", "Bob"], {"mode": "royal"}, "bad_option"),
    (["Ann", "Bob"], {"deal": "5+5"}, "bad_option"),
    (["Ann", "Bob"], {"summation": "top4"}, "bad_option"),
    (["Ann", "Bob"], {"stop_loss": "yes"}, "bad_option"),
    (["Ann", "Bob"], {"spread": 0}, "bad_option"),
    (["Ann", "Bob"], {"zero_cancels": 5}, "bad_option"),
    (["Ann", "Bob"], {"packs": 0}, "bad_option"),
    (["Ann", "Bob"], {"colour": "blue"}, "unknown_option"),
    (["Ann", "Bob"], [], "bad_option"),
])
def test_bad_games(players, options, code):
    with pytest.raises(GameError) as e:
        new_game(options, players, 1)
    assert e.value.code == code


def test_hostile_names_are_kept_as_text():
    name = "<img src=x onerror=alert(1)>"
    state = new_game({}, [name, "Bob"], 3)
    assert state["players"][0] == name
