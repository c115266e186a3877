"""The statistics entry of a finished game (engine/core/stats.py), which the page adds to the
device's statistics: for every game from its own result; a game keeps its key however it
comes back (reopened, exported and imported again); only this device's people count."""

import pytest

from engine.core import session, stats
from engine.core.game import GAMES, get_game
from engine.core.record import replay, to_record
from engine.sim.play import play_out


def finished(name, seed=3):
    module = get_game(name)
    n = max(3, module.catalog()["players"]["min"])
    players = [f"P{i}" for i in range(n)]
    state = module.new_game({}, players, seed)
    play_out(module, state, ["random"] * n, f"stats-{seed}")
    return module, state


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_gives_its_people_their_place_and_score(name):
    module, state = finished(name)
    levels = module.catalog()["bots"]
    bots = [{"kind": "bot", "level": levels[-1]}] * (len(state["players"]) - 2)
    kinds = [{"kind": "human"}, {"kind": "remote"}, *bots]
    got = stats.entry(module, state, kinds, {"created": "2026-01-01T00:00:00Z"})
    res = module.result(state)
    places = stats.places_of(res)
    assert got["game"] == name and got["seats"] == len(state["players"])
    # only the human seat is this device's; the remote seat is another device's person
    assert got["people"] == [{"name": "P0", "place": places[0], "score": res["scores"][0]}]
    assert sorted(places)[0] == 1 and places[res["ranking"][0]] == 1
    if "strong" in levels:
        assert got["rival"] == {"level": "strong", "won": any(places[i] == 1 for i in range(2, len(places)))}
    else:
        assert got["rival"] is None  # the spy game has no strong bot
    by = module.catalog().get("stats_by")
    assert got["by"] == by and got["mode"] == (state["options"][by] if by else None)


def test_broker_yard_is_split_by_mode_and_scored_by_capital():
    module, state = finished("broker-yard")
    assert module.catalog()["stats_by"] == "mode"
    kinds = [{"kind": "human"}, {"kind": "bot", "level": "normal"}, {"kind": "human"}]
    got = stats.entry(module, state, kinds, None)
    assert got["mode"] == "classic"
    assert [p["name"] for p in got["people"]] == ["P0", "P2"]  # hot-seat: both people count
    assert [p["score"] for p in got["people"]] == [module.capital(state, 0), module.capital(state, 2)]
    assert got["rival"] is None  # no strong bot at the table


def test_no_entry_while_the_game_is_played():
    module = get_game("broker-yard")
    state = module.new_game({}, ["A", "B"], 1)
    assert stats.entry(module, state, [{"kind": "human"}] * 2, None) is None


def test_the_same_game_keeps_its_key_and_another_game_does_not():
    module, state = finished("broker-yard", seed=5)
    meta = {"created": "2026-02-03T04:05:06Z"}
    key = stats.game_key(state, meta)
    _, again = replay(to_record(state, meta))  # exported and imported again
    assert stats.game_key(again, meta) == key
    _, other = finished("broker-yard", seed=6)  # a rematch: a new deal
    assert stats.game_key(other, meta) != key
    assert stats.game_key(state, {"created": "2026-02-03T04:05:07Z"}) != key


def play_to_the_end(id):
    """The human seat saves orders without a card until the game is over (the bots finish
    it if the seat goes bankrupt)."""
    for _ in range(20):
        if session.screen(id, 0)["waiting"]:
            reply = session.act(id, 0, {"type": "order", "trades": {}})
        else:
            reply = session.play_out(id)
        if reply["stored"]["summary"]["over"]:
            return reply
    raise AssertionError("the game did not end")


def test_the_session_gives_the_entry_once_the_game_is_over():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Rex", "kind": "bot", "level": "strong"},
             {"name": "Eve", "kind": "bot", "level": "easy"}]
    first = session.create("stats-a", "broker-yard", {"deal": "3+5", "mode": "classic"}, seats, 9,
                           {"created": "2026-03-01T00:00:00Z"})
    assert first["stats"] is None
    end = play_to_the_end("stats-a")["stored"]
    got = end["stats"]
    ranking = end["summary"]["ranking"]
    assert got["people"] == [{"name": "Ann", "place": ranking.index(0) + 1, "score": end["summary"]["scores"][0]}]
    assert got["rival"] == {"level": "strong", "won": ranking[0] == 1}
    # the same game opened again under another id (a reload, an import) has the same key
    reopened = session.open_game("stats-b", end["record"])
    assert reopened["stats"] == got
    session.close("stats-a")
    session.close("stats-b")
