"""The strong bot: determinised Monte Carlo from the seat's view only.

Each decision:
1. The unknown cards are every pack in play minus the bot's hand minus every card played
   so far. `iterations` times it deals them at random into the other players' hands (as
   many big and small cards as each has left) and lets each opponent pick a card: with
   probability `greed` the card the "normal" heuristic would pick, otherwise a random one
   with random choices (a determinisation of what it cannot see).
2. For every card and choice in its own hand, it settles all four prices in every sampled
   world (the rule book's update, steps 1-7, cancellations, zeros and the top-3/trump sum
   included) and so knows, per world, what a share of each colour will be worth after the
   update, bonus, penalty and stop sale included.
3. For every portfolio among: all cash, all in one colour, half-half in two colours, it
   scores the worlds: its own capital minus `rivalry` × the best rival's capital (rivals
   hold their round-start shares, the only holdings it can see), minus its whole wealth
   again when it would end in debt (bankruptcy). In the last round the score is the chance
   of finishing first. It plays the best card, choices and portfolio on average.

It is deterministic given its seed (a local random.Random, never the global one).
"""

import random
from math import exp, log, sqrt

from ..cards import COLOURS
from ..options import SUMMATIONS
from .common import (candidates, own_effects, settle, stop_price, unknown_pool, bigs_left,
                     wealth, portfolio, trades_to, cover_debt)
from .simple import normal_score

DEFAULT_ITERATIONS = 30
PAIRS = [(a, b) for i, a in enumerate(COLOURS) for b in COLOURS[i + 1:]]
PORTFOLIOS = ([{}] + [{c: 1.0} for c in COLOURS] + [{c: 0.5} for c in COLOURS]
              + [{a: 0.5, b: 0.5} for a, b in PAIRS])


def _opponent_table(view, cards):
    """For each card an opponent may hold: the choices the normal heuristic makes, its
    score, and every choice option for random play."""
    no_exposure = {c: 0 for c in COLOURS}
    table = {}
    by_card = {}
    for card, choices in candidates(cards):
        by_card.setdefault(card, []).append(choices)
    for card, options in by_card.items():
        best = max(options, key=lambda ch: normal_score(view, card, ch, no_exposure)[0])
        score, colour, _d = normal_score(view, card, best, no_exposure)
        table[card] = (score, best, options, colour)
    return table


def _greed_of(view, j, greed):
    """How likely rival j plays like the greedy heuristic: one who holds a single colour
    after round 1 has been putting everything on one card's colour; one with mixed
    holdings plays more at random. Round 1 tells nothing: `greed`."""
    if view["round"] == 1:
        return greed
    held = sum(1 for n in view["seats"][j]["shares"].values() if n)
    return 0.9 if held == 1 else 0.15


