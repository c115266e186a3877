"""What the grid bots share: readings of the seat's view (capacity, spare capacity, fuel
needs, the market's prices) and the moves every level makes the same way."""

from .. import plants as P
from ..map import NEIGHBOURS, edge


def me(view) -> dict:
    return view["seats"][view["seat"]]


def capacity(seat: dict) -> int:
    """Cities the seat's built plants can power beyond their home cities."""
    return sum(P.powers(p["n"]) for p in seat["plants"])


def spare(seat: dict) -> int:
    """Capacity not yet matched by connected cities (substations)."""
    return capacity(seat) - len(seat["substations"])


def covered(view) -> set:
    out = set()
    for s in view["seats"]:
        out |= {p["city"] for p in s["plants"]} | set(s["substations"])
    return out


def fuel_outlook(view, resource: str) -> float:
    """The unit price a few rounds on: every plant's demand against the refill table (a
    hybrid counts half for each of its fuels)."""
    demand = 0.0
    for s in view["seats"]:
        for n in [p["n"] for p in s["plants"]] + s["hand"]:  # plants in hand will be built
            burns = P.burns(n)
            if resource in burns:
                demand += P.needs(n) / len(burns)
    refill = P.REFILL[len(view["players"])][view["stage"]][P.RESOURCES.index(resource)]
    deficit = max(0.0, demand - refill)
    prices = P.unit_prices(resource, view["resources"][resource])
    k = int(deficit * 1.5 + demand / 2)
    if not prices:
        return 10.0
    return float(prices[min(k, len(prices) - 1)] if k < len(prices) else prices[-1] + 2)


def run_outlook(view, n: int) -> float:
    """One run of plant n at the outlook's prices."""
    need = P.needs(n)
    if not need:
        return 0.0
    return min(need * fuel_outlook(view, r) for r in P.burns(n))


def plant_worth(view, n: int, per_city: float) -> float:
    """A rough value of owning plant n for a few rounds: the cities it powers (and its home)
    at `per_city` Elektro, less its fuel."""
    rounds = 4
    return rounds * (P.powers(n) * per_city + 5 - 1.3 * run_outlook(view, n))


def free_edges(view, city: str) -> list[int]:
    taken = set()
    for s in view["seats"]:
        for line in s["lines"]:
            taken |= {edge(a, b) for a, b in zip(line, line[1:])}
    return sorted(c for o, c in NEIGHBOURS[city] if edge(city, o) not in taken)


def fuel_orders(view, legal, budget: int) -> list[dict]:
    """Buy actions that give each built fuel plant one run, cheapest runs first, when the run
    pays: its home city (5 earned, 5 not owed) and about 4 a city it powers."""
    seat = me(view)
    wanted = []
    for p in seat["plants"]:
        need = P.needs(p["n"]) - sum(p["res"].values())
        if need <= 0:
            continue
        opts = [o for o in legal["buy"] if o["plant"] == p["n"] and o["max"] >= need]
        if opts:
            o = min(opts, key=lambda o: o["costs"][need - 1])
            if o["costs"][need - 1] <= 10 + 4 * P.powers(p["n"]):
                wanted.append((o["costs"][need - 1], o, need))
    out = []
    for cost, o, need in sorted(wanted, key=lambda w: w[0]):
        if cost <= budget:
            out.append({"type": "buy", "plant": o["plant"], "resource": o["resource"], "amount": need})
            budget -= cost
    return out


def fuel_reserve(view, seat: dict) -> int:
    """Money to keep now: next round's fuel at the outlook's prices and the 5 each plant
    without fuel owes at this round's bureaucracy (a plant built now holds none yet), less
    what this round's income will bring (last round's, as a guess) before fuel is bought."""
    keep = 0.0
    for p in seat["plants"]:
        if P.needs(p["n"]):
            fuel = run_outlook(view, p["n"])
            # a run dearer than its home city and a couple of cities will not be bought
            keep += fuel if fuel <= 5 + 5 + 2 * 5 * P.powers(p["n"]) / 2 else 5
            if sum(p["res"].values()) < P.needs(p["n"]):
                keep += 5
    return max(2, int(keep - 0.5 * max(0, seat["earned"])) + 2)
