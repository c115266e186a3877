"""Kuhn poker's options and catalog: how many hands a game is."""

from engine.core import options as core
from engine.core.errors import GameError

HANDS = (1, 9)  # a game's least and most hands
BOT_LEVELS = ("easy",)


def catalog() -> dict:
    return {"players": {"min": 2, "max": 3},
            "options": [{"key": "hands", "kind": "int", "min": HANDS[0], "max": HANDS[1], "step": 1,
                         "default": 3, "chip": True}],
            "bots": list(BOT_LEVELS), "clock": False}


def resolve_options(options) -> dict:
    o = core.resolve_options(catalog(), options)
    if type(o["hands"]) is not int or not HANDS[0] <= o["hands"] <= HANDS[1]:
        raise GameError("bad_option", f"option hands must be a whole number from {HANDS[0]} to {HANDS[1]}",
                        where="options.hands", option="hands", expected=f"{HANDS[0]}-{HANDS[1]}")
    return o
