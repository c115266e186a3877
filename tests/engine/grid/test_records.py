"""Records, the readable account, the hall's hooks and the compact links of the grid game."""

import json

import pytest

from engine.__main__ import main
from engine.core.codec import encode
from engine.core.errors import GameError
from engine.core.game import get_game
from engine.core.links import link_parts
from engine.core.record import replay, start, steps, to_record
from engine.grid import (VERSION, apply, bot_action, bot_view, describe, hall_final, hall_summary, is_over,
                         link_public, link_private, link_view, new_game, summary, to_act, view)

from .helpers import fixture


def play(players=3, seed="records", bots=("normal", "strong", "easy"), stop=None):
    s = new_game({}, [f"P{i}" for i in range(players)], seed)
    while not is_over(s) and (stop is None or not stop(s)):
        turn = to_act(s)
        if turn["together"]:
            for i in turn["seats"]:
                a = bot_action(bots[i % len(bots)], bot_view(s, i), f"{seed}:{turn['step']}:{i}")
                if a:
                    apply(s, i, a)
            if to_act(s)["step"] == turn["step"]:
                apply(s, None, turn["close"])
        else:
            i = turn["seats"][0]
            apply(s, i, bot_action(bots[i % len(bots)], bot_view(s, i), f"{seed}:{turn['step']}:{i}"))
    return s


@pytest.fixture(scope="module")
def finished():
    return play()


def same(a, b):
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_a_record_replays_to_the_same_state(finished, tmp_path):
    record = to_record(finished)
    assert record["game"] == "grid" and record["actions"] == finished["actions"]
    assert same(replay(json.loads(json.dumps(record)))[1], finished)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    with pytest.raises(GameError) as e:
        replay({**record, "engine_version": VERSION + 1})
    assert e.value.code == "newer_engine"


def test_the_account_explains_every_income(finished):
    lines = describe(finished)
    assert lines[0] == "Round 1" and lines[-1].startswith("Game over")
    assert any("home city of plant" in line for line in lines)
    assert any("cheapest leg" in line and "half" in line for line in lines)
    assert any(line.strip().startswith("sum ") and "rounded" in line for line in lines)
    brief = summary(finished)
    assert brief["over"] and set(brief["players"]) == {"P0", "P1", "P2"}
    assert brief["ranking"][0] == finished["players"][finished["ranking"][0]]


def test_the_hall_line_and_final_screen(finished):
    line = hall_summary(finished)
    assert line["progress"] == {"unit": "round", "n": finished["round"], "of": None}
    final = hall_final(finished)
    assert [r["seat"] for r in final["rows"]] == finished["ranking"]
    first = final["rows"][0]
    assert first["place"] == 1 and first["powered"] == finished["seats"][first["seat"]]["powered"]
    assert first["elektro"] == finished["seats"][first["seat"]]["cash"] and final["end"] == finished["end"]


def test_a_state_link_gives_back_the_seats_view(finished):
    mid = play(players=4, seed="link", bots=("strong", "normal"), stop=lambda s: s["round"] == 8
               and s["phase"] == "power")
    for state in (mid, finished):
        pub = json.loads(json.dumps(link_public(state)))
        for seat in [None, *range(len(state["players"]))]:
            private = None if seat is None else json.loads(json.dumps(link_private(state, seat)))
            got, want = link_view(pub, private, seat), view(state, seat)
            assert len(got["history"]) <= 8 and got["history"] == [
                {k: h[k] for k in ("round", "stage", "covered", "powered", "earned", "cash")}
                for h in want["history"][-8:]]
            del got["history"], want["history"]
            # the log's last entries that say more than the table shows
            from engine.grid.link import LOG, QUIET
            loud = [{**e, "events": [x for x in e["events"] if x["type"] not in QUIET]} for e in want["log"]]
            assert got["log"] == [e for e in loud if e["events"]][-LOG:]
            assert any(x["type"] in ("bid", "open", "build", "line", "buy", "sold") for e in got["log"]
                       for x in e["events"])
            # the usual events travel as rows; a link made before (every event as the view has
            # it) still gives the same log
            assert any(isinstance(x, list) for e in pub["L"] for x in e[2])
            # the end, once over, is the public state's: ["game_over"]
            assert state["over"] == any(["game_over"] in e[2] for e in pub["L"])
            old = {**pub, "L": [[r, s, e["events"]] for (r, s, _), e in zip(pub["L"], got["log"])]}
            assert link_view(old, private, seat)["log"] == got["log"]
            del got["log"], want["log"]
            assert same(got, want), seat


