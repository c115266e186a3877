"""The strong bot: prices every move by the income it adds, using the engine's own income
rule on a state rebuilt from the seat's public view (view.state_from_public).

- Horizon: the rounds the game has left, from the cities still unconnected.
- Lines: what a new city adds this round and for the rest of the game — half its cheapest
  leg (the new line may make it cheaper, capped at the city's maximum), or nothing when the
  network's plants have no capacity left (only the gain over its poorest powered city) —
  plus half of what a cheaper leg takes from rivals powering the city, against the line's
  cost. Near the end a city is also a point in the count of cities powered.
- Plants: bought for the cities they will power, less fuel, over the horizon; built where
  they join a network with unpowered cities or where valuable unconnected cities lie near;
  upgraded when the hand holds a bigger plant of the same kind.
- The end: connecting the last cities ends the game; it does that only when its count of
  powered cities leads, and otherwise leaves them.
"""

import random

from .. import plants as P
from ..income import city_values, power_plan, runnable
from ..map import DEAREST, NEIGHBOURS, edge
from ..network import networks, owners, plant_cities, stations
from ..view import state_from_public
from .common import covered, fuel_reserve, run_outlook
from .simple import normal

DEFAULT_VALUE = 5.0  # a city's half-leg when nothing better is known
JITTER = 0.15


def horizon(view, uncovered: int) -> float:
    """The rounds the game has left: the unconnected cities at the pace of the last rounds
    (at least half a city a round), never past the safety cap."""
    history = view["history"]
    recent = history[-3:]
    pace = (recent[-1]["covered"] - (history[-4]["covered"] if len(history) > 3 else 0)) / len(recent) \
        if recent else 1.5 * len(view["players"])
    left = uncovered / max(0.5, pace)
    return max(2.0, min(15.0, left, 41 - view["round"]))


class Reading:
    """The seat's view, read once per decision. Valuations carry a little seeded noise
    (JITTER): players judge alike but not identically, and mirror games do not all repeat
    one pattern."""

    def __init__(self, view, seed=0):
        self.rng = random.Random(f"strong:{seed}")
        self.view = view
        self.state = state_from_public(view)
        self.seat_index = view["seat"]
        self.seat = self.state["seats"][self.seat_index]
        self.values = city_values(self.state)
        uncovered = view["cities_in_play"] - len(covered(view))
        self.uncovered = uncovered
        self.horizon = horizon(view, uncovered)
        self.nets = [self._net(part) for part in networks(self.seat)]
        self.reserve = fuel_reserve(view, self.seat)
        self.cash = self.seat["cash"]

    @property
    def leading(self) -> bool:
        if not hasattr(self, "_leading"):
            self._leading = leading(self)
        return self._leading

    @property
    def rush(self) -> bool:
        """A leader that can pay for every city left ends the game."""
        return self.cash >= 20 * self.uncovered and self.leading

    def _net(self, part) -> dict:
        mine = [p for p in self.seat["plants"] if p["city"] in part]
        homes = {p["city"] for p in mine}
        others = sorted((self.values[c]["value"] / 2 for c in part - homes if c in self.values), reverse=True)
        cap = sum(P.powers(p["n"]) for p in mine if self.can_run(p))
        return {"part": part, "plants": mine, "capacity": cap, "powered": others[:cap],
                "unpowered": others[cap:]}

    def can_run(self, p) -> bool:
        """Eco and fusion always; a fuel plant that holds its fuel, or can get it at a price
        its home city and a city or two repay."""
        need = P.needs(p["n"])
        if not need or sum(p["res"].values()) >= need:
            return True
        market = sum(self.view["resources"][r] for r in P.burns(p["n"]))
        return market >= need and run_outlook(self.view, p["n"]) <= 15

    def net_of(self, city):
        return next((n for n in self.nets if city in n["part"]), None)

    def jitter(self, x: float) -> float:
        return x * (1 + self.rng.uniform(-JITTER, JITTER))

    @property
    def stalled(self) -> bool:
        """No plant left to buy: capacity is what it is, only connecting cities ends the game."""
        return not self.view["current"] and not self.view["deck_size"]

    def typical_value(self) -> float:
        vals = [v for n in self.nets for v in n["powered"]]
        return sum(vals) / len(vals) if vals else DEFAULT_VALUE

    def endgame(self) -> bool:
        return self.uncovered <= 2 * len(self.view["players"])


