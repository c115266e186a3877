"""The simulator: reports add up, runs are reproducible on any number of processes, and
every simulated game's record replays to the same result."""

import json
import os

from engine.__main__ import main
from engine.broker import replay, result
from engine.sim import simulate, play_game, seat_bots
from engine.sim.report import wilson, chi2_uniform_p


def test_seat_rotation_gives_every_bot_every_seat():
    seen = {tuple(seat_bots(["strong", "normal", "normal", "easy"], 4, i, True)) for i in range(4)}
    assert len(seen) == 4
    assert {s[0] for s in seen} == {"strong", "normal", "easy"}
    assert seat_bots(["normal"], 3, 5, False) == ["normal"] * 3


def test_every_simulated_game_replays_to_its_result(tmp_path):
    rec = tmp_path / "records"
    rec.mkdir()
    for i, (players, options) in enumerate([(4, {}), (2, {"mode": "duel"}),
                                            (6, {"mode": "mass", "stop_loss": True})]):
        task = {"game": "broker-yard", "index": i, "players": players, "bots": ["strong:4", "normal", "easy"],
                "rotate": True, "seed": 3, "options": options, "records": str(rec)}
        g = play_game(task)
        with open(rec / f"{i:06d}.json", encoding="utf-8") as f:
            record = json.load(f)
        assert record["meta"]["bots"] == g["bots"]
        res = result(replay(record))
        assert res["ranking"] == g["ranking"] and res["scores"] == g["scores"]


def test_report_is_the_same_on_one_or_two_processes(tmp_path):
    a = simulate(8, 4, ["normal", "easy"], {"deal": "3+5"}, seed=5, out=str(tmp_path / "a"), jobs=1, game="broker-yard")
    b = simulate(8, 4, ["normal", "easy"], {"deal": "3+5"}, seed=5, out=str(tmp_path / "b"), jobs=2, game="broker-yard")
    for key in ("strategies", "seats", "deal", "prices", "money", "length", "bankruptcy"):
        assert json.dumps(a[key], sort_keys=True, default=str) == json.dumps(b[key], sort_keys=True, default=str)
    st = a["strategies"]
    assert st["normal"]["seat_games"] == st["easy"]["seat_games"] == 16
    assert sum(s["wins"] for s in st.values()) == 8 == sum(s["wins"] for s in a["seats"])
    assert len(os.listdir(tmp_path / "a" / "records")) == 8


def test_cli_writes_a_self_contained_report(tmp_path, capsys):
    out = tmp_path / "sim"
    assert main(["simulate", "-n", "4", "-p", "3", "--bots", "normal,easy", "--mode", "mass",
                 "--stop-loss", "--spread", "50", "-j", "1", "--out", str(out)]) == 0
    html = (out / "report.html").read_text(encoding="utf-8")
    assert html.count("<svg") >= 5 and "http" not in html.replace("http://www.w3.org/2000/svg", "")
    rep = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert rep["config"]["options"] == {"mode": "mass", "stop_loss": True, "spread": 50}
    assert "win rate" in capsys.readouterr().out
    # the records it wrote re-open with the replay command
    assert main(["replay", str(out / "records" / "000000.json"), "--json"]) == 0


def test_cli_refuses_an_unknown_bot(tmp_path, capsys):
    assert main(["simulate", "-n", "1", "--bots", "wizard", "--out", str(tmp_path)]) == 2


def test_statistics():
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(0, 10)[0] == 0.0
    assert chi2_uniform_p([250, 250, 250, 250]) > 0.9
    assert chi2_uniform_p([400, 200, 200, 200]) < 0.001
