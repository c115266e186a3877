"""Broker-Yard bots, chosen by level name (docs/bots.md).

    from engine.broker.bots import BOTS, decide, decide_for
    order = decide("strong", view(state, seat, history=False), seed="game7:3:1")
    submit(state, seat, order)

Every bot is a function `bot(view, seed=0) -> order` that reads only the seat's view
(`view(state, seat, history=False)`), is deterministic given its seed, uses only the
standard library, and returns an order that `submit` accepts. Call it only for a seat that
may act (not bankrupt, game not over).
"""

from functools import partial

from ...core.errors import short
from ..options import BOT_LEVELS
from .simple import easy, normal, random_order
from .strong import decide as _strong, DEFAULT_ITERATIONS

BOTS = dict(zip(BOT_LEVELS, (easy, normal, _strong)))  # the catalog's levels, weakest first
LEVELS = BOT_LEVELS


def strong_bot(iterations: int = DEFAULT_ITERATIONS, **settings):
    """A strong bot with a chosen strength (sampled worlds per decision)."""
    return partial(_strong, iterations=iterations, **settings)


def get_bot(name: str):
    """A bot by name: "easy", "normal", "strong", or "strong:N" (N sampled worlds)."""
    if name in BOTS:
        return BOTS[name]
    if name.startswith("strong:"):
        # strong:N or strong:N:key=value+key=value (settings of engine.broker.bots.strong.decide)
        parts = name.split(":")
        if parts[1].isdigit() and int(parts[1]) > 0 and len(parts) <= 3:
            settings = {}
            for kv in (parts[2].split("+") if len(parts) == 3 else []):
                k, _, v = kv.partition("=")
                if k in ("greed", "risk"):
                    settings[k] = float(v)
                else:
                    raise ValueError(f"unknown strong-bot setting {kv!r}")
            return strong_bot(int(parts[1]), **settings)
    raise ValueError(f"unknown bot {short(name)!r}; choose one of {', '.join(LEVELS)} or strong:N")


def decide(level: str, view: dict, seed=0) -> dict:
    """The order of bot `level` for the seat whose view this is."""
    return get_bot(level)(view, seed=seed)


def bot_action(level: str, view: dict, seed=0) -> dict:
    """The protocol's bot: the order of bot `level` (or "random") as an action."""
    order = random_order(view, seed) if level == "random" else decide(level, view, seed=seed)
    return {"type": "order", **order}


def decide_for(level: str, state: dict, seat: int, seed=0) -> dict:
    """Convenience for a host holding the full state: builds the seat's view first, so the
    bot still sees only what a human in that seat sees."""
    from ..view import view as make_view
    return decide(level, make_view(state, seat, history=False), seed=seed)


__all__ = ["BOTS", "LEVELS", "bot_action", "decide", "decide_for", "get_bot", "strong_bot"]
