"""Broker-Yard's records (docs/records.md): the generic record of engine/core/record.py,
whose actions are each round's final orders and the host's `resolve`; older records with
`hands` and `rounds` (orders by player name, one object per round) still replay."""

from ..core import record as core
from ..core.errors import GameError, short
from .game import capital, result

RECORD_FIELDS = ("hands", "rounds")  # the first record format


def record_setup(record) -> dict:
    setup = dict(record.get("setup") or {})
    if "hands" in record:
        setup["hands"] = record["hands"]
    return setup


def record_steps(record):
    """(where, seat, action) of a record, the first format's rounds included. A generator,
    so that an error is found in the order of play."""
    if "rounds" not in record:
        yield from core.generic_steps(record)
        return
    if record.get("actions"):
        raise GameError("bad_record", "a record has rounds or actions, not both", where="actions")
    rounds = record["rounds"]
    if not isinstance(rounds, list):
        raise GameError("bad_record", "rounds must be a list", where="rounds")
    players = record["players"]
    seats = {name: i for i, name in enumerate(players)} if isinstance(players, list) else {}
    for i, orders in enumerate(rounds):
        where = f"rounds[{i}]"
        if not isinstance(orders, dict):
            raise GameError("bad_record", "a round maps player names to their orders", where=where)
        for name, order in orders.items():
            if name not in seats:
                raise GameError("unknown_player", f"no player called {short(name)!r}", where=where,
                                player=short(name))
            if not isinstance(order, dict):
                raise GameError("bad_order", "an order must be an object", where=f"{where}.{name}")
            yield f"{where}.{name}", seats[name], {"type": "order", **order}
        yield where, None, {"type": "resolve"}


def compact_order(order: dict) -> dict:
    """An order as a record keeps it: empty parts left out."""
    out = {"type": "order"}
    if order["trades"]:
        out["trades"] = dict(order["trades"])
    if order["card"]:
        out["card"] = order["card"]
        if order["choices"]:
            out["choices"] = order["choices"]
    return out


def record_actions(state) -> list:
    """Each resolved round's last orders and its `resolve`, then the orders saved for the
    current round: the shortest list that replays to this state."""
    seats = {name: i for i, name in enumerate(state["players"])}
    actions = []
    for logged in state["log"]:
        actions += [[seats[name], compact_order(o)] for name, o in logged.items()]
        actions.append([None, {"type": "resolve"}])
    actions += [[i, compact_order(o)] for i, o in enumerate(state["orders"]) if o is not None]
    return actions


def replay(record) -> dict:
    """The state after the record's actions."""
    return core.replay(record)[1]


def to_record(state, meta: dict | None = None) -> dict:
    return core.to_record(state, meta)


def summary(state) -> dict:
    """The state in brief, by player name (the command line's `replay --json`)."""
    res = result(state)
    return {
        "round": len(state["history"]),
        "prices": dict(state["prices"]),
        "players": {name: {"cash": s["cash"], "shares": dict(s["shares"]),
                           "capital": capital(state, i), "bankrupt": s["bankrupt"]}
                    for i, (name, s) in enumerate(zip(state["players"], state["seats"]))},
        "over": state["over"],
        "ranking": [state["players"][i] for i in res["ranking"]],
    }
