"""What a seat may take back within its turn (hall.py `keeps_turn`, issue 29 item 3): a
card's use, a placement, a sale, a successor chosen — and a president's own decisions in
another player's turn, the wait and the last tile too, until that president confirms
(`done`, rules 2); never what hands the decision to another seat or ends the turn (the rule
book's last step, the buy, ends it)."""

import json

import pytest

from engine.core.clone import clone
from engine.core import session
from engine.core.errors import GameError
from engine.core.replay import TICK, settled
from engine.ekonos import (VERSION, acting, apply, bot_action, new_game, replay, to_act, to_record,
                           view)
from engine.ekonos.game import PHASE_ACTIONS
from engine.ekonos.hall import keeps_turn
from engine.ekonos.link import (PHASES, link_private, link_public, link_view, pack_action,
                                unpack_action)
from engine.ekonos.public_record import replay_public, replay_steps
from engine.ekonos.record import summary, upgrade

from .helpers import NAMES, give, play_bottom, play_top, put
from .test_turn import president_game


def test_a_card_played_for_its_top_and_a_sale_may_be_taken_back():
    state = president_game(0)
    give(state, 0, "D", 1)
    events = play_top(state, "ABE", 5)
    assert state["phase"] == "sell" and keeps_turn(state, 0, events)
    events = apply(state, 0, {"type": "sell", "company": "D"})
    assert state["phase"] == "buy" and keeps_turn(state, 0, events)
    events = apply(state, 0, {"type": "pass"})  # the buy step ends the turn
    assert state["turn"] == 1 and not keeps_turn(state, 0, events)


def test_a_card_that_hands_the_decision_to_another_president_is_final():
    state = president_game(3)
    events = play_bottom(state, "ABE", "B")
    assert state["phase"] == "expand_or_wait" and not keeps_turn(state, 0, events)


def test_a_presidents_expansion_in_anothers_turn_may_be_taken_back_until_it_is_done():
    """Cid (seat 2) presides Beta and expands it in Ann's turn: his choice to expand and
    every tile, the last one too, may be taken back while he still decides; his `done`
    hands the turn back to Ann. So with a choice to wait."""
    state = president_game(3)
    put(state, 12, "B")
    play_bottom(state, "ABE", "B")
    events = apply(state, 2, {"type": "expand"})
    assert state["turn"] == 0 and keeps_turn(state, 2, events)
    events = apply(state, 2, {"type": "grow", "space": 9})
    assert state["phase"] == "grow" and keeps_turn(state, 2, events)
    events = apply(state, 2, {"type": "grow", "space": 18})
    assert state["phase"] == "confirm" and keeps_turn(state, 2, events)
    events = apply(state, 2, {"type": "done"})
    assert state["expansion"] is None and not keeps_turn(state, 2, events)

    state = president_game(3)
    play_bottom(state, "ABE", "B")
    events = apply(state, 2, {"type": "wait"})
    assert state["phase"] == "confirm" and keeps_turn(state, 2, events)
    events = apply(state, 2, {"type": "done"})
    assert not keeps_turn(state, 2, events)


def _hosted(state, id):
    """A hot-seat game of three people at `state` (the page's undo goes through the session)."""
    session.create(id, "ekonos", {}, [{"name": n, "kind": "human"} for n in NAMES[:4]], 1)
    game = session._GAMES[id]
    game["state"] = json.loads(json.dumps(state))
    return game