def strong(view, seed=0):
    legal = view.get("legal")
    if legal is None:
        return None
    kind = legal["kind"]
    if kind in ("open", "bid"):
        return auction(Reading(view, seed), legal)
    if kind == "buy":
        return buy(Reading(view, seed), legal)
    if kind == "build":
        return build(Reading(view, seed), legal)
    return normal(view, seed)


# ---------------------------------------------------------------- fuel
def run_benefit(r: Reading, n: int) -> float:
    """What running plant n adds: its home city (5 earned, 5 not owed) and the cities of
    its network that only its capacity powers."""
    p = next(p for p in r.seat["plants"] if p["n"] == n)
    net = r.net_of(p["city"])
    if net is None:
        return 10.0
    others = net["capacity"] - P.powers(n)
    values = sorted(net["powered"] + net["unpowered"], reverse=True)
    return 10 + sum(values[max(0, others):others + P.powers(n)] if others >= 0 else values[:P.powers(n)])


def buy(r: Reading, legal) -> dict:
    """Fuel for one run of each plant whose run is worth its fuel, the best bargains first."""
    wanted = []
    for p in r.seat["plants"]:
        need = P.needs(p["n"]) - sum(p["res"].values())
        if need <= 0:
            continue
        opts = [o for o in legal["buy"] if o["plant"] == p["n"] and o["max"] >= need]
        if opts:
            o = min(opts, key=lambda o: o["costs"][need - 1])
            cost = o["costs"][need - 1]
            gain = run_benefit(r, p["n"]) - cost
            if gain > 0:
                wanted.append((gain / max(1, cost), o, need))
    if wanted:
        _, o, need = max(wanted, key=lambda w: w[0])
        return {"type": "buy", "plant": o["plant"], "resource": o["resource"], "amount": need}
    return {"type": "done"}


# ---------------------------------------------------------------- plants
def plant_value(r: Reading, n: int) -> float:
    """What owning plant n is worth over the horizon: its home city and the cities it will
    power (the unpowered ones first), less fuel, building and the lines still to lay."""
    v = r.typical_value()
    waiting = sorted((x for net in r.nets for x in net["unpowered"]), reverse=True)
    k = P.powers(n)
    now = sum(waiting[:k])
    later = max(0, k - len(waiting)) * v
    fuel = run_outlook(r.view, n)
    per_round = 5 + now + later - fuel
    lines_to_lay = max(0, k - len(waiting)) * 14
    points = (k + 1) * 15 if r.endgame() else 0  # cities powered at the end decide the game
    return per_round * max(1.0, r.horizon - 1) - 10 - lines_to_lay - (5 if P.needs(n) else 0) + points


def upgrade_value(r: Reading, n: int) -> float:
    best = 0.0
    for p in r.seat["plants"]:
        if P.can_upgrade(p["n"], n):
            gain = (P.powers(n) - P.powers(p["n"])) * r.typical_value() \
                - (run_outlook(r.view, n) - run_outlook(r.view, p["n"]))
            best = max(best, gain * max(1.0, r.horizon - 1))
    return best


