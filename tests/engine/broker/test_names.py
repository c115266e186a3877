"""Broker-Yard's records keep their hands by the players' names: a name kept without its
invisible characters still finds its hand (engine/core/names.py)."""

import json

import pytest

from engine.core.errors import GameError
from engine.core.record import replay


def test_broker_hands_keyed_by_the_names_as_written_still_replay():
    """A record's hands are keyed by its players' names; a name with an invisible character
    is kept without it, and its hand still finds it."""
    with open("tests/fixtures/broker-yard/example-classic.json", encoding="utf-8") as f:
        record = json.load(f)
    _, plain = replay(record)
    written = json.loads(json.dumps(record).replace('"Ann"', '"A\\u200bnn"'))
    assert "A\u200bnn" in written["hands"] and "A\u200bnn" in written["players"]
    _, state = replay(written)
    assert state == plain
    written["hands"]["Ann"] = written["hands"]["A\u200bnn"]  # two hands for one player
    with pytest.raises(GameError) as e:
        replay(written)
    assert e.value.code == "bad_hands"
