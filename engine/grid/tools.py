"""The grid table's own tools (engine/core/game.py `TOOLS`, site/py/api.py `game_tool`):
pure functions of a seat's view, for what `legal` cannot list ahead.

- `quote(view, seat, action)`: what an action would cost now, without playing it (a line
  along a path the player drew on the map, city by city): the engine's `quote`.
- `preview(view, seat, run)`: the income of running these plants, explained city by city
  (the power phase's `legal` gives the suggested run's and each single plant left idle).

A tool gets no state: it rebuilds one from the view (the host's table and a remote player's
page both have the seat's view), as links and bots do (view.state_from_public).
"""

from ..core.errors import GameError, short
from .game import quote as engine_quote
from .bureaucracy import check_choice
from .income import power_plan
from .view import state_from_public

# What a view shares with the public state (view.public): the rest of it is figures, and the
# past (history, the last income, the log) a decision does not need: a page may leave it out.
STATE_KEYS = ("game", "engine_version", "options", "players", "round", "stage", "phase",
              "decision", "order", "regions", "market", "gone", "resources", "seats", "auction",
              "bought", "out", "cursor", "final", "over", "end", "ranking", "deck_size",
              "step3_in_deck", "removed_size")
SEAT_KEYS = ("cash", "hand", "plants", "substations", "lines", "power", "powered", "earned", "saved")


def state_of_view(view) -> dict:
    """A state that plays like the real one for this seat's decision."""
    try:
        pub = {k: view[k] for k in STATE_KEYS}
        if "rules" in view:  # a game of an older engine's rules (version.py)
            pub["rules"] = view["rules"]
        pub["seats"] = [{k: s[k] for k in SEAT_KEYS} for s in view["seats"]]
        pub.update(history=[], income=None, log=[])
        return state_from_public(pub)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise GameError("bad_view", "the tool needs a seat's view of the grid game") from None


def _seat(state, seat) -> int:
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        raise GameError("unknown_seat", "no such seat", seat=short(seat, 20))
    return seat


def quote(view, seat, action) -> dict:
    """{"ok": True, "cost", "events"} or {"ok": False, "error"}: game.quote on the view."""
    state = state_of_view(view)
    return engine_quote(state, _seat(state, seat), action)


def preview(view, seat, run, cities=None) -> dict:
    """The income of running `run` (plant numbers) and powering `cities` (None: the best
    ones for that run), as the power phase's `preview`; a choice that cannot be is refused."""
    state = state_of_view(view)
    seat = _seat(state, seat)
    choice = check_choice(state, seat, {"type": "power", "run": run, "cities": cities})
    return power_plan(state, seat, choice["run"], cities=choice.get("cities"))


TOOLS = {"quote": quote, "preview": preview}
