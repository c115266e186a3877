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

from engine.sim.play import play_out

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
    None, [], {"game": "broker-yard"},
    {"game": "ekonos", "version": 1, "public": {"n": ["A", "B"], "f": 0, "a": "pXXXt1"}},
    {"game": "ekonos", "version": 1, "public": {"n": ["A", "B"], "f": 0, "a": "- " * 5000}},
    {"game": "ekonos", "version": 1, "public": {"n": "AB", "f": 0, "a": ""}},
    {"game": "grid", "version": 1, "public": {"n": ["A", "B", "C"], "O": [0, 1, 1], "R": "", "a": []}},
    {"game": "grid", "version": 1, "public": {"n": ["A", "B", "C"], "O": [0, 1, 2], "R": "", "a": ["o99"]}},
    {"game": "grid", "version": 1, "public": {"n": ["A", "B", "C"], "O": [0, 1, 2], "R": "", "a": ["o3@3.|9"]}},
    {"game": "grid", "version": 1, "public": {"n": ["A", "B", "C"], "O": [0, 1, 2], "R": "", "a": [[7, [3]]]}},
    {"game": "spy", "version": 1, "public": {"o": {}, "r": [1, 0, 0, 0, 0, 0, 0, 0], "p": ["A", "B", "C", "D", "E"],
                                            "a": [["d", 5], [0, "v", 9, 1]], "f": "00000"}},
    {"game": "spy", "version": 1, "public": {"o": {}, "r": [1, 0, 0, 0, 0, 0, 0, 0], "p": ["A", "B", "C", "D", "E"],
                                            "a": [["d", [["death", 1]], 5]], "f": "00000"}},
    {"game": "spy", "version": 1, "public": {"o": {}, "r": [1, 0, 0, 0, 0, 0, 0, 0], "p": ["A", "B", "C", "D", "E"],
                                            "a": [], "f": "0"}},
    {"game": "broker-yard", "version": 1, "public": {"n": ["a"]}},
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
    """A whole game of the catalog's bots cut after `fraction` of its actions: (module,
    record, state at the cut, the replay link's value as it travels)."""
    record, state, link = json.loads(_played(name, fraction))
    return get_game(name), record, state, link


@functools.lru_cache(maxsize=None)
def _played(name, fraction) -> str:
    """game_so_far's game, played once per test process (as JSON: each test gets its own copy)."""
    module = get_game(name)
    seats = module.catalog()["players"]
    players = min(max(seats["min"], 3), seats["max"])
    record = bot_game(name, players, SECRET_SEED, fraction)
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


# ---------------------------------------------------------------- every frame, every game
def bot_game(name, players, seed, cut=None, options=None):
    """A game of the catalog's bots: its record, cut after `cut` of its actions."""
    record = json.loads(_whole_bot_game(name, players, seed, json.dumps(options or {})))
    if cut is not None:
        record["actions"] = record["actions"][: int(len(record["actions"]) * cut)]
    return record


@functools.lru_cache(maxsize=None)
def _whole_bot_game(name, players, seed, options) -> str:
    """bot_game's whole game, played once per test process: its cuts (half of it and all of
    it, 40 % and all) are the same game cut at other places, and an Ekonos game of the bots
    takes seconds. As JSON: each test gets its own copy."""
    module = get_game(name)
    bots = module.catalog()["bots"]
    state = module.new_game(json.loads(options), [f"Player {i + 1}" for i in range(players)], seed)
    play_out(module, state, [bots[i % len(bots)] for i in range(players)], seed)
    return json.dumps(to_record(state))


def table_sizes(name) -> tuple:
    """The smallest table and a large one (the largest, up to 12 seats: a spy game of 20
    bots adds time and nothing the 12 do not show)."""
    seats = get_game(name).catalog()["players"]
    return seats["min"], min(seats["max"], 12)


ROUND_TRIPS = [(name, players, cut) for name in GAMES for players in table_sizes(name) for cut in (0.4, None)]


def round_trip(record, least=2):
    """A record through its replay link: every frame the viewer rebuilds from the public
    record is the spectator's view of the record replayed to that step (at least `least`)."""
    link = through_json(replay.public_replay(record))
    module = get_game(record["game"])
    assert set(link) == {"game", "version", "public" if hasattr(module, "replay_public") else "steps"}
    frames = replay.replay_views(link)
    assert frames == frames_of(record)
    _, state = replay_record(record)
    assert frames[-1]["view"] == through_json(module.view(state, None))
    assert len(frames) >= least


@pytest.mark.parametrize("name,players,cut", ROUND_TRIPS)
def test_every_frame_of_a_replay_link_is_the_spectators_table(name, players, cut):
    # a short game cut early may not have finished its first step yet
    round_trip(bot_game(name, players, f"round-trip-{players}", cut), least=1 if cut else 2)


# ---------------------------------------------------------------- links made before (patches)
def old_link(record) -> dict:
    """A replay link as the hall made it before every game had a public record: the public
    frames, each after the first as a patch."""
    frames = frames_of(record)
    module = get_game(record["game"])
    return through_json({"game": module.GAME, "version": module.VERSION,
                         "steps": [frames[0]] + [replay.diff(a, b) for a, b in zip(frames, frames[1:])]})


@pytest.mark.parametrize("name", list(GAMES))
def test_an_old_link_still_opens(name):
    record = bot_game(name, get_game(name).catalog()["players"]["min"], "old-link", cut=0.3)
    assert replay.replay_views(old_link(record)) == frames_of(record)


def test_an_old_link_whose_frames_grow_is_refused_before_it_costs_much():
    """Each patch appends to a list every frame carries whole: 900 steps of 4 KB make
    frames of gigabytes. Refused once they pass MAX_OUTPUT, without building them all."""
    first = {"view": {"players": ["A"], "x": []}, "step": 0, "over": False, "result": None, "final": None}
    grow = {"view": {"x": ["+", ["y" * 4000]]}}
    link = {"game": "grid", "version": 1, "steps": [first] + [grow] * 900}
    with pytest.raises(GameError) as e:
        replay.replay_views(link)
    assert e.value.code == "replay_too_long"
    with pytest.raises(GameError) as e:
        replay.replay_views({**link, "steps": [first] * (replay.MAX_STEPS + 1)})
    assert e.value.code == "code_invalid"


# ---------------------------------------------------------------- read a part at a time
@pytest.mark.parametrize("name", list(GAMES))
def test_a_link_is_read_a_part_at_a_time_each_part_bounded(name):
    """Issue 25, item 5: a whole grid game's frames took 15 s in one call, the page frozen
    (Python runs on its main thread). The page reads a link a part at a time (Replay.more):
    every part is at most PART_MOVES moves and frames, and at most PART_SIZE characters of
    JSON with the frame that passed it; the parts together are the link's frames."""
    module, record, _, link = game_so_far(name, 1.0)
    reading, parts = replay.Replay(through_json(link)), []
    while not reading.done:
        part = reading.more()
        parts.append(part)
        sizes = [len(json.dumps(f)) for f in part]
        assert len(part) <= replay.PART_MOVES
        assert sum(sizes[:-1]) < replay.PART_SIZE if sizes else True
    frames = [f for part in parts for f in part]
    assert frames == frames_of(record)
    if name == "grid":  # the game whose frames are the largest comes in many parts
        assert len(parts) > 10
