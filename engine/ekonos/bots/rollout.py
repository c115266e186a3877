"""The fast policy the strong bot imagines every player following when it looks ahead: a
few arithmetic rules instead of a search, so hundreds of turns fit in a decision.

Each player favours the companies it holds more of than the others do: it places their
tiles (next to their own, so a later expansion can grow from them), moves their growth
counters, expands them when it presides, replaces the tiles of companies others hold, and
buys the share whose projected value best beats its price.
"""

from ..board import ADJACENT
from ..cards import LETTERS
from ..game import PRESIDENT_PHASES
from ..options import COLUMN, EXPAND_AT, FORCED_AT, MAX_TILES
from . import value


def stakes(state, seat) -> dict:
    """How much each company matters to `seat` against the others: its shares minus the
    others' mean."""
    n = len(state["players"])
    out = {}
    for c in LETTERS:
        h = state["shares"][c]
        mine = h[seat]
        out[c] = mine - (sum(h) - mine) / (n - 1)
    return out


def _near(state, company, rng):
    """An empty space next to the company's tiles, else any empty space (None: none)."""
    m = state["map"]
    near = [n for i, t in enumerate(m) if t is not None and t[0] == company
            for n in ADJACENT[i + 1] if m[n - 1] is None]
    pool = near or [i + 1 for i, t in enumerate(m) if t is None]
    return pool[int(rng.random() * len(pool))] if pool else None


def play(state, seat, rng) -> dict:
    st = stakes(state, seat)
    best, best_key = None, None
    counts = {c: 0 for c in LETTERS}
    for t in state["map"]:
        if t is not None:
            counts[t[0]] += 1
    for card in state["hands"][seat]:
        top = card[0]
        if counts[top] < MAX_TILES:
            key = st[top] + rng.random() * 0.5
            if best_key is None or key > best_key:
                best, best_key = ("top", card, top), key
        for b in (card[1], card[2]):
            g = state["growth"][b] + 1
            pres = state["president"][b]
            gain = 0.4 * st[b]
            if pres is not None and g in (EXPAND_AT, FORCED_AT):
                gain = st[b] * (2.0 if g == EXPAND_AT else 3.0) * (1.2 if pres == seat else 0.8)
            key = gain + rng.random() * 0.5
            if best_key is None or key > best_key:
                best, best_key = ("bottom", card, b), key
    use, card, company = best
    if use == "top":
        space = _near(state, company, rng)
        if space is not None:
            return {"type": "play", "card": card, "use": "top", "space": space}
        for i, t in enumerate(state["map"]):
            if t is not None and t[0] == company and not t[1]:
                return {"type": "play", "card": card, "use": "top", "space": i + 1}
        company = card[1]
    return {"type": "play", "card": card, "use": "bottom", "company": company}


def grow(state, seat, rng) -> dict:
    from ..rules import grow_options
    x = state["expansion"]
    st = stakes(state, seat)
    place, protect = grow_options(state, x["company"], x["base"])
    if place:
        m = state["map"]

        def harm(s):
            t = m[s - 1]
            return (-st[t[0]] if t is not None else 0.0) + rng.random() * 0.3
        return {"type": "grow", "space": max(place, key=harm)}
    return {"type": "grow", "space": protect[0]}


def buy(state, seat, rng) -> dict:
    left, total = value.turns_left(state)
    frac = left / total if total else 0.0
    coins = state["coins"][seat]
    best, best_gain = None, 0.5
    counts = {c: 0 for c in LETTERS}
    for t in state["map"]:
        if t is not None:
            counts[t[0]] += 1
    for c in LETTERS:
        col = sum(state["shares"][c])
        if col >= COLUMN or col + 1 > coins:
            continue
        worth = counts[c] + frac * (value.FUTURE + value.FUTURE_LED)
        gain = worth - (col + 1) + rng.random() * 0.5
        if gain > best_gain:
            best, best_gain = c, gain
    return {"type": "buy", "company": best} if best else {"type": "pass"}


def act(state, rng) -> tuple[int, dict]:
    """(seat, action) of whoever acts now, by this policy."""
    phase = state["phase"]
    if phase in PRESIDENT_PHASES:
        seat = state["expansion"]["seat"]
        if phase == "confirm":
            return seat, {"type": "done"}
        return seat, {"type": "expand"} if phase == "expand_or_wait" else grow(state, seat, rng)
    seat = state["turn"]
    if phase == "play":
        return seat, play(state, seat, rng)
    if phase == "buy":
        return seat, buy(state, seat, rng)
    if phase == "successor":
        return seat, {"type": "successor", "seat": state["successor"]["candidates"][0]}
    return seat, {"type": "pass"}  # sell: hold on
