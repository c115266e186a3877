"""Broker-Yard's statistics entry (engine/core/stats.py): split by mode, scored by capital,
and given by the session once a game with a strong bot is over."""

from engine.core import session, stats

from ..core.test_stats import finished


def test_broker_yard_is_split_by_mode_and_scored_by_capital():
    module, state = finished("broker-yard")
    assert module.catalog()["stats_by"] == "mode"
    kinds = [{"kind": "human"}, {"kind": "bot", "level": "normal"}, {"kind": "human"}]
    got = stats.entry(module, state, kinds, None)
    assert got["mode"] == "classic"
    assert [p["name"] for p in got["people"]] == ["P0", "P2"]  # hot-seat: both people count
    assert [p["score"] for p in got["people"]] == [module.capital(state, 0), module.capital(state, 2)]
    assert got["rival"] is None  # no strong bot at the table


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
