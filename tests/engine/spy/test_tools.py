"""The spy game's tools for its table (engine/spy/tools.py, the bridge's game_tool): the
balance hint in parts, the audit from a finished game's link."""

import json

import pytest

from engine import spy
from engine.core.errors import GameError
from engine.core.record import to_record
from engine.sim.play import play_out
from engine.spy.fair import seed_from
from engine.spy.link import link_public, link_record, pack_actions
from engine.spy.tools import TOOLS

from .helpers import NAMES


def test_the_hint_in_parts_adds_up_to_the_hint_of_all_games():
    first = TOOLS["balance"](6, {"spies": None, "mayor": 1}, games=6)
    assert first["games"] == 6 and first["setup"]["mayor"] == 1
    both = TOOLS["balance"](6, {"mayor": 1}, games=6, part=1, prior=first)
    second = TOOLS["balance"](6, {"mayor": 1}, games=6, part=1)
    assert both["games"] == 12
    for team in ("spies", "citizens", "nobody"):
        assert both["teams"][team]["wins"] == first["teams"][team]["wins"] + second["teams"][team]["wins"]
    lo, hi = both["teams"]["spies"]["ci95"]
    assert lo <= both["teams"]["spies"]["rate"] <= hi
    assert both["cycles"] == pytest.approx((first["cycles"] + second["cycles"]) / 2)
    json.dumps(both)
    for bad in ({"games": 0}, {"games": 2000}, {"part": -1}, {"prior": {"games": 3}}):
        with pytest.raises(GameError):
            TOOLS["balance"](6, {}, **{"games": 4, **bad})
    with pytest.raises(GameError) as e:
        TOOLS["balance"](6, {"spies": 3}, games=2)
    assert e.value.code == "spies_not_minority"


def test_the_catalog_carries_the_shipped_hints_and_the_fair_flag():
    cat = spy.catalog()
    assert cat["fair"] is True
    assert set(cat["hints"]) == {str(n) for n in range(5, 21)}
    assert cat["hints"]["10"]["setup"] == cat["presets"]["10"]
    assert cat["hints"]["10"]["teams"]["spies"]["wins"] == 423


def test_the_audit_reads_a_final_link_made_before_end_links_and_catches_a_changed_role():
    """Final links made before issue 34's end links (engine/spy/end_link.py) carried the
    whole record: the audit still replays it (tests/engine/spy/test_fair.py: the end link's)."""
    seed = seed_from(["host", "ann"])
    state = spy.new_game({}, NAMES[:6], seed)
    play_out(spy, state, ["normal"] * 6, seed)
    end = link_public(state)["E"]
    public = json.loads(json.dumps({"over": {"o": end["o"], "r": end["r"], "p": state["players"], "s": seed,
                                             "a": pack_actions(state["actions"])}}))
    record = link_record(public)
    assert record["seed"] == seed and record["actions"] == to_record(state)["actions"]
    seat = 2
    sent = [{k: v for k, v in a.items() if k != "at"} for s, a in state["actions"] if s == seat]
    ok = TOOLS["audit"](public, seat, seen=state["roles"][seat], sent=sent)
    assert ok["ok"] and ok["seed"] == seed and ok["role"] == state["roles"][seat]
    other = next(c for c in state["roles"] if c != state["roles"][seat])
    caught = TOOLS["audit"](public, seat, seen=other, sent=sent)
    assert [p["code"] for p in caught["problems"]] == ["role_mismatch"]
