"""Phase 4 of the variant (reverse player order): the acting player builds in small steps,
each priced before it is confirmed, then says `done`:

- `build` {plant, city}: a plant from hand, 10 Elektro, in a city in play with a free plant
  site and no own substation, within the region's pollution cap (5) and nuclear limit (1).
  Other players' substations there are displaced from Step 2 on (their lines ending there
  hang); in Step 1 a plant cannot displace, so the city must have none.
- `upgrade` {plant, with}: a built plant replaced for free by a plant of its kind from hand
  (fusion replaces any), within the limits. The old card leaves the game.
- `move` {from, to, resources}: resources between two own plants of one network, 1 Elektro
  per started 10 of line cost between their cities.
- `line` {from, to, path?, via?}: a new line over unowned edges, from a station (or on
  from a hanging end) to a station, or to a city it connects with a substation (5 more);
  without a path, the cheapest one.
- `substation` {city}: 5 Elektro, in a city one of the player's lines passes through.

[decision] A substation stands at the end of a new line or on the player's own line through
the city (a network starts at a plant); the number of substations is not limited.
[decision] An upgrade takes any plant of the same kind, bigger or not (a hybrid only
another hybrid); fusion replaces any plant.
[decision] Where several of the player's lines hang in one city, `via` (the next city on
the line) says which one a new line extends.
"""

import math

from ..core.errors import GameError, short
from ..core.game import unknown_action
from . import plants as P
from .fields import check_fields, city as check_city, whole
from .map import CITIES, NEIGHBOURS, edge, region, sites
from .bureaucracy import covered_cities
from .market import check_small_plants, stage2_due, start_step2
from .network import (SUBSTATION_COST, connectable, distance, in_play, may_connect, network_of, owners,
                      plants_at, routes, split_at, stations, substations_at, touched, line_cost, hanging_ends)

PLANT_COST = 10


# ---------------------------------------------------------------- limits and places
def region_load(state, reg: str) -> tuple[int, int]:
    """(pollution, nuclear plants) of the plants built in a region."""
    pollution = nuclear = 0
    for s in state["seats"]:
        for p in s["plants"]:
            if region(p["city"]) == reg:
                pollution += P.pollution(p["n"])
                nuclear += P.kind(p["n"]) == P.NUCLEAR
    return pollution, nuclear


def within_limits(state, city: str, new: int, old: int | None = None) -> str | None:
    """Why plant `new` (replacing `old`) may not stand in `city`'s region, or None."""
    pollution, nuclear = region_load(state, region(city))
    if old is not None:
        pollution -= P.pollution(old)
        nuclear -= P.kind(old) == P.NUCLEAR
    if pollution + P.pollution(new) > 5:
        return "pollution_cap"
    if P.kind(new) == P.NUCLEAR and nuclear >= 1:
        return "nuclear_limit"
    return None


def build_sites(state, seat_index: int, plant: int) -> list[str]:
    """The cities where this seat may build `plant` now (cost aside)."""
    seat = state["seats"][seat_index]
    out = []
    for c in sorted(in_play(state)):
        if _site_problem(state, seat, c) is None and within_limits(state, c, plant) is None:
            out.append(c)
    return out


def _site_problem(state, seat, c: str):
    if len(plants_at(state, c)) >= sites(c):
        return "no_free_site"
    if c in seat["substations"]:
        return "own_substation"
    if substations_at(state, c) and state["stage"] == 1:
        return "no_displacing_in_step1"
    return None


# ---------------------------------------------------------------- the actions
def act(state, seat_index, action) -> list[dict]:
    kind = action["type"]
    seat = state["seats"][seat_index]
    if kind == "done":
        check_fields(action, ())
        state["cursor"] += 1
        return [{"type": "done", "seat": seat_index, "phase": "building"}]
    handler = {"build": build, "upgrade": upgrade, "move": move, "line": line,
               "substation": substation}.get(kind)
    if handler is None:
        raise unknown_action(kind)
    events = handler(state, seat_index, seat, action)
    check_small_plants(state, events)
    return events


def _pay(seat, cost: int) -> None:
    if cost > seat["cash"]:
        raise GameError("not_enough_money", f"this costs {cost}, {seat['cash']} Elektro held",
                        cost=cost, cash=seat["cash"])
    seat["cash"] -= cost


