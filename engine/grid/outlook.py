"""What a seat's next bureaucracy looks like from where the game stands: the figures a table
warns with before a player acts (issue 30, item 4), computed here and not in the page.

- `outlook(state, seat)`: the best choice's income now, what the unpowered home cities would
  cost, which built plants would idle (no fuel), and the Elektro left after the bureaucracy;
  for a player without money, what it can still do.
- `quote` (game.py) adds the outlook after a proposed action: a plant built in phase 4 holds
  no fuel until the next purchase, so it idles this round and costs 5; a line or substation
  changes what the network earns.
"""

from . import plants as P
from .building import within_limits
from .bureaucracy import STALL
from .income import power_plan, runnable


def outlook(state, seat_index: int, values=None) -> dict:
    """{income, powered, owed, idle, cash, after} if the seat runs every plant that can and
    powers the best cities; with no money also `can`: what it may still do ("run": plants
    that can run earn something, "upgrade": a plant in hand upgrades a built one for free;
    empty: nothing until someone else's penalty pays it), and `stall`: the rounds without
    progress that end the game."""
    seat = state["seats"][seat_index]
    plan = power_plan(state, seat_index, runnable(seat), values)
    out = {"income": plan["rounded"], "powered": plan["powered"], "owed": plan["owed"],
           "idle": [p["n"] for p in seat["plants"] if p["n"] not in plan["run"]],
           "cash": seat["cash"], "after": max(0, seat["cash"] + plan["rounded"] - plan["owed"])}
    if not seat["cash"]:
        out["can"] = [k for k, yes in (("run", plan["rounded"] > 0), ("upgrade", can_upgrade(state, seat)))
                      if yes]
        out["stall"] = STALL  # rounds without progress that end the game (bureaucracy.stalled)
    return out


def can_upgrade(state, seat: dict) -> bool:
    return any(P.can_upgrade(p["n"], n) and within_limits(state, p["city"], n, p["n"]) is None
               for p in seat["plants"] for n in seat["hand"])
