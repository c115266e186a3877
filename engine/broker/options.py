"""Broker-Yard's modes and options (rule book, "Modes and options") as one table."""

import math

from ..core.errors import GameError
from ..core import options as core
from .cards import BIG_PACKS, SMALL_PACK, SMALL_FIGURES, COLOURS, faces, pack_kind
from .update import PRICE_MAX, PRICE_MIN

DEALS = {"3+5": (3, 5), "4+6": (4, 6)}  # big cards, small cards per hand; rounds = their sum
MODES = ("classic", "duel", "mass")
SUMMATIONS = {"top3": 3, "trump": 1}  # how many of the greatest effects are summed
MAX_PLAYERS = 10_000  # a mass start's most (the update's benchmark size); a record's limit too
SPREAD = (1, 240)  # the stop-loss spread's range (the catalog gives it to the lobby)
# the bots' levels, weakest first, as the lobby offers them (bots/ has one bot for each)
BOT_LEVELS = ("easy", "normal", "strong")

DEFAULTS = {
    "mode": "classic",
    "deal": "4+6",
    "summation": "top3",
    "stop_loss": False,
    "spread": 30,
    "zero_cancels": None,  # None: 3, or 4 whenever more than one pack is dealt
    "packs": None,  # None: the fewest whole packs that serve every hand
}
RECORD_ONLY = ("zero_cancels", "packs")  # options the lobby does not offer

# What the lobby sets when a mode is chosen. A mass start is a lottery of ruin without
# stop-loss (docs/balance.md: 58% of seats bankrupt at 50 players, 71% at 200); stop-loss
# with spread 30 protects holders. The rules' own defaults (DEFAULTS, a record without
# these options) stay the rule book's.
MODE_DEFAULTS = {"mass": {"stop_loss": True, "spread": 30}}


def packs_needed(mode: str, deal: str, players: int) -> int:
    big, small = DEALS[deal]
    big_per_pack = len(BIG_PACKS[pack_kind(mode)]) * len(COLOURS)
    small_per_pack = len(SMALL_PACK) * len(COLOURS)
    return max(math.ceil(players * big / big_per_pack), math.ceil(players * small / small_per_pack))


def resolve_options(options, players: int) -> dict:
    """The options with defaults filled in and every value checked; `zero_cancels` and
    `packs` come out as numbers."""
    # zero_cancels and packs: a record's or the simulator's, never the lobby's
    o = core.resolve_options(catalog(), options, {k: DEFAULTS[k] for k in RECORD_ONLY})

    def bad(name, expected):
        return GameError("bad_option", f"option {name} must be {expected}",
                         where=f"options.{name}", option=name, expected=expected)

    # a value of the wrong type (a list, an object) is refused like a wrong word, not looked up
    if not isinstance(o["mode"], str) or o["mode"] not in MODES:
        raise bad("mode", " or ".join(MODES))
    if not isinstance(o["deal"], str) or o["deal"] not in DEALS:
        raise bad("deal", " or ".join(DEALS))
    if not isinstance(o["summation"], str) or o["summation"] not in SUMMATIONS:
        raise bad("summation", " or ".join(SUMMATIONS))
    if type(o["stop_loss"]) is not bool:
        raise bad("stop_loss", "true or false")
    if type(o["spread"]) is not int or not SPREAD[0] <= o["spread"] <= SPREAD[1]:
        raise bad("spread", f"a whole number from {SPREAD[0]} to {SPREAD[1]}")

    if players < 2:
        raise GameError("too_few_players", "a game needs at least 2 players", where="players",
                        players=players, minimum=2)
    if o["mode"] == "duel" and players != 2:
        raise GameError("duel_needs_two", "a duel is played by exactly 2 players", where="players",
                        players=players)
    if players > MAX_PLAYERS:
        raise GameError("too_many_players", f"at most {MAX_PLAYERS} players", where="players",
                        players=players, maximum=MAX_PLAYERS)

    needed = packs_needed(o["mode"], o["deal"], players)
    if o["packs"] is None:
        o["packs"] = needed
    elif type(o["packs"]) is not int or not needed <= o["packs"] <= needed + 1000:
        raise GameError("bad_option", f"option packs must be a whole number, at least {needed} "
                        f"for {players} players", where="options.packs", option="packs",
                        expected=f">= {needed}")
    if o["zero_cancels"] is None:
        o["zero_cancels"] = 4 if o["packs"] > 1 else 3
    elif o["zero_cancels"] not in (3, 4) or type(o["zero_cancels"]) is not int:
        raise bad("zero_cancels", "3 or 4")
    return o


def rounds_for(deal: str) -> int:
    return sum(DEALS[deal])


def catalog() -> dict:
    """What the lobby offers (engine/core/game.py, `catalog`): the options of the rule book
    with their values, the seat limits of each mode, and the bot levels."""
    return {
        # the lobby seats 2-8 (a mode may say otherwise); a record or the simulator up to `limit`
        "players": {"min": 2, "max": 8, "limit": MAX_PLAYERS},
        "options": [
            {"key": "mode", "kind": "choice", "values": list(MODES), "default": DEFAULTS["mode"],
             "chip": True, "players": {"duel": {"min": 2, "max": 2}, "mass": {"min": 2, "max": 40}},
             "defaults": {mode: dict(values) for mode, values in MODE_DEFAULTS.items()}},
            # the lobby proposes the shorter deal; a record without one takes the rule book's
            {"key": "deal", "kind": "choice", "values": list(DEALS), "default": DEFAULTS["deal"],
             "suggested": "3+5", "chip": True},
            {"key": "summation", "kind": "choice", "values": list(SUMMATIONS),
             "default": DEFAULTS["summation"], "chip": True},
            {"key": "stop_loss", "kind": "bool", "default": DEFAULTS["stop_loss"], "chip": True},
            {"key": "spread", "kind": "int", "min": SPREAD[0], "max": SPREAD[1], "step": 10,
             "default": DEFAULTS["spread"], "when": {"stop_loss": True}, "chip": True},
        ],
        "bots": list(BOT_LEVELS),
        "clock": False,
        # the device's statistics are kept per mode (engine/core/stats.py)
        "stats_by": "mode",
        # what the table draws with: the colours in order, each small card's other figure,
        # what each big card does (its tile and tip), the price grid's ends (the chart)
        "colours": list(COLOURS),
        "small_figures": {f"{k:+d}": v for k, v in SMALL_FIGURES.items()},
        "faces": faces(),
        "price_range": [PRICE_MIN, PRICE_MAX],
    }
