"""The update of one colour's price (rule book, "The update", steps 1–3 and 5–7).

A pure function of the price at the round start and the effects played on that colour;
stop orders (step 4) and paying holders are the game's business (game.py), using what
this returns.
"""

from collections import Counter

PRICE_MIN, PRICE_MAX = 10, 250


def rank_key(group):
    """Steps 2 and 3 rank effects by absolute delta, and on equal size the price-raising
    one first [seed: "a priority is for the effect on price growth"]."""
    delta = group[1]
    return (-abs(delta), delta < 0)


def ranked(counts: dict) -> list[list]:
    """Effect groups [kind, delta, count], greatest first, empty groups left out.
    Equal effects are interchangeable, so a mass start's thousands of cards stay a few groups."""
    return sorted(([kind, delta, n] for (kind, delta), n in counts.items() if n > 0), key=rank_key)


def split(groups: list[list], n: int) -> tuple[list[list], list[list]]:
    """The n greatest effects and the rest."""
    head, tail = [], []
    for kind, delta, count in groups:
        take = min(n, count)
        n -= take
        if take:
            head.append([kind, delta, take])
        if count > take:
            tail.append([kind, delta, count - take])
    return head, tail


def update_colour(price: int, effects, zeros: int, zero_cancels: int, summed: int) -> dict:
    """The stages of one colour's update.

    effects: (kind, delta) pairs, kind "delta", "double" or "half" (multipliers already
    turned into deltas of the round-start price). zeros: how many zero cards hit the colour.
    Returns the effects left after each stage as groups [kind, delta, count], the sum,
    the computed price, and the new price with any bonus (per share, above 250) or
    penalty (per share, below 10).
    """
    counts = Counter(effects)
    played = ranked(counts)

    # Step 1: opposite effects cancel in pairs: +d against -d, ×2 against ÷2.
    # [decision] A delta never cancels a multiplier, even one of the same size.
    doubles = [k for k in counts if k[0] == "double"]
    halves = [k for k in counts if k[0] == "half"]
    pairs = min(sum(counts[k] for k in doubles), sum(counts[k] for k in halves))
    for keys in (doubles, halves):
        left = pairs
        for k in keys:
            take = min(left, counts[k])
            counts[k] -= take
            left -= take
    for kind, delta in list(counts):
        if kind == "delta" and delta > 0:
            pairs = min(counts[(kind, delta)], counts.get((kind, -delta), 0))
            if pairs:
                counts[(kind, delta)] -= pairs
                counts[(kind, -delta)] -= pairs
    after_cancel = ranked(counts)

    # Step 2: each zero cancels the 3 (or 4) greatest remaining effects.
    _zeroed, after_zero = split(after_cancel, zeros * zero_cancels)

    # Step 3: sum the 3 greatest (trump: the greatest).
    counted, _ = split(after_zero, summed)
    total = sum(delta * n for _, delta, n in counted)
    computed = price + total

    # Steps 5–7: the grid's ends pay or charge holders; a price ending in 5 is rounded
    # up when it rose and down when it fell.
    bonus = penalty = 0
    if computed > PRICE_MAX:
        new_price, bonus = PRICE_MAX, computed - PRICE_MAX
    elif computed < PRICE_MIN:
        new_price, penalty = PRICE_MIN, PRICE_MIN - computed
    elif computed % 10:
        new_price = computed + 5 if computed > price else computed - 5
    else:
        new_price = computed
    return {
        "price": price,
        "effects": played,
        "zeros": zeros,
        "after_cancel": after_cancel,
        "after_zero": after_zero,
        "counted": counted,
        "sum": total,
        "computed": computed,
        "new_price": new_price,
        "bonus": bonus,
        "penalty": penalty,
    }
