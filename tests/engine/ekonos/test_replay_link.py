"""Ekonos's replay link of a game so far holds no card of a hand (the registry's own checks:
tests/engine/core/test_replay.py)."""

import json

from ..core.test_replay import dicts, game_so_far


def test_ekonos_link_holds_no_card_of_a_hand():
    _, _, state, link = game_so_far("ekonos", 0.5)
    text = json.dumps(link)
    played = {d["card"] for d in dicts(link) if "card" in d}
    held = {c for hand in state["hands"] for c in hand} - played
    assert held and not any(f'"{c}"' in text for c in held)
