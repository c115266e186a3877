"""Commit-reveal for a fair deal (docs/multiplayer.md, "A fair deal"), for any game whose
catalog says `fair`: before the deal every device commits to a random value, the host
publishes every commitment, then each device reveals its value to the host, who makes the
game's seed from all of them. Nobody — the host included — can choose the seed alone; after
the game the values are published and every device checks its own and the seed. Each code
a device sends during the game carries a commitment to its actions (`code_commitment`),
which the host posts, so that the record published at the end can be checked against them.
"""

import hashlib
import json

from .errors import GameError


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commitment(value: str) -> str:
    """A device's commitment to its random value: SHA-256 of its UTF-8 bytes, in hex."""
    if not isinstance(value, str) or not value:
        raise GameError("bad_value", "a committed value is a non-empty text")
    return _sha(value)


def seed_from(values: list) -> str:
    """The game's seed from the revealed values in order (the host's first, then the remote
    seats' in seat order): SHA-256 (hex) of the values joined by newlines (a value may not
    contain one)."""
    if not isinstance(values, list) or not values or \
            any(not isinstance(v, str) or not v or "\n" in v for v in values):
        raise GameError("bad_value", "the revealed values are non-empty texts without newlines")
    return _sha("\n".join(values))


def check_reveals(commitments: list, values: list) -> list[int]:
    """The places whose revealed value does not match their commitment (a missing value
    or commitment counts as not matching)."""
    if not isinstance(commitments, list) or not isinstance(values, list):
        raise GameError("bad_value", "commitments and values are lists")
    out = []
    for i in range(max(len(commitments), len(values))):
        c = commitments[i] if i < len(commitments) else None
        v = values[i] if i < len(values) else None
        if not isinstance(v, str) or not v or commitment(v) != c:
            out.append(i)
    return out


def check(commitments: list, values: list) -> dict:
    """What a device checks once the values are published: {bad: places whose value does
    not match its commitment, seed: the seed the values make (None if any is bad)}."""
    bad = check_reveals(commitments, values)
    return {"bad": bad, "seed": None if bad else seed_from(values)}


def canonical(action: dict) -> str:
    """An action as committed: its JSON with sorted keys, without the host's time."""
    return json.dumps({k: v for k, v in action.items() if k != "at"}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False)


def action_commitment(action: dict, nonce: str) -> str:
    """The commitment to an action with a device's secret nonce: SHA-256 (hex) of its
    canonical JSON, a newline and the nonce."""
    return _sha(canonical(action) + "\n" + nonce)


def code_commitment(actions: list, nonce: str) -> str:
    """A device's commitment to the actions one of its codes carries (all of them as one),
    sent sealed with the code; the host posts it in its next state link."""
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions) \
            or not isinstance(nonce, str) or not nonce:
        raise GameError("bad_value", "a commitment takes a list of actions and a nonce")
    return action_commitment({"type": "code", "actions": actions}, nonce)
