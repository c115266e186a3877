"""What one seat may see: the only door to hidden information. Everything that leaves the
host for a player, a link or a bot is built from here.

Hidden: the seed, the order of the draw stack and the plants removed face down at the start
(their numbers), and the other players' power choices until the host settles (that a
choice is saved is public). Everything else is on the table: hands (plants are bought in
open auction), stores, lines, money.

`public(state)` is the state with the hidden parts taken out, in the state's own shape, and
`state_from_public` puts placeholders back: links carry the first, and bots and links
rebuild a state from it to use the engine's own functions (legal moves, prices, income).
"""

import json

from ..core.clone import clone
from ..core.errors import GameError, short
from ..core.game import check_seat
from . import auction, building, purchase
from . import plants as P
from .bureaucracy import standing
from .game import ROUND, actor, to_act
from .income import best_choice, city_values, power_plan, runnable
from .version import rules
from .map import cities_of
from .market import current, future, prices, supply
from .network import hanging_ends
from .outlook import outlook

HIDDEN = ("seed", "setup", "actions", "deck", "removed")
PLACEHOLDER = 0  # a face-down plant in a rebuilt state


def public(state, seat=None, history=None) -> dict:
    """The state without what `seat` may not see (None: a spectator); `history` keeps only
    that many past rounds (and drops the last income's explanation and the log), for bots."""
    out = {k: v for k, v in state.items() if k not in HIDDEN}
    if history is not None:
        out["history"] = out["history"][-history:] if history else []
        out["income"] = None
        out.pop("log", None)
    out = json.loads(json.dumps(out))
    out["deck_size"] = len(state["deck"])
    out["step3_in_deck"] = P.STEP3 in state["deck"]  # it lies at the bottom until drawn
    out["removed_size"] = len(state["removed"])
    for i, s in enumerate(out["seats"]):
        s["saved"] = s["power"] is not None
        if i != seat:
            s["power"] = None
    return out


def state_from_public(pub: dict) -> dict:
    """A state that plays like the real one wherever nothing hidden is needed."""
    state = json.loads(json.dumps(pub))
    deck = [PLACEHOLDER] * (state.pop("deck_size") - state["step3_in_deck"])
    state["deck"] = deck + ([P.STEP3] if state.pop("step3_in_deck") else [])
    state["removed"] = [PLACEHOLDER] * state.pop("removed_size")
    state.update(seed=None, setup=None, actions=[])
    for s in state["seats"]:
        if s.pop("saved") and s["power"] is None:
            s["power"] = {"run": [], "mix": {}}
    return state


def view(state, seat=None, history=None, warnings=True) -> dict:
    """The game as `seat` sees it (None: a spectator), with its legal moves when it may act,
    and the figures a table shows (prices, pollution, what each connected city pays now,
    and with `warnings` the seat's `outlook`: its next bureaucracy, outlook.py). The static
    map is the catalog's (`catalog()["board"]`, what the table draws from): in the view it
    was a third of every move's answer to the hall (issue 28)."""
    n = len(state["players"])
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise GameError("unknown_seat", "no such seat", seat=short(seat, 20))
    out = public(state, seat, history)
    turn = to_act(state)
    ranking, places = standing(state)
    out.update(
        seat=seat, step=turn["step"], to_act=turn["seats"], actor=actor(state),
        phases=[dict(p) for p in ROUND],
        current=current(state), future=future(state), prices=prices(state),
        supply={r: supply(state, r) for r in P.RESOURCES},
        pollution={r: list(building.region_load(state, r)) for r in state["regions"]},
        cities_in_play=len(cities_of(state["regions"])),
        values={c: {"amount": v["value"] / 2, "rule": v["rule"], "leg": v["leg"]}
                for c, v in sorted(city_values(state).items())},
        standing={"ranking": ranking, "places": places},
    )
    for i, s in enumerate(out["seats"]):
        s["name"] = state["players"][i]
        s["cities"] = len(s["plants"]) + len(s["substations"])
        s["capacity"] = sum(P.powers(p["n"]) for p in s["plants"])
        s["hanging"] = hanging_ends(state["seats"][i])
    if seat is not None:
        out["legal"] = legal(state, seat) if seat in turn["seats"] and not state["over"] else None
        if warnings and not state["over"]:
            out["outlook"] = outlook(state, seat)
    return out


