"""Game records (docs/records.md): the seed, the options, the players and every round's
orders. Replaying a record from its seed rebuilds the state exactly."""

from .. import ENGINE_VERSION
from ..core.errors import GameError
from .game import GAME, new_game, submit, resolve, capital, result

RECORD_FIELDS = {"game", "engine_version", "options", "players", "seed", "hands", "rounds", "meta"}


def load_record(record) -> dict:
    """Check a record's outer shape (its contents are checked while it is replayed)."""
    if not isinstance(record, dict):
        raise GameError("bad_record", "a record must be a JSON object")
    unknown = sorted(set(record) - RECORD_FIELDS)
    if unknown:
        raise GameError("bad_record", f"a record has no field {unknown[0]!r}",
                        where=str(unknown[0])[:40])
    if record.get("game") != GAME:
        raise GameError("wrong_game", f"this is not a {GAME} record", where="game",
                        game=str(record.get("game"))[:40])
    version = record.get("engine_version", ENGINE_VERSION)
    if type(version) is not int or version < 1:
        raise GameError("bad_record", "engine_version must be a whole number", where="engine_version")
    if version > ENGINE_VERSION:
        raise GameError("newer_engine", f"this record needs engine version {version}; "
                        f"this engine is version {ENGINE_VERSION}", where="engine_version",
                        needed=version, have=ENGINE_VERSION)
    for field in ("players", "seed"):
        if field not in record:
            raise GameError("bad_record", f"a record needs {field!r}", where=field)
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        raise GameError("bad_record", "rounds must be a list", where="rounds")
    if "meta" in record and not isinstance(record["meta"], dict):
        raise GameError("bad_record", "meta must be an object", where="meta")
    return record


def start(record) -> dict:
    """The state before the record's first round."""
    record = load_record(record)
    return new_game(record.get("options"), record["players"], record["seed"], record.get("hands"))


def play_round(state, orders, where="round") -> list[dict]:
    """Submit one round's orders (by player name) and resolve it."""
    if state["over"]:
        raise GameError("game_already_over", "the game is already over before this round",
                        where=where)
    if not isinstance(orders, dict):
        raise GameError("bad_record", "a round maps player names to their orders", where=where)
    seats = {name: i for i, name in enumerate(state["players"])}
    for name, order in orders.items():
        if name not in seats:
            raise GameError("unknown_player", f"no player called {name!r}", where=where,
                            player=str(name)[:40])
        try:
            submit(state, seats[name], order)
        except GameError as e:
            raise e.at(f"{where}.{name}")
    return resolve(state)


def replay(record, rounds: int | None = None) -> dict:
    """The state after the record's rounds (or after its first `rounds`)."""
    state = start(record)
    for i, orders in enumerate(record.get("rounds", [])[:rounds]):
        play_round(state, orders, where=f"rounds[{i}]")
    return state


def compact_order(order: dict) -> dict:
    """An order as a record keeps it: empty parts left out."""
    out = {}
    if order["trades"]:
        out["trades"] = dict(order["trades"])
    if order["card"]:
        out["card"] = order["card"]
        if order["choices"]:
            out["choices"] = order["choices"]
    return out


def to_record(state, meta: dict | None = None) -> dict:
    """The record that replays to this state."""
    record = {"game": GAME, "engine_version": state["engine_version"],
              "options": dict(state["options"]), "players": list(state["players"]), "seed": state["seed"]}
    if state["given_hands"] is not None:
        record["hands"] = {p: list(h) for p, h in state["given_hands"].items()}
    record["rounds"] = [{name: compact_order(o) for name, o in logged.items()}
                        for logged in state["log"]]
    if meta:
        record["meta"] = dict(meta)
    return record


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
