"""Undo within a turn (engine/core/undo.py through engine/core/session.py): a person's
actions of the current turn are taken back one at a time, the record with them; the turn's
end, another seat's move or a game without the hook leaves nothing to take back."""

import pytest

from engine.core import session
from engine.core.errors import GameError
from engine.core.game import get_game


def seats(n):
    return [{"name": "Ann", "kind": "human"}] + [{"name": f"B{i}", "kind": "bot", "level": "easy"}
                                                  for i in range(1, n)]


def until_undoable(id, game, limit=3000):
    """Play (bots by bot_step, Ann by a random legal action) until an action of Ann's may be
    taken back; the record before that action and the screen after it."""
    module = get_game(game)
    for k in range(limit):
        scr = session.screen(id, 0)
        assert scr["result"] is None, "the game ended before Ann had anything to take back"
        if 0 in scr["humans"]:
            before = session.export(id)
            action = module.bot_action("random", scr["view"], f"t{k}")
            session.act(id, 0, action)
            after = session.screen(id, 0)
            if after["undo"]:
                return before, after
        else:
            session.bot_step(id)
    raise AssertionError("nothing undoable met")


@pytest.mark.parametrize("game", ["ekonos", "grid"])
def test_an_action_of_the_turn_is_taken_back_with_its_record(game):
    id = f"undo-{game}"
    session.create(id, game, {}, seats(3), 11)
    before, after = until_undoable(id, game)
    assert after["undo"] >= 1
    assert session.screen(id, None)["undo"] == 0     # nobody's behind the curtain
    step = after["to_act"]["step"]
    reply = session.take_back(id, 0)
    assert reply["undone"] and not reply["moved"]
    record = reply["stored"]["record"]
    assert record["meta"].pop("lift") >= 2           # the steps shown run ahead (turns.lift)
    assert record == before                          # as if it had never been played
    assert reply["step"] == step + 1                 # and go on: a step is never shown twice
    assert session.screen(id, 0)["undo"] == after["undo"] - 1
    session.close(id)


def test_the_turns_end_and_other_seats_leave_nothing_to_take_back():
    id = "undo-end"
    session.create(id, "grid", {}, seats(3), 4)
    _, after = until_undoable(id, "grid")
    assert after["to_act"]["phase"] in ("resources", "building")
    session.act(id, 0, {"type": "done"})             # the turn is over
    assert session.screen(id, 0)["undo"] == 0
    with pytest.raises(GameError) as err:
        session.take_back(id, 0)
    assert err.value.code == "nothing_to_undo"
    session.close(id)


def test_a_move_by_another_seat_makes_the_undo_stale():
    id = "undo-stale"
    session.create(id, "ekonos", {}, [{"name": "Ann", "kind": "human"}, {"name": "Bea", "kind": "human"}], 7)
    module = get_game("ekonos")
    # Ann and Bea play in turn; an undo of Ann's is good only until Bea moves
    for k in range(400):
        scr = session.screen(id, 0)
        seat = scr["humans"][0]
        view = session.screen(id, seat)["view"]
        session.act(id, seat, module.bot_action("random", view, f"s{k}"))
        if seat == 0 and session.screen(id, 0)["undo"]:
            break
    else:
        raise AssertionError("no undoable action of Ann's")
    # Ann ends her turn by passing until the other seat acts
    while session.screen(id, 0)["humans"] == [0]:
        view = session.screen(id, 0)["view"]
        session.act(id, 0, module.bot_action("random", view, "end"))
    assert session.screen(id, 0)["undo"] == 0
    assert session.screen(id, 1)["undo"] == 0
    session.close(id)


def test_a_game_without_the_hook_takes_nothing_back():
    id = "undo-broker"
    session.create(id, "broker-yard", {"deal": "3+5"}, seats(3), 2)
    scr = session.screen(id, 0)
    entry = scr["view"]["legal"]["cards"][0]
    assert scr["undo"] == 0
    session.act(id, 0, get_game("broker-yard").bot_action("random", scr["view"], "x"))
    assert session.screen(id, 0)["undo"] == 0 and entry
    with pytest.raises(GameError) as err:
        session.take_back(id, 0)
    assert err.value.code == "nothing_to_undo"
    session.close(id)
