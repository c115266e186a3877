"""Phase 5 of the variant: which cities each seat's running plants power, and what every
city pays (rule book: "Phase 5 powering and income"). The sums the variant's players did by
hand, explained city by city so that a table can show them.

Amounts are kept in half-Elektro (ints) and shown as Elektro (9.5); a seat's income is
summed first and then rounded, a half up.

- A home city (where the seat's plant stands) pays 5 when it is powered: by its own plant
  running, or ([decision] also 5) by another of the seat's plants in the same network,
  which spends capacity. [decision] A double city holding two plants of one seat is one
  home city.
- Any other city the seat powers pays half the cheapest leg into it among all players'
  legs from plants, capped at the city's maximum price (network.city_value).
- A home city left unpowered costs 5 to the bank and 5 to each owner of a line left hanging
  there by that plant's displacement (while the line still hangs). [decision] 5 per owner,
  however many of its lines hang there.
- [decision] The engine chooses the cities: a running plant's capacity goes to the seat's
  best cities of its network (an idle home city first when that is worth more: 5 earned and
  the penalties avoided). Every city pays at least 1, so this also powers the most cities.
"""

from . import plants as P
from .map import DEAREST
from .network import all_legs, cheapest_leg, city_value, legs_from_plants, networks, plant_cities

HOME = 10  # a powered home city: 5 Elektro, in halves
PENALTY = 5  # Elektro, to the bank and to each hanging line's owner


def hanging_owners(state, seat_index: int, city: str) -> list[int]:
    """The seats whose lines hang in `city` since a plant of this seat displaced them there."""
    seat = state["seats"][seat_index]
    displaced = {i for p in seat["plants"] if p["city"] == city for i in p.get("displaced", ())}
    out = []
    for i in sorted(displaced):
        other = state["seats"][i]
        if city in other["substations"] or city in plant_cities(other):
            continue
        if any(line[0] == city or line[-1] == city for line in other["lines"]):
            out.append(i)
    return out


def city_values(state) -> dict:
    """city -> {value (halves), rule, leg}: what a connected city that is no home city pays
    whoever powers it."""
    out = {}
    for city, legs in all_legs(state).items():
        value, rule, leg = city_value(city, legs)
        out[city] = {"value": value, "rule": rule, "leg": leg}
    return out


def runnable(seat: dict) -> list[int]:
    """The seat's built plants that hold enough fuel to run (eco and fusion always can)."""
    return [p["n"] for p in seat["plants"] if sum(p["res"].get(r, 0) for r in P.burns(p["n"]))
            >= P.needs(p["n"])]


def power_plan(state, seat_index: int, run: list[int], values=None) -> dict:
    """What the seat earns running the plants `run`: every powered city with its figure,
    the penalties, and the totals (nothing is changed)."""
    values = city_values(state) if values is None else values
    seat = state["seats"][seat_index]
    built = {p["n"]: p for p in seat["plants"]}
    running = [n for n in sorted(run) if n in built]
    own_legs = legs_from_plants(seat, seat_index)
    cities, penalties = [], []
    for part in networks(seat):
        mine = [built[n] for n in sorted(built) if built[n]["city"] in part]
        if not mine:
            continue
        on = [p for p in mine if p["n"] in running]
        free = {p["city"]: p["n"] for p in on}  # home cities of running plants
        for city, n in sorted(free.items()):
            cities.append({"city": city, "amount": HOME / 2, "rule": "home", "plant": n})
        capacity = [[p["n"], P.powers(p["n"])] for p in on]
        wanted = []
        for p in mine:
            city = p["city"]
            if city not in free and all(w[1] != city for w in wanted):
                owed = hanging_owners(state, seat_index, city)
                wanted.append((HOME + 2 * PENALTY * (1 + len(owed)), city, "home_by_network"))
        for city in sorted(part - set(free) - {p["city"] for p in mine}):
            if city in values:
                wanted.append((values[city]["value"], city, values[city]["rule"]))
        wanted.sort(key=lambda w: (-w[0], w[1]))
        for _benefit, city, rule in wanted:
            plant = next((c for c in capacity if c[1] > 0), None)
            if plant is None:
                break
            plant[1] -= 1
            if rule == "home_by_network":
                cities.append({"city": city, "amount": HOME / 2, "rule": rule, "plant": plant[0]})
            else:
                cities.append(figure(city, values[city], plant[0], own_legs.get(city)))
        powered = {c["city"] for c in cities}
        for p in mine:
            if p["city"] not in powered and all(x["city"] != p["city"] for x in penalties):
                penalties.append({"city": p["city"], "to": [None] + hanging_owners(state, seat_index, p["city"]),
                                  "amount": PENALTY})
    gross = sum(int(c["amount"] * 2) for c in cities)
    return {"seat": seat_index, "run": running, "cities": cities, "powered": len(cities),
            "gross": gross / 2, "rounded": (gross + 1) // 2, "penalties": penalties,
            "owed": sum(PENALTY * len(p["to"]) for p in penalties)}


def figure(city: str, v: dict, plant: int, own: list | None) -> dict:
    """One non-home city's figure: the amount, the rule, the cheapest leg (whoever owns it),
    the seat's own cheapest leg when that is another, and the city's maximum price."""
    leg = v["leg"]
    out = {"city": city, "amount": v["value"] / 2, "rule": v["rule"], "plant": plant,
           "leg": {"owner": leg["owner"], "path": leg["path"], "cost": leg["cost"]},
           "cap": DEAREST[city] / 2}
    if own:
        mine = cheapest_leg(own)
        if mine["cost"] != leg["cost"] or mine["owner"] != leg["owner"]:
            out["own_cost"] = mine["cost"]
    return out


def burn(seat: dict, run: list[int], mix: dict) -> dict:
    """Take the fuel of the running plants from their stores; returns what was burned."""
    burned = {}
    for p in seat["plants"]:
        n = p["n"]
        if n not in run or not P.needs(n):
            continue
        use = mix.get(str(n)) or default_mix(n, p["res"])
        for r, k in use.items():
            if k:
                p["res"][r] -= k
                burned[r] = burned.get(r, 0) + k
                if not p["res"][r]:
                    del p["res"][r]
    return burned


def default_mix(n: int, stored: dict) -> dict:
    """[decision] A hybrid told nothing burns coal first, then oil."""
    need, out = P.needs(n), {}
    for r in P.burns(n):
        k = min(need, stored.get(r, 0))
        if k:
            out[r] = k
            need -= k
    return out
