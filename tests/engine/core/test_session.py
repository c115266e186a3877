"""The hosted games of the hall (engine/core/session.py), played through Broker-Yard:
humans, bots and remote seats; the record alone brings a game back after a reload; a
simultaneous step closes when every person has finished; bots act one at a time."""

import json

import pytest

from engine.broker import view
from engine.broker.bots import get_bot
from engine.core import session, turns
from engine.core.errors import GameError

GAME = "broker-yard"


def seats(*kinds):
    out = []
    for i, k in enumerate(kinds):
        out.append({"name": f"P{i}", "kind": "human"} if k == "h" else
                   {"name": f"P{i}", "kind": "remote"} if k == "r" else
                   {"name": f"P{i}", "kind": "bot", "level": k})
    return out


def first_card(scr, trades=None):
    entry = scr["view"]["legal"]["cards"][0]
    choices = {}
    if entry["choice"] == "other":
        choices = {"other": entry["colours"][0]}
    elif entry["choice"] == "others":
        choices = {"others": dict(zip(entry["colours"], entry["values"]))}
    return {"type": "order", "trades": trades or {}, "card": entry["card"], "choices": choices}


def test_solo_game_to_the_end_and_json_round_trip():
    st = session.create("g1", GAME, {"deal": "3+5"}, seats("h", "easy", "normal"), 5)
    assert st["summary"]["progress"] == {"unit": "round", "n": 1, "of": 8}
    assert st["summary"]["game"] == GAME and st["game"] == GAME
    while True:
        scr = session.screen("g1", 0)
        if scr["final"]:
            break
        if not scr["humans"]:  # the human went bankrupt: the bots finish the game
            assert session.play_out("g1")["stored"]["summary"]["over"]
            continue
        out = session.act("g1", 0, first_card(scr))
        assert out["moved"] and out["step"] == out["step_before"] + 1  # the only human saved a card
        json.dumps(out)
    assert [r["place"] for r in scr["final"]["rows"]] == [1, 2, 3]
    assert scr["result"]["ranking"] == [r["seat"] for r in scr["final"]["rows"]]
    assert session.stored("g1")["summary"]["over"]


def test_reload_from_the_record_keeps_saved_orders_and_kinds():
    session.create("g2", GAME, {"deal": "3+5"}, seats("h", "h", "strong"), 9)
    out = session.act("g2", 0, {"type": "order", "trades": {"blue": -1}})
    assert not out["moved"]
    saved = json.loads(json.dumps(out["stored"]))
    session.close("g2")
    session.open_game("g2", saved["record"])
    scr = session.screen("g2", 0)
    assert scr["view"]["order"]["trades"] == {"blue": -1}
    assert scr["kinds"][2] == {"kind": "bot", "level": "strong"}
    assert scr["waiting"] == [1]  # saved orders, even without a card: that player is ready


def test_round_waits_for_every_human_and_orders_can_be_taken_back():
    session.create("g3", GAME, None, seats("h", "h"), 3)
    out = session.act("g3", 0, first_card(session.screen("g3", 0)))
    assert not out["moved"] and session.screen("g3", 1)["waiting"] == [1]
    session.act("g3", 0, {"type": "withdraw"})  # not ready after all
    assert session.screen("g3", 1)["waiting"] == [0, 1]
    session.act("g3", 0, first_card(session.screen("g3", 0)))
    out = session.act("g3", 1, first_card(session.screen("g3", 1)))
    assert out["moved"] and out["step"] == 1
    out = session.close_step("g3")  # asked for: nobody saved a card
    assert out["step"] == 2 and sum(e["type"] == "price" for e in out["events"]) == 4


def test_bots_cannot_be_shown_or_act_and_someone_must_be_a_person():
    session.create("g4", GAME, None, seats("h", "easy"), 1)
    with pytest.raises(GameError) as e:
        session.screen("g4", 1)
    assert e.value.code == "not_your_seat"
    with pytest.raises(GameError):
        session.act("g4", 1, {"type": "order"})
    with pytest.raises(GameError) as e:
        session.create("g5", GAME, None, seats("easy", "easy"), 1)
    assert e.value.code == "no_human"
    with pytest.raises(GameError) as e:
        session.create("g5", "chess", None, seats("h", "easy"), 1)
    assert e.value.code == "unknown_game"
    with pytest.raises(GameError) as e:
        session.create("g5", GAME, None, [{"name": "A"}, {"name": "B", "kind": "bot", "level": "wizard"}], 1)
    assert e.value.code == "bad_seat"


