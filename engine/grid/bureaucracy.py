"""Phase 5: every player with a plant that can run chooses, together with the others,
which plants run and which cities they power (`power` {run, cities?, mix?}); the host's
`settle` then powers the cities, pays the income the variant's players summed by hand,
refills the resource market and updates the plant market. A choice without `cities` powers
the best ones for its plants (income.power_plan); a player who chose nothing when the host
settles takes the engine's best choice ([decision] the host's default: every plant that can
run, the best cities). [decision] Income is summed and rounded first, then penalties are
paid as far as the money goes: nobody's Elektro falls below 0. (Rules 1, version.py: eco
and fusion plants always ran, so only players with fuel to burn were asked.)

The end: after the round in which every city in play got a plant or a substation, the
winner is who powered the most cities in that last bureaucracy; a tie goes to more
Elektro. [decision] A game in which nobody makes progress ends the same way (`stalled`),
and a safety cap ends any game after round MAX_ROUNDS.
"""

from ..core.errors import GameError, short
from ..core.game import unknown_action
from . import plants as P
from .fields import check_fields
from .income import PENALTY, best_choice, burn, city_values, default_mix, power_plan, runnable
from .market import bureaucracy_update, refill
from .version import rules

MAX_ROUNDS = 40
STALL = 3  # rounds without progress that end a game (`stalled`)
# how a game ended: None while it goes on
ENDS = (None, "all_cities", "round_cap", "stalled")
# the events of a round that are progress: a plant sold, built or upgraded, a line, a substation
PROGRESS = ("sold", "build", "upgrade", "line", "substation")


def fuel_plants(seat: dict) -> list[int]:
    """The seat's plants that burn fuel and hold enough to run."""
    return [n for n in runnable(seat) if P.needs(n)]


def choosers(state) -> list[int]:
    """The seats with a choice to make: a plant that can run (rules 1: one burning fuel)."""
    pick = fuel_plants if rules(state) < 2 else runnable
    return [i for i, s in enumerate(state["seats"]) if pick(s)]


def check_choice(state, seat_index: int, action: dict) -> dict:
    """The power choice as the engine keeps it ({run, mix, cities?}), or a clear refusal."""
    seat = state["seats"][seat_index]
    check_fields(action, ("run", "mix", "cities"))
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
    if rules(state) < 2:
        run = sorted(set(run) | {n for n in can if not P.needs(n)})  # eco always ran
    choice = {"run": sorted(run), "mix": clean}
    if action.get("cities") is not None:
        power_plan(state, seat_index, choice["run"], cities=action["cities"])  # refuses what cannot be
        choice["cities"] = list(action["cities"])
    return choice


def act(state, seat_index, action) -> list[dict]:
    kind = action["type"]
    if seat_index is None:  # apply() lets the host through with `settle` only
        check_fields(action, ())
        events = []
        settle(state, events)
        return events
    if kind != "power":
        raise unknown_action(kind)
    state["seats"][seat_index]["power"] = check_choice(state, seat_index, action)
    return [{"type": "power_saved", "seat": seat_index}]


def settle(state, events) -> None:
    """Power, pay, and end the game or turn to the next round's market."""
    seats = state["seats"]
    values = city_values(state)
    choices = [s["power"] or best_choice(state, i, values) for i, s in enumerate(seats)]
    plans = [power_plan(state, i, c["run"], values, c.get("cities")) for i, c in enumerate(choices)]
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
                             "cash": [s["cash"] for s in seats], "progress": progress(state)})
    if state["final"] or state["round"] >= MAX_ROUNDS or (rules(state) >= 2 and stalled(state)):
        finish(state, events, "all_cities" if state["final"] else "round_cap"
               if state["round"] >= MAX_ROUNDS else "stalled")
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


def progress(state) -> int:
    """How many plants were sold, built or upgraded, lines and substations laid this round
    (the log keeps every action of the round: game.keep_log)."""
    return sum(e["type"] in PROGRESS for entry in state["log"] if entry["round"] == state["round"]
               for e in entry["events"])


def stalled(state) -> bool:
    """[decision] Nobody can make progress: for STALL rounds in a row no plant was sold,
    built or upgraded and no line or substation laid, and nobody holds more Elektro than
    before them, so nobody can now afford what they could not then. The game ends as at
    the end of the game (standing), `end: "stalled"`."""
    past = state["history"][-STALL - 1:]
    if len(past) <= STALL or any(h.get("progress", 1) for h in past[1:]):
        return False
    return all(now <= then for now, then in zip(past[-1]["cash"], past[0]["cash"]))


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


def game_over(seats, why: str) -> dict:
    """The end of the game as it is announced, from the seats' cities powered and cash (a
    link's log gives it back from the public state: link.py)."""
    ranking, places = standing({"seats": seats})
    return {"type": "game_over", "end": why, "ranking": ranking, "places": places,
            "powered": [s["powered"] for s in seats], "cash": [s["cash"] for s in seats]}


def finish(state, events, why: str) -> None:
    state["over"], state["end"], state["phase"] = True, why, "over"
    ended = game_over(state["seats"], why)
    state["ranking"] = ended["ranking"]
    events.append(ended)


__all__ = ["choosers", "act", "settle", "standing", "default_mix", "MAX_ROUNDS", "STALL", "ENDS"]
