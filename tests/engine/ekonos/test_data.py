"""The map and the deck as the rule book gives them ("Components")."""

from collections import Counter, deque
from itertools import combinations

import pytest

from engine.ekonos.board import ADJACENT, SPACES, board_data
from engine.ekonos.cards import BOTTOM_PAIRS, CARDS, COMPANIES, DECK, LETTERS


def test_the_map_has_36_spaces_numbered_1_to_36_with_drawing_positions():
    assert sorted(SPACES) == list(range(1, 37)) == sorted(ADJACENT)
    for name, x, y in SPACES.values():
        assert name and 0 <= x <= 1 and 0 <= y <= 1
    assert SPACES[1] == ("Ireland", .22, .30) and SPACES[36] == ("Greece", .77, .92)
    assert len({(x, y) for _, x, y in SPACES.values()}) == 36  # no two spaces drawn on each other


def test_adjacency_is_symmetric_and_irregular():
    for s, neighbours in ADJACENT.items():
        assert s not in neighbours and len(set(neighbours)) == len(neighbours)
        for n in neighbours:
            assert s in ADJACENT[n], f"{s}-{n} is one-way"
    degrees = Counter(len(v) for v in ADJACENT.values())
    assert degrees == {2: 3, 3: 15, 4: 17, 5: 1}  # not a grid: N Italy alone has five
    assert ADJACENT[28] == (19, 27, 29, 34, 35) and ADJACENT[1] == (2, 8)


def test_the_map_is_one_connected_piece():
    seen, todo = {1}, deque([1])
    while todo:
        for n in ADJACENT[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 36


def test_board_data_carries_what_a_table_draws():
    board = board_data()
    assert [b["space"] for b in board] == list(range(1, 37))
    assert board[27] == {"space": 28, "name": "N Italy", "x": .47, "y": .71,
                         "adjacent": [19, 27, 29, 34, 35]}


def test_six_companies():
    assert LETTERS == ("A", "B", "G", "D", "E", "O")
    assert COMPANIES["O"] == ("Omicron", "pink") and COMPANIES["G"] == ("Gamma", "light blue")


def test_36_different_cards_never_the_same_company_twice():
    assert len(DECK) == 36 == len(set(DECK)) == len(CARDS)
    for card in DECK:
        assert len(set(card)) == 3 and set(card) <= set(LETTERS)
        assert CARDS[card] == {"top": card[0], "bottom": [card[1], card[2]]}


def test_each_company_is_on_6_tops_and_12_bottoms():
    tops = Counter(c[0] for c in DECK)
    bottoms = Counter(x for c in DECK for x in c[1:])
    assert tops == {c: 6 for c in LETTERS} and bottoms == {c: 12 for c in LETTERS}


def test_a_tops_six_bottom_pairs_are_all_pairs_of_four_other_companies():
    """[decision: reconstructed deck] the rule book's table, and its shape."""
    assert BOTTOM_PAIRS["A"] == ("BE", "BG", "BD", "DE", "GE", "DG")
    assert BOTTOM_PAIRS["E"] == ("GO", "GA", "OA", "OB", "AB", "GB")
    for top, pairs in BOTTOM_PAIRS.items():
        four = set("".join(pairs))
        assert len(four) == 4 and top not in four
        assert {frozenset(p) for p in pairs} == {frozenset(p) for p in combinations(four, 2)}


def test_every_space_has_a_name_in_each_catalog():
    """The table names spaces from the catalogs (site/i18n/ekonos/<lang>.json, by space id):
    all of them, in every language, the English ones the engine's own."""
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "site" / "i18n" / "ekonos"
    names = {}
    for lang in ("en", "es", "ru", "ar"):
        catalog = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
        names[lang] = [catalog.get(f"ekonos.space.{s}") for s in sorted(SPACES)]
        assert all(names[lang]) and len(set(names[lang])) == len(SPACES), lang
    assert names["en"] == [SPACES[s][0] for s in sorted(SPACES)]
    assert names["ru"][0] == "Ирландия" and names["ar"][29] == "رومانيا"


def test_the_state_is_shaped_once():
    """A new game, a state rebuilt from a seat's view (world.py) and one from a link
    (link.py) have the same parts in the same order: state_shape writes them all."""
    import random

    from engine.ekonos import new_game, view
    from engine.ekonos.board import MAP_SIZE
    from engine.ekonos.game import state_shape
    from engine.ekonos.link import link_public, state_of
    from engine.ekonos.world import sample_hands, world

    state = new_game(players=["Ann", "Bob", "Cy"], seed=3)
    seen = view(state, 0)
    rebuilt = world(seen, sample_hands(seen, random.Random(1)), "x")
    linked = state_of(link_public(state))
    assert list(rebuilt) == list(state) == list(linked) == list(state_shape(["A", "B"]))
    assert len(state["map"]) == MAP_SIZE == len(linked["map"]) == len(rebuilt["map"])
    with pytest.raises(KeyError):
        state_shape(["A", "B"], mapp=[])  # a misspelt part is refused, not added
