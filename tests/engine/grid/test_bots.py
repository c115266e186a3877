"""The grid bots: legal, deterministic, from the seat's view alone; the strong one wins more
than the simple ones; the simulator plays and reports the game."""

import json

import pytest

from engine.__main__ import main
from engine.grid import apply, bot_action, bot_view, conceal, is_over, new_game, result, to_act
from engine.grid.bots import LEVELS, get_bot
from engine.sim import simulate


def play(bots, seed):
    s = new_game({}, [f"P{i}" for i in range(len(bots))], seed)
    while not is_over(s):
        turn = to_act(s)
        if turn["together"]:
            for i in turn["seats"]:
                a = bot_action(bots[i], bot_view(s, i), f"{seed}:{turn['step']}:{i}")
                if a:
                    apply(s, i, a)
            if to_act(s)["step"] == turn["step"]:
                apply(s, None, turn["close"])
        else:
            i = turn["seats"][0]
            apply(s, i, bot_action(bots[i], bot_view(s, i), f"{seed}:{turn['step']}:{i}"))
    return s


def test_the_catalog_offers_three_levels():
    assert LEVELS == ("easy", "normal", "strong")
    with pytest.raises(ValueError):
        get_bot("wizard")


def test_a_bot_decides_the_same_from_the_same_view_whatever_it_cannot_see():
    import random
    s = new_game({}, ["A", "B", "C"], "hidden")
    rng = random.Random(1)
    for _ in range(40):
        turn = to_act(s)
        i = turn["seats"][0]
        for level in LEVELS:
            mine = bot_action(level, bot_view(s, i), "x")
            assert bot_action(level, bot_view(conceal(s, i, rng), i), "x") == mine
        apply(s, i, bot_action("normal", bot_view(s, i), "y"))


def test_a_bot_with_nothing_to_decide_returns_nothing():
    s = new_game({}, ["A", "B", "C"], "idle")
    waiting = next(i for i in range(3) if i not in to_act(s)["seats"])
    for level in (*LEVELS, "random"):
        assert bot_action(level, bot_view(s, waiting), 1) is None


def test_strong_wins_more_than_its_share_against_two_normal_bots():
    wins = 0
    for k in range(6):
        bots = ["normal", "normal"]
        bots.insert(k % 3, "strong")
        s = play(bots, f"duel-{k}")
        wins += result(s)["ranking"][0] == bots.index("strong")
    assert wins >= 4  # an equal seat would win 2 of 6


def test_the_simulator_reports_the_variants_figures(tmp_path):
    rep = simulate(4, 3, ["normal", "easy"], {}, seed=3, out=str(tmp_path / "sim"), jobs=1, game="grid")
    assert rep["games"] == 4 and len(rep["first_player"]) == 3
    assert abs(sum(f["win_rate"] for f in rep["first_player"]) - 1) < 1e-9
    assert rep["end"]["all_cities"] + rep["end"]["stalled"] + rep["end"]["round_cap"] == 1
    assert abs(sum(rep["income_per_city"]["non_home"].values()) - 1) < 1e-9
    record = json.loads((tmp_path / "sim" / "records" / "000000.json").read_text(encoding="utf-8"))
    assert record["game"] == "grid" and main(["replay", str(tmp_path / "sim" / "records" / "000000.json")]) == 0


def test_the_command_line_simulates_grid(tmp_path, capsys):
    assert main(["simulate", "--game", "grid", "-n", "2", "-p", "2", "--bots", "easy", "-j", "1",
                 "--no-records", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "first player" in out and "length: median" in out
