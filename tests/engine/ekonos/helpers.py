"""Small builders for Ekonos tests: games with chosen deals and start player, positions
set on the map and the chart, and a shortcut to play a card."""


import pytest

from engine.core.clone import clone
from engine.core.errors import GameError
from engine.ekonos import apply, new_game, to_act
from engine.ekonos.cards import DECK, LETTERS

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eva", "Fay"]


def game(players=4, start=0, deals=None, seed=1) -> dict:
    """A game whose first round deals `deals` (default: the deck in order) and whose first
    start player is `start`."""
    n = players
    size = 5 if n == 5 else 6
    if deals is None:
        deals = [[list(DECK[i * size:(i + 1) * size]) for i in range(n)]]
    return new_game({}, NAMES[:n], seed, start=start, deals=deals)


def hand_with(players, seat, cards, start=0) -> dict:
    """A game in which `seat` holds `cards` (filled up from the deck) in the first round."""
    size = 5 if players == 5 else 6
    rest = [c for c in DECK if c not in cards]
    hands = []
    for i in range(players):
        if i == seat:
            hand = list(cards) + [rest.pop() for _ in range(size - len(cards))]
        else:
            hand = [rest.pop(0) for _ in range(size)]
        hands.append(hand)
    return game(players, start, [hands])


def put(state, space, company, protected=False) -> None:
    state["map"][space - 1] = [company, protected]


def give(state, seat, company, n) -> None:
    state["shares"][company][seat] = n


def refused(state, seat, action, code) -> GameError:
    """`apply` refuses with `code` and leaves the state as it was."""
    before = clone(state)
    with pytest.raises(GameError) as info:
        apply(state, seat, action)
    assert info.value.code == code, info.value.to_json()
    assert state == before
    return info.value


def acting(state) -> int:
    return to_act(state)["seats"][0]


def play_top(state, card, space) -> list:
    return apply(state, acting(state), {"type": "play", "card": card, "use": "top", "space": space})


def play_bottom(state, card, company) -> list:
    return apply(state, acting(state), {"type": "play", "card": card, "use": "bottom",
                                        "company": company})


def finish_turn(state) -> None:
    """Pass through the sell and buy steps that remain in the current turn."""
    while state["phase"] in ("sell", "buy"):
        apply(state, state["turn"], {"type": "pass"})


__all__ = ["NAMES", "LETTERS", "DECK", "game", "hand_with", "put", "give", "refused", "acting",
           "play_top", "play_bottom", "finish_turn"]