@pytest.mark.parametrize("last", [{"type": "wait"}, {"type": "grow", "space": 18}])
def test_a_presidents_wait_or_last_tile_is_taken_back_until_confirmed(last):
    """Through the session: Cid's wait, or his last growth tile, in Ann's turn is taken back
    (the state as before it, Cid to decide again); once he confirms, nothing of his is left
    to take back and Ann's turn goes on."""
    state = president_game(3)
    put(state, 12, "B")
    play_bottom(state, "ABE", "B")
    if last["type"] == "grow":
        apply(state, 2, {"type": "expand"})
        apply(state, 2, {"type": "grow", "space": 9})
    game = _hosted(state, "ekonos-undo")
    try:
        before = clone(game["state"])
        session.act("ekonos-undo", 2, last)
        assert game["state"]["phase"] == "confirm" and session.screen("ekonos-undo", 2)["undo"] >= 1
        session.take_back("ekonos-undo", 2)
        assert game["state"] == before and to_act(game["state"])["seats"] == [2]
        session.act("ekonos-undo", 2, last)
        session.act("ekonos-undo", 2, {"type": "done"})
        assert to_act(game["state"])["seats"] == [0] and game["state"]["expansion"] is None
        assert session.screen("ekonos-undo", 2)["undo"] == 0
        with pytest.raises(GameError) as e:
            session.take_back("ekonos-undo", 2)
        assert e.value.code == "nothing_to_undo"
    finally:
        session.close("ekonos-undo")


def _old_game():
    """A record of engine version 1: easy bots play until a president is asked in another
    player's turn, and waits; the turn goes straight back to its player, who acts."""
    state = new_game({}, NAMES[:3], 5, rules=1)
    while not (state["phase"] == "expand_or_wait" and acting(state) != state["turn"]):
        seat = acting(state)
        apply(state, seat, bot_action("easy", view(state, seat), state["step"]))
    president = acting(state)
    apply(state, president, {"type": "wait"})
    assert acting(state) == state["turn"] != president
    apply(state, state["turn"], bot_action("easy", view(state, state["turn"]), 0))
    return {**to_record(state), "engine_version": 1, "setup": None}, president


def test_an_older_record_replays_by_its_own_rules():
    record, president = _old_game()
    state = replay(record)
    assert state["engine_version"] == 1
    # its game goes on by those rules, and its own record says so
    again = to_record(state)
    assert again["engine_version"] == VERSION and again["setup"]["rules"] == 1
    assert replay(again) == state
    # read as this engine's, the same actions go astray: the president was to confirm
    with pytest.raises(GameError) as e:
        replay({**record, "engine_version": VERSION})
    assert e.value.code in ("not_your_turn", "wrong_phase")


def test_an_older_record_upgraded_is_the_same_game_with_the_confirmations():
    record, president = _old_game()
    new = upgrade(record)
    assert new["engine_version"] == VERSION and "rules" not in (new.get("setup") or {})
    assert new["actions"][-2] == [president, {"type": "done"}]
    assert len(new["actions"]) == len(record["actions"]) + 1
    old, now = summary(replay(record)), summary(replay(new))
    assert old.pop("step") + 1 == now.pop("step") and old == now


def test_no_such_rules():
    with pytest.raises(GameError) as e:
        new_game({}, NAMES[:3], 1, rules=VERSION + 1)
    assert e.value.code == "bad_setup"


def test_a_link_carries_the_confirmation():
    """A remote president's page reads the confirm step from its link and sends `done` as
    its code; the phases' link codes of version 1 keep their meaning."""
    state = president_game(3)
    play_bottom(state, "ABE", "B")
    apply(state, 2, {"type": "wait"})
    public, private = link_public(state), link_private(state, 2)
    assert link_view(public, private, 2)["legal"] == {"phase": "confirm", "company": "B",
                                                      "waited": True, "to": 0}
    assert unpack_action(pack_action({"type": "done"})) == {"type": "done"}
    assert PHASES[:7] == ("play", "expand_or_wait", "grow", "successor", "sell", "buy", "over")
    assert set(PHASES) == set(PHASE_ACTIONS) | {"over"}


def test_an_older_games_replay_link_is_rebuilt_by_its_rules():
    record, _president = _old_game()
    public = replay_public(record)
    assert public["v"] == 1 and " d" not in public["a"]
    frames = [f for f in settled(replay_steps(public)) if f is not TICK]
    assert len(frames) == len(record["actions"]) + 1
    with pytest.raises(GameError):  # by this engine's rules its moves go astray
        list(replay_steps({**public, "v": VERSION}))
    assert "v" not in replay_public(upgrade(record))
