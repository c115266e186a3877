"""What the hall's "How to play" page shows of Broker-Yard beyond its rule text: the cards
(from the packs' tables) and one worked round that the engine plays from a fixed example, so
no figure is typed twice. build.py ships it with the catalog (`howto` in engine/<game>.json)."""

from .cards import BIG_PACKS, SMALL_PACK, SMALL_FIGURES, HUNDRED_OTHERS, big_pack, small_pack
from .game import new_game, apply
from .view import view

# One round of four players, each card showing one rule: a hundred and a +60 push blue past
# 250 (a bonus), a minus-hundred sinks green below 10 (a penalty), a zero cancels yellow.
EXAMPLE_OPTIONS = {"mode": "classic", "deal": "3+5", "summation": "top3", "stop_loss": False}
EXAMPLE_PLAYERS = ["Ann", "Bob", "Cleo", "Dan"]
EXAMPLE_ORDERS = [
    {"trades": {"green": -1, "blue": 1}, "card": "hundred:blue",
     "choices": {"others": {"red": -10, "yellow": -20, "green": -30}}},
    {"trades": {}, "card": "small:blue:+60", "choices": {"other": "red"}},
    {"trades": {}, "card": "minus-hundred:green", "choices": {"other": "yellow"}},
    {"trades": {}, "card": "zero:yellow", "choices": {}},
]


def _hands() -> dict:
    """Each player's hand: the card of the example first, filled up from the one pack."""
    played = {o["card"] for o in EXAMPLE_ORDERS}
    big = [c for c in big_pack("classic") if c not in played]
    small = [c for c in small_pack() if c not in played]
    hands = {}
    for name, order in zip(EXAMPLE_PLAYERS, EXAMPLE_ORDERS):
        card = order["card"]
        hand = [card]
        need_big = 3 - (not card.startswith("small:"))
        need_small = 5 - card.startswith("small:")
        hand += [big.pop(0) for _ in range(need_big)] + [small.pop(0) for _ in range(need_small)]
        hands[name] = hand
    return hands


def example_round() -> dict:
    """The public view after the example's first round (its `history[0]` is the round)."""
    state = new_game(EXAMPLE_OPTIONS, EXAMPLE_PLAYERS, seed=1, hands=_hands())
    for seat, order in enumerate(EXAMPLE_ORDERS):
        apply(state, seat, {"type": "order", **order})
    apply(state, None, {"type": "resolve"})
    return {"options": EXAMPLE_OPTIONS, "orders": EXAMPLE_ORDERS, "view": view(state, None)}


def howto() -> dict:
    return {
        "cards": {
            "big": {kind: list(cards) for kind, cards in BIG_PACKS.items()},
            "small": list(SMALL_PACK),
            "small_figures": {f"{k:+d}": v for k, v in SMALL_FIGURES.items()},
            "hundred_others": list(HUNDRED_OTHERS),
        },
        "example": example_round(),
    }
