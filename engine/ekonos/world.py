"""A seat's model of the game: an engine state rebuilt from the seat's view alone, with the
hidden hands filled in by a sample consistent with what the view reveals (the seat's own
hand, the cards played this round, every hand's size). The engine's own `apply` then plays
in it, so a bot's look-ahead (bots/) and a turn planned on a remote player's page (tools.py)
follow exactly the rules the game does.
"""

import random

from .cards import DECK, LETTERS
from .game import state_shape


def unseen_cards(view) -> list[str]:
    """The cards this seat cannot place: not in its hand, not played this round."""
    return _unseen(view["hand"], view["played"])


def _unseen(hand, played) -> list[str]:
    known = set(hand) | {p["card"] for p in played}
    return [c for c in DECK if c not in known]


def sample_hands(view, rng: random.Random) -> list[list[str]]:
    """Every seat's hand: the seat's own, and for the others a random deal of the unseen
    cards (the undealt ones among them) of the sizes the view shows."""
    return deal_others(view["seat"], view["hand"], view["played"], [s["hand_size"] for s in view["seats"]], rng)


def deal_others(seat, hand, played, sizes, rng: random.Random) -> list[list[str]]:
    """`seat`'s own `hand`, and for every other seat a random deal of the cards it cannot place
    (not in its hand, not `played` this round) of the hand `sizes` it knows."""
    pool = _unseen(hand, played)
    rng.shuffle(pool)
    hands, k = [], 0
    for i, size in enumerate(sizes):
        if i == seat:
            hands.append(list(hand))
        else:
            hands.append(pool[k:k + size])
            k += size
    return hands


def world(view, hands, seed) -> dict:
    """An engine state that looks, from this seat, exactly like the view (`seed` stands in
    for the game's: it deals the rounds to come in the bot's imagination)."""
    companies = view["companies"]
    return state_shape(
        view["players"], seed=seed, engine_version=view["engine_version"],
        round=view["round"], first=view["first"], start=view["start"], turn=view["turn"],
        phase=view["phase"], step=view["step"],
        hands=hands, coins=[s["coins"] for s in view["seats"]],
        shares={c: list(companies[c]["holdings"]) for c in LETTERS},
        president={c: companies[c]["president"] for c in LETTERS},
        growth={c: companies[c]["growth"] for c in LETTERS},
        map=[None if t is None else [t["company"], t["protected"]] for t in view["map"]],
        expansion=None if view["expansion"] is None else {
            **view["expansion"], "base": None if view["expansion"]["base"] is None
            else list(view["expansion"]["base"])},
        successor=None if view["successor"] is None else {
            "company": view["successor"]["company"],
            "candidates": list(view["successor"]["candidates"])},
        log=[{"round": view["round"], "seat": None, "events": []}],
        places=[None] * len(view["players"]))


def clone(state) -> dict:
    """A copy to play on, cheaper than deepcopy: the parts `apply` changes are copied, the
    record and log start afresh."""
    x = state["expansion"]
    out = dict(state)
    out.update(
        actions=[], played=[], log=[{"round": state["round"], "seat": None, "events": []}],
        hands=[h[:] for h in state["hands"]], coins=state["coins"][:],
        shares={c: v[:] for c, v in state["shares"].items()},
        president=dict(state["president"]), growth=dict(state["growth"]),
        map=[t if t is None else t[:] for t in state["map"]],
        expansion=None if x is None else {**x, "base": None if x["base"] is None else x["base"][:]},
        successor=None if state["successor"] is None else dict(state["successor"]))
    return out
