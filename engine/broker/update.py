"""The update of one colour's price (rule book, "The update", steps 1–3 and 5–7).

A pure function of the price at the round start and the effects played on that colour;
stop orders (step 4) and paying holders are the game's business (game.py), using what
this returns.
"""

from collections import Counter

PRICE_MIN, PRICE_MAX = 10, 250


def rank_key(effect):
    """Steps 2 and 3 rank effects by absolute delta, and on equal size the price-raising
    one first [seed: "a priority is for the effect on price growth"]."""
    _kind, delta = effect
    return (-abs(delta), delta < 0)


def update_colour(price: int, effects, zeros: int, zero_cancels: int, summed: int) -> dict:
    """The stages of one colour's update.

    effects: (kind, delta) pairs, kind "delta", "double" or "half" (multipliers already
    turned into deltas of the round-start price). zeros: how many zero cards hit the colour.
    Returns the effects left after each stage, the sum, the computed price, and the new
    price with any bonus (per share, above 250) or penalty (per share, below 10).
    """
    played = sorted(effects, key=rank_key)

    # Step 1: opposite effects cancel in pairs: +d against -d, ×2 against ÷2.
    # [decision] A delta never cancels a multiplier, even one of the same size.
    counts = Counter(played)
    doubles = sum(n for (k, _), n in counts.items() if k == "double")
    halves = sum(n for (k, _), n in counts.items() if k == "half")
    cancel_multipliers = min(doubles, halves)
    after_cancel = []
    dropped_double = dropped_half = 0
    for kind, delta in played:
        if kind == "double":
            if dropped_double < cancel_multipliers:
                dropped_double += 1
                continue
        elif kind == "half":
            if dropped_half < cancel_multipliers:
                dropped_half += 1
                continue
        after_cancel.append((kind, delta))
    deltas = Counter(d for k, d in after_cancel if k == "delta")
    to_drop = {d: min(n, deltas.get(-d, 0)) for d, n in deltas.items() if d}
    if any(to_drop.values()):
        kept = []
        for kind, delta in after_cancel:
            if kind == "delta" and to_drop.get(delta, 0):
                to_drop[delta] -= 1
                continue
            kept.append((kind, delta))
        after_cancel = kept

    # Step 2: each zero cancels the 3 (or 4) greatest remaining effects.
    after_zero = after_cancel[zeros * zero_cancels:]

    # Step 3: sum the 3 greatest (trump: the greatest).
    counted = after_zero[:summed]
    total = sum(d for _, d in counted)
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
        "effects": [list(e) for e in played],
        "zeros": zeros,
        "after_cancel": [list(e) for e in after_cancel],
        "after_zero": [list(e) for e in after_zero],
        "counted": [list(e) for e in counted],
        "sum": total,
        "computed": computed,
        "new_price": new_price,
        "bonus": bonus,
        "penalty": penalty,
    }
