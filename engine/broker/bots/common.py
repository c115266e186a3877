"""What every bot needs, built from a seat's view only (never the full state).

A view is `engine.broker.view(state, seat, history=False)`: it holds the seat's own hand,
the public seats (round-start holdings, cards played so far, cards left) and the options.
"""

from itertools import permutations

from ..cards import (COLOURS, HUNDRED_OTHERS, SMALL_FIGURES, big_pack, small_pack, pack_kind,
                     parse_card)
from ..draft import cover
from ..game import MAX_TRADE
from ..options import DEALS
from ..update import PRICE_MAX, PRICE_MIN


def candidates(hand) -> list[tuple[str, dict]]:
    """Every (card, choices) the hand allows, each distinct card once."""
    out = []
    for card_id in dict.fromkeys(hand):
        card = parse_card(card_id)
        if card.choice == "others":
            for perm in permutations(HUNDRED_OTHERS):
                out.append((card_id, {"others": dict(zip(card.other_colours, perm))}))
        elif card.choice == "other":
            for o in card.other_colours:
                out.append((card_id, {"other": o}))
        else:
            out.append((card_id, {}))
    return out


def own_effects(card_id: str, choices: dict, prices: dict) -> dict:
    """The card's effect on each colour as (plain deltas, doubles, halves, zeros)."""
    card = parse_card(card_id)
    c, kind = card.colour, card.kind
    eff = {}

    def add(colour, slot, value=None):
        d = eff.setdefault(colour, [[], 0, 0, 0])
        if slot == 0:
            d[0].append(value)
        else:
            d[slot] += 1

    if kind == "hundred":
        add(c, 0, 100)
        for o, v in choices["others"].items():
            add(o, 0, v)
    elif kind == "minus-hundred":
        add(c, 0, -100)
        add(choices["other"], 0, 50)
    elif kind == "double":
        add(c, 1)
        add(choices["other"], 2)
    elif kind == "half":
        add(c, 2)
        add(choices["other"], 1)
    elif kind == "zero":
        add(c, 3)
    else:
        add(c, 0, card.figure)
        add(choices["other"], 0, SMALL_FIGURES[card.figure])
    return eff


def simple_deltas(card_id: str, choices: dict, prices: dict) -> dict:
    """The card's own price change per colour if it were the only card played."""
    out = {c: 0 for c in COLOURS}
    for colour, (deltas, doubles, halves, _zeros) in own_effects(card_id, choices, prices).items():
        out[colour] = sum(deltas) + doubles * prices[colour] - halves * (prices[colour] // 2)
    return out


def _rank(d):
    return (-abs(d), d < 0)


def settle(price, deltas, doubles, halves, zeros, zero_cancels, summed, stop):
    """(value per share for a holder, new price) after one colour's update: the rule book's
    steps 1-7 as engine/broker/update.py computes them, in a form fast enough to call many
    thousand times per decision. `value` counts a bonus (+) or penalty (-) and a stop sale."""
    m = doubles if doubles < halves else halves
    vals = list(deltas)
    if len(vals) > 1:
        pos = [d for d in vals if d > 0]
        if pos:
            neg = [d for d in vals if d < 0]
            if neg:
                for d in set(pos):
                    k = min(pos.count(d), neg.count(-d))
                    for _ in range(k):
                        vals.remove(d)
                        vals.remove(-d)
    if doubles > m:
        vals.extend([price] * (doubles - m))
    if halves > m:
        vals.extend([-(price // 2)] * (halves - m))
    if zeros:
        vals.sort(key=_rank)
        vals = vals[zeros * zero_cancels:]
    if len(vals) > summed:
        vals.sort(key=_rank)
        vals = vals[:summed]
    computed = price + sum(vals)
    if computed > PRICE_MAX:
        new = PRICE_MAX
    elif computed < PRICE_MIN:
        new = PRICE_MIN
    elif computed % 10:
        new = computed + 5 if computed > price else computed - 5
    else:
        new = computed
    if stop is not None and computed < stop:
        return stop, new
    if computed > PRICE_MAX or computed < PRICE_MIN:
        return computed, new  # the bonus or the penalty per share
    return new, new


def stop_price(view, colour):
    o = view["options"]
    price = view["prices"][colour]
    return price - o["spread"] if o["stop_loss"] and price > o["spread"] else None


def unknown_pool(view) -> tuple[list[str], list[str]]:
    """Big and small cards the seat cannot place: every pack in play minus its own hand,
    every card played so far and its own random discards (`bot_view`'s "discarded"): the
    others' hands and their hidden random discards."""
    o = view["options"]
    kind = pack_kind(o["mode"])
    pool = {}
    for c in big_pack(kind) * o["packs"] + small_pack() * o["packs"]:
        pool[c] = pool.get(c, 0) + 1
    for c in [*view["hand"], *view.get("discarded", ())]:
        if pool.get(c, 0) > 0:
            pool[c] -= 1
    for s in view["seats"]:
        for p in s["played"]:
            if pool.get(p["card"], 0) > 0:
                pool[p["card"]] -= 1
    bigs, smalls = [], []
    for c, n in pool.items():
        if n > 0:
            (smalls if c.startswith("small:") else bigs).extend([c] * n)
    return bigs, smalls


def bigs_left(view, seat) -> int:
    """How many big cards `seat` most likely still holds (its random discards are hidden)."""
    s = view["seats"][seat]
    big_n = DEALS[view["options"]["deal"]][0]
    played_big = sum(not p["card"].startswith("small:") for p in s["played"])
    return max(0, min(s["cards_left"], big_n - played_big))


def wealth(view) -> int:
    s = view["seats"][view["seat"]]
    return s["cash"] + sum(n * view["prices"][c] for c, n in s["shares"].items())


def trades_to(view, target: dict) -> dict:
    """Net trades from the seat's holdings to `target` shares per colour, or {} when the
    result would leave cash below 0 (the engine refuses such trades)."""
    s = view["seats"][view["seat"]]
    prices = view["prices"]
    trades, cash = {}, s["cash"]
    for c in COLOURS:
        n = target.get(c, s["shares"][c]) - s["shares"][c]
        # the engine takes at most MAX_TRADE shares per colour in one round
        n = max(-s["shares"][c], -MAX_TRADE, min(n, MAX_TRADE))
        if n:
            trades[c] = n
            cash -= n * prices[c]
    return trades if cash >= 0 else {}


def portfolio(view, weights: dict) -> dict:
    """Target shares that put fractions of the seat's wealth into colours (the rest in
    cash), never spending more than the wealth."""
    prices = view["prices"]
    left = max(0, wealth(view))
    total = left
    target = {c: 0 for c in COLOURS}
    for c, w in sorted(weights.items(), key=lambda kv: -kv[1]):
        n = total * round(w * 1000) // 1000 // prices[c]
        n = min(n, left // prices[c])
        target[c] = n
        left -= n * prices[c]
    return target


def cover_debt(view) -> dict:
    """Sell just enough (cheapest colours last) to bring negative cash back to 0 (draft.cover,
    which the page's "Sell enough" calls too); {} when even selling everything does not."""
    s = view["seats"][view["seat"]]
    return cover(view["prices"], s["cash"], s["shares"], one_colour=False) or {}
