"""How a bot values a position: each company's projected final value (its tiles now, less
a little for tiles others may still replace, plus the growth still to come), each
player's projected score (coins + shares × projected value), and a seat's advantage over
the others. The weights were tuned with the simulator (docs/games/ekonos.md)."""

from ..cards import LETTERS

# growth still to come, per company, over a whole game: a share of the cards yet to play
FUTURE = 0.8  # any company (tops place anywhere)
FUTURE_LED = 1.5  # more when a president will expand it
COUNTER = 0.3  # tiles per step on the growth counter, when a president will expand
RISK = 0.3  # of an unprotected tile: the chance it is replaced before the end
CONTROL = 5.0  # of a presidency: deciding a company's expansions, over a whole game


def turns_left(state) -> tuple[int, int]:
    """(cards still to play in the game, cards of a whole game)."""
    n = len(state["players"])
    per_round = n * state["hand_size"]
    rounds_after = state["rounds_total"] - state["round"]
    left = sum(len(h) for h in state["hands"]) + rounds_after * per_round
    return left, state["rounds_total"] * per_round


def projected(state, weights=None) -> dict:
    w = weights or {}
    future, led, counter, risk = (w.get("future", FUTURE), w.get("future_led", FUTURE_LED),
                                  w.get("counter", COUNTER), w.get("risk", RISK))
    left, total = turns_left(state)
    frac = left / total if total else 0.0
    tiles = {c: 0 for c in LETTERS}
    loose = {c: 0 for c in LETTERS}
    for t in state["map"]:
        if t is not None:
            tiles[t[0]] += 1
            if not t[1]:
                loose[t[0]] += 1
    x = state["expansion"]
    out = {}
    for c in LETTERS:
        v = tiles[c] - risk * frac * loose[c] + future * frac
        if state["president"][c] is not None:
            v += led * frac + (counter * state["growth"][c] if left else 0.0)
        if x is not None and x["company"] == c:
            v += x["left"]
        out[c] = min(v, 10.0)
    return out


def scores(state, values, weights=None) -> list[float]:
    shares = state["shares"]
    out = [state["coins"][i] + sum(shares[c][i] * values[c] for c in LETTERS)
           for i in range(len(state["players"]))]
    left, total = turns_left(state)
    control = (weights or {}).get("control", CONTROL) * left / total if total else 0.0
    for seat in state["president"].values():
        if seat is not None:
            out[seat] += control
    return out


def advantage(state, seat, weights=None) -> float:
    """The seat's projected score against the others': half against the best of them, half
    against their mean (so a bot both chases the leader and keeps ahead of the field)."""
    s = scores(state, projected(state, weights), weights)
    others = [v for i, v in enumerate(s) if i != seat]
    return s[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)
