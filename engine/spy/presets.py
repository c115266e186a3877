"""The preset setups for 5 to 20 players: counts per role (brothers: pairs), every other
seat a plain Citizen. Chosen with the balance hint (engine/spy/balance.py, docs/games/spy.md
"Balance"); data only."""

# players: spies, double_agent, vigilante, priest, psychic, brothers, trickster, mayor
_TABLE = {
    5: (1, 0, 0, 1, 1, 0, 0, 0),
    6: (1, 0, 1, 1, 1, 0, 0, 0),
    7: (2, 0, 1, 1, 1, 0, 0, 0),
    8: (2, 0, 1, 1, 1, 1, 0, 0),
    9: (2, 0, 1, 1, 1, 1, 1, 0),
    10: (2, 1, 1, 1, 1, 1, 1, 0),
    11: (2, 1, 1, 1, 1, 1, 1, 1),
    12: (2, 1, 1, 1, 1, 1, 1, 1),
    13: (3, 1, 1, 1, 1, 1, 1, 1),
    14: (3, 1, 1, 1, 1, 1, 1, 1),
    15: (3, 1, 1, 1, 1, 1, 1, 1),
    16: (4, 1, 1, 1, 1, 1, 1, 1),
    17: (4, 1, 1, 1, 1, 1, 1, 1),
    18: (4, 1, 1, 1, 1, 1, 1, 1),
    19: (5, 1, 1, 1, 1, 1, 1, 1),
    20: (5, 1, 1, 1, 1, 1, 1, 1),
}
_KEYS = ("spies", "double_agent", "vigilante", "priest", "psychic", "brothers", "trickster", "mayor")

PRESETS = {n: dict(zip(_KEYS, row)) for n, row in _TABLE.items()}
