"""The command line (`python3 -m engine`, engine/__main__.py) on input that is wrong in every
way a hand-made record or a typo can be, for every game: numbers past Python's digit limit,
options of the wrong type, values thousands of characters long, absurd player counts. Each
ends with one line on standard error (long values shortened) and an exit status, never a
traceback. Run as a subprocess, as a person runs it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.game import GAMES, get_game, player_limit

ROOT = Path(__file__).resolve().parents[3]
LONG = "x" * 5000
BIG = "9" * 5000          # past Python's 4,300-digit limit on reading a whole number


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "engine", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def one_line(out, status: int, *fragments: str) -> str:
    """The run failed with `status` and said why in one short line holding `fragments`."""
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr[-2000:]
    line = lines[0]
    assert out.returncode == status, line
    assert line.startswith("error: ") and "Traceback" not in line
    assert len(line) < 250, f"a long value was not shortened: {line[:300]}"
    for fragment in fragments:
        assert fragment in line, line
    return line


def record(game, **fields) -> dict:
    n = get_game(game).catalog()["players"]["min"]
    return {"game": game, "players": [f"P{i}" for i in range(n)], "seed": 1, "actions": [], **fields}


def replay(tmp_path, text: str):
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    return run("replay", path)


def test_a_good_record_still_replays(tmp_path):
    out = replay(tmp_path, json.dumps(record("broker-yard")))
    assert out.returncode == 0 and out.stderr == "" and out.stdout


def test_a_reader_that_stops_early(tmp_path):
    """`python3 -m engine replay record | head -1`: the reader is gone (here before the first
    line) and the command ends quietly, with no traceback."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record("spy")), encoding="utf-8")
    read, write = os.pipe()
    os.close(read)
    try:
        out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT, stdout=write,
                             stderr=subprocess.PIPE, text=True, timeout=300)
    finally:
        os.close(write)
    assert (out.returncode, out.stderr) == (0, "")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_number_past_pythons_digit_limit(game, tmp_path):
    text = json.dumps(record(game, seed="@")).replace('"@"', BIG)
    one_line(replay(tmp_path, text), 1, "a number of 5000 digits (at most 100)", "9" * 40 + "…")


def test_a_5000_digit_trade(tmp_path):
    text = json.dumps(record("broker-yard", actions=[[0, {"type": "order", "trades": {"blue": "@"}}]]))
    one_line(replay(tmp_path, text.replace('"@"', BIG)), 1, "5000 digits")


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity"])
def test_numbers_json_does_not_know(text, tmp_path):
    one_line(replay(tmp_path, json.dumps(record("broker-yard", seed="@")).replace('"@"', text)), 1,
             f"{text} is not a number JSON knows")


# an option of the wrong type, for each game that has options of that kind; a game without
# options refuses options that are not an object
WRONG_TYPES = [
    ("broker-yard", {"deal": ["4+6"]}, "options.deal: option deal must be 3+5 or 4+6"),
    ("broker-yard", {"mode": {"classic": 1}}, "options.mode"),
    ("broker-yard", {"summation": ["top3"]}, "options.summation"),
    ("broker-yard", {"spread": "30"}, "options.spread"),
    ("broker-yard", {"spread": True}, "options.spread"),
    ("broker-yard", {"stop_loss": 1}, "options.stop_loss"),
    ("spy", {"merge_at": "4"}, "merge_at"),
    ("spy", {"merge_at": True}, "merge_at"),
    ("spy", {"tie": ["none"]}, "tie"),
    ("ekonos", ["x"], "options"),
    ("grid", {"x": [1]}, "unknown option"),
]


@pytest.mark.parametrize("game, options, said", WRONG_TYPES)
def test_an_option_of_the_wrong_type(game, options, said, tmp_path):
    one_line(replay(tmp_path, json.dumps(record(game, options=options))), 1, said)


@pytest.mark.parametrize("game", list(GAMES))
def test_long_values_are_shortened(game, tmp_path):
    """An unknown option named by 5,000 characters, an action type as long: the message
    quotes the first 40 and "…"."""
    line = one_line(replay(tmp_path, json.dumps(record(game, options={LONG: 1}))), 1, "x" * 40 + "…")
    assert "x" * 41 not in line
    action = {"type": LONG, **({"at": 1} if get_game(game).catalog()["clock"] else {})}
    line = one_line(replay(tmp_path, json.dumps(record(game, actions=[[0, action]]))), 1, "x" * 40 + "…")
    assert "x" * 41 not in line


def test_a_long_card_and_colour_are_shortened(tmp_path):
    for order in ({"card": LONG}, {"trades": {LONG: 1}}, {"card": 10 ** 90}):
        text = json.dumps(record("broker-yard", actions=[[0, {"type": "order", **order}]]))
        one_line(replay(tmp_path, text), 1, "actions[0]", "…")


def test_a_huge_engine_version_is_shortened(tmp_path):
    one_line(replay(tmp_path, json.dumps(record("ekonos", engine_version=10 ** 90))), 1,
             "needs ekonos engine version " + "1" + "0" * 39 + "…")


@pytest.mark.parametrize("game", list(GAMES))
def test_more_players_than_the_games_limit(game, tmp_path):
    limit = player_limit(get_game(game))
    players = [f"P{i}" for i in range(max(limit + 1, 100_000 if game == "broker-yard" else 0))]
    one_line(replay(tmp_path, json.dumps(record(game, players=players))), 1,
             f"players: {game} has at most {limit} players, not {len(players)}")


def test_the_limits_are_the_documented_ones():
    """docs/records.md names each game's limit; the catalogs say the same."""
    docs = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert f"`{game}` {player_limit(get_game(game)):,}" in docs


# ---------------------------------------------------------------- simulate's command line
@pytest.mark.parametrize("args, status, said", [
    (["-n", BIG], 2, "argument -n/--games: must be a whole number from 1 to 1000000, not '999"),
    (["-n", "0"], 2, "from 1 to 1000000"),
    (["-j", "10" + "0" * 20], 2, "argument -j/--jobs"),
    (["-p", "100000"], 1, "broker-yard has at most 10000 players, not 100000"),
    (["-p", "ten"], 2, "argument -p/--players"),
    (["--spread", "30.5"], 2, "argument --spread: must be a whole number from 1 to 240"),
    (["--spread", BIG], 2, "argument --spread"),
    (["--deal", LONG], 2, "argument --deal: invalid choice"),
    (["-o", 'deal=["4+6"]'], 1, "options.deal: option deal must be 3+5 or 4+6"),
    (["-o", 'spread="30"'], 1, "options.spread"),
    (["-o", "spread=true"], 1, "options.spread"),
    (["-o", f"spread={BIG}"], 1, "a number of 5000 digits"),
    (["-o", LONG], 2, "an option is KEY=VALUE"),
    (["--bots", LONG], 2, "unknown bot"),
    (["--seed", LONG], 1, "seed"),
    (["--game", LONG], 2, "argument --game: invalid choice"),
])
def test_simulate_refuses_a_bad_command_line_in_one_line(args, status, said, tmp_path):
    one_line(run("simulate", "-n", "1", "--out", tmp_path / "out", *args), status, said)
    assert not (tmp_path / "out" / "report.md").exists()


def test_simulate_into_a_place_it_cannot_write(tmp_path):
    (tmp_path / "file").write_text("", encoding="utf-8")
    one_line(run("simulate", "-n", "1", "-p", "2", "--out", tmp_path / "file" / "out"), 1, "cannot write")