def build(state, seat_index, seat, action) -> list[dict]:
    check_fields(action, ("plant", "city"))
    n = whole(action.get("plant"), "plant")
    if n not in seat["hand"]:
        raise GameError("plant_not_in_hand", f"plant {n} is not in hand", where="plant", plant=n)
    c = check_city(action.get("city"))
    if c not in in_play(state):
        raise GameError("city_not_in_play", f"{c} is not in play", where="city", city=c)
    problem = _site_problem(state, seat, c) or within_limits(state, c, n)
    if problem:
        raise GameError(problem, f"plant {n} cannot be built in {c} ({problem})", where="city",
                        plant=n, city=c)
    _pay(seat, PLANT_COST)
    displaced = substations_at(state, c)
    for i in displaced:
        state["seats"][i]["substations"].remove(c)
    seat["hand"].remove(n)
    seat["plants"].append({"n": n, "city": c, "res": {}, "displaced": displaced})
    split_at(seat, c)
    return [{"type": "build", "seat": seat_index, "plant": n, "city": c, "cost": PLANT_COST,
             "displaced": displaced}]


def upgrade(state, seat_index, seat, action) -> list[dict]:
    check_fields(action, ("plant", "with"))
    old = whole(action.get("plant"), "plant")
    new = whole(action.get("with"), "with")
    site = next((p for p in seat["plants"] if p["n"] == old), None)
    if site is None:
        raise GameError("plant_not_built", f"plant {old} is not built", where="plant", plant=old)
    if new not in seat["hand"]:
        raise GameError("plant_not_in_hand", f"plant {new} is not in hand", where="with", plant=new)
    if not P.can_upgrade(old, new):
        raise GameError("wrong_kind", f"plant {new} cannot replace plant {old}", where="with",
                        plant=old, replacement=new)
    problem = within_limits(state, site["city"], new, old)
    if problem:
        raise GameError(problem, f"plant {new} cannot stand in {site['city']} ({problem})",
                        where="with", plant=new, city=site["city"])
    seat["hand"].remove(new)
    state["gone"].append(old)
    held, site["n"], site["res"] = site["res"], new, {}
    moved, lost = [], {}
    for r, k in sorted(held.items()):
        keep = min(k, P.room(new, site["res"], r))
        if keep:
            site["res"][r] = keep
        k -= keep
        # [decision] what the new plant cannot hold goes free to other own plants (lowest
        # number first, any network), the rest back to the box
        for other in sorted(seat["plants"], key=lambda p: p["n"]):
            if k and other is not site:
                put = min(k, P.room(other["n"], other["res"], r))
                if put:
                    other["res"][r] = other["res"].get(r, 0) + put
                    moved.append({"to": other["n"], "resource": r, "amount": put})
                    k -= put
        if k:
            lost[r] = k
    return [{"type": "upgrade", "seat": seat_index, "plant": old, "with": new, "city": site["city"],
             "kept": dict(site["res"]), "moved": moved, "lost": lost}]


def move_cost(seat, a: dict, b: dict):
    """1 Elektro per started 10 of line cost between the plants' cities along the seat's
    network; None when they are not in one network. [decision] Between two plants of one
    double city it is free, and one move may carry any resources at that price."""
    d = 0 if a["city"] == b["city"] else distance(seat, a["city"], b["city"])
    return None if d is None else math.ceil(d / 10)


def move(state, seat_index, seat, action) -> list[dict]:
    check_fields(action, ("from", "to", "resources"))
    built = {p["n"]: p for p in seat["plants"]}
    a, b = built.get(action.get("from")), built.get(action.get("to"))
    if a is None or b is None or a is b:
        raise GameError("plant_not_built", "move between two different built plants", where="from")
    cargo = action.get("resources")
    if not isinstance(cargo, dict) or not cargo:
        raise GameError("bad_resources", "resources map a resource to an amount", where="resources")
    room = P.storage(b["n"]) - sum(b["res"].values())
    for r, k in cargo.items():
        whole(k, f"resources.{short(r, 20)}", 1, 24)
        if r not in P.RESOURCES or a["res"].get(r, 0) < k:
            raise GameError("not_held", f"plant {a['n']} does not hold {k} {short(r, 20)}",
                            where="resources")
        if r not in P.burns(b["n"]):
            raise GameError("wrong_resource", f"plant {b['n']} does not burn {r}", where="resources",
                            plant=b["n"], resource=r)
    if sum(cargo.values()) > room:
        raise GameError("no_room", f"plant {b['n']} has room for {room} more", where="resources",
                        plant=b["n"], room=room)
    cost = move_cost(seat, a, b)
    if cost is None:
        raise GameError("not_connected", f"plants {a['n']} and {b['n']} are not in one network",
                        where="to")
    _pay(seat, cost)
    for r, k in cargo.items():
        a["res"][r] -= k
        if not a["res"][r]:
            del a["res"][r]
        b["res"][r] = b["res"].get(r, 0) + k
    return [{"type": "move", "seat": seat_index, "from": a["n"], "to": b["n"],
             "resources": dict(cargo), "cost": cost}]


