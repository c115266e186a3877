"""Every game of the registry keeps the protocol (engine/core/game.py), checked the way
OpenSpiel checks its games: random legal playouts to the end, and at every action the
state's JSON round-trip, views that do not change when what the seat may not see changes,
illegal actions refused without a trace, and the record replaying to the same state."""

import json
import random

import pytest

from engine.core.clone import clone
from engine.core.errors import GameError
from engine.core.game import GAMES, get_game
from engine.core.record import replay, to_record
from engine.sim.play import Clock

GARBAGE = [None, 7, "order", [], {}, {"type": None}, {"type": "no-such-action"},
           {"type": "x" * 500}]


def same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def refused(module, state, seat, action, before=None) -> None:
    """`apply` refuses the action with a GameError and leaves the state as it was (`before`:
    the state as JSON text, when the caller has it)."""
    # the state as JSON text: a state is JSON by the protocol, and this is many times quicker
    # than a deep copy (the conformance run spent 3/4 of its time copying)
    before = before or json.dumps(state, sort_keys=True)
    with pytest.raises(GameError):
        module.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before, f"a refused {action!r} changed the state"


def check_views(module, state, rng) -> None:
    n = len(state["players"])
    turn = module.to_act(state)
    for seat in [None, *range(n)]:
        seen = module.view(state, seat)
        json.dumps(seen)
        if seat is not None and seat in turn["seats"] and not module.is_over(state):
            assert seen.get("legal") is not None, "a seat that may act finds its legal moves in its view"
    seat = rng.choice([None, *range(n)])
    hidden = module.conceal(state, seat, rng)
    assert same(module.view(hidden, seat), module.view(state, seat)), \
        f"the view of seat {seat} shows something it may not see"


def bot_action(module, state, seat, seed):
    seen = module.bot_view(state, seat) if hasattr(module, "bot_view") else module.view(state, seat)
    return module.bot_action("random", seen, seed)


def act(module, state, seat, action, rng, log) -> None:
    """Apply one action, checking around it what the protocol promises (a clocked game's
    action carries the simulated host's time)."""
    action = log.clock.stamp(action)
    turn = module.to_act(state)
    before = json.dumps(state, sort_keys=True)
    for garbage in rng.sample(GARBAGE, 3):
        refused(module, state, seat, garbage, before)
    others = [i for i in range(len(state["players"])) if i not in turn["seats"]]
    if others and seat is not None:
        refused(module, state, rng.choice(others), action, before)
    round_trip = json.loads(json.dumps(state))
    events = module.apply(state, seat, action)
    assert isinstance(events, list) and all(isinstance(e, dict) and "type" in e for e in events)
    json.dumps(events)
    module.apply(round_trip, seat, clone(action))
    assert same(round_trip, state), "a state that went through JSON plays on the same"
    after = module.to_act(state)
    assert after["step"] >= turn["step"], "the step never goes back"
    log.actions.append((seat, action))


class Log:
    def __init__(self, module):
        self.clock = Clock(module)
        self.actions = []


def playout(module, players: int, seed, rng, **setup):
    names = [f"P{i}" for i in range(players)]
    state = module.new_game({}, names, seed, **setup)
    checkpoints = []
    steps = 0
    log = Log(module)
    while not module.is_over(state):
        steps += 1
        assert steps < 20_000, "a random game must end"
        turn = module.to_act(state)
        assert set(turn) >= {"phase", "seats", "together", "deadline", "step", "waiting", "close"}
        assert set(turn["waiting"]) <= set(turn["seats"])
        if rng.random() < 0.3:
            check_views(module, state, rng)
        if rng.random() < 0.05:
            checkpoints.append(json.loads(json.dumps(state)))
        if turn["together"]:
            for i in turn["seats"]:
                actions = bot_action(module, state, i, f"{seed}:{turn['step']}:{i}")
                for a in [] if actions is None else actions if isinstance(actions, list) else [actions]:
                    act(module, state, i, a, rng, log)
            if turn["close"] is not None and module.to_act(state)["step"] == turn["step"]:
                act(module, state, None, turn["close"], rng, log)
        elif turn["seats"]:
            i = turn["seats"][0]
            actions = bot_action(module, state, i, f"{seed}:{turn['step']}:{i}")
            assert actions, "a seat whose turn it is always finds something to do"
            for a in actions if isinstance(actions, list) else [actions]:
                act(module, state, i, a, rng, log)
        else:
            assert turn["close"] is not None, "when no seat may act, the host can"
            act(module, state, None, turn["close"], rng, log)
    check_views(module, state, rng)
    return state, checkpoints


@pytest.mark.parametrize("name", list(GAMES))
def test_catalog_describes_what_new_game_accepts(name):
    module = get_game(name)
    cat = module.catalog()
    assert module.GAME == name and type(module.VERSION) is int and module.VERSION >= 1
    lo, hi = cat["players"]["min"], cat["players"]["max"]
    assert 1 <= lo <= hi
    assert cat["bots"] and all(isinstance(b, str) for b in cat["bots"])
    names = [f"P{i}" for i in range(lo)]
    for spec in cat["options"]:
        assert spec["kind"] in ("choice", "bool", "int") and "default" in spec
        values = spec["values"] if spec["kind"] == "choice" else \
            [True, False] if spec["kind"] == "bool" else [spec["min"], spec["max"]]
        assert spec["kind"] != "choice" or spec["default"] in values
        for value in values:
            seats = spec.get("players", {}).get(str(value), cat["players"])
            module.new_game({spec["key"]: value}, [f"P{i}" for i in range(seats["min"])], 1)
    module.new_game({}, names, 1)
    with pytest.raises(GameError):
        module.new_game({"no_such_option": 1}, names, 1)
    with pytest.raises(GameError):
        module.new_game({}, names[:1] * 2, 1)  # two players of the same name


@pytest.mark.parametrize("name", list(GAMES))
def test_every_bot_level_of_the_catalog_plays(name):
    """Each level the lobby offers has its bot: from the first seat to act, it finds an
    action the game accepts."""
    module = get_game(name)
    players = [f"P{i}" for i in range(module.catalog()["players"]["min"])]
    for level in module.catalog()["bots"]:
        state = module.new_game({}, players, 1)
        seat = module.to_act(state)["seats"][0]
        seen = module.bot_view(state, seat) if hasattr(module, "bot_view") else module.view(state, seat)
        actions = module.bot_action(level, seen, f"levels:{level}")
        assert actions, f"the {level} bot found nothing to do"
        clock = Clock(module)
        for action in actions if isinstance(actions, list) else [actions]:
            module.apply(state, seat, clock.stamp(action))


@pytest.mark.parametrize("name", list(GAMES))
def test_random_playouts_keep_the_protocol(name):
    module = get_game(name)
    cat = module.catalog()
    lo, hi = cat["players"]["min"], min(cat["players"]["max"], 6)
    rng = random.Random(f"conformance:{name}")
    for k in range(6):
        players = lo + k % (hi - lo + 1)
        seed = f"conf-{k}"
        state, checkpoints = playout(module, players, seed, rng)
        res = module.result(state)
        assert res["over"] is True and sorted(res["ranking"]) == list(range(players))
        assert len(res["scores"]) == players
        if res.get("places"):
            assert sorted(res["places"])[0] == 1 and len(res["places"]) == players
        for point in checkpoints + [state]:
            again = replay(json.loads(json.dumps(to_record(point))))[1]
            assert same(again, point), "replaying the record gives the state that was played"
        refused(module, state, None, {"type": "no-such-action"})
        with pytest.raises(GameError):
            replay({**to_record(state), "engine_version": module.VERSION + 1})
