"""The spy game's bots, by level (docs/games/spy.md, "Bots").

    bot_action(level, view(state, seat), seed) -> [action, ..., {"type": "done"}] or None

Every bot reads only the seat's view, is deterministic given its seed, and returns actions
that `apply` accepts in order (the host stamps each with its time). None: nothing to do
(a dead seat, or one that has said done).
"""

from ..options import BOT_LEVELS
from .simple import easy, normal, random_actions

BOTS = dict(zip(BOT_LEVELS, (easy, normal)))  # the catalog's levels, weakest first
LEVELS = BOT_LEVELS


def bot_action(level: str, view: dict, seed=0):
    if level == "random":
        return random_actions(view, seed)
    if level not in BOTS:
        raise ValueError(f"unknown bot {level!r}; choose one of {', '.join(LEVELS)} or random")
    return BOTS[level](view, seed)


__all__ = ["BOTS", "LEVELS", "bot_action"]
