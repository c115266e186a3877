"""The fair deal: roles are a pure function of (setup, players, seed); a device can audit a
finished game's record from its own seat."""

import hashlib
import json
from collections import Counter

import pytest

from engine.core.errors import GameError
from engine.core.record import to_record
from engine.sim.play import play_out
from engine import spy
from engine.spy.deal import deal_roles, role_list
from engine.spy.fair import (audit, action_commitment, canonical, check_reveals, commitment,
                             seed_from)
from engine.spy.presets import PRESETS

from .helpers import NAMES


def test_the_deal_is_a_pure_function_of_setup_count_and_seed():
    setup = PRESETS[12]
    a = deal_roles(setup, 12, "s1")
    assert a == deal_roles(dict(setup), 12, "s1")
    assert sorted(c["role"] for c in a) == sorted(role_list(setup, 12))
    assert any(deal_roles(setup, 12, f"s{i}") != a for i in range(2, 6))
    state = spy.new_game({}, NAMES[:12], "s1")
    assert state["roles"] == a, "new_game deals exactly deal_roles"


def test_roles_and_variable_teams_are_spread_evenly():
    setup = {**PRESETS[10], "spies": 2, "trickster": 1, "mayor": 0}
    seats, teams = Counter(), Counter()
    for i in range(600):
        cards = deal_roles(setup, 10, i)
        seats.update(k for k, c in enumerate(cards) if c["team"] == "spies")
        teams[next(c["team"] for c in cards if c["role"] == "trickster")] += 1
    expected = sum(seats.values()) / 10
    assert len(seats) == 10 and all(abs(k - expected) < 0.25 * expected for k in seats.values())
    assert 240 < teams["spies"] < 360


def test_commitments_and_the_seed_from_revealed_values():
    values = ["a9f3", "k2", "zz-7"]
    commits = [commitment(v) for v in values]
    assert commits[0] == hashlib.sha256(b"a9f3").hexdigest()
    assert check_reveals(commits, values) == []
    assert check_reveals(commits, ["a9f3", "k3", "zz-7"]) == [1]
    seed = seed_from(values)
    assert len(seed) == 64 and seed != seed_from(list(reversed(values)))
    with pytest.raises(GameError):
        seed_from(["has\nnewline"])
    assert canonical({"type": "vote", "target": 2, "at": 5}) == '{"target":2,"type":"vote"}'
    assert action_commitment({"type": "vote", "target": 2, "at": 5}, "n") == \
        action_commitment({"target": 2, "type": "vote", "at": 99}, "n")


def finished(seed, players=8):
    state = spy.new_game({}, NAMES[:players], seed)
    play_out(spy, state, ["normal"] * players, seed)
    return state


def test_audit_of_an_honest_record_passes_and_lists_the_seats_actions():
    state = finished(seed_from(["x", "y"]))
    record = json.loads(json.dumps(to_record(state)))
    seat = 3
    report = audit(record, seat, shown_role=state["roles"][seat])
    assert report["ok"], report["problems"]
    mine = [a for s, a in state["actions"] if s == seat]
    assert [m["action"] for m in report["actions"]] == mine
    assert report["mates"] == state["known"][seat]
    assert audit(record, seat, sent=[{k: v for k, v in a.items() if k != "at"} for a in mine])["ok"]


def test_audit_finds_a_wrong_card_a_fixed_deal_and_missing_or_extra_actions():
    state = finished("audit")
    record = to_record(state)
    seat = 2
    wrong = {"role": "spy" if state["roles"][seat]["role"] != "spy" else "citizen",
             "team": "spies"}
    codes = [p["code"] for p in audit(record, seat, shown_role=wrong)["problems"]]
    assert codes == ["role_mismatch"]
    mine = [{k: v for k, v in a.items() if k != "at"} for s, a in state["actions"] if s == seat]
    report = audit(record, seat, sent=mine + [{"type": "vote", "target": 0}])
    assert [p["code"] for p in report["problems"]] == ["action_missing"]
    report = audit(record, seat, sent=mine[1:])
    assert [p["code"] for p in report["problems"]] == ["action_extra"]
    fixed = spy.new_game({}, NAMES[:8], "audit",
                         roles=[c["role"] if c["role"] not in ("trickster", "mayor")
                                else f"{c['role']}:{c['team']}" for c in reversed(state["roles"])])
    report = audit(to_record(fixed), 0)
    assert {p["code"] for p in report["problems"]} >= {"roles_fixed", "not_over"}
