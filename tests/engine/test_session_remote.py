"""Remote seats in hosted games (engine/broker/session.py): orders that came by code or live
message, the round ending when every seat is in, the round link's input, and the legal moves
a remote player's page works out from the view a round link gives it."""

from engine.broker import session, view
from engine.broker.bots import get_bot
from engine.core.errors import GameError

import pytest


def make():
    session.create("r1", {"mode": "classic", "deal": "3+5"},
                   [{"name": "Host", "kind": "human"}, {"name": "Rem", "kind": "remote"},
                    {"name": "Bot", "kind": "bot", "level": "easy"}], seed=7)
    return session._GAMES["r1"]


def test_round_ends_when_human_and_remote_are_in_and_orders_survive_a_reopen():
    game = make()
    scr = session.screen("r1", None)
    assert scr["humans"] == [0] and scr["remote"] == [1] and scr["remote_waiting"] == [1]
    decide = get_bot("easy")
    remote_order = decide(view(game["state"], 1, history=False), seed="x")
    assert session.save_remote("r1", 1, remote_order)["resolved"] is None
    stored = session.stored("r1")
    assert "1" in stored["orders"]
    session.open_game("r1", stored["record"], stored["orders"])     # a host reload
    assert session.screen("r1", None)["remote_waiting"] == []
    with pytest.raises(GameError):
        session.save_remote("r1", 0, remote_order)                   # a local seat
    own = decide(view(session._GAMES["r1"]["state"], 0, history=False), seed="y")
    assert session.save("r1", 0, own)["resolved"] == 1


def test_link_input_and_seat_legal():
    game = make()
    data = session.link_input("r1")
    assert "history" not in data["view"] and data["events"] == []
    assert data["privates"][0] is None and data["privates"][2] is None
    assert data["privates"][1]["hand"] == game["state"]["seats"][1]["hand"]
    seat_view = {**data["view"], "seat": 1, "hand": data["privates"][1]["hand"]}
    from engine.broker.view import legal
    assert session.seat_legal(seat_view) == {**legal(game["state"], 1)}
