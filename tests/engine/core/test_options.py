"""The options every game shares (engine/core/options.py): a catalog's options filled in with
their defaults, and anything else refused the same way in every game."""

import pytest

from engine.core.errors import GameError
from engine.core.game import GAMES, get_game
from engine.core.options import resolve_options

CATALOG = {"options": [{"key": "deal", "kind": "choice", "values": ["a", "b"], "default": "a"},
                       {"key": "fast", "kind": "bool", "default": False}]}


def test_missing_options_take_the_catalogs_defaults():
    assert resolve_options(CATALOG, None) == {"deal": "a", "fast": False}
    assert resolve_options(CATALOG, {"fast": True}) == {"deal": "a", "fast": True}
    # a game's options beyond its lobby's (a record's) are known too
    assert resolve_options(CATALOG, {"packs": 3}, {"packs": None}) == {"deal": "a", "fast": False, "packs": 3}


@pytest.mark.parametrize("options, code, where", [
    ([], "bad_option", "options"), ("deal=a", "bad_option", "options"),
    ({"zz": 1, "deal": "b", "aa": 2}, "unknown_option", "options.aa"),
    ({1: 2, "deal": "b"}, "unknown_option", "options.1"),   # a key that is no text (from Python)
    ({"x" * 500: 1}, "unknown_option", f"options.{'x' * 40}…"),
])
def test_anything_else_is_refused(options, code, where):
    with pytest.raises(GameError) as e:
        resolve_options(CATALOG, options)
    assert (e.value.code, e.value.where) == (code, where)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_refuses_an_unknown_option_alike(name):
    module = get_game(name)
    players = [f"P{i}" for i in range(module.catalog()["players"]["min"])]
    with pytest.raises(GameError) as e:
        module.new_game({"no_such_option": 1}, players, 1)
    assert (e.value.code, e.value.where, e.value.params) == (
        "unknown_option", "options.no_such_option", {"option": "no_such_option"})
