"""The protocol every game module follows, and the registry that finds a game by name.

Simultaneous games (Broker-Yard) collect orders with `submit` and run the update with
`resolve`; sequential games (Ekonos, Power Grid) and game-master games (the spy game) will
use `apply`. A state is a plain JSON-able dict; a seat is an int.
"""

import importlib
from typing import Any, Protocol

from .errors import GameError


class Game(Protocol):
    GAME: str

    def new_game(self, options: dict | None, players: list[str], seed: Any, **setup) -> dict: ...
    def legal(self, state: dict, seat: int) -> dict: ...
    def view(self, state: dict, seat: int | None) -> dict: ...
    def is_over(self, state: dict) -> bool: ...
    def result(self, state: dict) -> dict: ...
    def replay(self, record: dict) -> dict: ...
    def to_record(self, state: dict) -> dict: ...
    # simultaneous games
    # def submit(self, state, seat, order) -> dict
    # def resolve(self, state) -> list[dict]
    # sequential games
    # def apply(self, state, seat, action) -> list[dict]


GAMES = {"broker-yard": "engine.broker"}


def get_game(name) -> Game:
    """The module of the game called `name` (as records and save strings name it)."""
    if name not in GAMES:
        raise GameError("unknown_game", f"unknown game {str(name)[:40]!r}", game=str(name)[:40])
    return importlib.import_module(GAMES[name])
