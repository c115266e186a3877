"""Player names (engine/core/names.py): what is kept of a typed name, and which names count
as the same because they look the same — for every game, through records and the session."""

import json

import pytest

from engine.core import session
from engine.core.errors import GameError
from engine.core.game import GAMES, get_game
from engine.core.names import check_players, clean_name, name_key
from engine.core.record import replay

ANN_ALIKE = ["ANN", "ann", "A\u200bnn", "Ａｎｎ", "\u0410nn", "\u0391NN", "A\u2067nn\u2069", "\u202eAnn\u202c",
             "Ann\ufe0f", "A\u00adnn", "\ufeffAnn", "Ann\u200d", " Ann ", "A\u034fnn"]


@pytest.mark.parametrize("typed, kept", [
    ("A\u200bnn", "Ann"),                       # zero-width space
    ("\u202eAnn\u202c", "Ann"),                 # a right-to-left override and its end
    ("\u2067Ann\u2069 \u200fLee\u200e", "Ann Lee"),  # isolates and marks
    ("An\u00adn", "Ann"),                       # soft hyphen
    ("Ann\U000e0041\U000e0042", "Ann"),          # tag characters (hidden text)
    ("B\x00o\x07b", "Bob"),                     # controls
    ("  Ann \t\n Lee  ", "Ann Lee"),            # spaces of any kind: one between words
    ("Ann\u3000\u2800Lee", "Ann Lee"),          # ideographic space, a blank braille cell
    ("Ａｎｎ", "Ａｎｎ"),                        # shown as typed; only the key reads it as "Ann"
    ("Анна", "Анна"), ("عائشة", "عائشة"), ("José", "José"),
])
def test_clean_name_drops_what_is_invisible_and_keeps_the_rest(typed, kept):
    assert clean_name(typed) == kept


@pytest.mark.parametrize("alike", ANN_ALIKE)
def test_names_that_look_like_ann_share_its_key(alike):
    assert name_key(alike) == name_key("Ann") == "ann"


@pytest.mark.parametrize("a, b", [("Ann", "Anna"), ("José", "Jose"), ("Ann Lee", "AnnLee"),
                                  ("Анна", "Анка"), ("Bob", "Bo b"), ("عائشة", "عائشه")])
def test_names_that_look_different_keep_different_keys(a, b):
    assert name_key(a) != name_key(b)


@pytest.mark.parametrize("alike", ANN_ALIKE)
def test_a_look_alike_of_another_name_is_refused(alike):
    with pytest.raises(GameError) as e:
        check_players(["Ann", "Bob", alike])
    assert e.value.where == "players[2]"
    if clean_name(alike) == "Ann":
        assert (e.value.code, e.value.params) == ("duplicate_name", {"name": "Ann"})
    else:
        assert e.value.code == "lookalike_name"
        assert e.value.params == {"name": clean_name(alike), "same": "Ann"}


@pytest.mark.parametrize("players, code", [
    (["Ann", "\u200b\u200d"], "bad_name"),         # nothing visible left
    (["Ann", "\u3164"], "bad_name"),               # a Hangul filler alone draws nothing
    (["Ann", "x" * 41], "name_too_long"),
    (["Ann", "x" * 40 + "\u200b" * 5], None),      # invisible characters do not count
    (["Ann", "\u200b" * 401], "name_too_long"),    # but a name is not read without end
    (["Ann", 7], "bad_name"), ([], "bad_players"), ("Ann", "bad_players"),
])
def test_what_is_not_a_name(players, code):
    if code is None:
        assert check_players(players) == ["Ann", "x" * 40]
        return
    with pytest.raises(GameError) as e:
        check_players(players)
    assert e.value.code == code


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_keeps_clean_names_and_refuses_look_alikes(game):
    module = get_game(game)
    n = module.catalog()["players"]["min"]
    others = [f"P{i}" for i in range(2, n)]
    state = module.new_game(None, ["\u202eAnn\u202c", "B\u200bob", *others], 3)
    assert state["players"][:2] == ["Ann", "Bob"]
    with pytest.raises(GameError) as e:
        module.new_game(None, ["Ann", "ANN", *others], 3)
    assert (e.value.code, e.value.where) == ("lookalike_name", "players[1]")


def others(game) -> list[str]:
    """Names for the seats a game needs beyond two."""
    return [f"P{i}" for i in range(2, get_game(game).catalog()["players"]["min"])]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hand_made_record_or_import_with_look_alike_names_is_refused(game):
    record = {"game": game, "players": ["Ann", "Ａｎｎ", *others(game)], "seed": 1, "actions": []}
    for load in (replay, session.check_record, lambda r: session.open_game("n1", r)):
        with pytest.raises(GameError) as e:
            load(json.loads(json.dumps(record)))
        assert e.value.code == "lookalike_name"
    seats = [{"name": "Ann"}, {"name": "A\u200bNN", "kind": "bot"}] + [{"name": n} for n in others(game)]
    with pytest.raises(GameError) as e:
        session.create("n2", game, None, seats, 1)
    assert e.value.code == "lookalike_name" and e.value.where == "players[1]"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_session_keeps_the_clean_names(game):
    seats = [{"name": "\u2066Ann\u2069"}, {"name": "Bo\u200bb"}] + [{"name": n} for n in others(game)]
    st = session.create("n3", game, None, seats, 1)
    assert st["record"]["players"][:2] == ["Ann", "Bob"] == st["summary"]["players"][:2]
