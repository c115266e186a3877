"""The grid game's parts of the hall's hosted games (engine/core/session.py): the lobby's
line and the final screen."""

from .bureaucracy import STALL, covered_cities, standing
from .map import cities_of


def hall_summary(state) -> dict:
    """Round n (the game has no fixed length: it ends when every city is connected), the
    step, and how much of the map is covered."""
    return {"progress": {"unit": "round", "n": state["round"], "of": None},
            "stage": state["stage"], "covered": len(covered_cities(state)),
            "cities": len(cities_of(state["regions"]))}


def hall_final(state) -> dict:
    """The final screen: places by cities powered in the last round, then Elektro; how the
    game ended (`stall`: the rounds without progress that end a stalled game)."""
    ranking, places = standing(state)
    last = {e["seat"]: e for e in (state["income"] or {}).get("seats", [])}
    rows = []
    for i in ranking:
        s = state["seats"][i]
        e = last.get(i, {})
        rows.append({"place": places[i], "seat": i, "name": state["players"][i],
                     "powered": s["powered"], "elektro": s["cash"],
                     "income": e.get("rounded", 0), "plants": [p["n"] for p in s["plants"]],
                     "substations": len(s["substations"])})
    return {"rows": rows, "end": state["end"], "rounds": state["round"], "stall": STALL,
            "ranking": ranking, "places": places}
