"""Game records (docs/records.md): every game's record has one shape,

    {"game", "engine_version", "options", "players", "seed", "setup", "actions", "meta"}

and replaying it (`new_game`, then `apply` of each `[seat, action]`) rebuilds the state
exactly. A record names its game and the version of that game's engine; an engine older
than the record says so (`newer_engine`) instead of guessing.
"""

from itertools import islice

from .errors import GameError, short
from .game import check_player_count, get_game

FIELDS = {"game", "engine_version", "options", "players", "seed", "setup", "actions", "meta"}


def game_of(record):
    """The game module a record names, after checking the record's outer shape (its
    contents are checked while it is replayed)."""
    if not isinstance(record, dict):
        raise GameError("bad_record", "a record must be a JSON object")
    module = get_game(record.get("game"))
    unknown = sorted(set(record) - FIELDS - set(getattr(module, "RECORD_FIELDS", ())))
    if unknown:
        raise GameError("bad_record", f"a record has no field {short(unknown[0])!r}",
                        where=short(unknown[0]))
    version = record.get("engine_version", module.VERSION)
    if type(version) is not int or version < 1:
        raise GameError("bad_record", "engine_version must be a whole number",
                        where="engine_version")
    if version > module.VERSION:
        raise GameError("newer_engine", f"this record needs {module.GAME} engine version "
                        f"{version}; this engine is version {module.VERSION}",
                        where="engine_version", game=module.GAME, needed=version,
                        have=module.VERSION)
    for field in ("players", "seed"):
        if field not in record:
            raise GameError("bad_record", f"a record needs {field!r}", where=field)
    if isinstance(record["players"], list):
        check_player_count(module, len(record["players"]))
    for field, kind, name in (("meta", dict, "an object"), ("setup", dict, "an object"),
                              ("actions", list, "a list")):
        if record.get(field) is not None and not isinstance(record[field], kind):
            raise GameError("bad_record", f"{field} must be {name}", where=field)
    return module


def generic_steps(record):
    """(where, seat, action) for each of the record's actions, checked as they are reached."""
    for i, step in enumerate(record.get("actions") or []):
        where = f"actions[{i}]"
        if not isinstance(step, list) or len(step) != 2:
            raise GameError("bad_record", "an action is [seat, action]", where=where)
        yield where, step[0], step[1]


def steps(module, record):
    """The record's actions as (where, seat, action); a game may also read older formats."""
    if hasattr(module, "record_steps"):
        return module.record_steps(record)
    return generic_steps(record)


def older_rules(record, version: int) -> dict:
    """The setup of a record for a game that plays an older record by the rules it was made
    with (its `record_setup`): the record's engine version, when older than `version`, as
    the setup's `rules`."""
    setup = dict(record.get("setup") or {})
    made = record.get("engine_version", version)
    if type(made) is int and made < version:
        setup.setdefault("rules", made)
    return setup


def setup_of(module, record) -> dict:
    if hasattr(module, "record_setup"):
        return module.record_setup(record)
    return dict(record.get("setup") or {})


def start(record) -> tuple[object, dict]:
    """(game module, the state before the record's first action)."""
    module = game_of(record)
    state = module.new_game(record.get("options"), record["players"], record["seed"],
                            **setup_of(module, record))
    return module, state


def replay(record, upto: int | None = None) -> tuple[object, dict]:
    """(game module, the state after the record's actions, or after its first `upto`)."""
    module, state = start(record)
    for where, seat, action in islice(steps(module, record), upto):
        apply_step(module, state, where, seat, action)
    return module, state


def apply_step(module, state: dict, where: str, seat, action) -> None:
    """One recorded action applied, its refusal located at `where` in the record."""
    if module.is_over(state):
        raise GameError("game_already_over", "the game is already over before this action", where=where)
    try:
        module.apply(state, seat, action)
    except GameError as e:
        raise e.at(where)


def record_actions(module, state) -> list:
    if hasattr(module, "record_actions"):
        return module.record_actions(state)
    return [list(step) for step in state["actions"]]


def to_record(state, meta: dict | None = None) -> dict:
    """The record that replays to this state."""
    module = get_game(state["game"])
    record = {"game": module.GAME, "engine_version": module.VERSION,
              "options": dict(state["options"]), "players": list(state["players"]),
              "seed": state["seed"]}
    if state.get("setup"):
        record["setup"] = state["setup"]
    record["actions"] = record_actions(module, state)
    if meta:
        record["meta"] = dict(meta)
    return record
