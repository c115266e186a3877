"""Phase 5: every player with fuel to burn chooses, together with the others, which plants
run (`power` {run, mix?}); the host's `settle` then powers the cities, pays the income the
variant's players summed by hand, refills the resource market and updates the plant market.
[decision] Eco and fusion plants always run (running costs nothing), so a player whose plants
burn no fuel is not asked. A player who chose nothing when the host settles runs every
plant that can ([decision] the host's default). [decision] Income is summed and rounded
first, then penalties are paid as far as the money goes: nobody's Elektro falls below 0.

The end: after the round in which every city in play got a plant or a substation, the
winner is who powered the most cities in that last bureaucracy; a tie goes to more
Elektro. [decision] A safety cap ends the game after round MAX_ROUNDS the same way (the
simulator reports how often that happens; with sensible players, never).
"""

from ..core.errors import GameError, short
from ..core.game import unknown_action
from . import plants as P
from .fields import check_fields
from .income import PENALTY, burn, city_values, default_mix, power_plan, runnable
from .market import bureaucracy_update, refill

MAX_ROUNDS = 40


def fuel_plants(seat: dict) -> list[int]:
    """The seat's plants that burn fuel and hold enough to run: its choice."""
    return [n for n in runnable(seat) if P.needs(n)]


def choosers(state) -> list[int]:
    return [i for i, s in enumerate(state["seats"]) if fuel_plants(s)]


def default_choice(seat: dict) -> dict:
    run = runnable(seat)
    return {"run": run, "mix": {}}


def check_choice(seat: dict, action: dict) -> dict:
    check_fields(action, ("run", "mix"))
    run = action.get("run")
    if not isinstance(run, list) or len(run) > 50:
        raise GameError("bad_run", "run lists the plants to run", where="run")
    can = set(runnable(seat))
    for n in run:
        if type(n) is not int or n not in can:  # a list or an object is no plant number
            raise GameError("cannot_run", f"plant {short(n, 10)} is not built or lacks fuel",
                            where="run", plant=short(n, 10))
    if len(set(run)) != len(run):
        raise GameError("bad_run", "a plant is named twice", where="run")
    mix = action.get("mix") or {}
    if not isinstance(mix, dict):
        raise GameError("bad_mix", "mix maps a hybrid plant to the fuel it burns", where="mix")
    built = {str(p["n"]): p for p in seat["plants"]}
    clean = {}
    for key, use in mix.items():
        p = built.get(key)
        if p is None or p["n"] not in run or P.kind(p["n"]) != P.HYBRID or not isinstance(use, dict):
            raise GameError("bad_mix", "mix names running hybrid plants", where=f"mix.{short(key, 10)}")
        if set(use) - {P.COAL, P.OIL} or any(type(k) is not int or k < 0 for k in use.values()) \
                or sum(use.values()) != P.needs(p["n"]) \
                or any(k > p["res"].get(r, 0) for r, k in use.items()):
            raise GameError("bad_mix", f"plant {key} burns {P.needs(p['n'])} coal and oil it holds",
                            where=f"mix.{key}")
        clean[key] = {r: k for r, k in use.items() if k}
    run = sorted(set(run) | {n for n in can if not P.needs(n)})
    return {"run": run, "mix": clean}


def act(state, seat_index, action) -> list[dict]:
    kind = action["type"]
    if seat_index is None:  # apply() lets the host through with `settle` only
        check_fields(action, ())
        events = []
        settle(state, events)
        return events
    if kind != "power":
        raise unknown_action(kind)
    seat = state["seats"][seat_index]
    seat["power"] = check_choice(seat, action)
    return [{"type": "power_saved", "seat": seat_index}]


