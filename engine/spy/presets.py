"""The preset setups for 5 to 20 players: counts per role (brothers: pairs), every other
seat a plain Citizen. Chosen with the balance hint (engine/spy/balance.py, docs/games/spy.md
"Balance"): more roles as the table grows, and the number of spies that brings the normal
bots' games nearest an even split. Data only."""

# players: spies, double_agent, vigilante, priest, psychic, brothers, trickster, mayor
_TABLE = {
    5: (1, 0, 1, 1, 1, 0, 0, 0),
    6: (1, 0, 1, 1, 1, 0, 0, 0),
    7: (1, 0, 1, 1, 1, 0, 0, 1),
    8: (1, 0, 1, 1, 1, 1, 0, 1),
    9: (1, 0, 1, 1, 1, 1, 0, 1),
    10: (1, 0, 1, 1, 1, 1, 0, 1),
    11: (1, 0, 1, 1, 1, 1, 1, 1),
    12: (1, 0, 1, 1, 1, 1, 1, 1),
    13: (1, 0, 1, 1, 1, 1, 1, 1),
    14: (1, 0, 1, 1, 1, 1, 1, 1),
    15: (2, 0, 1, 1, 1, 1, 0, 1),
    16: (2, 0, 1, 1, 1, 1, 0, 1),
    17: (2, 0, 1, 1, 1, 1, 1, 1),
    18: (1, 1, 1, 1, 1, 1, 1, 0),
    19: (1, 1, 1, 1, 1, 1, 1, 1),
    20: (1, 1, 1, 1, 1, 1, 1, 1),
}
_KEYS = ("spies", "double_agent", "vigilante", "priest", "psychic", "brothers", "trickster", "mayor")

PRESETS = {n: dict(zip(_KEYS, row)) for n, row in _TABLE.items()}
