"""How the capitals came about (issue 32, item 5): each player's capital after every round,
and the rounds that made the leader, from the public history alone (what every view holds:
trades, stop sales, bonuses, penalties and bankruptcies are public once a round ends).

A normal bot may finish with hundreds of millions against a person's few hundred dollars
(all in on a colour at $10, then +100 and a bonus above $250): the rules allow it, and this
shows how it happened. The page calls it as the tool `story` with the view's history.
"""

from .cards import COLOURS
from .game import START_PRICE, START_SHARES, worth
from .preview import bad_arguments

MOVES = 3  # the leader's rounds shown: the greatest gains


def _holdings_after_each_round(players: int, history: list) -> list[list[dict]]:
    """Each seat's cash and shares after each round, from the rounds' public events."""
    seats = [{"cash": 0, "shares": dict.fromkeys(COLOURS, START_SHARES)} for _ in range(players)]
    out = []
    for entry in history:
        for e in entry["events"]:
            kind, i = e["type"], e.get("seat")
            if kind in ("trade", "stop_sale"):
                seats[i]["shares"][e["colour"]] += e["shares"] if kind == "trade" else -e["shares"]
                seats[i]["cash"] += e["cash"]
            elif kind in ("bonus", "penalty"):
                seats[i]["cash"] += e["cash"]
            elif kind == "bankrupt":
                seats[i]["shares"] = dict.fromkeys(COLOURS, 0)
        out.append([{"cash": s["cash"], "shares": dict(s["shares"])} for s in seats])
    return out


def _capital(seat: dict, prices: dict) -> int:
    return worth(seat["cash"], seat["shares"], prices)


def story(players=None, history=None, leader=None) -> dict:
    """`players`: how many seats; `history`: the view's rounds ({round, prices_before,
    prices_after, events}); `leader`: the seat whose rounds to tell (default: the greatest
    capital after the last round). Returns {"capital": [[each seat's capital] for the start
    and after each round], "leader": seat, "moves": the leader's greatest gains, each
    {round, before, after, trades, card, choices, cash} (cash: bonuses, penalties and stop
    sales received that round)}."""
    if type(players) is not int or not 1 <= players <= 100_000:
        raise bad_arguments("story: players is a whole number of seats")
    if not isinstance(history, list) or any(not isinstance(h, dict) for h in history):
        raise bad_arguments("story: history is the view's list of rounds")
    try:
        after = _holdings_after_each_round(players, history)
        opening = {"cash": 0, "shares": dict.fromkeys(COLOURS, START_SHARES)}
        start = [_capital(opening, dict.fromkeys(COLOURS, START_PRICE))] * players
        capital = [start] + [[_capital(s, h["prices_after"]) for s in seats]
                             for seats, h in zip(after, history)]
    except (KeyError, TypeError, IndexError) as e:
        raise bad_arguments(f"story: a round of the history lacks {str(e)[:40]}") from None
    last = capital[-1]
    if leader is None:
        leader = max(range(players), key=lambda i: (last[i], -i))
    elif type(leader) is not int or not 0 <= leader < players:
        raise bad_arguments("story: leader is a seat")
    moves = []
    for r, h in enumerate(history):
        before, now = capital[r][leader], capital[r + 1][leader]
        if now <= before:
            continue
        mine = [e for e in h["events"] if e.get("seat") == leader]
        card = next((e for e in mine if e["type"] == "card"), None)
        moves.append({"round": h["round"], "before": before, "after": now,
                      "trades": {e["colour"]: e["shares"] for e in mine if e["type"] == "trade"},
                      "card": card["card"] if card else None,
                      "choices": card["choices"] if card else {},
                      "cash": sum(e["cash"] for e in mine if e["type"] in ("bonus", "penalty", "stop_sale"))})
    moves.sort(key=lambda m: (-(m["after"] - m["before"]), m["round"]))
    return {"capital": capital, "leader": leader, "moves": sorted(moves[:MOVES], key=lambda m: m["round"])}


TOOLS = {"story": story}
