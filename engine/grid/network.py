"""Players' networks on the map (rule book: "The variant", terms and phase 4).

A seat keeps its built plants, its substations and its lines; a line is the list of cities
it runs through, `[a, ..., b]`, bought edge by edge at the printed costs. A **station** is a
city where the seat has a plant or a substation: the cities it has connected. A line runs
between two stations and may pass through other cities without connecting them; a city a
line passes through is never one of the owner's stations (a line is split in two when its
owner connects a city it passes through). A line whose end lost its station (a substation
displaced by another player's plant) is **hanging** at that end: it carries nothing there,
and its owner may extend it onwards from there.

The seat's **station graph** joins two stations by each line that runs between them; a
**network** is one connected part of it. Everything here is a pure function of the state.
"""

import heapq

from .map import NEIGHBOURS, DEAREST, PAIR_COST, edge, cities_of

# what a substation costs: a line's end in a city the seat had no station in
SUBSTATION_COST = 5


# ---------------------------------------------------------------- one seat's network
def plant_cities(seat: dict) -> set:
    return {p["city"] for p in seat["plants"]}


def stations(seat: dict) -> set:
    return plant_cities(seat) | set(seat["substations"])


def touched(seat: dict) -> set:
    """Every city the seat's network reaches: its stations and all cities its lines run through."""
    out = stations(seat)
    for line in seat["lines"]:
        out.update(line)
    return out


def line_cost(path) -> int:
    return sum(PAIR_COST[a, b] for a, b in zip(path, path[1:]))


def live_lines(seat: dict) -> list:
    """The lines that run between two stations (hanging lines join nothing)."""
    st = stations(seat)
    return [line for line in seat["lines"] if line[0] in st and line[-1] in st]


def hanging_ends(seat: dict) -> list[dict]:
    """Each end of a line that lost its station: {city, via (the next city on the line), line}."""
    st = stations(seat)
    out = []
    for i, line in enumerate(seat["lines"]):
        if line[0] not in st:
            out.append({"city": line[0], "via": line[1], "line": i})
        if line[-1] not in st:
            out.append({"city": line[-1], "via": line[-2], "line": i})
    return out


def split_at(seat: dict, city: str) -> None:
    """The seat connects `city`: each of its lines passing through it becomes two."""
    lines = []
    for line in seat["lines"]:
        if city in line[1:-1]:
            k = line.index(city)
            lines += [line[:k + 1], line[k:]]
        else:
            lines.append(line)
    seat["lines"] = lines


def station_graph(seat: dict) -> dict:
    """station -> [(other station, line cost, line)] over the seat's live lines."""
    graph = {c: [] for c in stations(seat)}
    for line in live_lines(seat):
        cost = line_cost(line)
        graph[line[0]].append((line[-1], cost, line))
        graph[line[-1]].append((line[0], cost, line))
    return graph


def networks(seat: dict) -> list[set]:
    """The seat's networks: the connected parts of its station graph, each a set of cities."""
    graph = station_graph(seat)
    seen, parts = set(), []
    for start in sorted(graph):
        if start in seen:
            continue
        part, todo = set(), [start]
        while todo:
            c = todo.pop()
            if c in part:
                continue
            part.add(c)
            todo += [o for o, _, _ in graph[c] if o not in part]
        seen |= part
        parts.append(part)
    return parts


def network_of(seat: dict, city: str) -> set:
    return next((part for part in networks(seat) if city in part), set())


def distance(seat: dict, a: str, b: str):
    """The cheapest line cost from station a to station b along the seat's network, or None."""
    graph = station_graph(seat)
    if a not in graph or b not in graph:
        return None
    best = {a: 0}
    heap = [(0, a)]
    while heap:
        d, c = heapq.heappop(heap)
        if c == b:
            return d
        if d > best.get(c, d):
            continue
        for o, cost, _ in graph[c]:
            if d + cost < best.get(o, 1 << 30):
                best[o] = d + cost
                heapq.heappush(heap, (d + cost, o))
    return None


# ---------------------------------------------------------------- the legs into a city
def legs_from_plants(seat: dict, owner: int, into=None) -> dict:
    """city -> the seat's legs into that city that bring power from its plants.

    A leg is the last part of the way from a plant: a live line ending at the city (one of
    the seat's substations, or the cities `into`) whose other end is a plant, or reaches a
    plant along the network without going through the city. In «plant — A — B» the line A–B
    is a leg into B, not into A (rule book example 1: Stuttgart pays 16/2, not 12/2).
    [decision] A hanging line brings no power, so it is no leg; a network cut off from its
    plants has no legs.
    """
    graph = station_graph(seat)
    plants = plant_cities(seat)
    out = {}
    for city in seat["substations"] if into is None else into:
        legs = []
        for other, cost, line in graph.get(city, ()):
            if _reaches_plant(graph, plants, other, city):
                path = line if line[-1] == city else line[::-1]
                legs.append({"owner": owner, "path": list(path), "cost": cost})
        if legs:
            out[city] = legs
    return out


def _reaches_plant(graph, plants, start, avoid) -> bool:
    seen, todo = {avoid}, [start]
    while todo:
        c = todo.pop()
        if c in plants:
            return True
        if c in seen:
            continue
        seen.add(c)
        todo += [o for o, _, _ in graph[c] if o not in seen]
    return False