def auction(r: Reading, legal) -> dict:
    budget = r.cash - r.reserve - 10
    if legal["kind"] == "bid":
        n = legal["plant"]
        # bid while this plant leaves more than the best other plant at its opening price
        # (or than buying nothing, after round 1), and never a bidding war
        worth = r.jitter(max(plant_value(r, n), upgrade_value(r, n)))
        others = [r.jitter(max(plant_value(r, m), upgrade_value(r, m))) - m for m in r.view["current"] if m != n]
        alternative = max(others, default=0) if r.view["round"] == 1 else max(others + [0])
        limit = min(budget, n + 12, worth - alternative)
        if legal["leader"] != r.seat_index and legal["min_bid"] <= limit:
            return {"type": "bid", "amount": legal["min_bid"]}
        return {"type": "pass"}
    offered = legal["plants"]
    if r.view["round"] == 1:
        best = max(offered, key=lambda o: (r.jitter(plant_value(r, o["plant"])) - o["min_bid"], -o["plant"]))
        return {"type": "open", "plant": best["plant"]}
    if any(plant_value(r, n) > 0 for n in r.seat["hand"]):
        return {"type": "pass"}  # build what is in hand first
    scored = [(r.jitter(max(plant_value(r, o["plant"]), upgrade_value(r, o["plant"]))) - o["min_bid"], o)
              for o in offered if o["min_bid"] <= budget]
    if not scored:
        return {"type": "pass"}
    gain, best = max(scored, key=lambda t: (t[0], -t[1]["plant"]))
    if gain <= 0:
        return {"type": "pass"}
    return {"type": "open", "plant": best["plant"]}


# ---------------------------------------------------------------- building
def build(r: Reading, legal) -> dict:
    choices = []
    for o in legal["upgrade"]:
        for n in o["with"]:
            gain = (P.powers(n) - P.powers(o["plant"])) * r.typical_value() \
                - (run_outlook(r.view, n) - run_outlook(r.view, o["plant"]))
            if gain > 0:
                choices.append((gain * r.horizon, {"type": "upgrade", "plant": o["plant"], "with": n}))
    for o in legal["build"]:
        # afterwards there must be money for its fuel and the penalty of its first round
        if r.cash - 10 < run_outlook(r.view, o["plant"]) + (5 if P.needs(o["plant"]) else 0):
            continue
        for city in o["cities"]:
            choices.append((site_value(r, o["plant"], city, legal), {"type": "build", "plant": o["plant"],
                                                                     "city": city}))
    for route in legal["lines"]:
        if route["total"] <= r.cash - r.reserve:
            score = line_value(r, route)
            if score is not None:
                action = {"type": "line", "from": route["from"], "to": route["to"], "path": route["path"]}
                if route["via"] is not None:
                    action["via"] = route["via"]
                choices.append((score, action))
    for o in legal["substations"]:
        if o["cost"] <= r.cash - r.reserve:
            score = city_gain(r, o["city"], r.net_of(_line_start(r, o["city"])), None)
            if score is not None:
                choices.append((score[0] * r.horizon - o["cost"], {"type": "substation", "city": o["city"]}))
    choices = [(r.jitter(c[0]), c[1]) for c in choices if c[0] > 0]
    if not choices:
        return {"type": "done"}
    return max(choices, key=lambda c: (c[0], str(c[1])))[1]


def _line_start(r: Reading, city: str):
    """A station on the own line passing through `city` (its network is the city's)."""
    for line in r.seat["lines"]:
        if city in line[1:-1]:
            return line[0] if line[0] in stations(r.seat) else line[-1]
    return None


def city_gain(r: Reading, city: str, net, leg_cost):
    """(what connecting `city` adds each round, what it takes from rivals) with a new leg of
    `leg_cost` (None: a substation on a line already there); None if nothing."""
    if net is None or not net["plants"]:
        return None
    old = r.values.get(city)
    costs = [DEAREST[city]] + ([old["value"]] if old else []) + ([leg_cost] if leg_cost else [])
    value = min(costs) / 2
    free = net["capacity"] - len(net["powered"])
    gain = value if free > 0 else max(0.0, value - min(net["powered"], default=0))
    taken = 0.0
    if old and leg_cost and leg_cost < old["value"]:
        rivals = [i for i, s in enumerate(r.state["seats"]) if i != r.seat_index and city in s["substations"]]
        taken = (old["value"] - leg_cost) / 2 * len(rivals)
    if r.endgame() and free > 0:
        gain += 4  # a city powered in the last round is a point of the final count
    return gain, taken


