"""Phase 5 of the variant: which cities each seat's running plants power, and what every
city pays (rule book: "Phase 5 powering and income"). The sums the variant's players did by
hand, explained city by city so that a table can show them.

Amounts are kept in half-Elektro (ints) and shown as Elektro (9.5); a seat's income is
summed first and then rounded, a half up.

- A home city (where the seat's plant stands) pays 5 when its plant runs. [decision] A
  double city holding two plants of one seat is one home city.
- Any other city the seat powers pays half the cheapest leg into it among all players'
  legs from plants, capped at the city's maximum price (network.city_value).
- A home city whose plant idles may be powered by another running plant of its network: it
  is then a foreign city (source, phase 5 point 3: "the plant's capacity is spent on it"),
  paid like one, by the cheapest leg into it. (Rules 1 paid 5: version.py.)
- A home city left unpowered costs 5 to the bank and 5 to each owner of a line left hanging
  there by that plant's displacement (while the line still hangs). [decision] 5 per owner,
  however many of its lines hang there.
- The player chooses the cities (source: "Игрок сам решает..."), `cities` beside the plants
  that run; `power_plan` without them takes the engine's best choice, which a table offers
  first and the host's settle uses for a player who chose nothing: a network's running
  capacity goes to its best cities, an idle home city counting the penalties it avoids.
  Every city pays at least 1, so the best choice also powers the most cities.
"""

from ..core.errors import GameError, short
from . import plants as P
from .map import DEAREST
from .network import (all_legs, cheapest_leg, city_value, legs_from_plants, legs_into, networks,
                      plant_cities)
from .version import rules

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


def idle_home(state, seat_index: int, city: str) -> dict | None:
    """What an idle plant's home city pays when another plant of its network powers it:
    {value, rule, leg} as a foreign city (None: no leg from a plant leads into it), or, by
    rules 1, 5 without a leg."""
    if rules(state) < 2:
        return {"value": HOME, "rule": "home_by_network", "leg": None}
    legs = legs_into(state, city)
    if not legs:
        return None
    value, _rule, leg = city_value(city, legs)
    return {"value": value, "rule": "home_by_network", "leg": leg}


def offers(state, seat_index: int, run, values) -> list[dict]:
    """The seat's networks that hold a plant, each with what running `run` gives it:
    {plants, on (running plants), homes (city -> running plant), capacity, offer}; `offer`
    lists the cities its capacity may power, best first: {city, value (halves), benefit
    (value and the penalties it avoids), rule, leg, home (the idle plant) or None}."""
    seat = state["seats"][seat_index]
    built = {p["n"]: p for p in seat["plants"]}
    out = []
    for part in networks(seat):
        mine = [built[n] for n in sorted(built) if built[n]["city"] in part]
        if not mine:
            continue
        on = [p for p in mine if p["n"] in run]
        homes = {}
        for p in on:
            homes.setdefault(p["city"], p["n"])
        offer = []
        for p in mine:
            city = p["city"]
            if city in homes or any(o["city"] == city for o in offer):
                continue
            v = idle_home(state, seat_index, city)
            if v is not None:
                owed = 2 * PENALTY * (1 + len(hanging_owners(state, seat_index, city)))
                offer.append({"city": city, "benefit": v["value"] + owed, "home": p["n"], **v})
        for city in sorted(part - set(homes) - {p["city"] for p in mine}):
            if city in values:
                offer.append({"city": city, "benefit": values[city]["value"], "home": None, **values[city]})
        offer.sort(key=lambda o: (-o["benefit"], o["city"]))
        out.append({"plants": [p["n"] for p in mine], "on": on, "homes": homes, "offer": offer,
                    "capacity": sum(P.powers(p["n"]) for p in on)})
    return out


