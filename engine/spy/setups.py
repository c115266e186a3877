"""Setups: how many of each role a game deals (a setup = counts per role), the presets for
5 to 20 players, and the checks that refuse a setup the rules cannot play.

A setup is a dict over the option keys of `roles.SETUP_KEYS` (spies, double_agent,
vigilante, priest, psychic, brothers (pairs), trickster, mayor); every seat left over is a
plain Citizen. The presets are data: `presets.py`.
"""

from ..core.errors import GameError, short
from .presets import PRESETS
from .roles import SETUP_KEYS, SETUP_LIMITS, VARIABLE

MIN_PLAYERS, MAX_PLAYERS = 5, 20


def check_players_count(n: int) -> None:
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise GameError("bad_player_count", f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                        f"not {n}", where="players", players=n, minimum=MIN_PLAYERS,
                        maximum=MAX_PLAYERS)


def preset(n: int) -> dict:
    """The preset setup for `n` players (a copy)."""
    check_players_count(n)
    return dict(PRESETS[n])


def seats_of(setup: dict) -> int:
    """How many seats the setup's special roles (spies included) fill."""
    return sum(setup[k] * SETUP_KEYS[k][1] for k in SETUP_KEYS)


def spy_team_at_most(setup: dict) -> int:
    """The spy team's size if every variable role is drawn for the spies."""
    return setup["spies"] + setup["double_agent"] + sum(setup[r] for r in VARIABLE)


def check_setup(setup, n: int) -> dict:
    """A complete setup for `n` players, or GameError saying what is wrong: every count in
    its range, the roles fit in the seats, and the spies stay a strict minority however the
    variable roles (Trickster, Mayor) are drawn."""
    check_players_count(n)
    if not isinstance(setup, dict):
        raise GameError("bad_setup", "a setup maps roles to counts", where="setup")
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise GameError("unknown_role", f"no role called {short(unknown[0])!r}", where=short(unknown[0]),
                        role=short(unknown[0]))
    out = {}
    for key in SETUP_KEYS:
        lo, hi = SETUP_LIMITS[key]
        v = setup.get(key, 0)
        if type(v) is not int or not lo <= v <= hi:
            raise GameError("bad_role_count", f"{key} must be a whole number from {lo} to {hi}",
                            where=key, role=key, minimum=lo, maximum=hi)
        out[key] = v
    used = seats_of(out)
    if used > n:
        raise GameError("too_many_roles", f"the roles need {used} seats but there are {n} players",
                        where="setup", needed=used, players=n)
    spies = spy_team_at_most(out)
    if 2 * spies >= n:
        raise GameError("spies_not_minority", f"with {n} players the spies (up to {spies} with the "
                        f"variable roles) must be fewer than half", where="setup", spies=spies,
                        players=n, maximum=(n - 1) // 2)
    return out


def fewest_players(key: str, value: int) -> int | None:
    """The fewest players for whom the preset with `key` set to `value` is a valid setup
    (the catalog tells the lobby; None: no player count takes it)."""
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        try:
            check_setup({**PRESETS[n], key: value}, n)
            return n
        except GameError:
            continue
    return None
