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


def progress(view) -> float:
    """How much of the map is covered: the end comes at 1."""
    return len(covered(view)) / max(1, view["cities_in_play"])


def fuel_price(view, resource: str, units: int = 1) -> int:
    """Today's price of `units`, at least 3 a unit: fuel gets dearer as plants burn it."""
    prices = P.unit_prices(resource, view["resources"][resource])
    if len(prices) < units:
        return 99 * units
    return max(3 * units, sum(prices[:units]))


def run_cost(view, n: int) -> int:
    """What one run of plant n costs at today's market (hybrid: its cheaper fuel)."""
    need = P.needs(n)
    if not need:
        return 0
    return min(fuel_price(view, r, need) for r in P.burns(n))


def plant_worth(view, n: int, per_city: float) -> float:
    """A rough value of owning plant n for a few rounds: the cities it powers (and its home)
    at `per_city` Elektro, less its fuel."""
    rounds = 4
    return rounds * (P.powers(n) * per_city + 5 - 1.3 * run_cost(view, n))


def free_edges(view, city: str) -> list[int]:
    taken = set()
    for s in view["seats"]:
        for line in s["lines"]:
            taken |= {edge(a, b) for a, b in zip(line, line[1:])}
    return sorted(c for o, c in NEIGHBOURS[city] if edge(city, o) not in taken)


def fuel_orders(view, legal, budget: int) -> list[dict]:
    """Buy actions that give each built fuel plant one run, cheapest runs first."""
    seat = me(view)
    wanted = []
    for p in seat["plants"]:
        need = P.needs(p["n"]) - sum(p["res"].values())
        if need <= 0:
            continue
        opts = [o for o in legal["buy"] if o["plant"] == p["n"] and o["max"] >= need]
        if opts:
            o = min(opts, key=lambda o: o["costs"][need - 1])
            wanted.append((o["costs"][need - 1], o, need))
    out = []
    for cost, o, need in sorted(wanted, key=lambda w: w[0]):
        if cost <= budget:
            out.append({"type": "buy", "plant": o["plant"], "resource": o["resource"], "amount": need})
            budget -= cost
    return out
