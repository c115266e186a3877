"""`python3 -m engine replay` on a spy record, run as a person runs it: the public state of a
game in play (who lives, who died in which cycle and how, the votes) without a role or a
secret action; a finished game's every role; `--json` the same in brief."""

import json
import subprocess
import sys
from pathlib import Path

from engine.core.record import to_record

from .helpers import Table

ROOT = Path(__file__).resolve().parents[3]


def replay(tmp_path, state, *flags) -> str:
    path = tmp_path / "spy.json"
    path.write_text(json.dumps(to_record(state)), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path), *flags], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    return out.stdout


def first_cycle() -> Table:
    """Cycle 1: the spy kills Eva, the vote puts Dan out; cycle 2's day 1 with a secret pick."""
    t = Table(["spy", "priest", "citizen", "citizen", "citizen", "citizen", "citizen"],
              {"inactivity": False})
    t.act(0, "victim", target=4)
    t.act(1, "protect", target=2)
    t.close()
    t.votes({0: 3, 1: 3, 2: 3, 5: 0})
    t.close()
    t.act(0, "victim", target=5)
    t.act(1, "protect", target=1)
    return t


def test_a_game_in_play_tells_the_public_state_and_no_secret(tmp_path):
    text = replay(tmp_path, first_cycle().state)
    for line in ("Cycle 1\n  Votes: Ana → Dan, Ben → Dan, Cleo → Dan, Fran → Ana\n"
                 "  Count: Dan 3, Ana 1; the most voted: Dan\n  Eva killed\n  Dan voted out\n",
                 "Now: cycle 2, day 1\n", "Alive: Ana, Ben, Cleo, Fran, Gus\n",
                 "Dead: Eva (cycle 1, killed), Dan (cycle 1, voted out)\n"):
        assert line in text, line
    for secret in ("Spy", "Priest", "victim", "protects", "Roles", "Chain"):
        assert secret not in text, secret


def test_a_finished_game_tells_every_role(tmp_path):
    t = first_cycle()
    t.close()
    t.votes({1: 0, 2: 0, 6: 0, 0: 2})
    t.close()
    assert t.state["winner"] == "citizens"
    text = replay(tmp_path, t.state)
    for line in ("Roles: Ana: Spy, Ben: Priest, Cleo: Citizen, Dan: Citizen, Eva: Citizen, "
                 "Fran: Citizen, Gus: Citizen\n", "  Secretly: Ana picks Fran as the spies' victim\n",
                 "  Fran killed\n  Ana voted out\n",
                 "The game is over after 2 cycle(s): the citizens win (Ben, Cleo, Dan, Eva, Fran, Gus); "
                 "no spy is left\n", "Dead: Eva (cycle 1, killed), Dan (cycle 1, voted out), "
                 "Fran (cycle 2, killed), Ana (cycle 2, voted out)\n"):
        assert line in text, line


def test_json_gives_the_public_state_in_brief_and_the_roles_once_over(tmp_path):
    t = first_cycle()
    brief = json.loads(replay(tmp_path, t.state, "--json"))
    assert brief["over"] is False and brief["cycle"] == 2 and brief["day"] == "day"
    assert brief["alive"] == ["Ana", "Ben", "Cleo", "Fran", "Gus"]
    assert brief["players"]["Dan"] == {"alive": False, "death": {"cycle": 1, "cause": "vote"}}
    assert brief["players"]["Ana"] == {"alive": True, "death": None}, "no role in play"
    assert brief["cycles"][0] == {
        "cycle": 1, "votes": {"Ana": "Dan", "Ben": "Dan", "Cleo": "Dan", "Fran": "Ana"},
        "redirects": [], "count": {"Ana": 1, "Dan": 3}, "most_voted": "Dan", "outcome": "killed",
        "void_redirects": [], "uncounted": [], "deaths": {"Eva": "killed", "Dan": "vote"}}
    assert brief["cycles"][1] == {"cycle": 2, "votes": {}, "redirects": [], "count_so_far": {}}
    t.close()
    t.votes({1: 0, 2: 0, 6: 0, 0: 2})
    t.close()
    brief = json.loads(replay(tmp_path, t.state, "--json"))
    assert brief["over"] and brief["winner"] == "citizens" and brief["reason"] == "no_spies"
    assert brief["players"]["Ana"] == {"alive": False, "death": {"cycle": 2, "cause": "vote"},
                                       "role": "spy", "team": "spies"}