def line(state, seat_index, seat, action) -> list[dict]:
    check_fields(action, ("from", "to", "path", "via"))
    start = check_city(action.get("from"), "from")
    to = check_city(action.get("to"), "to")
    via = action.get("via")
    own = stations(seat)
    hanging = None
    if start not in own:
        ends = [h for h in hanging_ends(seat) if h["city"] == start and via in (None, h["via"])]
        if not ends:
            raise GameError("not_a_start", f"a line starts at a plant, a substation or a hanging "
                            f"line of its owner, not in {start}", where="from", city=start)
        if len(ends) > 1:
            raise GameError("which_line", f"several lines hang in {start}: name one by `via`",
                            where="via", city=start)
        hanging = ends[0]
    elif via is not None:
        raise GameError("bad_field", "`via` names a hanging line to extend", where="via")
    if to not in own and not may_connect(state, seat_index, to):
        raise GameError("cannot_connect", f"{to} cannot take a substation of this player",
                        where="to", city=to)
    path = action.get("path")
    if path is None:
        path = _cheapest(state, seat_index, start, hanging, to)
    problem = route_problem(state, seat_index, path, start, to)
    if problem:
        raise GameError(problem[0], problem[1], where="path")
    connect = to not in own
    cost = line_cost(path) + (SUBSTATION_COST if connect else 0)
    _pay(seat, cost)
    if hanging:
        old = seat["lines"][hanging["line"]]
        old = old if old[-1] == start else old[::-1]
        seat["lines"][hanging["line"]] = old + list(path[1:])
    else:
        seat["lines"].append(list(path))
    if connect:
        seat["substations"].append(to)
        split_at(seat, to)
    return [{"type": "line", "seat": seat_index, "path": list(path), "cost": line_cost(path),
             "substation": connect, "total": cost, "extends": bool(hanging)}]


def _cheapest(state, seat_index, start, hanging, to) -> list:
    begin = [{"from": start, "via": hanging["via"] if hanging else None}]
    for r in routes(state, seat_index, starts_from=begin):
        if r["to"] == to:
            return r["path"]
    raise GameError("no_route", f"no line can run from {start} to {to}", where="to", city=to)


def route_problem(state, seat_index, path, start, to):
    """(code, message) if `path` is not a line the seat may lay from `start` to `to`."""
    seat = state["seats"][seat_index]
    if not isinstance(path, list) or len(path) < 2 or len(path) > len(CITIES):
        return "bad_path", "a path lists the cities of the line, at least two"
    if any(not isinstance(c, str) or c not in CITIES for c in path):
        return "bad_path", "a path lists cities of the map"
    if path[0] != start or path[-1] != to:
        return "bad_path", "a path runs from `from` to `to`"
    if len(set(path)) != len(path):
        return "bad_path", "a line visits a city once"
    playing, taken, mine = in_play(state), owners(state), touched(seat)
    for a, b in zip(path, path[1:]):
        if b not in dict(NEIGHBOURS[a]):
            return "not_adjacent", f"no line on the map between {a} and {b}"
        if edge(a, b) in taken:
            return "line_taken", f"the line {a}-{b} is already built"
    if any(c not in playing for c in path):
        return "city_not_in_play", "a line stays in the regions in play"
    if any(c in mine for c in path[1:-1]):
        return "branch_unconnected", "a line branches only in connected cities"
    if to not in stations(seat) and not may_connect(state, seat_index, to):
        return "cannot_connect", f"{to} cannot take a substation of this player"
    return None


