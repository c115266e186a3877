"""The simple bots of solo play: "easy" and "normal". Both decide from the seat's view only.

easy   — a random card with random choices; now and then it moves part of one holding into
         another colour, and it sells what it must to clear a debt.
normal — a greedy one-card look-ahead: for every card and choice it asks "if only my card
         were played, which colour gains most per coin invested?", puts its wealth into that
         colour, and aims the card's harmful side at the colours the other players hold most.
"""

import random

from ..cards import COLOURS
from ..view import legal_moves
from .common import candidates, simple_deltas, portfolio, trades_to, cover_debt

# normal: a colour this cheap is a trap (one hit below 10 costs a penalty per share).
SAFE_PRICE = 40


def easy(view, seed=0) -> dict:
    rng = random.Random(seed)
    me = view["seats"][view["seat"]]
    order = {"trades": cover_debt(view) if me["cash"] < 0 else {}}
    if me["cash"] >= 0 and rng.random() < 0.3:
        held = [c for c in COLOURS if me["shares"][c]]
        if held:
            sell = rng.choice(held)
            buy = rng.choice([c for c in COLOURS if c != sell])
            n = rng.randint(1, me["shares"][sell])
            cash = me["cash"] + n * view["prices"][sell]
            order["trades"] = {sell: -n}
            m = cash // view["prices"][buy]
            if m:
                order["trades"][buy] = m
    options = candidates(view["hand"])
    if options:
        card, choices = rng.choice(options)
        order["card"], order["choices"] = card, choices
    return order


def normal_score(view, card, choices, exposure) -> tuple[float, str | None, dict]:
    """How much the card alone would add to a wealth of 1 put into its best colour, plus a
    small reward for hurting the colours others hold (`exposure`: their shares by colour)."""
    prices = view["prices"]
    d = simple_deltas(card, choices, prices)
    best, colour = 0.0, None
    for c in COLOURS:
        if prices[c] >= SAFE_PRICE or d[c] > 0 and prices[c] + d[c] >= SAFE_PRICE:
            r = d[c] / prices[c]
            if r > best:
                best, colour = r, c
    harm = -sum(d[c] * exposure[c] for c in COLOURS) / (1 + sum(exposure.values())) / 1000
    return best + harm, colour, d


def normal(view, seed=0) -> dict:
    rng = random.Random(seed)
    me = view["seats"][view["seat"]]
    exposure = {c: sum(s["shares"][c] for i, s in enumerate(view["seats"])
                       if i != view["seat"] and not s["bankrupt"]) for c in COLOURS}
    best = None
    for card, choices in candidates(view["hand"]):
        score, colour, d = normal_score(view, card, choices, exposure)
        key = (score, rng.random())
        if best is None or key > best[0]:
            best = (key, card, choices, colour, d)
    order = {}
    if best is None:
        return {"trades": cover_debt(view) if me["cash"] < 0 else {}}
    _key, card, choices, colour, d = best
    if colour is not None:
        target = portfolio(view, {colour: 1.0})
    else:
        # The card helps no colour: keep what it does not hurt, sell what it hurts.
        keep = {c: me["shares"][c] * view["prices"][c] for c in COLOURS if d[c] >= 0}
        total = sum(keep.values()) or 1
        target = portfolio(view, {c: v / total for c, v in keep.items()}) if keep else {}
        if not keep:
            target = {c: 0 for c in COLOURS}
    trades = trades_to(view, target)
    if not trades and me["cash"] < 0:
        trades = cover_debt(view)
    order["trades"] = trades
    order["card"], order["choices"] = card, choices
    return order


def random_order(view, seed=0) -> dict:
    """Any legal order, drawn at random from the seat's legal moves (the conformance test's
    and the simulator's "random" bot); now and then it plays no card."""
    rng = random.Random(seed)
    me = view["seats"][view["seat"]]
    info = view.get("legal") or legal_moves(view["round"], view["hand"], me["cash"], me["shares"], view["prices"])
    trades, cash = {}, info["cash"]
    for colour in COLOURS:
        price = info["prices"][colour]
        roll = rng.random()
        if roll < 0.25 and info["max_sell"][colour]:
            n = -rng.randint(1, info["max_sell"][colour])
        elif roll < 0.5 and cash >= price:
            n = rng.randint(1, cash // price)
        else:
            continue
        trades[colour] = n
        cash -= n * price
    order = {"trades": trades if cash >= 0 else {}}
    if info["cards"] and rng.random() < 0.9:
        entry = rng.choice(info["cards"])
        order["card"] = entry["card"]
        if entry["choice"] == "others":
            values = list(entry["values"])
            rng.shuffle(values)
            order["choices"] = {"others": dict(zip(entry["colours"], values))}
        elif entry["choice"] == "other":
            order["choices"] = {"other": rng.choice(entry["colours"])}
    return order
