"""The power plant cards and the resource market of the base game, as data
(rule book: "Base game parts the variant keeps").

A plant is `number: (kind, input, powers)`: the resource it burns, how many units one run
takes, and how many cities it powers. In the variant `powers` counts cities *other than*
the plant's home city, which it powers by being run.
"""

COAL, OIL, GARBAGE, URANIUM = "coal", "oil", "garbage", "uranium"
HYBRID, ECO, FUSION = "hybrid", "eco", "fusion"
RESOURCES = (COAL, OIL, GARBAGE, URANIUM)

PLANTS = {
    3: (OIL, 2, 1), 4: (COAL, 2, 1), 5: (HYBRID, 2, 1), 6: (GARBAGE, 1, 1),
    7: (OIL, 3, 2), 8: (COAL, 3, 2), 9: (OIL, 1, 1), 10: (COAL, 2, 2),
    11: (URANIUM, 1, 2), 12: (HYBRID, 2, 2), 13: (ECO, 0, 1), 14: (GARBAGE, 2, 2),
    15: (COAL, 2, 3), 16: (OIL, 2, 3), 17: (URANIUM, 1, 2), 18: (ECO, 0, 2),
    19: (GARBAGE, 2, 3), 20: (COAL, 3, 5), 21: (HYBRID, 2, 4), 22: (ECO, 0, 2),
    23: (URANIUM, 1, 3), 24: (GARBAGE, 2, 4), 25: (COAL, 2, 5), 26: (OIL, 2, 5),
    27: (ECO, 0, 3), 28: (URANIUM, 1, 4), 29: (HYBRID, 1, 4), 30: (GARBAGE, 3, 6),
    31: (COAL, 3, 6), 32: (OIL, 3, 6), 33: (ECO, 0, 4), 34: (URANIUM, 1, 5),
    35: (OIL, 1, 5), 36: (COAL, 3, 7), 37: (ECO, 0, 4), 38: (GARBAGE, 3, 7),
    39: (URANIUM, 1, 6), 40: (OIL, 2, 6), 42: (COAL, 2, 6), 44: (ECO, 0, 5),
    46: (HYBRID, 3, 7), 50: (FUSION, 0, 6),
}
STEP3 = "step3"  # the «Step 3» card in the draw stack
OPENING = (3, 4, 5, 6, 7, 8, 9, 10)  # the opening market: 03-06 current, 07-10 future
TOP_CARD = 13
REMOVED = {2: 8, 3: 8, 4: 4}  # plants removed face down at the start, by player count

# Clean plants never pollute. [decision] fusion (50) is clean and not nuclear.
DIRTY = (COAL, OIL, GARBAGE, HYBRID)
NUCLEAR = URANIUM


def kind(n: int) -> str:
    return PLANTS[n][0]


def needs(n: int) -> int:
    """Resource units one run takes (0 for eco and fusion)."""
    return PLANTS[n][1]


def powers(n: int) -> int:
    return PLANTS[n][2]


def pollution(n: int) -> int:
    """A dirty plant pollutes by its input, whether it runs or not."""
    return PLANTS[n][1] if PLANTS[n][0] in DIRTY else 0


def burns(n: int) -> tuple:
    """The resources plant n burns (and stores): hybrid takes coal and oil."""
    k = PLANTS[n][0]
    if k == HYBRID:
        return (COAL, OIL)
    return (k,) if k in RESOURCES else ()


def storage(n: int) -> int:
    """A plant stores up to twice its input (all its resources together, for a hybrid)."""
    return 2 * PLANTS[n][1]


def room(n: int, stored: dict, resource: str) -> int:
    """How many more units of `resource` plant n can take, holding `stored`."""
    if resource not in burns(n):
        return 0
    return storage(n) - sum(stored.values())


def can_upgrade(old: int, new: int) -> bool:
    """A built plant is replaced by a plant of the same kind; fusion replaces any."""
    return new != old and (kind(new) == FUSION or kind(new) == kind(old))


# ---------------------------------------------------------------- the resource market
# Unit prices of each resource's spaces, cheapest first: coal, oil and garbage 3 per space
# at 1..8, uranium 1 per space at 1..8, 10, 12, 14, 16.
SPACES = {
    COAL: [p for p in range(1, 9) for _ in range(3)],
    OIL: [p for p in range(1, 9) for _ in range(3)],
    GARBAGE: [p for p in range(1, 9) for _ in range(3)],
    URANIUM: [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16],
}
TOTAL = {COAL: 24, OIL: 24, GARBAGE: 24, URANIUM: 12}  # every unit in the box
# At the start: coal 1-8 full, oil 3-8, garbage 7-8, uranium 14 and 16.
START_MARKET = {COAL: 24, OIL: 18, GARBAGE: 6, URANIUM: 2}
# Refill after bureaucracy, (coal, oil, garbage, uranium) by players and step.
REFILL = {
    2: {1: (3, 2, 1, 1), 2: (4, 2, 2, 1), 3: (3, 4, 3, 1)},
    3: {1: (4, 2, 1, 1), 2: (5, 3, 2, 1), 3: (3, 4, 3, 1)},
    4: {1: (5, 3, 2, 1), 2: (6, 4, 3, 2), 3: (4, 5, 4, 2)},
}


def unit_prices(resource: str, in_market: int) -> list[int]:
    """The prices of the units on the market, cheapest first: they fill the dearest spaces."""
    spaces = SPACES[resource]
    return spaces[len(spaces) - in_market:]


def price_of(resource: str, in_market: int, amount: int) -> int:
    """What buying `amount` units costs, cheapest first (amount <= in_market)."""
    return sum(unit_prices(resource, in_market)[:amount])