def substation(state, seat_index, seat, action) -> list[dict]:
    check_fields(action, ("city",))
    c = check_city(action.get("city"))
    if not any(c in line[1:-1] for line in seat["lines"]):
        raise GameError("no_line_here", f"no line of this player passes through {c}", where="city",
                        city=c)
    if not may_connect(state, seat_index, c):
        raise GameError("cannot_connect", f"{c} cannot take a substation of this player",
                        where="city", city=c)
    _pay(seat, SUBSTATION_COST)
    seat["substations"].append(c)
    split_at(seat, c)
    return [{"type": "substation", "seat": seat_index, "city": c, "cost": SUBSTATION_COST}]


# ---------------------------------------------------------------- what may be done
def options(state, seat_index: int) -> dict:
    """Everything the seat may do now, priced: a UI shows each cost before it is confirmed."""
    seat = state["seats"][seat_index]
    cash = seat["cash"]
    out = {"kind": "build", "cash": cash, "plant_cost": PLANT_COST,
           "substation_cost": SUBSTATION_COST, "build": [], "displaces": {}, "upgrade": [],
           "move": [], "lines": [], "substations": []}
    if cash >= PLANT_COST:
        for n in seat["hand"]:
            cities = build_sites(state, seat_index, n)
            if cities:
                out["build"].append({"plant": n, "cities": cities})
                for c in cities:
                    if substations_at(state, c):
                        out["displaces"][c] = substations_at(state, c)
    for p in seat["plants"]:
        withs = [n for n in seat["hand"] if P.can_upgrade(p["n"], n)
                 and within_limits(state, p["city"], n, p["n"]) is None]
        if withs:
            out["upgrade"].append({"plant": p["n"], "with": withs})
    for a in seat["plants"]:
        for b in seat["plants"]:
            if a is b or not a["res"]:
                continue
            room = P.storage(b["n"]) - sum(b["res"].values())
            cargo = {r: min(k, room) for r, k in a["res"].items() if r in P.burns(b["n"])}
            cargo = {r: k for r, k in cargo.items() if k}
            if cargo:
                cost = move_cost(seat, a, b)
                if cost is not None and cost <= cash:
                    out["move"].append({"from": a["n"], "to": b["n"], "cost": cost, "resources": cargo})
    out["lines"] = routes(state, seat_index, cash_limit=cash, keep=lambda r: not loop(seat, r))
    if cash >= SUBSTATION_COST:
        through = sorted({c for line in seat["lines"] for c in line[1:-1]} & connectable(state, seat_index))
        out["substations"] = [{"city": c, "cost": SUBSTATION_COST} for c in through]
    return out


def loop(seat, route: dict) -> bool:
    """Whether a new line would only close a loop: it ends in a city the network it starts
    from has connected already (a line joining two of the seat's networks is no loop). The
    engine takes such a line when it is drawn; the offers leave it out (issue 30), and offer
    the cheapest other line to that city instead, if any."""
    if route["to"] not in stations(seat):
        return False
    start = route["from"]
    if route["via"] is not None:  # a hanging line's network is where its other end is
        line = next(x for x in seat["lines"] if (x[0], x[1]) == (start, route["via"])
                    or (x[-1], x[-2]) == (start, route["via"]))
        start = line[-1] if line[0] == start else line[0]
    return route["to"] in network_of(seat, start)


def has_options(state, seat_index: int) -> bool:
    """Whether the seat can do anything but `done` (the cheap checks first)."""
    seat = state["seats"][seat_index]
    cash = seat["cash"]
    if seat["hand"] and (cash >= PLANT_COST or any(P.can_upgrade(p["n"], n) for p in seat["plants"]
                                                  for n in seat["hand"])):
        o = options(state, seat_index)
        if o["build"] or o["upgrade"]:
            return True
    if cash >= SUBSTATION_COST and any(len(line) > 2 for line in seat["lines"]):
        through = {c for line in seat["lines"] for c in line[1:-1]}
        if through & connectable(state, seat_index):
            return True
    if cash >= 2 and routes(state, seat_index, cash_limit=cash):
        return True
    return any(p["res"] for p in seat["plants"]) and bool(options(state, seat_index)["move"])


def end_phase(state, events) -> None:
    """After every player built: the last round is announced when every city in play has a
    plant or a substation; otherwise Step 2 may begin. [decision] Everyone finishes phase 4
    before the end is checked, as in the base game."""
    if in_play(state) <= covered_cities(state):
        state["final"] = True
        events.append({"type": "final_round", "round": state["round"]})
    elif stage2_due(state):
        start_step2(state, events)
