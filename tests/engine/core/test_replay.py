"""A game's history step by step, and replay links (engine/core/replay.py): the frames a
link gives back are the spectator's tables the record replays to, for every game, and a
link holds nothing a spectator could not see."""

import glob
import json
import random

import pytest

from engine.core import replay, session
from engine.core.errors import GameError
from engine.core.game import GAMES, get_game
from engine.core.record import replay as replay_record, to_record

from .test_conformance import playout
from .test_session import first_card

FIXTURES = sorted(glob.glob("tests/fixtures/broker-yard/games/*.record.json")) + [
    "tests/fixtures/broker-yard/example-classic.json"]


def through_json(value):
    return json.loads(json.dumps(value))


def frames_of(record, seat=None):
    return through_json(replay.step_views(record, seat))


@pytest.mark.parametrize("path", FIXTURES)
def test_broker_link_gives_back_every_public_table(path):
    record = json.load(open(path))
    link = through_json(replay.public_replay(record))
    frames = frames_of(record)
    assert replay.replay_views(link) == frames
    _, state = replay_record(record)
    module = get_game(record["game"])
    assert frames[-1]["view"] == through_json(module.view(state, None))
    assert len(frames) == len(state["history"]) + 1  # the start of each round, and now
    if state["over"]:
        assert frames[-1]["final"] == through_json(module.hall_final(state))


@pytest.mark.parametrize("name", [g for g in GAMES if not hasattr(get_game(g), "replay_public")])
def test_any_game_link_is_its_public_frames(name):
    module = get_game(name)
    players = module.catalog()["players"]["min"]
    state, _ = playout(module, players, "replay-1", random.Random(name))
    record = to_record(state)
    link = through_json(replay.public_replay(record))
    assert replay.replay_views(link) == frames_of(record)
    assert "seed" not in json.dumps(link["steps"][0]["view"])


def test_step_views_replay_the_record_to_each_step():
    _, state = replay_record(json.load(open("tests/fixtures/broker-yard/games/classic-4.record.json")))
    record = to_record(state)
    frames = frames_of(record, 1)
    module = get_game("broker-yard")
    for k, frame in enumerate(frames):
        assert frame["step"] == k
        assert "legal" not in frame["view"], "the past is never played"
        n = next(n for n in range(len(record["actions"]) + 1)
                 if len(replay_record(record, n)[1]["history"]) == k)
        _, state = replay_record(record, n)
        assert frame["view"]["hand"] == module.view(state, 1)["hand"]


def _game_with_pending_order():
    session.create("r1", "broker-yard", {}, [{"name": "Ann", "kind": "human"},
                                             {"name": "Bob", "kind": "human"}], "hidden-seed")
    for _ in range(3):
        for seat in (0, 1):
            session.act("r1", seat, {"type": "order", "trades": {}, "card": None, "choices": {}})
    scr = session.screen("r1", 0)
    order = first_card(scr, {"green": -1})
    reply = session.act("r1", 0, order)
    assert not reply["moved"]
    return reply["stored"]["record"], scr["view"]["hand"]


def test_a_game_so_far_shows_no_hand_no_seed_no_pending_order():
    record, hand = _game_with_pending_order()
    link = replay.public_replay(record)
    text = json.dumps(link)
    assert "hidden-seed" not in text and "hand" not in text
    public = link["public"]
    assert len(public["r"]) == 3 and public["s"] == [0]  # that Ann saved is public, not what
    frames = replay.replay_views(through_json(link))
    assert frames == frames_of(record)
    last = frames[-1]["view"]
    assert last["seats"][0]["saved"] and "hand" not in last and "order" not in last
    # the three random discards are public as "a discard", never as the card
    discards = [e for h in last["history"] for e in h["events"] if e["type"] == "discard"]
    assert len(discards) == 6 and all(set(e) == {"type", "seat"} for e in discards)
    _, state = replay_record(record)
    assert replay.public_replay(record)["public"] == get_game("broker-yard").replay_public(
        get_game("broker-yard").view(state, None))


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
OTHER_GAMES = [g for g in GAMES if g != "broker-yard"]


def game_so_far(name, fraction):
    """A random whole game of `name` cut after `fraction` of its actions: (module, record,
    state at the cut, the replay link's value as it travels)."""
    module = get_game(name)
    players = max(module.catalog()["players"]["min"], 3)
    state, _ = playout(module, players, SECRET_SEED, random.Random(f"{name}-{fraction}"))
    record = to_record(state)
    record["actions"] = record["actions"][: int(len(record["actions"]) * fraction)]
    _, state = replay_record(record)
    return module, record, state, through_json(replay.public_replay(record))


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
@pytest.mark.parametrize("name", OTHER_GAMES)
def test_any_game_link_holds_no_seed_and_no_seats_secret(name, fraction):
    module, record, state, link = game_so_far(name, fraction)
    assert SECRET_SEED not in json.dumps(link) and "meta" not in link
    # what only a seat sees (its hand, its role, its legal moves) is in no step of the link
    seats = range(len(state["players"]))
    only_seats = set().union(*(set(module.view(state, s)) for s in seats)) - set(module.view(state, None))
    assert only_seats
    for frame in replay.replay_views(link):
        assert frame["view"]["seat"] is None and not set(frame["view"]) & only_seats


def test_ekonos_link_holds_no_card_of_a_hand():
    _, _, state, link = game_so_far("ekonos", 0.5)
    text = json.dumps(link)
    played = {d["card"] for d in dicts(link) if "card" in d}
    held = {c for hand in state["hands"] for c in hand} - played
    assert held and not any(f'"{c}"' in text for c in held)


def test_spy_link_of_a_game_so_far_holds_no_hidden_role_and_no_secret_act():
    _, _, state, link = game_so_far("spy", 0.5)
    assert not state["over"]
    for frame in replay.replay_views(link):
        assert not {"roles", "privates", "history"} & set(frame["view"])
    # a role shows only as one revealed for a seat out of the game
    for d in dicts(link):
        if "role" in d:
            assert "seat" in d and not state["alive"][d["seat"]], d
    # the night's secret acts (who protected, looked at, struck whom) are in no step
    acts = [a for cycle in state["history"] for a in cycle["acts"]] + list(state["acts"].values()
                                                                          if isinstance(state["acts"], dict)
                                                                          else state["acts"])
    secret = {a["type"] for a in dicts(acts) if a.get("type") not in (None, "vote")}
    assert secret
    assert not [d for d in dicts(link) if d.get("type") in secret and "seat" in d]


def test_grid_link_holds_no_deck_and_no_removed_plant():
    _, _, state, link = game_so_far("grid", 0.5)
    assert state["deck"] and state["removed"]
    keys = {k for d in dicts(link) for k in d}
    assert not {"deck", "removed", "setup", "seed"} & keys
    # the plants taken out at the start show in no step, and the deck's order in no list (a
    # plant seen in the market may have gone back under the deck: the rules say so)
    shown = set()
    for frame in replay.replay_views(link):
        v = frame["view"]
        shown |= set(v["market"]) | set(v["gone"]) | ({v["auction"]["plant"]} if v["auction"] else set())
        for seat in v["seats"]:
            shown |= set(seat["hand"]) | {p["n"] if isinstance(p, dict) else p for p in seat["plants"]}
    assert len(shown) > 8
    assert not shown & set(state["removed"])
    top = state["deck"][:3]
    runs = [x[i : i + 3] for x in lists(link) for i in range(len(x) - 2)]
    assert len(top) == 3 and top not in runs
