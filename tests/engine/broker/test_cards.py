"""Every card's effects and every way its choices can be wrong."""

import pytest

from engine.broker.cards import (COLOURS, parse_card, check_choices, card_effects, big_pack,
                                 small_pack, SMALL_FIGURES)
from engine.core.errors import GameError

PRICES = {"blue": 100, "red": 210, "yellow": 40, "green": 250}
OTHERS = {"red": -20, "yellow": -30, "green": -10}


def effects(card_id, choices):
    card = parse_card(card_id)
    return card_effects(card, check_choices(card, choices), PRICES)


def test_packs_hold_what_the_rule_book_says():
    classic = big_pack("classic")
    assert len(classic) == 20 and len(small_pack()) == 32
    assert sorted(c.split(":")[0] for c in classic if c.endswith(":blue")) == \
        ["double", "half", "hundred", "minus-hundred", "zero"]
    duel = big_pack("duel")
    assert len(duel) == 20 and duel.count("hundred:red") == 3
    assert not any(c.startswith(("zero", "minus-hundred")) for c in duel)
    for colour in COLOURS:
        figures = sorted(int(c.split(":")[2]) for c in small_pack() if c.split(":")[1] == colour)
        assert figures == sorted(SMALL_FIGURES)


def test_hundred():
    assert effects("hundred:blue", {"others": OTHERS}) == [
        ("blue", "delta", 100), ("red", "delta", -20), ("yellow", "delta", -30), ("green", "delta", -10)]


def test_minus_hundred():
    assert effects("minus-hundred:red", {"other": "green"}) == [("red", "delta", -100), ("green", "delta", 50)]


def test_double_and_half_use_round_start_prices_without_rounding():
    assert effects("double:yellow", {"other": "red"}) == [("yellow", "double", 40), ("red", "half", -105)]
    assert effects("half:red", {"other": "blue"}) == [("red", "half", -105), ("blue", "double", 100)]


def test_zero():
    assert effects("zero:green", {}) == [("green", "zero", 0)]
    assert effects("zero:green", None) == [("green", "zero", 0)]


@pytest.mark.parametrize("figure", sorted(SMALL_FIGURES))
def test_small_cards(figure):
    assert effects(f"small:blue:{figure:+d}", {"other": "yellow"}) == [
        ("blue", "delta", figure), ("yellow", "delta", SMALL_FIGURES[figure])]


@pytest.mark.parametrize("card_id", ["hundred:purple", "hundred", "small:blue:+70", "small:blue:30",
                                     "triple:blue", "", 5, None, ["hundred:blue"], "small:blue:+30:x"])
def test_unknown_cards(card_id):
    with pytest.raises(GameError) as e:
        parse_card(card_id)
    assert e.value.code == "unknown_card"


@pytest.mark.parametrize("card_id, choices, code", [
    ("hundred:blue", {}, "choices_incomplete"),
    ("hundred:blue", {"others": {"red": -10, "yellow": -20}}, "bad_choices"),
    ("hundred:blue", {"others": {"red": -10, "yellow": -10, "green": -30}}, "bad_choices"),
    ("hundred:blue", {"others": {"red": -10, "yellow": -20, "blue": -30}}, "bad_choices"),
    ("hundred:blue", {"others": {"red": -10, "yellow": -20, "green": "-30"}}, "bad_choices"),
    ("hundred:blue", {"others": {"red": -10.0, "yellow": -20, "green": -30}}, "bad_choices"),
    ("hundred:blue", {"others": [-10, -20, -30]}, "bad_choices"),
    ("hundred:blue", {"other": "red"}, "bad_choices"),
    ("minus-hundred:red", {}, "choices_incomplete"),
    ("minus-hundred:red", {"other": "red"}, "bad_choices"),
    ("double:red", {"other": "purple"}, "bad_choices"),
    ("half:red", {"other": ["blue"]}, "bad_choices"),
    ("small:green:+30", {"other": "green"}, "bad_choices"),
    ("small:green:+30", {"other": "blue", "extra": 1}, "bad_choices"),
    ("zero:green", {"other": "blue"}, "bad_choices"),
    ("zero:green", "blue", "bad_choices"),
])
def test_bad_choices(card_id, choices, code):
    with pytest.raises(GameError) as e:
        check_choices(parse_card(card_id), choices)
    assert e.value.code == code
    assert e.value.where.startswith("choices")


def test_the_catalogs_faces_are_the_rule_books_table():
    """What the tiles and tips show of each big card comes from the engine's catalog, worked
    out by card_effects (issue 32: no card value typed in the page)."""
    from engine.broker import catalog
    faces = catalog()["faces"]
    assert faces == {
        "hundred": {"own": 100, "others": [-10, -20, -30]},
        "minus-hundred": {"own": -100, "others": [50]},
        "double": {"own": "×2", "others": ["÷2"]},
        "half": {"own": "÷2", "others": ["×2"]},
        "zero": {"own": 0, "others": []},
    }
    assert catalog()["price_range"] == [10, 250]
