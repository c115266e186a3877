"""A game's history step by step, and replay links (engine/core/replay.py): the frames a
link gives back are the spectator's tables the record replays to, for every game, and a
link holds nothing a spectator could not see."""

import functools
import json
import random

import pytest

from engine.core import replay
from engine.core.errors import GameError
from engine.core.game import GAMES, get_game
from engine.core.record import apply_step, replay as replay_record, start, steps, to_record

from .test_conformance import playout


def through_json(value):
    return json.loads(json.dumps(value))


def frames_of(record, seat=None):
    return through_json(replay.step_views(record, seat))


@pytest.mark.parametrize("name", list(GAMES))
def test_any_game_link_is_its_public_frames(name):
    module = get_game(name)
    players = module.catalog()["players"]["min"]
    state, _ = playout(module, players, "replay-1", random.Random(name))
    record = to_record(state)
    link = through_json(replay.public_replay(record))
    assert replay.replay_views(link) == frames_of(record)
    assert "seed" not in json.dumps(replay.replay_views(link)[0]["view"])


@pytest.mark.parametrize("name", list(GAMES))
def test_step_views_show_a_seat_its_own_tables_and_never_play_them(name):
    module = get_game(name)
    _, record, state, _ = game_so_far(name, 0.5)
    frames = frames_of(record, 1)
    assert len(frames) >= 2 and all("legal" not in f["view"] for f in frames), "the past is never played"
    assert [f["step"] for f in frames] == sorted(f["step"] for f in frames)
    now = through_json(module.view(state, 1))
    now.pop("legal", None)
    assert frames[-1]["view"] == now


@pytest.mark.parametrize("bad", [
    None, [], {"game": "broker-yard"}, {"game": "broker-yard", "version": 1, "public": {"n": ["a"]}},
    {"game": "broker-yard", "version": 1, "public": {"o": {}, "n": ["A", "B"], "r": [[[["x"], "", ""], 0]]}},
    {"game": "broker-yard", "version": 1, "public": {"o": {}, "n": ["A", "B"], "r": [[[[9, 1], "", ""], 0]]}},
    {"game": "broker-yard", "version": 1, "public": {"o": {}, "n": ["A", "B"], "r": [[[[], "Q9", ""], 0]]}},
    {"game": "broker-yard", "version": 99, "public": {}},
    {"game": "grid", "version": 1, "steps": [{"view": {}}, ["*", {"7": [1]}]]},
    {"game": "grid", "version": 1, "steps": "x"},
    {"game": "nope", "version": 1},
])
def test_a_bad_link_is_refused_with_a_clear_error(bad):
    with pytest.raises(GameError) as e:
        replay.replay_views(bad)
    assert e.value.code in ("code_invalid", "newer_engine", "unknown_game")


def test_patches_round_trip():
    pairs = [({"a": 1, "b": [1, 2]}, {"a": 2, "b": [1, 2, 3], "c": None}),
             ([{"x": 1}, {"y": 2}], [{"x": 1}, {"y": 3}]), ({"a": [1]}, {}), (1, "1"), ([1, 2], [2])]
    for a, b in pairs:
        assert replay.patch(a, through_json(replay.diff(a, b))) == b


# ---------------------------------------------------------------- every game's link is public
SECRET_SEED = "a-seed-nobody-may-see"


def game_so_far(name, fraction):
    """A random whole game of `name` cut after `fraction` of its actions: (module, record,
    state at the cut, the replay link's value as it travels)."""
    record, state, link = json.loads(_played(name, fraction))
    return get_game(name), record, state, link


@functools.lru_cache(maxsize=None)
def _played(name, fraction) -> str:
    """game_so_far's game, played once per test process (as JSON: each test gets its own copy)."""
    module = get_game(name)
    seats = module.catalog()["players"]
    players = min(max(seats["min"], 3), seats["max"])
    state, _ = playout(module, players, SECRET_SEED, random.Random(f"{name}-{fraction}"))
    record = to_record(state)
    record["actions"] = record["actions"][: int(len(record["actions"]) * fraction)]
    _, state = replay_record(record)
    return json.dumps([record, state, replay.public_replay(record)])


def dicts(value):
    """Every dict inside a JSON value."""
    if isinstance(value, dict):
        yield value
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            yield from dicts(item)


def lists(value):
    """Every list inside a JSON value."""
    if isinstance(value, list):
        yield value
    for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else []:
        yield from lists(item)


@pytest.mark.parametrize("fraction", [0.5, 1.0])
@pytest.mark.parametrize("name", list(GAMES))
def test_any_game_link_holds_no_seed_and_no_seats_secret(name, fraction):
    module, record, state, link = game_so_far(name, fraction)
    assert SECRET_SEED not in json.dumps(link) and "meta" not in link
    # what only a seat sees (its hand, its role, its legal moves) is in no step of the link
    seats = range(len(state["players"]))
    only_seats = set().union(*(set(module.view(state, s)) for s in seats)) - set(module.view(state, None))
    assert only_seats
    for frame in replay.replay_views(link):
        assert frame["view"]["seat"] is None and not set(frame["view"]) & only_seats


@pytest.mark.parametrize("name", list(GAMES))
def test_the_tables_a_link_carries_change_with_no_secret(name):
    """A link is the spectator's tables step by step (above); at every action of a game, the
    spectator's table is the same whatever a spectator may not see (the hands, the roles, the
    deck and the seed, dealt again by the game's `conceal`): so no secret reaches a link."""
    module, record, _, link = game_so_far(name, 1.0)
    assert replay.replay_views(link) == frames_of(record)
    rng = random.Random(f"secrets-{name}")
    module, state = start(record)
    for where, seat, action in steps(module, record):
        public = module.view(state, None)
        for _ in range(2):
            assert module.view(module.conceal(state, None, rng), None) == public, f"before {where}"
        apply_step(module, state, where, seat, action)
