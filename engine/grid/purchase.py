"""Phase 3, buying resources (base rules, reverse player order): each unit at the price of
the cheapest space, onto a built plant that can store it (twice its input; a hybrid holds
coal and oil together). Plants in hand store nothing. The player buys in small steps
(`buy`: plant, resource, amount) and ends with `done`."""

from ..core.errors import GameError, short
from ..core.game import unknown_action
from . import plants as P
from .fields import check_fields, whole


def _built(seat: dict, n) -> dict:
    plant = next((p for p in seat["plants"] if p["n"] == n), None)
    if plant is None:
        raise GameError("plant_not_built", f"plant {n} is not built", where="plant", plant=n)
    return plant


def options(state, seat_index: int) -> list[dict]:
    """Each (plant, resource) the seat can buy for: how many at most, and the total cost of
    buying 1, 2, ... units (`costs[k - 1]` for k units)."""
    seat = state["seats"][seat_index]
    out = []
    for p in seat["plants"]:
        for r in P.burns(p["n"]):
            room = P.room(p["n"], p["res"], r)
            units = P.unit_prices(r, state["resources"][r])[:room]
            costs, total = [], 0
            for price in units:
                if total + price > seat["cash"]:
                    break
                total += price
                costs.append(total)
            if costs:
                out.append({"plant": p["n"], "resource": r, "max": len(costs), "costs": costs})
    return out


def act(state, seat_index, action) -> list[dict]:
    kind = action["type"]
    if kind == "done":
        check_fields(action, ())
        state["cursor"] += 1
        return [{"type": "done", "seat": seat_index, "phase": "resources"}]
    if kind != "buy":
        raise unknown_action(kind)
    check_fields(action, ("plant", "resource", "amount"))
    seat = state["seats"][seat_index]
    plant = _built(seat, action.get("plant"))
    r = action.get("resource")
    if r not in P.RESOURCES:
        raise GameError("unknown_resource", f"no resource {short(r, 20)!r}", where="resource",
                        resource=short(r, 20))
    k = whole(action.get("amount"), "amount", 1, 24)
    if r not in P.burns(plant["n"]):
        raise GameError("wrong_resource", f"plant {plant['n']} does not burn {r}", where="resource",
                        plant=plant["n"], resource=r)
    room = P.room(plant["n"], plant["res"], r)
    if k > room:
        raise GameError("no_room", f"plant {plant['n']} has room for {room} more", where="amount",
                        plant=plant["n"], room=room)
    have = state["resources"][r]
    if k > have:
        raise GameError("market_short", f"the market has {have} {r}", where="amount",
                        resource=r, available=have)
    cost = P.price_of(r, have, k)
    if cost > seat["cash"]:
        raise GameError("not_enough_money", f"{k} {r} cost {cost}, {seat['cash']} Elektro held",
                        where="amount", cost=cost, cash=seat["cash"])
    seat["cash"] -= cost
    state["resources"][r] -= k
    plant["res"][r] = plant["res"].get(r, 0) + k
    return [{"type": "buy", "seat": seat_index, "plant": plant["n"], "resource": r, "amount": k,
             "cost": cost}]
