"""The spy game's replay link: a game so far holds no hidden role and no secret act, not even
its time; a whole game's tells what the final table shows; a timed game in which the host
moves a deadline, excuses a player and publishes last words round-trips (the registry's own
checks: tests/engine/core/test_replay.py)."""

import json

import pytest

from engine.core import replay
from engine.core.game import get_game
from engine.core.record import replay as replay_record, to_record
from engine.spy.roles import ROLES

from ..core.test_replay import SECRET_SEED, round_trip, through_json


def spy_game(players, seed, cut=None):
    """A timed spy game of the catalog's bots with the host's own acts: its record, cut after
    `cut` of its actions."""
    spy = get_game("spy")
    bots = spy.catalog()["bots"]
    state = spy.new_game(SPY_OPTIONS, [f"Player {i + 1}" for i in range(players)], seed)
    spy_with_host(state, bots, seed)
    record = to_record(state)
    if cut is not None:
        record["actions"] = record["actions"][: int(len(record["actions"]) * cut)]
    return record


def spy_so_far(cut):
    """(module, record, state at the cut, the replay link as it travels)."""
    record = spy_game(5, SECRET_SEED, cut)
    _, state = replay_record(record)
    return get_game("spy"), record, state, through_json(replay.public_replay(record))


SPY_OPTIONS = {"reveal": "role", "warmup_days": 1, "day_minutes": 60, "tie": "random", "mayor": 1}


def spy_with_host(state, bots, seed):
    """A timed spy game of bots in which the host also moves a deadline, excuses a player and
    publishes the last words of the dead."""
    spy = get_game("spy")
    now = 1_700_000_000_000
    while not state["over"]:
        turn = spy.to_act(state)
        for seat in turn["seats"]:
            seen = spy.bot_view(state, seat)
            for a in spy.bot_action(bots[seat % len(bots)], seen, f"{seed}:{turn['step']}:{seat}") or []:
                now += 1000
                spy.apply(state, seat, {**a, "at": now})
        now += 1000
        if turn["phase"] == "day" and state["cycle"] == 1:
            spy.apply(state, None, {"type": "set_deadline", "deadline": now + 120_000, "at": now})
            spy.apply(state, None, {"type": "excuse", "seat": turn["seats"][-1], "at": now})
        dead = [i for i, a in enumerate(state["alive"]) if not a]
        said = {e["seat"] for e in state["log"] if e["type"] == "last_words"}
        for i in dead:
            if i not in said:
                spy.apply(state, None, {"type": "last_words", "seat": i, "text": f"adiós {i}", "at": now})
        spy.apply(state, None, {"type": "close_day", "at": now})



@pytest.mark.parametrize("players", [5, 12])
@pytest.mark.parametrize("cut", [0.4, None])
def test_a_timed_game_with_the_hosts_acts_round_trips(players, cut):
    round_trip(spy_game(players, f"round-trip-{players}", cut))


SPY_SECRETS = ("victim", "kill", "look", "add_votes", "subtract_vote", '"protect"')


def test_spy_link_of_a_game_so_far_holds_no_hidden_role_and_no_secret_act():
    _, _, state, link = spy_so_far(0.5)
    assert not state["over"]
    public = link["public"]
    assert not {"h", "v"} & set(public)  # the account and what each learned: at the end only
    text = json.dumps(public)
    assert not [r for r in ROLES if f'"{r}' in text], "no role while the game runs (reveal: none)"
    assert not [k for k in SPY_SECRETS if k in text]
    for frame in replay.replay_views(link):
        assert not {"roles", "privates", "history"} & set(frame["view"])
    # a secret act leaves no trace, not even its time: the acts' times are the public ones
    public_times = sorted(e["at"] for e in state["log"] if e.get("at") is not None)
    assert sorted(a["at"] for a in _spy_public_acts(state)) == sorted(
        t for t in public_times if t in {a["at"] for a in _spy_public_acts(state)})
    secret_times = {a[1]["at"] for a in state["actions"] if a[1]["type"] in ("victim", "kill", "look", "protect")}
    assert secret_times
    at, seen = 0, set()
    for act in public["a"]:
        at += act[-1]
        seen.add(at)
    assert not seen & secret_times


def _spy_public_acts(state):
    return [a for a in state["acts"] if a["type"] in ("vote", "redirect", "protect_public")]


def test_spy_link_of_a_whole_game_tells_what_the_final_table_shows():
    module, record, state, link = spy_so_far(1.0)
    assert state["over"]
    frames = replay.replay_views(link)
    last = frames[-1]["view"]
    assert last["roles"] == through_json(state["roles"]) and last["history"] == through_json(state["history"])
    assert last["privates"] == through_json(state["private"])
    assert SECRET_SEED not in json.dumps(link)