def all_legs(state) -> dict:
    """city -> every leg into it from plants, of every seat."""
    out = {}
    for i, seat in enumerate(state["seats"]):
        for city, legs in legs_from_plants(seat, i).items():
            out.setdefault(city, []).extend(legs)
    return out


def legs_into(state, city: str) -> list:
    """Every seat's legs into `city` from plants, whatever station the city is (a home city
    powered through the network is paid as a foreign city: by the cheapest leg into it)."""
    return [leg for i, seat in enumerate(state["seats"])
            for leg in legs_from_plants(seat, i, [city]).get(city, ())]


def cheapest_leg(legs: list) -> dict:
    return min(legs, key=lambda leg: (leg["cost"], leg["owner"], len(leg["path"]), leg["path"]))


def city_value(city: str, legs: list) -> tuple[int, str, dict]:
    """(value in half-Elektro, rule, the leg) of a connected city that is not a home city:
    half the cheapest leg into it, but never more than its maximum price, which only a leg
    through unconnected cities can exceed. [decision] The maximum price is half the dearest
    line printed on the map into the city (the rule book's example: Würzburg 19/2)."""
    leg = cheapest_leg(legs)
    if leg["cost"] > DEAREST[city]:
        return DEAREST[city], "capped", leg
    return leg["cost"], "cheapest", leg


# ---------------------------------------------------------------- laying lines
def owners(state) -> dict:
    """edge key -> the seat owning that line section (each edge has one owner at most)."""
    out = {}
    for i, seat in enumerate(state["seats"]):
        for line in seat["lines"]:
            for a, b in zip(line, line[1:]):
                out[edge(a, b)] = i
    return out


def in_play(state) -> set:
    return set(cities_of(state["regions"]))


def plants_at(state, city: str) -> list[tuple[int, int]]:
    """(seat, plant) built in `city`."""
    return [(i, p["n"]) for i, s in enumerate(state["seats"]) for p in s["plants"] if p["city"] == city]


def substations_at(state, city: str) -> list[int]:
    return [i for i, s in enumerate(state["seats"]) if city in s["substations"]]


def connectable(state, seat_index: int) -> set:
    """The cities this seat may put a substation in: in play, no plant there, not its own
    station, and at most 2 substations of others."""
    planted = {p["city"] for s in state["seats"] for p in s["plants"]}
    count = {}
    for s in state["seats"]:
        for c in s["substations"]:
            count[c] = count.get(c, 0) + 1
    own = set(state["seats"][seat_index]["substations"])
    return {c for c in in_play(state) if c not in planted and c not in own and count.get(c, 0) <= 2}


def may_connect(state, seat_index: int, city: str) -> bool:
    return city in connectable(state, seat_index)


def starts(seat: dict) -> list[dict]:
    """Where a new line may begin: any station, or a hanging end (continuing that line)."""
    out = [{"from": c, "via": None} for c in sorted(stations(seat))]
    out += [{"from": h["city"], "via": h["via"]} for h in hanging_ends(seat)]
    return out


def routes(state, seat_index: int, cash_limit=None, starts_from=None, keep=None) -> list[dict]:
    """For each city a new line can end in, the cheapest way there (of those `keep` takes):
    {to, from, via, path, cost, substation, total}. A line runs over unowned map edges,
    through cities in play that the seat's network does not touch, and ends in one of the
    seat's stations or in a city it may connect (then with a substation, 5 more).
    [decision] Lines stay in the regions in play (2 players: five)."""
    seat = state["seats"][seat_index]
    taken = owners(state)
    playing = in_play(state)
    mine = touched(seat)
    own = stations(seat)
    ends = own | connectable(state, seat_index)
    best = {}
    for start in starts(seat) if starts_from is None else starts_from:
        origin = start["from"]
        dist = {origin: 0}
        prev = {}
        heap = [(0, origin)]
        while heap:
            d, c = heapq.heappop(heap)
            if d > dist[c]:
                continue
            if c != origin and c in mine:
                continue  # a line may end in a city the network touches, not run through it
            for o, cost in NEIGHBOURS[c]:
                if o not in playing or edge(c, o) in taken or (c == origin and o == start["via"]):
                    continue
                nd = d + cost
                if cash_limit is not None and nd > cash_limit:
                    continue
                if nd < dist.get(o, 1 << 30):
                    dist[o], prev[o] = nd, c
                    heapq.heappush(heap, (nd, o))
        for city, d in dist.items():
            if city == origin:
                continue
            if city not in ends:
                continue
            extra = 0 if city in own else SUBSTATION_COST
            total = d + extra
            if cash_limit is not None and total > cash_limit:
                continue
            old = best.get(city)
            if old is None or (total, origin) < (old["total"], old["from"]):
                path = [city]
                while path[-1] != origin:
                    path.append(prev[path[-1]])
                route = {"to": city, "from": origin, "via": start["via"], "path": path[::-1],
                         "cost": d, "substation": extra > 0, "total": total}
                if keep is None or keep(route):
                    best[city] = route
    return [best[c] for c in sorted(best)]
