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
    seats = module.catalog()["players"]
    n = min(max(3, seats["min"]), seats["max"])
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


@pytest.mark.parametrize("name", list(GAMES))
def test_no_entry_while_the_game_is_played(name):
    module = get_game(name)
    n = module.catalog()["players"]["min"]
    state = module.new_game({}, [f"P{i}" for i in range(n)], 1)
    assert stats.entry(module, state, [{"kind": "human"}] * n, None) is None


@pytest.mark.parametrize("name", list(GAMES))
def test_the_same_game_keeps_its_key_and_another_game_does_not(name):
    module, state = finished(name, seed=5)
    meta = {"created": "2026-02-03T04:05:06Z"}
    key = stats.game_key(state, meta)
    _, again = replay(to_record(state, meta))  # exported and imported again
    assert stats.game_key(again, meta) == key
    _, other = finished(name, seed=6)  # a rematch: a new deal
    assert stats.game_key(other, meta) != key
    assert stats.game_key(state, {"created": "2026-02-03T04:05:07Z"}) != key


def play_to_the_end(id, module):
    """The human seat (0) plays a random bot's moves from its own view, the bots theirs, the
    host closes a step nobody else moves on, until the game is over: the session's reply."""
    at = 1_700_000_000_000
    for _ in range(20_000):
        at += 1000
        scr = session.screen(id, 0)
        if scr["result"]:
            return session.stored(id)
        if 0 in scr["waiting"]:
            actions = module.bot_action("random", scr["view"], f"{id}:{scr['to_act']['step']}")
            if actions is not None:
                session.act(id, 0, actions, at)
                continue
        if session.bot_step(id, at)["acted"] is None and scr["to_act"]["close"] is not None:
            session.close_step(id, at)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_gives_the_sessions_entry_once_it_is_over(name):
    module = get_game(name)
    levels = module.catalog()["bots"]
    n = module.catalog()["players"]["min"]
    # the quickest level: the entry is tested here, not the play (Ekonos's strong bots took 15 s)
    seats = [{"name": "Ann", "kind": "human"}] + [{"name": f"Bot{i}", "kind": "bot", "level": levels[0]}
                                                   for i in range(1, n)]
    first = session.create(f"stats-{name}", name, {}, seats, 9, {"created": "2026-03-01T00:00:00Z"})
    assert first["stats"] is None
    end = play_to_the_end(f"stats-{name}", module)
    got = end["stats"]
    summary = end["summary"]
    place = (summary["places"] or [summary["ranking"].index(i) + 1 for i in range(n)])[0]
    assert got["people"] == [{"name": "Ann", "place": place, "score": summary["scores"][0]}]
    # the same game opened again under another id (a reload, an import) has the same key
    assert session.open_game(f"stats-{name}-again", end["record"])["stats"] == got
    session.close(f"stats-{name}")
    session.close(f"stats-{name}-again")
