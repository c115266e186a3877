"""The role deal: a pure function of (setup, number of players, seed), so that every device
can recompute it from the seed of a commit-reveal exchange and check the host (fair.py).

    deal_roles({"spies": 2, "priest": 1, ...}, 8, seed) -> [{"role", "team"}, ...] by seat

The role list is built in a fixed order (SETUP_KEYS, then Citizens), shuffled with the
seed's "deal" stream; each variable role's team is drawn from its own stream (1 in 2).
"""

from ..core.errors import GameError, short
from ..core.rng import Stream
from .roles import ROLES, SETUP_KEYS, SPIES, CITIZENS, TEAMS, in_kill_group
from .setups import check_setup


def check_seed(seed):
    if type(seed) is int or (isinstance(seed, str) and 0 < len(seed) <= 100):
        return seed
    raise GameError("bad_seed", "the seed must be a whole number or a short text", where="seed")


def role_list(setup: dict, n: int) -> list[str]:
    roles = []
    for key, (role, per) in SETUP_KEYS.items():
        roles += [role] * (setup[key] * per)
    return roles + ["citizen"] * (n - len(roles))


def deal_roles(setup: dict, n: int, seed) -> list[dict]:
    """Each seat's role card {"role", "team"} for this setup, player count and seed."""
    setup = check_setup(setup, n)
    check_seed(seed)
    roles = Stream(seed, "deal").shuffle(role_list(setup, n))
    cards = []
    for role in roles:
        team = ROLES[role]
        if team is None:
            team = TEAMS[Stream(seed, "team", role).below(2)]
        cards.append({"role": role, "team": team})
    return cards


def check_given_roles(given, setup: dict, n: int) -> list[dict]:
    """Roles fixed by a record's setup (tests, puzzles): one entry per seat, "role" or
    "role:team" for a variable role, matching the setup's counts exactly."""
    if not isinstance(given, list) or len(given) != n:
        raise GameError("bad_roles", f"roles must list one role per player ({n})", where="roles")
    cards = []
    for i, text in enumerate(given):
        role, _, team = text.partition(":") if isinstance(text, str) else ("", "", "")
        if role not in ROLES:
            raise GameError("unknown_role", f"no role called {short(text)!r}",
                            where=f"roles[{i}]", role=short(text))
        fixed = ROLES[role]
        if fixed is None and team not in TEAMS:
            raise GameError("bad_roles", f"a {role} needs a team: {role}:citizens or {role}:spies",
                            where=f"roles[{i}]", role=role)
        if fixed is not None and team not in ("", fixed):
            raise GameError("bad_roles", f"a {role} is always on the {fixed}' team",
                            where=f"roles[{i}]", role=role)
        cards.append({"role": role, "team": fixed or team})
    if sorted(c["role"] for c in cards) != sorted(role_list(setup, n)):
        raise GameError("bad_roles", "the roles do not match the setup's counts", where="roles")
    return cards


def known_mates(cards: list[dict]) -> list[list[int]]:
    """Whom each seat knows from the start: the spies (all but the Mayor) know each other,
    the Brothers know each other; everybody else knows nobody."""
    group = [i for i, c in enumerate(cards) if in_kill_group(c)]
    brothers = [i for i, c in enumerate(cards) if c["role"] == "brother"]
    out = []
    for i in range(len(cards)):
        if i in group:
            out.append([j for j in group if j != i])
        elif i in brothers:
            out.append([j for j in brothers if j != i])
        else:
            out.append([])
    return out


__all__ = ["deal_roles", "check_given_roles", "known_mates", "check_seed", "role_list",
           "SPIES", "CITIZENS"]
