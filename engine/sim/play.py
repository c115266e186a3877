"""One simulated game: bots in every seat, the game's record, and the figures the report
needs. Each seat's bot sees only `view(state, seat, history=False)`."""

import json
import os

from ..broker import new_game, submit, resolve, view, result, to_record
from ..broker.bots import get_bot
from ..broker.cards import COLOURS, parse_card

# How much one card can raise a colour at the start prices (100): the "deal luck" measure.
RAISE_POWER = {"hundred": 100, "double": 100, "half": 100, "minus-hundred": 50, "zero": 0}


def raise_power(hand) -> int:
    total = 0
    for card_id in hand:
        card = parse_card(card_id)
        if card.kind == "small":
            from ..broker.cards import SMALL_FIGURES
            total += max(card.figure, SMALL_FIGURES[card.figure])
        else:
            total += RAISE_POWER[card.kind]
    return total


def seat_bots(bots: list[str], players: int, index: int, rotate: bool) -> list[str]:
    """The bot of every seat in game `index`: the list repeated to fill the seats, turned by
    one seat per game when `rotate` so that no strategy keeps one seat."""
    per_seat = [bots[i % len(bots)] for i in range(players)]
    if rotate:
        k = index % players
        per_seat = per_seat[-k:] + per_seat[:-k] if k else per_seat
    return per_seat


def game_seed(base, index: int) -> str:
    return f"sim{base}-{index}"


def play_game(task: dict) -> dict:
    """Play one game; returns its figures (and writes its record when task['records'])."""
    index, n = task["index"], task["players"]
    bots = seat_bots(task["bots"], n, index, task["rotate"])
    seed = game_seed(task["seed"], index)
    players = [f"{b}-{i + 1}" for i, b in enumerate(bots)]
    state = new_game(task["options"], players, seed)
    hands = [list(s["hand"]) for s in state["seats"]]
    deciders = [get_bot(b) for b in bots]
    while not state["over"]:
        r = state["round"]
        for i, s in enumerate(state["seats"]):
            if s["bankrupt"]:
                continue
            order = deciders[i](view(state, i, history=False), seed=f"{seed}:{r}:{i}")
            submit(state, i, order)
        resolve(state)
    res = result(state)
    hits_top = hits_bottom = stops = 0
    bonus_paid = penalty_paid = 0
    bonus_events = penalty_events = 0
    extremes_by_round = []
    for h in state["history"]:
        top = bottom = 0
        for e in h["events"]:
            t = e["type"]
            if t == "price":
                top += e["new_price"] == 250
                bottom += e["new_price"] == 10
                stops += e["stopped"]
                bonus_events += e["bonus"] > 0
                penalty_events += e["penalty"] > 0
            elif t == "bonus":
                bonus_paid += e["cash"]
            elif t == "penalty":
                penalty_paid -= e["cash"]
        hits_top += top
        hits_bottom += bottom
        extremes_by_round.append([top, bottom])
    if task.get("records"):
        path = os.path.join(task["records"], f"{index:06d}.json")
        record = to_record(state, meta={"simulation": task["seed"], "index": index, "bots": bots})
        with open(path, "w", encoding="utf-8") as f:
            json.dump(record, f, separators=(",", ":"))
    return {
        "index": index,
        "seed": seed,
        "bots": bots,
        "ranking": res["ranking"],
        "capital": res["capital"],
        "winner": res["ranking"][0],
        "bankrupt": [s["bankrupt_at"][0] if s["bankrupt"] else None for s in state["seats"]],
        "rounds": len(state["history"]),
        "rounds_total": state["rounds_total"],
        "final_prices": [state["prices"][c] for c in COLOURS],
        "hits_top": hits_top,
        "hits_bottom": hits_bottom,
        "extremes_by_round": extremes_by_round,
        "stops": stops,
        "bonus_paid": bonus_paid,
        "penalty_paid": penalty_paid,
        "bonus_events": bonus_events,
        "penalty_events": penalty_events,
        "hand_power": [raise_power(h) for h in hands],
    }
