"""Hand-made grid tables for the rule tests: a fresh game whose seats get plants,
substations and lines put down directly, so that a test sets up exactly the network its
arithmetic is about; and the recorded games of tests/fixtures/grid/."""

import json
from pathlib import Path

from engine.grid import new_game

NAMES = ["Red", "Green", "Blue", "Gold"]
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "grid"


def fixture(name: str) -> dict:
    """The recorded game `name` of tests/fixtures/grid/ (the hall's tests open them too)."""
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def table(players: int = 3, stage: int = 1, phase: str | None = None, seed="rules", rules=None,
          **seats) -> dict:
    """A game with `seats` laid out: red=dict(plants=[(n, city, {res})...], subs=[...],
    lines=[[...]], cash=..., hand=[...]) (keys red, green, blue, gold); `rules` an older
    engine version's rules (engine/grid/version.py)."""
    state = new_game({}, NAMES[:players], seed, **({"rules": rules} if rules else {}))
    state["stage"] = stage
    for i, name in enumerate(NAMES[:players]):
        spec = seats.get(name.lower())
        if not spec:
            continue
        s = state["seats"][i]
        s["plants"] = [{"n": p[0], "city": p[1], "res": dict(p[2]) if len(p) > 2 else {},
                        "displaced": list(p[3]) if len(p) > 3 else []} for p in spec.get("plants", ())]
        s["substations"] = list(spec.get("subs", ()))
        s["lines"] = [list(line) for line in spec.get("lines", ())]
        s["hand"] = list(spec.get("hand", ()))
        if "cash" in spec:
            s["cash"] = spec["cash"]
    if phase:
        state["phase"] = phase
        state["cursor"] = 0
    return state


def at(state, phase: str, seat: int) -> dict:
    """Put `seat` to act in a sequential phase (resources or building)."""
    state["phase"] = phase
    state["cursor"] = state["order"][::-1].index(seat)
    return state


def figures(plan) -> dict:
    """city -> (amount, rule) of a power plan or an income event."""
    return {c["city"]: (c["amount"], c["rule"]) for c in plan["cities"]}
