"""The grid game's parts of the hall's hosted games (engine/core/session.py): the lobby's
line, the final screen, and which actions a seat may take back within its turn
(engine/core/undo.py)."""

from .bureaucracy import STALL, covered_cities, standing
from .map import cities_of


def hall_summary(state) -> dict:
    """Round n (the game has no fixed length: it ends when every city is connected), the
    step, and how much of the map is covered."""
    return {"progress": {"unit": "round", "n": state["round"], "of": None},
            "stage": state["stage"], "covered": len(covered_cities(state)),
            "cities": len(cities_of(state["regions"]))}


def hall_secret(state) -> list[int]:
    """The seats whose screen holds a secret: only a pending power choice is one (view.py:
    hands, stores, money and the market are on the table; the stack is nobody's), so a
    hot-seat curtain covers a seat only while it has a choice saved (issue 30)."""
    return [i for i, s in enumerate(state["seats"]) if s["power"] is not None]


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


# a seat's own purchases and buildings, which reveal nothing; anything else (a plant drawn
# to the market, the turn done, a new phase or step) ends what may be taken back
TAKE_BACK = {"buy", "build", "line", "substation", "upgrade", "move"}


def keeps_turn(state, seat, events) -> bool:
    """In the resources and building phases a seat buys and builds one thing at a time until
    it says it is done: each may be taken back until then, unless it drew a new plant."""
    from .game import actor
    return (state["phase"] in ("resources", "building") and actor(state) == seat
            and all(e.get("type") in TAKE_BACK for e in events))
