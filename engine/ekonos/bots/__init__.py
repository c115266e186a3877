"""Ekonos bots, chosen by level name (docs/games/ekonos.md).

Every bot is a function `bot(view, seed=0) -> action` that reads only the seat's view (the
bot view: no log, no static map), is deterministic given its seed, uses only the standard
library, and returns one action the engine accepts. Call it only for the seat that acts.
"""

from ...core.errors import short
from ..options import BOT_LEVELS
from .simple import easy, normal, random_action
from .strong import decide as _strong, DEFAULT_WORLDS

STRONG_SETTINGS = ("width", "horizon")
BOTS = dict(zip(BOT_LEVELS, (easy, normal, _strong)))  # the catalog's levels, weakest first
LEVELS = BOT_LEVELS


def get_bot(name: str):
    """A bot by name: "easy", "normal", "strong", "random", or "strong:N" (N sampled worlds)."""
    if name in BOTS:
        return BOTS[name]
    if name == "random":
        return random_action
    parts = name.split(":")
    if parts[0] == "strong" and len(parts) in (2, 3) and parts[1].isdigit() and int(parts[1]) > 0:
        # strong:N or strong:N:key=value+key=value (the settings of bots.strong.decide)
        settings = {"worlds": int(parts[1])}
        for kv in parts[2].split("+") if len(parts) == 3 else []:
            key, _, value = kv.partition("=")
            if key not in STRONG_SETTINGS or not value.isdigit():
                raise ValueError(f"unknown strong-bot setting {kv!r}")
            settings[key] = int(value)
        return lambda view, seed=0: _strong(view, seed, **settings)
    raise ValueError(f"unknown bot {short(name)!r}; choose one of {', '.join(LEVELS)}, random or "
                     "strong:N[:width=W+horizon=H]")


def bot_action(level: str, view: dict, seed=0) -> dict | None:
    """The protocol's bot: one action of bot `level` for the seat whose view this is, or
    None when that seat has nothing to decide."""
    if not view.get("legal"):
        return None
    return get_bot(level)(view, seed=seed)


__all__ = ["BOTS", "LEVELS", "DEFAULT_WORLDS", "bot_action", "get_bot"]
