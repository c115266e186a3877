"""The commit-reveal exchange of a fair deal (engine/core/fair.py), shared by every game
whose catalog says `fair`."""

import hashlib

import pytest

from engine.core import fair
from engine.core.errors import GameError


def test_commitments_reveals_and_the_seed():
    values = ["host-value", "ann-value", "bob-value"]
    commits = [fair.commitment(v) for v in values]
    assert commits[1] == hashlib.sha256(b"ann-value").hexdigest()
    assert fair.check(commits, values) == {"bad": [], "seed": fair.seed_from(values)}
    assert fair.seed_from(values) == hashlib.sha256("\n".join(values).encode()).hexdigest()
    # a changed value, a missing value or a missing commitment is caught, and makes no seed
    assert fair.check(commits, ["host-value", "other", "bob-value"]) == {"bad": [1], "seed": None}
    assert fair.check(commits, values[:2])["bad"] == [2]
    assert fair.check(commits[:2], values)["bad"] == [2]
    # the order matters: the host cannot reorder the values into another seed
    assert fair.seed_from(values) != fair.seed_from(values[::-1])
    for bad in ([], ["a\nb"], [""], "text", [3]):
        with pytest.raises(GameError):
            fair.seed_from(bad)
    with pytest.raises(GameError):
        fair.commitment("")


def test_a_codes_commitment_binds_its_actions_and_nonce_not_the_hosts_time():
    acts = [{"type": "kill", "target": 3}, {"type": "done"}]
    k = fair.code_commitment(acts, "n1")
    assert k == fair.action_commitment({"type": "code", "actions": acts}, "n1")
    assert k != fair.code_commitment(acts, "n2") and k != fair.code_commitment(acts[::-1], "n1")
    assert fair.canonical({"type": "vote", "target": 2, "at": 5}) == '{"target":2,"type":"vote"}'
    assert fair.action_commitment({"type": "vote", "target": 2, "at": 5}, "n") == \
        fair.action_commitment({"target": 2, "type": "vote", "at": 99}, "n")
    for bad in (("kill", "n1"), ([3], "n1"), (acts, "")):
        with pytest.raises(GameError):
            fair.code_commitment(*bad)
