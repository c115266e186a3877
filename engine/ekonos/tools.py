"""Ekonos's table tools (engine/core/game.py `TOOLS`, site/py/api.py `game_tool`): pure
functions of a seat's view, for what `legal` cannot list ahead.

- `ahead(view, seat, actions)`: the seat's view after its own planned actions of this turn,
  and whether the turn would still be its own. A player by links composes a whole turn
  (card, growth, sell, buy) on their page and sends it as one action code; the steps after
  the card are the engine's, judged in a state rebuilt from the view as the bots' is.
"""

import random

from ..core.errors import GameError
from .world import sample_hands, world
from .game import acting, apply
from .view import view as make_view


def ahead(view, seat, actions) -> dict:
    """{"view": the seat's view after `actions` (no log or map), "done": True when the seat
    has nothing more to decide in this turn (another seat or a new turn is next), "events":
    what the actions did}. A refused
    action raises the engine's error, as playing it would."""
    if not isinstance(view, dict) or view.get("seat") != seat or not isinstance(actions, list):
        raise GameError("bad_arguments", "ahead takes the seat's view and a list of actions")
    try:
        # the other hands are a sample: they matter only after this turn, when planning stops
        state = world(view, sample_hands(view, random.Random(0)), "ahead")
    except (KeyError, TypeError, ValueError, IndexError):
        raise GameError("bad_arguments", "ahead takes the seat's view and a list of actions")
    return play_ahead(state, seat, actions)


def play_ahead(state, seat, actions) -> dict:
    """`ahead`'s answer for a state this seat sees (the other hands a sample): its actions
    played on it, at most a turn's."""
    turn, rnd = state["turn"], state["round"]

    def done() -> bool:
        return state["phase"] == "over" or acting(state) != seat or state["turn"] != turn or \
            state["round"] != rnd

    events = []
    for action in actions[:12]:
        if done():
            raise GameError("not_your_turn", "this turn is no longer yours to plan",
                            player=state["players"][seat])
        events += apply(state, seat, action)
    return {"view": make_view(state, seat, log=False, board=False), "done": done(),
            "events": events}


TOOLS = {"ahead": ahead}
