"""The hall's hooks (catalog, lobby line, final screen), a whole hosted game through the
game-agnostic session, the simulator's figures and the default state link."""

import functools
import json
import random

import pytest

from engine import ekonos
from engine.core import links, session
from engine.core.codec import encode
from engine.core.errors import GameError
from engine.ekonos import actions_of, catalog, hall_final, hall_summary, new_game, result
from engine.ekonos.board import board_data
from engine.ekonos.link import log_turns
from engine.ekonos.rules import breakdown
from engine.sim import simulate
from engine.sim.play import play_out

from .helpers import NAMES


def test_catalog():
    """The lobby's offer, and the map the view carries (the page works out its shapes ahead)."""
    got = catalog()
    board = got.pop("board")
    assert got == {"players": {"min": 2, "max": 6}, "options": [],
                   "bots": ["easy", "normal", "strong"], "clock": False}
    assert board == board_data() and len(board) == 36


def test_hall_summary_counts_rounds():
    state = new_game({}, NAMES[:4], 1)
    line = hall_summary(state)
    assert line["progress"] == {"unit": "round", "n": 1, "of": 3}
    assert line["turn"] == line["acting"] == state["turn"] and line["phase"] == "play"


def test_hall_final_breaks_every_score_down():
    state = new_game({}, NAMES[:5], 2)
    play_out(ekonos, state, ["normal", "easy"] * 3, "final")
    final = hall_final(state)
    res = result(state)
    assert [r["seat"] for r in final["rows"]] == res["ranking"]
    for row in final["rows"]:
        b = breakdown(state, row["seat"])
        assert row["score"] == res["scores"][row["seat"]] == b["coins"] + sum(b["values"].values())
        assert row["place"] == res["places"][row["seat"]]
        for c, n in row["shares"].items():
            assert row["values"][c] == n * final["companies"][c]["value"]


def test_a_hosted_game_with_bots_and_a_person():
    seats = [{"name": "Ann", "kind": "human"}] + \
        [{"name": f"Bot {i}", "kind": "bot", "level": lvl} for i, lvl in
         enumerate(["easy", "normal", "easy"])]
    session.create("ek-test", "ekonos", {}, seats, 5)
    rng = random.Random(5)
    try:
        for _ in range(2000):
            screen = session.screen("ek-test", 0)
            if screen["result"] is not None:
                break
            if screen["humans"] == [0]:
                legal = screen["view"]["legal"]
                session.act("ek-test", 0, rng.choice(actions_of(legal)))
            else:
                assert session.bot_step("ek-test")["acted"] in (1, 2, 3)
        final = session.screen("ek-test", 0)
        assert final["final"]["rows"] and final["result"]["over"]
        stored = session.stored("ek-test")
        assert stored["summary"]["progress"] == {"unit": "round", "n": 3, "of": 3}
        session.open_game("ek-again", stored["record"])
        assert session.screen("ek-again", 0)["result"] == final["result"]
    finally:
        session.close("ek-test")
        session.close("ek-again")


def test_simulator_figures(tmp_path):
    rep = simulate(4, 3, ["normal", "easy", "random"], {}, seed=2, out=str(tmp_path), jobs=1,
                   game="ekonos")
    assert [p["position"] for p in rep["first_player"]] == [1, 2, 3]
    assert abs(sum(p["win_rate"] for p in rep["first_player"]) - 1) < 1e-9  # one winner a game
    assert sum(rep["company_sizes"]["histogram"].values()) == 4 * 6
    assert rep["presidency"]["changes_per_game"] >= 0 and rep["length"]["steps_median"] > 100
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert html.count("<svg") >= 4 and "turn-order position" in html


@functools.cache
def link_states():
    """States all along a 4-player game, and over (made once; tests only read them)."""
    state = new_game({}, NAMES[:4], 3)
    rng = random.Random(3)
    out = []
    while not ekonos.is_over(state):
        if rng.random() < 0.2 or state["phase"] not in ("play", "sell", "buy"):
            out.append(json.loads(json.dumps(state)))
        seat = ekonos.to_act(state)["seats"][0]
        ekonos.apply(state, seat, ekonos.bot_action("normal", ekonos.bot_view(state, seat), rng.random()))
    return out + [state]


def test_a_state_link_gives_the_same_views_with_the_last_turns_of_the_log():
    for state in link_states():
        parts = links.link_parts(ekonos, state, {0, 2})
        assert parts["privates"][1] is None and parts["step"] == state["step"]
        keep = log_turns(state)
        for seat in (None, 0, 2):
            private = None if seat is None else parts["privates"][seat]
            seen = links.link_view(ekonos, json.loads(json.dumps(parts["public"])), private, seat)
            real = ekonos.view(state, seat)
            assert seen == {**real, "log": real["log"][-keep:]}


def test_a_4_player_link_stays_short():
    longest = max(len(encode("r", 1, {"p": p["public"], "x": [p["privates"][0]]}))
                  for state in link_states() for p in [links.link_parts(ekonos, state, {0})])
    assert longest < 1800


def test_action_codes_round_trip_and_garbage_is_refused():
    for state in link_states()[:40]:
        seat = ekonos.to_act(state)["seats"][0] if not ekonos.is_over(state) else None
        if seat is None:
            continue
        for action in actions_of(ekonos.view(state, seat)["legal"]):
            packed = links.pack_action(ekonos, action)
            assert isinstance(packed, str) and len(packed) <= 8
            assert links.unpack_action(ekonos, packed) == action
    odd = {"type": "play", "card": "ZZZ", "use": "top", "space": 1}
    assert links.unpack_action(ekonos, links.pack_action(ekonos, odd)) == odd
    for garbage in ("", "q", "pABE", "pABEt", "pABExx", "gx", 7, None, "b?", "x" * 40):
        with pytest.raises(GameError) as e:
            links.unpack_action(ekonos, garbage)
        assert e.value.code == "code_invalid"


@pytest.mark.parametrize("change", [
    lambda p: p.update(m="A" * 35), lambda p: p.update(n=["solo"]), lambda p: p.update(r=9),
    lambda p: p.update(S=["9" * 6] * 4), lambda p: p.update(P="7-----"),
    lambda p: p.update(p=["9ABEt1"]), lambda p: p.update(x=["A", 0, 5, 1, None]),
    lambda p: p.update(L="log"), lambda p: p.pop("c"), lambda p: p.update(h=99)])
def test_a_damaged_link_is_refused(change):
    public = links.link_parts(ekonos, link_states()[5], {0})["public"]
    change(public)
    with pytest.raises(GameError) as e:
        links.link_view(ekonos, public, None, None)
    assert e.value.code == "code_invalid"
