"""Game records: replay, export, the command line, and every kind of invalid record."""

import json
import pathlib
import subprocess
import sys

import pytest

from engine.broker import replay, to_record, summary
from engine.core.errors import GameError

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures" / "broker-yard"
EXAMPLE = json.loads((FIXTURES / "example-classic.json").read_text())
REGRESSIONS = sorted((FIXTURES / "games").glob("*.record.json"))


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_example_replays_and_exports_the_same_record():
    state = replay(EXAMPLE)
    assert len(state["history"]) == 4 and not state["over"]
    again = replay(to_record(state))
    assert again == state
    # the first format's rounds become each round's orders and the host's resolve
    actions = to_record(state)["actions"]
    assert [a for a in actions if a[0] is None] == [[None, {"type": "resolve"}]] * 4
    assert "rounds" not in to_record(state) and to_record(state)["engine_version"] == 1


def test_a_record_may_stop_early_and_leave_players_out():
    two = replay({**EXAMPLE, "rounds": EXAMPLE["rounds"][:2]})
    assert two["round"] == 3 and len(two["seats"][0]["hand"]) == 8
    # a record in the generic format may stop in the middle of a round: the saved orders
    state = replay(EXAMPLE)
    order = {"type": "order", "trades": {"red": -1}}
    from engine.broker import apply
    apply(state, 0, order)
    back = replay(to_record(state))
    assert back["orders"][0] == {"trades": {"red": -1}, "card": None, "choices": {}}


@pytest.mark.parametrize("path", REGRESSIONS, ids=lambda p: p.name.split(".")[0])
def test_recorded_games_still_give_the_same_result(path):
    expected = json.loads(path.with_name(path.name.replace(".record.json", ".expected.json")).read_text())
    assert summary(replay(json.loads(path.read_text()))) == expected


def test_there_are_regression_games():
    assert len(REGRESSIONS) >= 4


def test_cli_tells_each_round():
    out = run_cli("replay", str(FIXTURES / "example-classic.json"))
    assert out.returncode == 0, out.stderr
    assert "Round 4" in out.stdout and "bonus 10 per share" in out.stdout


def test_cli_json_has_the_promised_fields():
    out = run_cli("replay", str(FIXTURES / "example-classic.json"), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["round"] == 4 and data["over"] is False
    assert data["prices"] == {"blue": 230, "red": 10, "yellow": 250, "green": 40}
    assert data["players"]["Ann"] == {"cash": 60, "shares": {"blue": 0, "red": 2, "yellow": 1, "green": 1},
                                      "capital": 370, "bankrupt": False}
    assert data["ranking"] == ["Ann", "Bob"]


def broken(change):
    record = json.loads(json.dumps(EXAMPLE))
    change(record)
    return record


BAD_RECORDS = {
    "unknown card": (broken(lambda r: r["rounds"][0]["Ann"].update(card="hundred:pink")),
                     "rounds[0].Ann.card", "unknown card"),
    "card not in hand": (broken(lambda r: r["rounds"][0]["Bob"].update(card="zero:red")),
                         "rounds[0].Bob.card", "not in Bob's hand"),
    "bad choices": (broken(lambda r: r["rounds"][1]["Ann"].update(choices={"other": "yellow"})),
                    "rounds[1].Ann.choices.other", "cannot be its own colour"),
    "selling shares not held": (broken(lambda r: r["rounds"][0]["Bob"].update(trades={"red": -2})),
                                "rounds[0].Bob.trades.red", "holds 1"),
    "cash below 0": (broken(lambda r: r["rounds"][0]["Bob"].update(trades={"red": 1})),
                     "rounds[0].Bob.trades", "would have -100 cash"),
    "unknown player": (broken(lambda r: r["rounds"][2].update(Zed={})), "rounds[2]", "no player called"),
    "card played twice": (broken(lambda r: r["rounds"][2].update(Ann={"card": "hundred:blue", "choices": {
        "others": {"red": -10, "yellow": -20, "green": -30}}})), "rounds[2].Ann.card", "not in Ann's hand"),
    "hand not from the pack": (broken(lambda r: r["hands"]["Bob"].__setitem__(0, "hundred:blue")),
                               "hands.Bob[0]", "more often"),
    "short hand": (broken(lambda r: r["hands"]["Bob"].pop()), "hands.Bob", "6 small"),
    "wrong game": (broken(lambda r: r.update(game="chess")), "game", "unknown game 'chess'"),
    "unknown option": (broken(lambda r: r["options"].update(colours=5)), "options.colours", "unknown option"),
    "newer engine": (broken(lambda r: r.update(engine_version=99)), "engine_version", "version 99"),
    "rounds after the end": (broken(lambda r: r["rounds"].extend([{}] * 7)), "rounds[10]", "already over"),
    "a list, not a record": ([1, 2], None, "must be a JSON object"),
}


@pytest.mark.parametrize("name", BAD_RECORDS)
def test_invalid_records_are_refused_with_a_located_message(name, tmp_path):
    record, where, words = BAD_RECORDS[name]
    with pytest.raises(GameError) as e:
        replay(record)
    assert e.value.where == where and words in str(e.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    out = run_cli("replay", str(path))
    assert out.returncode != 0 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in out.stderr


@pytest.mark.parametrize("content, words", [
    (b'{"game": "broker-yard",', "not valid JSON"),
    (b"[" * 100000 + b"]" * 100000, "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"", "not valid JSON"),
], ids=["truncated", "nested-too-deep", "binary", "empty"])
def test_mangled_files_are_refused(content, words, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    out = run_cli("replay", str(path))
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]


def test_missing_file():
    out = run_cli("replay", "/nonexistent/game.json")
    assert out.returncode != 0 and "cannot read" in out.stderr and "Traceback" not in out.stderr