def chosen(nets: list[dict], cities) -> list[list[dict]]:
    """Each network's powered offers: its best ones up to its capacity (`cities` None), or
    the player's `cities`, checked: each one of a network's offers, within its capacity."""
    if cities is None:
        return [net["offer"][:net["capacity"]] for net in nets]
    if not isinstance(cities, list) or len(cities) > 50:
        raise GameError("bad_cities", "cities lists the cities to power", where="cities")
    if len(set(map(str, cities))) != len(cities):
        raise GameError("bad_cities", "a city is named twice", where="cities")
    out = [[o for o in net["offer"] if o["city"] in cities] for net in nets]
    named = {o["city"] for net, picks in zip(nets, out) if net["capacity"] for o in picks}
    for city in cities:
        if not isinstance(city, str) or city not in named:
            raise GameError("cannot_power", f"no running plant of this player can power {short(city, 20)}",
                            where="cities", city=short(city, 20))
    for net, picks in zip(nets, out):
        if len(picks) > net["capacity"]:
            raise GameError("over_capacity", f"plants {', '.join(map(str, net['plants']))} power "
                            f"{net['capacity']} cities besides their home cities, not {len(picks)}",
                            where="cities", capacity=net["capacity"], count=len(picks))
    return out


def power_plan(state, seat_index: int, run: list[int], values=None, cities=None) -> dict:
    """What the seat earns running the plants `run` and powering `cities` (None: the best
    ones): every powered city with its figure, the penalties, each network's capacity and
    offer, and the totals (nothing is changed). A choice that cannot be is refused."""
    values = city_values(state) if values is None else values
    seat = state["seats"][seat_index]
    built = {p["n"] for p in seat["plants"]}
    running = [n for n in sorted(run) if n in built]
    nets = offers(state, seat_index, running, values)
    picks = chosen(nets, cities)
    own_legs = legs_from_plants(seat, seat_index, plant_cities(seat) | set(seat["substations"]))
    figures, penalties, summary = [], [], []
    for net, pick in zip(nets, picks):
        for city, n in sorted(net["homes"].items()):
            figures.append({"city": city, "amount": HOME / 2, "rule": "home", "plant": n})
        capacity = [[p["n"], P.powers(p["n"])] for p in net["on"]]
        for o in pick:
            plant = next(c for c in capacity if c[1] > 0)
            plant[1] -= 1
            if o["leg"] is None:  # rules 1: an idle home city powered through the network
                figures.append({"city": o["city"], "amount": HOME / 2, "rule": o["rule"], "plant": plant[0]})
            else:
                figures.append(figure(o["city"], o, plant[0], own_legs.get(o["city"])))
        powered = {c["city"] for c in figures}
        for n in net["plants"]:
            city = next(p["city"] for p in seat["plants"] if p["n"] == n)
            if city not in powered and all(x["city"] != city for x in penalties):
                penalties.append({"city": city, "to": [None] + hanging_owners(state, seat_index, city),
                                  "amount": PENALTY})
        summary.append({"plants": net["plants"], "capacity": net["capacity"], "used": len(pick),
                        "offer": [{"city": o["city"], "amount": o["value"] / 2,
                                   **({"home": o["home"]} if o["home"] is not None else {})}
                                  for o in net["offer"]]})
    gross = sum(int(c["amount"] * 2) for c in figures)
    return {"seat": seat_index, "run": running, "cities": figures, "powered": len(figures),
            "chosen": [o["city"] for pick in picks for o in pick], "networks": summary,
            "gross": gross / 2, "rounded": (gross + 1) // 2, "penalties": penalties,
            "owed": sum(PENALTY * len(p["to"]) for p in penalties)}


def best_choice(state, seat_index: int, values=None) -> dict:
    """The engine's choice for the seat: every plant that can run, and the best cities they
    power (what a table preselects, bots play and the host's settle takes for a player who
    chose nothing)."""
    run = runnable(state["seats"][seat_index])
    plan = power_plan(state, seat_index, run, values)
    return {"run": run, "cities": plan["chosen"], "mix": {}}


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