def bot_view(state, seat) -> dict:
    """A bot's view: the seat's view without the last income explained, the warnings and all
    but the last 4 rounds of history (the bots read the recent pace of play)."""
    return view(state, seat, history=4, warnings=False)


def legal(state, seat) -> dict:
    """What `seat` may do now, priced, as data for a UI or a bot."""
    check_seat(state, seat)
    turn = to_act(state)
    if state["over"] or seat not in turn["seats"]:
        raise GameError("not_your_turn", f"it is not {state['players'][seat]}'s turn",
                        player=state["players"][seat])
    phase = state["phase"]
    base = {"phase": phase, "step": turn["step"]}
    if phase == "auction":
        return {**base, **auction.options(state, seat)}
    if phase == "resources":
        return {**base, "kind": "buy", "cash": state["seats"][seat]["cash"],
                "buy": purchase.options(state, seat)}
    if phase == "building":
        return {**base, **building.options(state, seat)}
    return {**base, **power_options(state, seat)}


def power_options(state, seat) -> dict:
    """The power choice: each built plant, the engine's best choice (`suggested`: every plant
    that can run and the best cities) with its income explained, city by city and network by
    network (the cities each network may power, its capacity), and what leaving each plant
    that can run idle would change."""
    s = state["seats"][seat]
    can = set(runnable(s))
    values = city_values(state)
    suggested = best_choice(state, seat, values)
    preview = power_plan(state, seat, suggested["run"], values, suggested.get("cities"))
    always = rules(state) < 2  # rules 1: eco and fusion always ran
    idle = {}
    for n in sorted(can):
        if P.needs(n) or not always:
            plan = power_plan(state, seat, [m for m in suggested["run"] if m != n], values)
            idle[str(n)] = {"rounded": plan["rounded"], "powered": plan["powered"], "owed": plan["owed"]}
    return {"kind": "power", "plants": [
        {"plant": p["n"], "kind": P.kind(p["n"]), "needs": P.needs(p["n"]), "powers": P.powers(p["n"]),
         "city": p["city"], "res": dict(p["res"]), "can_run": p["n"] in can,
         "always": always and not P.needs(p["n"]),
         **({"mixes": mixes(p)} if P.kind(p["n"]) == P.HYBRID and p["n"] in can else {})}
        for p in s["plants"]],
        "choose_cities": not always, "suggested": suggested, "preview": preview, "idle": idle,
        "saved": s["power"]}


def mixes(p: dict) -> list[dict]:
    """The fuel a running hybrid may burn: every split of its input between the coal and
    the oil it holds, coal first (the engine's default first)."""
    need, coal, oil = P.needs(p["n"]), p["res"].get(P.COAL, 0), p["res"].get(P.OIL, 0)
    return [{r: k for r, k in ((P.COAL, c), (P.OIL, need - c)) if k}
            for c in range(min(need, coal), max(0, need - oil) - 1, -1)]


def conceal(state, seat, rng) -> dict:
    """A copy of the state in which everything `seat` may not see is different: the seed,
    the order and numbers of the face-down plants, others' pending power choices."""
    out = clone(state)
    out["seed"] = f"concealed-{rng.random()}"
    hidden = [c for c in out["deck"] if c != P.STEP3] + out["removed"]
    rng.shuffle(hidden)
    k = len(out["removed"])
    out["removed"], rest = sorted(hidden[:k]), hidden[k:]
    out["deck"] = [c if c == P.STEP3 else rest.pop() for c in out["deck"]]
    for i, s in enumerate(out["seats"]):
        if i != seat and s["power"] is not None:
            s["power"] = {"run": [], "mix": {}}
    out["actions"] = []
    out["setup"] = None
    return out
