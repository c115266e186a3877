"""Ekonos bots, chosen by level name (docs/games/ekonos.md).

Every bot is a function `bot(view, seed=0) -> action` that reads only the seat's view (the
bot view: no log, no static map), is deterministic given its seed, uses only the standard
library, and returns one action the engine accepts. Call it only for the seat that acts.
"""

from .simple import easy, normal, random_action
from .strong import decide as _strong, DEFAULT_WORLDS

BOTS = {"easy": easy, "normal": normal, "strong": _strong}
LEVELS = tuple(BOTS)


def get_bot(name: str):
    """A bot by name: "easy", "normal", "strong", "random", or "strong:N" (N sampled worlds)."""
    if name in BOTS:
        return BOTS[name]
    if name == "random":
        return random_action
    if name.startswith("strong:") and name[7:].isdigit() and int(name[7:]) > 0:
        worlds = int(name[7:])
        return lambda view, seed=0: _strong(view, seed, worlds=worlds)
    raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(LEVELS)}, random or strong:N")


def bot_action(level: str, view: dict, seed=0) -> dict | None:
    """The protocol's bot: one action of bot `level` for the seat whose view this is, or
    None when that seat has nothing to decide."""
    if not view.get("legal"):
        return None
    return get_bot(level)(view, seed=seed)


__all__ = ["BOTS", "LEVELS", "DEFAULT_WORLDS", "bot_action", "get_bot"]
