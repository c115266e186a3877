"""The options of the rule book with their defaults, and the catalog the lobby reads.

Two kinds of option:
- rules options (parity, tie, merge_at, reveal, inactivity, warm-up, timing, the stalemate
  rule);
- role counts (spies, double_agent, vigilante, priest, psychic, brothers, trickster, mayor):
  int options whose default (None) is the preset for the player count. Given counts
  replace the preset's for those roles; the resolved options keep every count, so a record
  names its setup in full.
"""

from functools import lru_cache

from ..core import options as core
from ..core.errors import GameError
from .presets import PRESETS
from .preset_hints import HINTS
from .roles import SETUP_KEYS, SETUP_LIMITS, ROLES, VARIABLE
from .setups import MIN_PLAYERS, MAX_PLAYERS, check_setup, check_players_count, fewest_players

TIES = ("none", "random")          # a tied vote kills nobody [decision], or one drawn
REVEALS = ("none", "team", "role")  # what a death announces of the dead [decision: none]
# the bots' levels, weakest first, as the lobby offers them (bots/ has one bot for each)
BOT_LEVELS = ("easy", "normal")

RULES = {
    "parity": False,      # spies also win once they are at least as many as the rest
    "tie": "none",
    "merge_at": 4,        # both days merge into one when this many or fewer live [decision]
    "reveal": "none",     # the seed's GM never tells roles ("Jamás se revelará ...")
    "inactivity": True,   # a living player who does not vote is removed (unless excused)
    "warmup_days": 0,     # days of talk before the first cycle ("marcha blanca")
    "day_minutes": 0,     # 0: untimed, the host closes each day; else each day's length
    "mayor_window": 15,   # the Mayor's window: the last minutes of a timed vote day
    "mayor_gap": 5,       # minutes between the Mayor's two redirections of one day
    "stall_cycles": 3,    # [decision] the stalemate rule: this many cycles in a row without a
                          # death and the spies win; 0: off (docs/games/spy.md, "Decisions")
}
INT_RANGES = {"merge_at": (0, 20), "warmup_days": (0, 3), "day_minutes": (0, 10080),
              "mayor_window": (1, 120), "mayor_gap": (0, 60), "stall_cycles": (0, 10)}
CHOICES = {"tie": TIES, "reveal": REVEALS}
DEFAULTS = {**RULES, **{k: None for k in SETUP_KEYS}}


def _bad(name, expected):
    return GameError("bad_option", f"option {name} must be {expected}", where=f"options.{name}",
                     option=name, expected=expected)


def resolve_options(options, players: int) -> dict:
    """Every option filled in and checked; the role counts resolved against the preset for
    `players` (GameError naming the problem otherwise)."""
    o = core.resolve_options(catalog(), options)
    check_players_count(players)
    for key, default in RULES.items():
        v = o[key]
        if type(default) is bool and type(v) is not bool:
            raise _bad(key, "true or false")
        if key in CHOICES and v not in CHOICES[key]:
            raise _bad(key, " or ".join(CHOICES[key]))
        if key in INT_RANGES:
            lo, hi = INT_RANGES[key]
            if type(v) is not int or not lo <= v <= hi:
                raise _bad(key, f"a whole number from {lo} to {hi}")
    setup = {k: PRESETS[players][k] if o[k] is None else o[k] for k in SETUP_KEYS}
    try:
        o.update(check_setup(setup, players))
    except GameError as e:
        raise e.at("options")
    return o


def setup_of(options: dict) -> dict:
    """The role counts of resolved options."""
    return {k: options[k] for k in SETUP_KEYS}


@lru_cache(maxsize=None)
def _role_count_range(key: str) -> tuple:
    """(min, max, seats per value) of a role count: the largest value some player count
    takes with the rest of its preset, and the fewest players each value needs."""
    lo, hi = SETUP_LIMITS[key]
    fewest = {v: fewest_players(key, v) for v in range(lo, hi + 1)}
    top = max(v for v, n in fewest.items() if n is not None)
    seats = {str(v): {"min": n, "max": MAX_PLAYERS} for v, n in fewest.items()
             if n is not None and n > MIN_PLAYERS and v <= top}
    return lo, top, seats


def catalog() -> dict:
    """What the lobby offers (engine/core/game.py `catalog`): 5–20 players, the rules
    options, the role counts (default: the preset for the player count, listed per count in
    `by_players`), the presets and the roles with their teams, and the bot levels."""
    opts = [
        {"key": "parity", "kind": "bool", "default": RULES["parity"], "chip": True},
        {"key": "tie", "kind": "choice", "values": list(TIES), "default": RULES["tie"], "chip": True},
        {"key": "reveal", "kind": "choice", "values": list(REVEALS), "default": RULES["reveal"],
         "chip": True},
        {"key": "inactivity", "kind": "bool", "default": RULES["inactivity"]},
        {"key": "merge_at", "kind": "int", "min": 0, "max": 20, "step": 1,
         "default": RULES["merge_at"]},
        {"key": "warmup_days", "kind": "int", "min": 0, "max": 3, "step": 1,
         "default": RULES["warmup_days"]},
        {"key": "day_minutes", "kind": "int", "min": 0, "max": 10080, "step": 30,
         "default": RULES["day_minutes"], "chip": True},
        {"key": "mayor_window", "kind": "int", "min": 1, "max": 120, "step": 5,
         "default": RULES["mayor_window"]},
        {"key": "mayor_gap", "kind": "int", "min": 0, "max": 60, "step": 1,
         "default": RULES["mayor_gap"]},
        {"key": "stall_cycles", "kind": "int", "min": 0, "max": 10, "step": 1,
         "default": RULES["stall_cycles"], "chip": True},
    ]
    for key in SETUP_KEYS:
        lo, top, seats = _role_count_range(key)
        opts.append({"key": key, "kind": "int", "min": lo, "max": top, "step": 1, "default": None,
                     "role_count": True, "players": {v: dict(s) for v, s in seats.items()},
                     "by_players": {str(n): PRESETS[n][key] for n in PRESETS}})
    return {
        "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
        "options": opts,
        "bots": list(BOT_LEVELS),
        "clock": True,
        "roles": [{"role": r, "team": t, "variable": r in VARIABLE} for r, t in ROLES.items()],
        "setup_keys": {k: {"role": r, "seats": s} for k, (r, s) in SETUP_KEYS.items()},
        "presets": {str(n): dict(p) for n, p in PRESETS.items()},
        # the shipped balance hints of the presets (preset_hints.py), for the lobby
        "hints": {str(n): _rounded(h) for n, h in HINTS.items()},
        # remote seats take part in a commit-reveal deal (engine/core/fair.py): the host
        # cannot choose the roles, and every device audits the game afterwards (fair.py)
        "fair": True,
    }


def _rounded(value):
    """Numbers to four places: the catalog is fetched by every lobby."""
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value
