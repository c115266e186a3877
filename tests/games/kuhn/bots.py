"""Kuhn poker's bots, from the seat's view alone: `easy` bets with the best card of the deck
and calls with the best two, checks and folds otherwise; `random` plays any legal move."""

import random

from .game import CARDS


def bot_action(level: str, view: dict, seed=0) -> dict | None:
    legal = (view.get("legal") or {}).get("moves")
    if not legal:
        return None
    if level == "random":
        return {"type": random.Random(seed).choice(legal)}
    if level != "easy":
        raise ValueError(f"unknown bot {level!r}; choose easy or random")
    rank, best = CARDS.index(view["card"]), len(view["players"])  # the deck's best card's rank
    if "bet" in legal:
        return {"type": "bet" if rank == best else "check"}
    return {"type": "call" if rank >= best - 1 else "fold"}