def test_a_4_player_link_stays_under_1800_characters():
    state = play(players=4, seed="size", bots=("strong", "normal"))
    parts = link_parts(get_game("grid"), state, {0, 1, 2, 3})
    assert len(encode("s", 1, parts["public"])) < 1800
    assert max(len(encode("p", 1, p)) for p in parts["privates"]) < 100


def test_a_damaged_link_is_refused():
    state = new_game({}, ["A", "B", "C"], "bad")
    pub = link_public(state)
    rows = ([["buy", 4, 9, 1, 1]], [["buy", 4, 0, 1]], [["nope", 1]], [["build", 4, "?", 10, []]], [[]],
            [["line", 5, 1, True, 5, False, []]], [5])
    for broken in ({**pub, "S": pub["S"][:2]}, {**pub, "h": 9}, {**pub, "m": "x"}, {}, [],
                   {**pub, "L": [[1, -1, [["bid", 4, 5]]]]}, {**pub, "L": [[1, -1, [["game_over"]]]]},
                   *({**pub, "L": [[1, 0, r]]} for r in rows)):
        with pytest.raises(GameError) as e:
            link_view(broken, None, None)
        assert e.value.code == "code_invalid"


def test_the_recorded_example_replays_to_its_expected_end():
    record = fixture("example-3p.json")
    state = replay(record)[1]
    assert summary(state) == record["meta"]["expect"]
    assert any("rounded" in line for line in describe(state))


def test_a_record_of_the_first_rules_replays_by_them_and_keeps_them():
    """Version 2 changed the rules (engine/grid/version.py): a version-1 record replays by
    version 1's, and the record written again says so in its setup."""
    record = fixture("example-3p.json")
    assert record["engine_version"] == 1
    state = replay(record)[1]
    assert state["rules"] == 1 and view(state, None)["rules"] == 1
    again = to_record(state)
    assert again["engine_version"] == VERSION and again["setup"] == {"rules": 1}
    assert same(replay(json.loads(json.dumps(again)))[1], state)
    # by version 2's rules the same actions go astray: the game is over before its last ones
    with pytest.raises(GameError) as e:
        replay({**record, "engine_version": 2})
    assert e.value.code == "game_already_over"
    with pytest.raises(GameError):  # and by this engine's (3: a seat says done itself)
        replay({**record, "engine_version": VERSION})
    # a new game has this engine's rules and no setup; no other setup is taken
    assert "rules" not in new_game({}, ["A", "B"], 1) and to_record(new_game({}, ["A", "B"], 1)).get("setup") is None
    for setup in ({"rules": VERSION + 1}, {"rules": "1"}, {"hands": 1}):
        with pytest.raises(GameError) as e:
            new_game({}, ["A", "B"], 1, **setup)
        assert e.value.code == "bad_setup"


def test_a_link_of_a_game_of_older_rules_plays_by_them():
    """A player's link of a game of an older engine's rules (version.py) says which, so the
    player's page lists the moves those rules allow (the host checks by them)."""
    record = fixture("ui-move.json")
    module, state = start(record)
    assert state["rules"] < module.VERSION
    for k, (_, seat, action) in enumerate(steps(module, record)):
        if k == 64:  # the power phase: by the first rules eco and fusion plants always ran
            break
        module.apply(state, seat, action)
    pub = json.loads(json.dumps(link_public(state)))
    assert pub["V"] == state["rules"]
    for seat in [None, *range(len(state["players"]))]:
        private = None if seat is None else json.loads(json.dumps(link_private(state, seat)))
        got, want = link_view(pub, private, seat), view(state, seat)
        assert got["rules"] == state["rules"] and got.get("legal") == want.get("legal"), seat
        if want.get("legal"):  # by this engine's rules the seat would be offered other choices
            assert link_view({k: v for k, v in pub.items() if k != "V"}, private, seat)["legal"] != want["legal"]
    with pytest.raises(GameError) as e:
        link_view({**pub, "V": module.VERSION}, None, None)  # this engine's rules are said by no "V"
    assert e.value.code == "code_invalid"