def test_import_checks_the_record():
    session.create("g4i", GAME, None, seats("h", "easy"), 1)  # its own game: xdist may run it apart from g4's test
    rec = session.export("g4i")
    assert session.check_record(rec)["summary"]["kinds"][1]["level"] == "easy"
    with pytest.raises(GameError):
        session.check_record({"game": GAME, "players": ["A"], "seed": 1})


def test_bots_acting_early_play_as_at_the_close():
    records = []
    for early in (False, True):
        session.create("g6", GAME, {"deal": "3+5"}, seats("h", "normal", "easy", "strong"), 11)
        if early:
            steps = []
            while (out := session.bot_step("g6"))["acted"] is not None:
                steps.append(out["acted"])
            assert steps == [1, 2, 3] and out["pending"] == 0 and not out["moved"]
        session.act("g6", 0, first_card(session.screen("g6", 0)))  # the human's save ends the round
        actions = session.export("g6")["actions"]
        assert len(actions) == 5 and actions[-1] == [None, {"type": "resolve"}]
        records.append(actions)
    assert records[0] == records[1]


def test_bots_alone_play_on_one_step_at_a_time():
    session.create("g7", GAME, {"deal": "3+5"}, seats("h", "easy", "easy"), 2)
    session.close("g7")
    game = session.open_game("g7", session.export("g7") if False else
                             {"game": GAME, "players": ["P0", "P1", "P2"], "seed": 2,
                              "options": {"deal": "3+5"},
                              "meta": {"seats": [{"kind": "bot", "level": "easy"}] * 3}})
    assert game["summary"]["kinds"][0]["kind"] == "bot"
    seen = []
    for _ in range(4):
        out = session.bot_step("g7")
        seen.append((out["acted"], out["moved"]))
    assert seen == [(0, False), (1, False), (2, True), (0, False)]  # the last bot's action closes


def test_remote_seats_act_by_packed_actions_and_the_link_carries_their_part():
    session.create("r1", GAME, {"mode": "classic", "deal": "3+5"}, seats("h", "r", "easy"), seed=7)
    game = session._GAMES["r1"]
    scr = session.screen("r1", None)
    assert scr["humans"] == [0] and scr["remote"] == [1] and scr["remote_waiting"] == [1]
    decide = get_bot("easy")
    remote_order = decide(view(game["state"], 1, history=False), seed="x")
    from engine.broker import pack_action
    packed = pack_action({"type": "order", **remote_order})
    assert not session.act_remote("r1", 1, packed)["moved"]
    stored = session.stored("r1")
    session.open_game("r1", stored["record"])     # a host reload: the order is in the record
    assert session.screen("r1", None)["remote_waiting"] == []
    with pytest.raises(GameError):
        session.act_remote("r1", 0, packed)      # a local seat
    data = session.link_input("r1")
    assert data["step"] == 0 and data["over"] is False
    assert data["privates"][0] is None and data["privates"][2] is None
    own = session.screen("r1", 0)
    assert session.act("r1", 0, first_card(own))["moved"]
    assert session.link_input("r1")["step"] == 1


def test_clocked_games_need_the_hosts_time():
    class Clocked:
        pass
    game = {"module": Clocked, "state": None}
    Clocked.catalog = staticmethod(lambda: {"clock": True})
    with pytest.raises(GameError) as e:
        turns.stamp(game, {"type": "vote"}, None)
    assert e.value.code == "no_time"
    # to the whole second: a game's times travel in every link
    assert turns.stamp(game, {"type": "vote"}, 12_345) == {"type": "vote", "at": 12_000}


