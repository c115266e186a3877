"""The "How to play" page's worked round is the engine's own update of a fixed example."""

from engine.broker import howto


def test_example_round_shows_a_bonus_a_penalty_and_a_zero():
    data = howto()
    rnd = data["example"]["view"]["history"][0]
    prices = {e["colour"]: e for e in rnd["events"] if e["type"] == "price"}
    assert prices["blue"]["new_price"] == 250 and prices["blue"]["bonus"] == 10
    assert prices["green"]["new_price"] == 10 and prices["green"]["penalty"] == 40
    assert prices["yellow"]["zeros"] == 1 and prices["yellow"]["new_price"] == 100
    types = {e["type"] for e in rnd["events"]}
    assert {"trade", "card", "bonus", "penalty"} <= types


def test_card_list_is_the_packs():
    cards = howto()["cards"]
    assert cards["big"]["classic"] == ["hundred", "minus-hundred", "zero", "double", "half"]
    assert len(cards["small"]) == 8 and cards["small_figures"]["+30"] == -60