def decide(view, seed=0, iterations=DEFAULT_ITERATIONS, greed=0.5, risk=0.8,
           max_rivals=6) -> dict:
    rng = random.Random(seed)
    me_i = view["seat"]
    me = view["seats"][me_i]
    prices = view["prices"]
    opts = view["options"]
    zc, summed = opts["zero_cancels"], SUMMATIONS[opts["summation"]]
    stops = {c: stop_price(view, c) for c in COLOURS}
    W = wealth(view)
    mine = candidates(view["hand"])
    if not mine:
        return {"trades": cover_debt(view) if me["cash"] < 0 else {}}

    seats = view["seats"]
    others = [i for i, s in enumerate(seats) if i != me_i and not s["bankrupt"]]
    acting = [i for i in others if seats[i]["cards_left"] > 0]
    # the rivals that matter for winning: the richest few
    rivals = sorted(others, key=lambda i: -seats[i]["capital"])[:max_rivals]
    greed_of = {j: _greed_of(view, j, greed) for j in acting}
    bigs, smalls = unknown_pool(view)
    table = _opponent_table(view, list(dict.fromkeys(bigs + smalls)))
    effect_cache = {}

    def effects_of(card, choices):
        key = (card, repr(choices))
        e = effect_cache.get(key)
        if e is None:
            e = effect_cache[key] = own_effects(card, choices, prices)
        return e

    # 1. Sampled worlds: the other players' cards this round, as effects per colour, and
    # for each rival either its round-start holdings or (a greedy rival) all its wealth in
    # the colour its card raises most.
    worlds = []
    for _ in range(iterations):
        rng.shuffle(bigs)
        rng.shuffle(smalls)
        bi = si = 0
        base = {c: [[], 0, 0, 0] for c in COLOURS}
        all_in = {}
        for j in acting:
            nb = bigs_left(view, j)
            ns = seats[j]["cards_left"] - nb
            hand = bigs[bi:bi + nb] + smalls[si:si + ns]
            bi += nb
            si += ns
            if not hand:
                continue
            if rng.random() < greed_of[j]:
                card = max(hand, key=lambda c: table[c][0])
                choices = table[card][1]
                if table[card][3] is not None:
                    all_in[j] = table[card][3]
            else:
                card = rng.choice(hand)
                choices = rng.choice(table[card][2])
            for colour, (deltas, d, h, z) in effects_of(card, choices).items():
                b = base[colour]
                b[0].extend(deltas)
                b[1] += d
                b[2] += h
                b[3] += z
        plain = {c: settle(prices[c], b[0], b[1], b[2], b[3], zc, summed, stops[c])[0]
                 for c, b in base.items()}
        worlds.append((base, plain, all_in))

    rounds_left = view["rounds_total"] - view["round"]
    spread = risk * sqrt(rounds_left) if rounds_left > 0 else 0.0
    rival_hold = {j: (seats[j]["cash"], seats[j]["shares"]) for j in rivals}
    rival_wealth = {j: seats[j]["cash"] + sum(seats[j]["shares"][c] * prices[c] for c in COLOURS)
                    for j in rivals}

    # 2-3. Every card and choice against every world, every portfolio against its values.
    best = None
    for card, choices in mine:
        eff = effects_of(card, choices)
        ratios = []      # per world: value of 1 coin in each colour after the update
        rival_best = []  # per world: the best rival's capital
        for base, plain, all_in in worlds:
            values = dict(plain)
            for colour, (deltas, d, h, z) in eff.items():
                b = base[colour]
                values[colour] = settle(prices[colour], b[0] + deltas, b[1] + d, b[2] + h,
                                        b[3] + z, zc, summed, stops[colour])[0]
            ratios.append([values[c] / prices[c] for c in COLOURS])
            rb = 1
            for j in rivals:
                target = all_in.get(j)
                if target is not None and rival_wealth[j] > 0:
                    cap = rival_wealth[j] * values[target] / prices[target]
                else:
                    cash, shares = rival_hold[j]
                    cap = cash + sum(shares[c] * values[c] for c in COLOURS)
                if cap > rb:
                    rb = cap
            rival_best.append(log(rb))
        for weights in PORTFOLIOS:
            idx = [(COLOURS.index(c), w) for c, w in weights.items()]
            rest = 1.0 - sum(weights.values())
            total = 0.0
            for r, lrb in zip(ratios, rival_best):
                my = W * (rest + sum(r[k] * w for k, w in idx))
                if my <= 1:
                    continue  # ruined: no chance to win
                lead = log(my) - lrb
                if spread:
                    # the chance that a lead (in log capital) survives the rounds left
                    x = lead / spread
                    total += 1.0 / (1.0 + exp(-x)) if x > -30 else 0.0
                else:
                    total += (1.0 if lead > 0 else 0.0) + my * 1e-12
            key = (total, rng.random())
            if best is None or key > best[0]:
                best = (key, card, choices, weights)

    _key, card, choices, weights = best
    trades = trades_to(view, portfolio(view, weights))
    if me["cash"] < 0 and not trades:
        trades = cover_debt(view)
    return {"trades": trades, "card": card, "choices": choices}