def test_a_human_turn_as_a_list_is_applied_entirely_or_not_at_all_and_the_host_acts():
    """The spy game: a seat's day is several actions ending with `done`; a list is one turn.
    Its host actions (a deadline) go through host_act."""
    spy_seats = [{"name": f"P{i}", "kind": "human" if i < 2 else "bot", "level": "easy"} for i in range(6)]
    session.create("s1", "spy", {}, spy_seats, "seed", {})
    scr = session.screen("s1", 0)
    legal = {a["type"]: a for a in scr["view"]["legal"]["actions"]}
    power = next((a for t, a in legal.items() if t != "done"), None)
    turn = ([{"type": power["type"], "target": power["targets"][0]}] if power and "targets" in power
            and power["type"] != "add_votes" else []) + [{"type": "done"}]
    before = session.export("s1")
    with pytest.raises(GameError):  # a refused last action takes the whole turn back
        session.act("s1", 0, [*turn[:-1], {"type": "vote", "target": 1}], at=1000)
    assert session.export("s1") == before
    out = session.act("s1", 0, turn, at=1000)
    assert not out["moved"] and session.screen("s1", 0)["view"]["done"][0]
    out = session.host_act("s1", {"type": "set_deadline", "deadline": 90_000}, at=2000)
    assert out["events"][0]["type"] == "deadline"
    assert session.screen("s1", None)["to_act"]["deadline"] == 90_000
    with pytest.raises(GameError) as e:
        session.host_act("s1", {"type": "vote", "target": 1}, at=3000)
    assert e.value.code == "host_cannot_act"


def test_a_moves_answer_carries_what_the_table_draws():
    """One call a move: asked by the host's table (`table`), a move's answer holds the public
    screen, the view of the seat the page shows (apart from the public one), the remote seats'
    link parts, and the record as what changed since the table's copy; asked by anyone else,
    the whole record and nothing drawn, as before."""
    session.create("g-draw", GAME, {"deal": "3+5"}, seats("h", "r", "easy"), 4)
    kept = session.stored("g-draw")["record"]
    scr = session.screen("g-draw", 0)
    quiet = session.act("g-draw", 0, {"type": "order", "trades": {"blue": -1}})
    assert "screen" not in quiet and "mine" not in quiet and quiet["stored"]["record"] == session.export("g-draw")
    out = session.act("g-draw", 0, first_card(scr), table={"show": 0})
    assert out["screen"] == session.screen("g-draw") and out["shown"] == 0
    assert {**out["screen"]["view"], **out["mine"]["own"]} == session.screen("g-draw", 0)["view"]
    assert out["link"] == session.link_input("g-draw")
    # the table's copy had no order of this round: the first answer it asked for brings both
    # of seat 0's (the second replaces the first in the record)
    tail = out["stored"]["tail"]
    assert "record" not in out["stored"] and tail["had"] == len(kept["actions"])
    assert kept["actions"][:tail["from"]] + tail["actions"] == session.export("g-draw")["actions"]
    again = session.table("g-draw", 0)
    assert again == {**{k: out[k] for k in ("screen", "shown", "mine", "link", "undo")},
                     "answer": out["answer"] + 1}
    # a seat the table may not show (a bot's, none at all) gets no view: the page reads its own
    for show in (2, 7, "0", None):
        assert session.table("g-draw", show)["mine"] is None and session.table("g-draw", show)["shown"] is None
    # a bot acting unseen while people think brings what the page keeps, and the table only
    # when its move shows (Broker-Yard says who is done); no bot due, nothing to draw
    bot = session.bot_step("g-draw", table={"show": 0, "quiet": True})
    assert bot["acted"] == 2 and bot["events"] == [{"type": "order", "seat": 2}] and "screen" in bot
    idle = session.bot_step("g-draw", table={"show": 0, "quiet": True})
    assert idle["acted"] is None and not idle["events"] and "screen" not in idle
    assert idle["stored"]["tail"] == {"had": len(session.export("g-draw")["actions"]), "from": 2, "actions": []}
    seen = session.bot_step("g-draw", table={"show": 2})
    assert seen["mine"] is None and seen["screen"] == session.screen("g-draw")
    with pytest.raises(GameError) as e:
        session.act("g-draw", 0, first_card(scr), table=True)
    assert e.value.code == "bad_arguments"
    session.close("g-draw")
