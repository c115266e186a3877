"""Broker-Yard's parts of the hall's hosted games (engine/core/session.py): the lobby's line,
the final screen, and when a seat has finished its orders for the round."""

from .cards import COLOURS
from .game import capital


def hall_summary(state) -> dict:
    """Round n of N (or played when over) and who is bankrupt."""
    return {"progress": {"unit": "round", "n": state["round"], "of": state["rounds_total"]},
            "bankrupt": [s["bankrupt"] for s in state["seats"]]}


def hall_done(state, seat, kind) -> bool:
    """A human seat has finished when it saved an order with a card (it may save trades
    first); a remote seat when its orders came in, with or without a card."""
    order = state["orders"][seat]
    if kind == "remote":
        return order is not None
    return bool(order and order["card"])


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
