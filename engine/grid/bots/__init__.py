"""Grid bots by level (docs/games/grid.md): each decides from its seat's view alone
(`bot_view`), deterministic given its seed, standard library only.

- easy: the simple bot with a lower valuation and some noise;
- normal: the simple bot — bids to a value, buys the fuel its plants burn, builds towards
  cheap cities;
- strong: plans its building with the engine's own income rule on a rebuilt public state.
"""

from ...core.errors import short
from ..options import BOT_LEVELS
from .random_bot import random_action
from .simple import easy, normal
from .strong import strong

BOTS = dict(zip(BOT_LEVELS, (easy, normal, strong)))  # the catalog's levels, weakest first
LEVELS = BOT_LEVELS


def get_bot(name: str):
    if name == "random":
        return random_action
    if name in BOTS:
        return BOTS[name]
    raise ValueError(f"unknown bot {short(name)!r}; choose one of {', '.join(LEVELS)} or random")


def bot_action(level: str, view: dict, seed=0):
    return get_bot(level)(view, seed)


__all__ = ["BOTS", "LEVELS", "get_bot", "bot_action", "random_action"]
