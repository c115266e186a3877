"""Broker-Yard's parts of the hall's hosted games (engine/core/session.py): the lobby's line
and the final screen. (No `hall_done`: a seat has finished the round once it saved its
orders, with a card or with none, as the engine's `waiting` says.)"""

from .cards import COLOURS
from .game import capital


def hall_summary(state) -> dict:
    """Round n of N (or played when over) and who is bankrupt."""
    return {"progress": {"unit": "round", "n": state["round"], "of": state["rounds_total"]},
            "bankrupt": [s["bankrupt"] for s in state["seats"]]}


def hall_final(state) -> dict:
    """The final screen: the ranking and each player's capital broken down."""
    prices = state["prices"]
    rows = []
    for place, i in enumerate(state["ranking"] or []):
        s = state["seats"][i]
        rows.append({
            "place": place + 1, "seat": i, "name": state["players"][i],
            "bankrupt": s["bankrupt"],
            "bankrupt_round": s["bankrupt_at"][0] if s["bankrupt"] else None,
            "cash": s["cash"], "shares": dict(s["shares"]),
            "values": {c: s["shares"][c] * prices[c] for c in COLOURS},
            "capital": capital(state, i),
        })
    tosses = [e for h in state["history"] for e in h["events"] if e["type"] == "toss"]
    return {"rows": rows, "prices": dict(prices), "tosses": tosses}