def line_value(r: Reading, route) -> float | None:
    if not route["substation"]:
        return merge_value(r, route)
    new = route["to"] not in covered(r.view)
    if new and r.rush:
        return 1000 - route["total"]  # leading with money for every city left: end it now
    if new and r.uncovered <= 1 and not r.leading:
        return None  # connecting the last city would end a game this seat does not lead
    got = city_gain(r, route["to"], r.net_of(route["from"]), route["cost"])
    bonus = 30 if new and (r.stalled or r.endgame()) and r.leading else 0  # the leader drives on
    if got is None:
        return bonus - route["total"] if bonus else None
    gain, taken = got
    return (gain + 0.5 * taken) * r.horizon - route["total"] + bonus


def merge_value(r: Reading, route) -> float | None:
    """A line between two own networks pools their plants' capacity."""
    a, b = r.net_of(route["from"]), r.net_of(route["to"])
    if a is None or b is None or a is b:
        return None
    spare = [a["capacity"] - len(a["powered"]), b["capacity"] - len(b["powered"])]
    waiting = [b["unpowered"], a["unpowered"]]
    gain = sum(sum(w[:max(0, s)]) for s, w in zip(spare, waiting))
    return gain * r.horizon - route["total"] if gain else None


def site_value(r: Reading, n: int, city: str, legal) -> float:
    """A plant's home: it pays 5 when it runs and powers the network it joins (a city its
    own line passes through, or one a free edge from its station), else it starts a new
    network among unconnected cities worth connecting."""
    fuel = run_outlook(r.view, n)
    k = P.powers(n)
    taken = owners(r.state)
    joined = None
    for line in r.seat["lines"]:
        if city in line[1:-1]:
            joined = r.net_of(line[0]) or r.net_of(line[-1])
    if joined is None:
        near = [r.net_of(o) for o, _ in NEIGHBOURS[city] if o in stations(r.seat) and edge(city, o) not in taken]
        near = [x for x in near if x]
        joined = max(near, key=lambda x: len(x["unpowered"]), default=None)
    if joined:
        now = sum(sorted(joined["unpowered"], reverse=True)[:k])
        extra = max(0, k - len(joined["unpowered"]))
    else:
        now, extra = 0.0, k
    around = sorted((min(c, DEAREST[o]) / 2 for o, c in NEIGHBOURS[city]
                     if o not in covered(r.view) and edge(city, o) not in taken), reverse=True)
    later = sum(around[:extra]) * 0.5 + max(0, extra - len(around)) * 2
    score = (5 + now + later - fuel) * r.horizon - 10 - (5 if P.needs(n) else 0)
    if city in legal["displaces"]:
        score += 2 * r.horizon if any(leads(r, i) for i in legal["displaces"][city]) else -5
    if city in plant_cities(r.seat):
        score -= 3  # a double city's second site adds no new home
    return score


def leads(r: Reading, seat: int) -> bool:
    counts = [s["powered"] for s in r.view["seats"]]
    return counts[seat] == max(counts)


def leading(r: Reading) -> bool:
    """Would this seat win if the game ended this round: the cities each seat's plants can
    power with the fuel they hold (the engine's own plan), then Elektro after the income."""
    score = []
    for i, s in enumerate(r.state["seats"]):
        plan = power_plan(r.state, i, runnable(s), r.values)
        score.append((plan["powered"], s["cash"] + plan["rounded"]))
    mine = score[r.seat_index]
    return all(mine >= other for i, other in enumerate(score) if i != r.seat_index)


__all__ = ["strong", "Reading", "plant_value", "line_value", "site_value"]
