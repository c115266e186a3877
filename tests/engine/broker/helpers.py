"""Shared test helpers: games with chosen hands, and random legal orders."""

import random

from engine.broker import new_game, legal, resolve, submit
from engine.broker.cards import COLOURS, big_pack, small_pack, pack_kind
from engine.broker.options import DEALS, resolve_options


def fill_hands(players, wanted: dict, options=None) -> dict:
    """Hands that start with the `wanted` cards and are filled up from the packs in play."""
    opts = resolve_options(dict(options or {}), len(players))
    big_n, small_n = DEALS[opts["deal"]]
    kind = pack_kind(opts["mode"])
    bigs = big_pack(kind) * opts["packs"]
    smalls = small_pack() * opts["packs"]
    for cards in wanted.values():
        for c in cards:
            (smalls if c.startswith("small:") else bigs).remove(c)
    hands = {}
    for p in players:
        mine = list(wanted.get(p, []))
        while sum(not c.startswith("small:") for c in mine) < big_n:
            mine.append(bigs.pop())
        while sum(c.startswith("small:") for c in mine) < small_n:
            mine.append(smalls.pop())
        hands[p] = mine
    return hands


def game_with(wanted: dict, options=None, players=None, seed=1) -> dict:
    players = players or sorted(wanted)
    return new_game(options, players, seed, hands=fill_hands(players, wanted, options))


def random_choices(entry, rng) -> dict:
    if entry["choice"] == "others":
        values = list(entry["values"])
        rng.shuffle(values)
        return {"others": dict(zip(entry["colours"], values))}
    if entry["choice"] == "other":
        return {"other": rng.choice(entry["colours"])}
    return {}


def random_order(state, seat, rng: random.Random) -> dict | None:
    """A random legal order (or None: the seat plays nothing this round)."""
    info = legal(state, seat)
    if rng.random() < 0.1:
        return None
    trades, cash = {}, info["cash"]
    for colour in COLOURS:
        price = info["prices"][colour]
        roll = rng.random()
        if roll < 0.25 and info["shares"][colour]:
            n = -rng.randint(1, info["shares"][colour])
        elif roll < 0.5 and cash >= price:
            n = rng.randint(1, cash // price)
        else:
            continue
        trades[colour] = n
        cash -= n * price
    if cash < 0:
        trades = {}
    order = {"trades": trades}
    if info["cards"] and rng.random() < 0.9:
        entry = rng.choice(info["cards"])
        order["card"] = entry["card"]
        order["choices"] = random_choices(entry, rng)
    return order


def random_round(state, rng: random.Random) -> None:
    """One round of random legal orders from every seat still in the game, then the update."""
    for seat, s in enumerate(state["seats"]):
        order = None if s["bankrupt"] else random_order(state, seat, rng)
        if order is not None:
            submit(state, seat, order)
    resolve(state)


def random_rounds(options, players: int, seed, rng):
    """A game of random legal orders (and seats that play nothing, so random discards
    happen): its state at the start of every round and at the end."""
    state = new_game(options, [f"P{i + 1}" for i in range(players)], seed)
    while True:
        yield state
        if state["over"]:
            return
        random_round(state, rng)
