"""The simple bots: sensible, short-sighted play from the seat's view.

- Auction: buys a plant when its capacity is used up (or in round 1), choosing the plant
  whose worth (cities powered, less fuel) most exceeds its price, and bids up to a value.
- Resources: one run of fuel for every built plant, cheapest first.
- Building: upgrades when a bigger plant of the same kind is in hand, builds a plant where
  cheap unconnected cities lie around it, then lays the cheapest lines to new cities while
  it has capacity to power them (or money to spare), keeping money for next round's fuel.
- Power: runs every plant that can.
`easy` values plants lower, keeps less in reserve and now and then plays a random move.
"""

import random

from .. import plants as P
from ..map import NEIGHBOURS
from ..network import networks, plant_cities, stations
from .common import covered, fuel_orders, fuel_reserve, free_edges, me, plant_worth, spare
from .random_bot import random_action


def easy(view, seed=0):
    rng = random.Random(f"easy:{seed}")
    if view.get("legal") and rng.random() < 0.15:
        return random_action(view, seed)
    return decide(view, greed=0.7)


def normal(view, seed=0):
    return decide(view, greed=1.0)


def decide(view, greed: float) -> dict | None:
    legal = view.get("legal")
    if legal is None:
        return None
    kind = legal["kind"]
    if kind == "open":
        return open_auction(view, legal, greed)
    if kind == "bid":
        limit = bid_limit(view, legal["plant"], greed)
        if legal["min_bid"] <= min(limit, legal["max_bid"]):
            return {"type": "bid", "amount": legal["min_bid"]}
        return {"type": "pass"}
    if kind == "buy":
        orders = fuel_orders(view, legal, me(view)["cash"] - 2)
        return orders[0] if orders else {"type": "done"}
    if kind == "build":
        return build_step(view, legal, greed)
    return {"type": "power", "run": legal["suggested"]["run"]}


# ---------------------------------------------------------------- the auction
def wants_plant(view) -> bool:
    """Round 1, or capacity nearly used up with money for a plant, its building and fuel."""
    seat = me(view)
    if view["round"] == 1:
        return True
    return not seat["hand"] and spare(seat) <= 0


def bid_limit(view, n: int, greed: float) -> int:
    worth = plant_worth(view, n, 4.0) * greed
    if view["round"] == 1:  # everyone buys: no bidding war over the small plants
        worth = n + 3 * greed
    return int(min(budget(view), max(n, n + (worth - n) * 0.3)))


def budget(view) -> int:
    """What a plant may cost: the money beyond building it (10) and next round's fuel."""
    return me(view)["cash"] - 10 - reserve(view)


def open_auction(view, legal, greed) -> dict:
    offered = legal["plants"]
    if not offered or (legal["may_pass"] and not wants_plant(view)):
        return {"type": "pass"}
    affordable = [o for o in offered if o["min_bid"] <= budget(view)] or offered

    def gain(o):
        return plant_worth(view, o["plant"], 4.0) * greed - o["min_bid"]

    best = max(affordable, key=lambda o: (gain(o), -o["plant"]))
    if legal["may_pass"] and (gain(best) <= 0 or best["min_bid"] > budget(view)):
        return {"type": "pass"}
    return {"type": "open", "plant": best["plant"], "bid": best["min_bid"]}


# ---------------------------------------------------------------- building
def reserve(view) -> int:
    """Money kept for next round's fuel (and the penalty of a plant without any)."""
    return fuel_reserve(view, me(view))


def site_score(view, city: str) -> float:
    """How good a home for a new plant: cheap lines to cities nobody has connected yet,
    and a short hop to the seat's own network."""
    taken = covered(view)
    own = stations(me(view))
    near = sorted(c for o, c in NEIGHBOURS[city] if o not in taken)[:3]
    free = set(free_edges(view, city))
    score = sum(max(0, 16 - c) for c in near if c in free)
    if any(o in own for o, _ in NEIGHBOURS[city]):
        score += 8
    return score


def build_step(view, legal, greed) -> dict:
    seat = me(view)
    cash = seat["cash"]
    for o in legal["upgrade"]:
        best = max(o["with"], key=P.powers)
        if P.powers(best) > P.powers(o["plant"]):
            return {"type": "upgrade", "plant": o["plant"], "with": best}
    keep = int(reserve(view) * greed)
    # a clean plant earns its 5 at once, with no fuel to keep money for
    buildable = [o for o in legal["build"] if not P.needs(o["plant"]) or cash >= 10 + keep + 10]
    if buildable:
        options = [(site_score(view, c) - (6 if c in legal["displaces"] else 0), c, o["plant"])
                   for o in buildable for c in o["cities"]]
        score, city, n = max(options, key=lambda t: (t[0], -t[2], t[1]))
        return {"type": "build", "plant": n, "city": city}
    powered_parts = [part for part in networks(seat) if part & plant_cities(seat)]
    lines = [r for r in legal["lines"] if r["substation"] and r["total"] <= cash - keep
             and any(r["from"] in part for part in powered_parts)]
    # the player powering the most cities drives to the end: every city connected
    counts = [s["powered"] for s in view["seats"]]
    leads = seat["powered"] == max(counts) and counts.count(max(counts)) == 1
    taken = covered(view)
    if leads and view["round"] > 8:
        ending = [r for r in lines if r["to"] not in taken]
        if ending:
            r = min(ending, key=lambda r: (r["total"], r["to"]))
            return _line(r)
    if lines and (spare(seat) > 0 or cash - keep > 60 * greed):
        # the cheapest city that pays at least 3 a round (half a leg of 6), else the cheapest
        paying = [r for r in lines if r["cost"] >= 6] or lines
        return _line(min(paying, key=lambda r: (r["total"], r["to"])))
    return {"type": "done"}


def _line(r) -> dict:
    action = {"type": "line", "from": r["from"], "to": r["to"], "path": r["path"]}
    if r["via"] is not None:
        action["via"] = r["via"]
    return action


__all__ = ["easy", "normal", "decide"]
