"""Ekonos's records are the generic ones of engine/core/record.py (docs/records.md): every
action in the order it was taken; `setup` may fix the first start player and some deals."""

from ..core import record as core
from .cards import LETTERS
from .game import acting, apply, new_game
from .rules import score, standings, value


def replay(record) -> dict:
    """The state after the record's actions."""
    return core.replay(record)[1]


def to_record(state, meta: dict | None = None) -> dict:
    return core.to_record(state, meta)


def upgrade(record) -> dict:
    """The same game as a record of this engine's rules: an older record's actions, with the
    `done` of rules 2 after each president's decision that now waits to be confirmed."""
    old = replay(record)
    setup = {k: v for k, v in (old["setup"] or {}).items() if k != "rules"}
    state = new_game(old["options"], old["players"], old["seed"],
                     **{k: v for k, v in setup.items() if v not in (None, [])})
    for seat, action in old["actions"]:
        apply(state, seat, action)
        if state["phase"] == "confirm":
            apply(state, acting(state), {"type": "done"})
    return to_record(state, record.get("meta"))


def map_text(state) -> str:
    """The map in one line, space 1 to 36: a company letter (lower case when protected) or '.'."""
    return "".join("." if t is None else t[0].lower() if t[1] else t[0] for t in state["map"])


def summary(state) -> dict:
    """The state in brief, by player name (the command line's `replay --json`)."""
    ranking, _scores, places = standings(state)
    names = state["players"]
    return {
        "round": state["round"], "phase": state["phase"], "step": state["step"],
        "over": state["phase"] == "over",
        "map": map_text(state),
        "companies": {c: {"value": value(state, c), "growth": state["growth"][c],
                          "shares": sum(state["shares"][c]),
                          "president": None if state["president"][c] is None
                          else names[state["president"][c]]} for c in LETTERS},
        "players": {name: {"coins": state["coins"][i],
                           "shares": {c: state["shares"][c][i] for c in LETTERS
                                      if state["shares"][c][i]},
                           "score": score(state, i)} for i, name in enumerate(names)},
        "ranking": [names[i] for i in ranking],
        "places": {names[i]: places[i] for i in range(len(names))},
    }