def settle(state, events) -> None:
    """Power, pay, and end the game or turn to the next round's market."""
    seats = state["seats"]
    values = city_values(state)
    choices = [s["power"] or default_choice(s) for s in seats]
    plans = [power_plan(state, i, c["run"], values) for i, c in enumerate(choices)]
    burned = [burn(s, c["run"], c["mix"]) for s, c in zip(seats, choices)]
    for s, plan in zip(seats, plans):
        s["cash"] += plan["rounded"]
    received = [0] * len(seats)
    paid = [[] for _ in seats]
    for i, plan in enumerate(plans):  # [decision] owners of hanging lines first, then the bank
        for pen in plan["penalties"]:
            for to in pen["to"][1:] + pen["to"][:1]:
                k = min(PENALTY, seats[i]["cash"])
                seats[i]["cash"] -= k
                if to is not None:
                    seats[to]["cash"] += k
                    received[to] += k
                paid[i].append({"city": pen["city"], "to": to, "amount": PENALTY, "paid": k})
    income = []
    for i, (s, plan) in enumerate(zip(seats, plans)):
        cost = sum(p["paid"] for p in paid[i])
        s["powered"], s["earned"], s["power"] = plan["powered"], plan["rounded"] - cost, None
        e = {"type": "income", "seat": i, "run": plan["run"], "burned": burned[i],
             "cities": plan["cities"], "powered": plan["powered"], "gross": plan["gross"],
             "rounded": plan["rounded"], "penalties": paid[i], "received": received[i],
             "cash": s["cash"]}
        income.append(e)
        events.append(e)
    state["income"] = {"round": state["round"], "seats": income}
    state["history"].append({"round": state["round"], "stage": state["stage"],
                             "covered": len(covered_cities(state)), **payments(plans),
                             "powered": [s["powered"] for s in seats],
                             "earned": [s["earned"] for s in seats],
                             "cash": [s["cash"] for s in seats]})
    if state["final"] or state["round"] >= MAX_ROUNDS:
        finish(state, events, "all_cities" if state["final"] else "round_cap")
        return
    refill(state, events)
    bureaucracy_update(state, events)
    state["phase"] = "round_end"


def payments(plans) -> dict:
    """A round's city figures in brief, for charts and the simulator: how many cities paid
    each amount (in half-Elektro), by which rule, and how many paid less than the seat's
    own leg because a rival's leg was cheaper."""
    paid, rules, undercut = {}, {}, 0
    for plan in plans:
        for c in plan["cities"]:
            key = str(int(c["amount"] * 2))
            paid[key] = paid.get(key, 0) + 1
            rules[c["rule"]] = rules.get(c["rule"], 0) + 1
            undercut += "own_cost" in c and c["own_cost"] > c["leg"]["cost"]
    return {"paid": dict(sorted(paid.items(), key=lambda kv: int(kv[0]))), "rules": rules,
            "undercut": undercut}


def covered_cities(state) -> set:
    """The cities with a plant or a substation: all of them in play ends the game."""
    out = set()
    for s in state["seats"]:
        out |= {p["city"] for p in s["plants"]} | set(s["substations"])
    return out


def standing(state) -> tuple[list[int], list[int]]:
    """(ranking, places): most cities powered in the last bureaucracy, ties by more Elektro;
    [decision] a tie in both shares the place (the ranking lists it in seat order)."""
    seats = state["seats"]
    key = {i: (s["powered"], s["cash"]) for i, s in enumerate(seats)}
    ranking = sorted(range(len(seats)), key=lambda i: (-key[i][0], -key[i][1], i))
    places = [1 + sum(key[j] > key[i] for j in key) for i in range(len(seats))]
    return ranking, places


def finish(state, events, why: str) -> None:
    state["over"], state["end"], state["phase"] = True, why, "over"
    ranking, places = standing(state)
    state["ranking"] = ranking
    events.append({"type": "game_over", "end": why, "ranking": ranking, "places": places,
                   "powered": [s["powered"] for s in state["seats"]],
                   "cash": [s["cash"] for s in state["seats"]]})


__all__ = ["choosers", "act", "settle", "standing", "default_choice", "default_mix", "MAX_ROUNDS"]
