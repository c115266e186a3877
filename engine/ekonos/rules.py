"""Ekonos's rules as pure functions of the state: what a card's top may do, what a growth
action may do, who is president after a trade, and the score. game.py changes the state;
these only look at it (the view, the bots and the tests use them too).

The map is `state["map"]`: one entry per space (index = space id - 1), None when empty,
else [company, protected].
"""

from .board import ADJACENT, SPACE_IDS
from .cards import LETTERS
from .options import COLUMN, MAX_TILES


def tiles_of(state, company: str) -> list[int]:
    """The spaces holding a tile of `company`."""
    return [i + 1 for i, t in enumerate(state["map"]) if t is not None and t[0] == company]


def tile_count(state, company: str) -> int:
    n = 0
    for t in state["map"]:
        if t is not None and t[0] == company:
            n += 1
    return n


def value(state, company: str) -> int:
    """A company's value at the end: its tiles on the map (share prices do not matter)."""
    return tile_count(state, company)


def empty_spaces(state) -> list[int]:
    return [i + 1 for i, t in enumerate(state["map"]) if t is None]


def protectable(state, company: str) -> list[int]:
    """The company's own tiles that may still be flipped to the protected side."""
    return [i + 1 for i, t in enumerate(state["map"])
            if t is not None and t[0] == company and not t[1]]


def top_options(state, company: str, empty=None) -> tuple[list[int], list[int]]:
    """(spaces a card's top may place on, own tiles it may protect): any empty space while
    the company has fewer than 10 tiles on the map; any unprotected own tile."""
    place = (empty_spaces(state) if empty is None else empty) \
        if tile_count(state, company) < MAX_TILES else []
    return place, protectable(state, company)


def grow_options(state, company: str, base) -> tuple[list[int], list[int]]:
    """(spaces a growth action may place on, own tiles it may protect). A placement goes next
    to one of `base` — the company's tiles when the expansion began [seed: no growing two
    spaces away in one expansion] — on an empty space or an unprotected tile of another
    company; never while the company has 10 tiles on the map."""
    m = state["map"]
    place = []
    if tile_count(state, company) < MAX_TILES:
        seen = set()
        for s in base:
            for n in ADJACENT[s]:
                if n in seen:
                    continue
                seen.add(n)
                t = m[n - 1]
                if t is None or (t[0] != company and not t[1]):
                    place.append(n)
        place.sort()
    return place, protectable(state, company)


def column(state, company: str) -> int:
    """Shares in the company's column of the stock chart (every player's together)."""
    return sum(state["shares"][company])


def buy_cost(state, company: str) -> int | None:
    """The lowest free space of the column (shares + 1); None when the column is full."""
    n = column(state, company)
    return n + 1 if n < COLUMN else None


def president_after_buy(state, company: str, buyer: int) -> int | None:
    """The president once `buyer` holds one more share: the buyer only with strictly more
    shares than every other player [seed]; else whoever was president."""
    holdings = state["shares"][company]
    mine = holdings[buyer] + 1
    if all(mine > n for i, n in enumerate(holdings) if i != buyer):
        return buyer
    return state["president"][company]


def successors_after_sell(state, company: str, seller: int) -> list[int]:
    """When the president sells one share: the players who may take the post. Empty: the
    seller stays president ([decision] ties included). One: that player takes it. Several,
    tied for most: the seller chooses among them [seed]."""
    holdings = state["shares"][company]
    mine = holdings[seller] - 1
    best = max((n for i, n in enumerate(holdings) if i != seller), default=0)
    if best <= mine:
        return []
    return [i for i, n in enumerate(holdings) if i != seller and n == best]


def score(state, seat: int) -> int:
    """Σ shares × company value + coins."""
    return state["coins"][seat] + sum(state["shares"][c][seat] * value(state, c) for c in LETTERS)


def breakdown(state, seat: int) -> dict:
    values = {c: value(state, c) for c in LETTERS}
    shares = {c: state["shares"][c][seat] for c in LETTERS}
    worth = {c: shares[c] * values[c] for c in LETTERS}
    return {"coins": state["coins"][seat], "shares": shares, "values": worth,
            "score": state["coins"][seat] + sum(worth.values())}


def standings(state) -> tuple[list[int], list[int], list[int]]:
    """(ranking best first, scores by seat, places by seat). Higher score first; [decision]
    a tie goes to more coins, and players equal in both share the place."""
    n = len(state["players"])
    scores = [score(state, i) for i in range(n)]
    key = [(scores[i], state["coins"][i]) for i in range(n)]
    ranking = sorted(range(n), key=lambda i: (-key[i][0], -key[i][1], i))
    places = [0] * n
    for k, i in enumerate(ranking):
        places[i] = places[ranking[k - 1]] if k and key[ranking[k - 1]] == key[i] else k + 1
    return ranking, scores, places


def check_space(space) -> bool:
    return type(space) is int and 1 <= space <= len(SPACE_IDS)
