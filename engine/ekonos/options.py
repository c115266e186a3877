"""Ekonos's tables by player count (rule book, "Rounds") and its catalog: the rule book
implies no options, so a game takes none."""

from ..core import options as core
from ..core.errors import GameError
from .board import board_data

MIN_PLAYERS, MAX_PLAYERS = 2, 6
ROUNDS = {2: 6, 3: 4, 4: 3, 5: 3, 6: 2}
HAND = {5: 5}  # cards dealt per round: 6, or 5 with five players
COINS = {5: 10}  # coins given per round: 12, or 10 with five players
DEFAULT_HAND, DEFAULT_COINS = 6, 12
MAX_TILES = 10  # tiles of one company on the map
COLUMN = 8  # spaces in a company's column of the stock chart
EXPAND_AT, FORCED_AT = 4, 6  # growth counter: the president may expand / must expand
GROWTH_ACTIONS = {EXPAND_AT: 2, FORCED_AT: 3}
# the bots' levels, weakest first, as the lobby offers them (bots/ has one bot for each)
BOT_LEVELS = ("easy", "normal", "strong")


def rounds_for(players: int) -> int:
    return ROUNDS[players]


def hand_size(players: int) -> int:
    return HAND.get(players, DEFAULT_HAND)


def round_coins(players: int) -> int:
    return COINS.get(players, DEFAULT_COINS)


def resolve_options(options) -> dict:
    """The options with defaults filled in: Ekonos has none, so anything given is refused."""
    return core.resolve_options(catalog(), options)


def check_player_count(players: int) -> None:
    if players < MIN_PLAYERS:
        raise GameError("too_few_players", f"a game needs at least {MIN_PLAYERS} players",
                        where="players", players=players, minimum=MIN_PLAYERS)
    if players > MAX_PLAYERS:
        raise GameError("too_many_players", f"at most {MAX_PLAYERS} players", where="players",
                        players=players, maximum=MAX_PLAYERS)


def catalog() -> dict:
    """What the lobby offers (engine/core/game.py, `catalog`), and the map a table draws (the
    view's `board`): the page works out the map's shapes from it while a game is opened."""
    return {"players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS}, "options": [],
            "bots": list(BOT_LEVELS), "clock": False, "board": board_data()}


def limits() -> dict:
    """The numbers a table shows (the stock chart's column, the growth track's marks, the
    actions of an expansion), from here rather than retyped in the page."""
    return {"column": COLUMN, "max_tiles": MAX_TILES, "expand_at": EXPAND_AT,
            "forced_at": FORCED_AT, "actions": {"choice": GROWTH_ACTIONS[EXPAND_AT],
                                                "forced": GROWTH_ACTIONS[FORCED_AT]}}
