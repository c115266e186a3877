"""The grid game's options and catalog. The rule book has no options: [decision] the game
offers none beyond it (2-4 players; with 2 the seed leaves one region out)."""

from ..core import options as core

# the bots' levels, weakest first, as the lobby offers them (bots/ has one bot for each)
BOT_LEVELS = ("easy", "normal", "strong")


def resolve_options(options) -> dict:
    """The options with defaults filled in: the game has none, so anything given is refused."""
    return core.resolve_options(catalog(), options)


def catalog() -> dict:
    """What the lobby offers (engine/core/game.py, `catalog`), and the static parts a table
    draws: the map (cities, regions with outlines and limits, lines with costs), each plant
    card as [kind, input, cities powered], and the resource market's spaces (unit prices,
    cheapest first). The build writes this to engine/grid.json: the page fetches it once."""
    from . import plants as P
    from .map import board
    return {"players": {"min": 2, "max": 4}, "options": [], "bots": list(BOT_LEVELS), "clock": False,
            "board": board(), "plants": {str(n): list(v) for n, v in P.PLANTS.items()},
            "resources": list(P.RESOURCES), "spaces": {r: list(v) for r, v in P.SPACES.items()}}
