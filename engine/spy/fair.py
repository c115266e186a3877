"""Fair play without trusting the host (docs/games/spy.md, "Fair deal").

The host's device is the game master: it must know the roles to run the game. What the
others can do is check it afterwards:
1. before the deal every device commits to a random value: `commitment(value)`, and the
   host publishes all commitments (its own included) before anybody reveals;
2. each device reveals its value to the host alone; the host makes the seed with
   `seed_from(values)` (seat order) and deals with `deal_roles(setup, n, seed)`;
3. every secret action a device sends goes with a public `action_commitment(action,
   nonce)`, so the host cannot later change or drop it;
4. after the game the host publishes every value and the end of the game; each device
   checks its own value's commitment, recomputes the seed, and runs `audit_end(end link,
   its moves, seat, ...)` (or `audit(record, seat, ...)` on a record, as final links made
   before issue 34 carried it): the roles must be the seed's, its own card the one it was
   shown, and its own actions as applied the ones it committed to.
"""

import json

from ..core.errors import GameError, short
from ..core.fair import (commitment, seed_from, check_reveals,  # noqa: F401  (the exchange is shared)
                         canonical, action_commitment)
from .deal import deal_roles, known_mates
from .end_link import roles_of
from .options import resolve_options, setup_of
from .roles import SETUP_KEYS


def audit(record: dict, seat: int, shown_role: dict | None = None, sent: list | None = None) -> dict:
    """Check a game's record from the side of the device that played `seat`.

    Returns {"ok", "problems": [{"code", ...}], "roles", "role", "mates", "actions"}:
    the roles the seed deals (problem `roles_fixed` if the record fixed them instead,
    `deal_mismatch` if the replayed game dealt others), `role_mismatch` if `shown_role`
    (the card this device was shown) differs, and the seat's own actions as applied
    (`actions`: record index, action); with `sent` (the actions this device sent, in
    order) `action_missing` / `action_extra` name what does not match.
    """
    from ..core.record import replay  # the registry finds this game when the audit runs
    _, state = replay(record)
    n = len(state["players"])
    if type(seat) is not int or not 0 <= seat < n:
        raise GameError("unknown_seat", "no such seat", seat=short(seat, 20))
    options = resolve_options(record.get("options"), n)
    dealt = deal_roles(setup_of(options), n, record["seed"])
    problems = []
    if (record.get("setup") or {}).get("roles") is not None:
        problems.append({"code": "roles_fixed"})
    if dealt != state["roles"]:
        problems.append({"code": "deal_mismatch"})
    if not state["over"]:
        problems.append({"code": "not_over"})
    mine = [{"index": i, "action": a} for i, (s, a) in enumerate(state["actions"]) if s == seat]
    return _checked(problems, dealt, seat, mine, shown_role, sent)


def audit_end(end: dict, moves: list, seat: int, shown_role: dict | None = None,
              sent: list | None = None) -> dict:
    """The same check from a finished game's end link (engine/spy/end_link.py) instead of
    its record: the roles the link names against the seed's deal, the card shown against
    it, and `moves` (the seat's own, as its sealed part says the host applied them) against
    the ones the device sent."""
    players = end["p"]
    if type(seat) is not int or not 0 <= seat < len(players):
        raise GameError("unknown_seat", "no such seat", seat=short(seat, 20))
    dealt = deal_roles(setup_of(resolve_options({**end["o"], **dict(zip(SETUP_KEYS, end["r"]))},
                                                len(players))), len(players), end["s"])
    problems = []
    if end.get("F"):
        problems.append({"code": "roles_fixed"})
    if roles_of(end) != dealt:
        problems.append({"code": "deal_mismatch"})
    mine = [{"index": i, "action": a} for i, a in enumerate(moves)]
    return _checked(problems, dealt, seat, mine, shown_role, sent)


def _checked(problems, dealt, seat, mine, shown_role, sent) -> dict:
    """The seat's side of the audit: its card and its moves."""
    if shown_role is not None and shown_role != dealt[seat]:
        problems.append({"code": "role_mismatch", "shown": shown_role, "dealt": dealt[seat]})
    if sent is not None:
        applied = [canonical(m["action"]) for m in mine]
        wanted = [canonical(a) for a in sent]
        for k, text in enumerate(wanted):
            if text not in applied:
                problems.append({"code": "action_missing", "sent": k})
            else:
                applied.remove(text)
        for text in applied:
            problems.append({"code": "action_extra", "action": json.loads(text)})
    return {"ok": not problems, "problems": problems, "roles": dealt, "role": dealt[seat],
            "mates": known_mates(dealt)[seat], "actions": mine}
