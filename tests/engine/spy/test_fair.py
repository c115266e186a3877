"""The fair deal: roles are a pure function of (setup, players, seed); a device can audit a
finished game's record from its own seat."""

import hashlib
import json
from collections import Counter

import pytest

from engine.core.errors import GameError
from engine.core.links import link_parts
from engine.core.record import to_record
from engine.sim.play import play_out
from engine import spy
from engine.spy.deal import deal_roles, role_list
from engine.spy.fair import (audit, action_commitment, canonical, check_reveals, commitment,
                             seed_from)
from engine.spy.presets import PRESETS
from engine.spy.tools import TOOLS

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


def end_link_of(state, seat):
    """A finished game's link as a seat's page gets it: the public part and its own part."""
    parts = json.loads(json.dumps(link_parts(spy, state, {seat})))
    return parts["public"], parts["privates"][seat]


def test_the_audit_of_a_final_link_checks_the_deal_the_card_and_the_seats_moves():
    """A final link carries the end and the seed, not the record (engine/spy/end_link.py):
    the audit finds from it what the record's finds."""
    state = finished(seed_from(["x", "y"]), players=12)
    seat = 5
    public, private = end_link_of(state, seat)
    assert "over" not in public and public["E"]["s"] == state["seed"]
    mine = [{k: v for k, v in a.items() if k != "at"} for s, a in state["actions"] if s == seat]
    honest = TOOLS["audit"](public, seat, state["roles"][seat], mine, private)
    assert honest["ok"], honest["problems"]
    assert honest["seed"] == state["seed"] and honest["roles"] == state["roles"]
    assert [m["action"] for m in honest["actions"]] == mine
    wrong = {"role": "spy" if state["roles"][seat]["role"] != "spy" else "citizen", "team": "spies"}
    codes = lambda report: [p["code"] for p in report["problems"]]  # noqa: E731
    assert codes(TOOLS["audit"](public, seat, wrong, mine, private)) == ["role_mismatch"]
    assert codes(TOOLS["audit"](public, seat, None, mine + [{"type": "vote", "target": 0}], private)) \
        == ["action_missing"]
    assert codes(TOOLS["audit"](public, seat, None, mine[1:], private)) == ["action_extra"]
    # a host that added a move the device never sent
    changed = {"m": "a0" + private["m"]}
    assert codes(TOOLS["audit"](public, seat, None, mine, changed)) == ["action_extra"]
    # a host that names other roles than the seed deals: the deal does not match
    other = [f"{c['role']}:{c['team']}" for c in reversed(state["roles"])]
    assert codes(TOOLS["audit"]({"E": {**public["E"], "R": other}}, seat, None, None, private)) == ["deal_mismatch"]
    # ... or another seed than the values make: the device compares the seed (fairplayer.js)
    assert TOOLS["audit"]({"E": {**public["E"], "s": "other"}}, seat, None, None, private)["seed"] == "other"
    with pytest.raises(GameError) as err:
        TOOLS["audit"](public, seat, None, mine, None)
    assert err.value.code == "code_invalid"


def test_the_audit_of_a_final_link_of_a_fixed_deal():
    state = finished("audit", players=8)
    fixed = spy.new_game({}, NAMES[:8], "audit",
                         roles=[c["role"] if c["role"] not in ("trickster", "mayor")
                                else f"{c['role']}:{c['team']}" for c in reversed(state["roles"])])
    play_out(spy, fixed, ["normal"] * 8, "audit")
    public, private = end_link_of(fixed, 0)
    report = TOOLS["audit"](public, 0, None, None, private)
    assert {"roles_fixed", "deal_mismatch"} <= {p["code"] for p in report["problems"]}
