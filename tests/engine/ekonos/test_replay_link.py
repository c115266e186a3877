"""Ekonos's replay link of a game so far holds no card of a hand (the registry's own checks:
tests/engine/core/test_replay.py)."""

from engine.ekonos.cards import DECK

from ..core.test_replay import game_so_far


def test_ekonos_link_holds_no_card_of_a_hand():
    """Every round deals all 36 cards anew: a card in a hand now may have been played in an
    earlier round (public then). The link names cards only as they were played."""
    _, _, state, link = game_so_far("ekonos", 0.5)
    text = link["public"]["a"]
    plays = [m[1:4] for m in text.split() if m.startswith("p")]
    assert plays == [p["card"] for p in state["played"]]
    now = [p["card"] for p in state["played"] if p["round"] == state["round"]]
    held = {c for hand in state["hands"] for c in hand}
    assert held and not held & set(now)
    assert sum(text.count(c) for c in DECK) == len(plays)  # no card but the played ones
