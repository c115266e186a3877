"""Bots play legal games from their seat's view alone, in every option's setting; the
simulator, its report and the balance hint."""

import json

import pytest

from engine.__main__ import main
from engine.core.record import replay, to_record
from engine.sim import simulate
from engine.sim.play import play_out
from engine import spy
from engine.spy.balance import balance_hint, play_quick, preset_hint
from engine.spy.bots import bot_action

from .helpers import NAMES

OPTION_SETS = [{}, {"parity": True, "tie": "random"}, {"reveal": "role", "merge_at": 6},
               {"warmup_days": 1, "inactivity": False}, {"reveal": "team", "stall_cycles": 2},
               {"stall_cycles": 0}]   # no stalemate rule: deadlocked tables end at the cycle limit


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("level", ["easy", "normal", "random"])
def test_bots_finish_games_with_legal_actions(level, options):
    for k, players in enumerate((5, 9, 14)):
        seed = f"{level}-{k}-{json.dumps(options)}"
        state = spy.new_game(options, NAMES[:players], seed)
        play_out(spy, state, [level] * players, seed)   # any refused action raises
        assert state["over"] and state["winner"] in ("citizens", "spies", "nobody")
        again = replay(json.loads(json.dumps(to_record(state))))[1]
        assert again == state


def test_bots_decide_from_the_view_alone_and_give_nothing_when_done_or_dead():
    state = spy.new_game({}, NAMES[:7], "v")
    seen = spy.view(state, 2)
    assert bot_action("normal", seen, "s") == bot_action("normal", json.loads(json.dumps(seen)), "s")
    spy.apply(state, 2, {"type": "done", "at": 1})
    assert bot_action("normal", spy.view(state, 2), "s") is None
    assert bot_action("random", spy.view(state, 2), "s") is None
    with pytest.raises(ValueError):
        bot_action("wizard", seen, "s")


def test_bots_play_timed_games_within_each_steps_deadline():
    """Timed days: the host stamps each action a few minutes after the last and closes each
    step at its deadline; bots never send a refused action, and a bot Mayor redirects
    (in his window, the vote day's last step) in some of these games."""
    redirects = 0
    for seed in range(10):
        state = spy.new_game({"day_minutes": 240, "mayor": 1}, NAMES[:9], f"t{seed}")
        now = 1_700_000_000_000
        spy.apply(state, None, {"type": "set_deadline", "deadline": now + 240 * 60_000, "at": now})
        while not state["over"]:
            turn = spy.to_act(state)
            for seat in turn["seats"]:
                for action in bot_action("normal", spy.view(state, seat), f"{seed}:{seat}") or []:
                    now += 60_000
                    spy.apply(state, seat, {**action, "at": now})
            now = max(now + 1, turn["deadline"])
            spy.apply(state, None, {"type": "close_day", "at": now})
        redirects += sum(a["type"] == "redirect" for h in state["history"] for a in h["acts"])
    assert redirects > 0


def untimed(history):
    """A history without the host's times (the quick loop sends fewer actions)."""
    return [{**h, "acts": [{k: v for k, v in a.items() if k != "at"} for a in h["acts"]],
             "chain": [{k: v for k, v in c.items() if k != "redirects"} for c in h["chain"]]}
            for h in history]


def test_the_quick_loop_plays_the_simulators_game():
    for i in range(8):
        seed = f"q{i}"
        a = spy.new_game({}, NAMES[:10], seed)
        b = spy.new_game({}, NAMES[:10], seed)
        play_out(spy, a, ["normal"] * 10, seed)
        play_quick(b, "normal", seed)
        assert a["winner"] == b["winner"] and untimed(a["history"]) == untimed(b["history"])


def test_balance_hint_gives_each_team_a_rate_and_its_interval():
    hint = balance_hint(6, games=40, seed="t")
    teams = hint["teams"]
    assert hint["games"] == 40 and sum(t["wins"] for t in teams.values()) == 40
    for t in teams.values():
        assert t["ci95"][0] <= t["rate"] <= t["ci95"][1]
    assert hint == balance_hint(6, games=40, seed="t"), "the same seed, the same hint"
    assert balance_hint(9, {"spies": 3}, games=40)["teams"]["spies"]["rate"] > \
        balance_hint(9, {"spies": 1}, games=40)["teams"]["spies"]["rate"]
    for n in range(5, 21):
        shipped = preset_hint(n)
        assert shipped["setup"] == {k: v for k, v in spy.new_game({}, NAMES[:n], 1)["options"].items()
                                    if k in shipped["setup"]}, "the shipped hints match the presets"


def test_the_shipped_hint_is_what_the_command_computes():
    assert balance_hint(5, games=1000, seed="preset-5") == preset_hint(5)


def test_simulate_reports_team_win_rates_length_deaths_and_powers(tmp_path, capsys):
    rep = simulate(12, 8, ["normal", "easy"], {}, seed=3, out=str(tmp_path / "s"), jobs=1, game="spy")
    teams = rep["teams"]
    assert sum(t["wins"] for t in teams.values()) == 12
    assert rep["cycles"]["mean"] >= 1 and rep["powers"]["victim"]["games"] == 1.0
    assert sum(rep["deaths_per_game"].values()) > 0
    assert main(["simulate", "--game", "spy", "-n", "4", "-p", "7", "--bots", "normal,random",
                 "--reveal", "team", "-j", "1", "--out", str(tmp_path / "cli")]) == 0
    out = capsys.readouterr().out
    assert "teams: citizens" in out and "powers (uses per game" in out
    record = tmp_path / "cli" / "records" / "000000.json"
    assert main(["replay", str(record)]) == 0
    assert "Roles: " in capsys.readouterr().out
