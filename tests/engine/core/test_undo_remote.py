"""Undo within a turn for a seat played from another browser (engine/core/session.py
`take_back_remote`, engine/core/links.py `UNDO`): the host's state link says when the seat's
latest action may be taken back and the step it was made at; an undo naming that step takes
it back, and the steps the host shows never go back. An undo that names another step (made
before, sent again, the game moved on) or comes for a seat that is not remote is refused.
What seals and signs the undo code is the net layer's (tests/site/net/test_net_undo.py)."""

import pytest

from engine.core import links, session
from engine.core.errors import GameError
from engine.core.game import get_game
GRID = get_game("grid")


def link_view(public, private, seat):
    """What a player's page rebuilds from a state link's parts (site/py/api.py `net_link_view`)."""
    return {"view": links.link_view(GRID, public, private, seat), "undo": links.link_undo(public, seat)}


def table(id, seats):
    session.create(id, "grid", {}, seats, 4)


def remote_view(id, seat):
    """What seat's page rebuilds from the host's state link: {view, kinds, undo}."""
    parts = session.link_input(id)
    return parts, link_view(parts["public"], parts["privates"][seat], seat)


def until_remote_undoable(id, seat=0, limit=3000):
    """Play (bots by bot_step, people and the remote seat by a random legal action, the
    remote seat's sent as its code would carry it) until the remote seat's action may be
    taken back; the record before it, the step it was made at and the link after it."""
    for k in range(limit):
        scr = session.screen(id)
        assert scr["result"] is None, "the game ended before the seat had anything to take back"
        if seat in scr["remote"]:
            before, step = session.export(id), scr["to_act"]["step"]
            _, seen = remote_view(id, seat)
            action = GRID.bot_action("random", seen["view"], f"r{k}")
            session.act_remote(id, seat, links.pack_action(GRID, action))
            parts, seen = remote_view(id, seat)
            if seen["undo"] is not None:
                return before, step, parts, seen
        elif scr["humans"]:
            person = scr["humans"][0]
            session.act(id, person, GRID.bot_action("random", session.screen(id, person)["view"], f"h{k}"))
        else:
            session.bot_step(id)
    raise AssertionError("nothing undoable met")


def bots(n):
    return [{"name": f"B{i}", "kind": "bot", "level": "easy"} for i in range(1, n)]


def refused(call, *args) -> str:
    with pytest.raises(GameError) as err:
        call(*args)
    return err.value.code


def test_the_link_says_what_may_be_taken_back_and_the_undo_takes_it_back():
    id = "undo-remote"
    table(id, [{"name": "Ann", "kind": "remote"}] + bots(3))
    before, made, parts, seen = until_remote_undoable(id)
    assert seen["undo"] == made and parts["public"][links.UNDO] == [0, made]
    assert parts["step"] > made
    # only the seat itself is told; a spectator and another seat read nothing
    assert link_view(parts["public"], None, None)["undo"] is None
    assert link_view(parts["public"], None, 1)["undo"] is None
    assert refused(session.take_back_remote, id, 0, parts["step"]) == "undo_stale"  # not that step
    reply = session.take_back_remote(id, 0, made)
    assert reply["undone"] and not reply["moved"]
    record = reply["stored"]["record"]
    assert record["meta"].pop("lift") >= 2
    assert record == before                          # as if it had never been played
    again, seen = remote_view(id, 0)
    assert again["step"] > parts["step"]             # a later link: the players' pages take it
    assert session.screen(id)["to_act"]["step"] == again["step"]
    assert seen["undo"] is None or seen["undo"] < made
    session.close(id)


def test_a_replayed_undo_and_one_after_another_move_are_refused():
    id = "undo-replay"
    table(id, [{"name": "Ann", "kind": "remote"}] + bots(3))
    _, made, _, _ = until_remote_undoable(id)
    session.take_back_remote(id, 0, made)
    assert refused(session.take_back_remote, id, 0, made) in ("undo_stale", "nothing_to_undo")
    # the seat plays again (a new step): the old request, sent again, never takes it back
    _, seen = remote_view(id, 0)
    record = session.export(id)
    action = GRID.bot_action("random", seen["view"], "again")
    session.act_remote(id, 0, links.pack_action(GRID, action))
    assert refused(session.take_back_remote, id, 0, made) in ("undo_stale", "nothing_to_undo")
    assert session.export(id)["actions"] == record["actions"] + [[0, action]]
    session.close(id)


def test_the_turns_end_leaves_nothing_to_take_back():
    id = "undo-remote-end"
    table(id, [{"name": "Ann", "kind": "remote"}] + bots(3))
    _, made, parts, _ = until_remote_undoable(id)
    session.act_remote(id, 0, links.pack_action(GRID, {"type": "done"}))
    after, seen = remote_view(id, 0)
    assert seen["undo"] is None and links.UNDO not in after["public"]
    assert refused(session.take_back_remote, id, 0, made) == "nothing_to_undo"
    assert refused(session.take_back_remote, id, 0, parts["step"]) == "nothing_to_undo"
    session.close(id)


def test_only_the_remote_seat_itself_and_a_step_may_ask():
    id = "undo-remote-who"
    table(id, [{"name": "Ann", "kind": "remote"}, {"name": "Bea", "kind": "human"}] + bots(3))
    _, made, _, _ = until_remote_undoable(id)
    record = session.export(id)
    assert refused(session.take_back_remote, id, 1, made) == "not_your_seat"  # a hot-seat seat
    assert refused(session.take_back_remote, id, 2, made) == "not_your_seat"  # a bot
    assert refused(session.take_back, id, 0) == "not_your_seat"               # not as a person here
    for bad in (None, True, "5", float(made)):
        assert refused(session.take_back_remote, id, 0, bad) == "bad_arguments"
    assert session.export(id) == record                                        # nothing changed
    session.close(id)


@pytest.mark.parametrize("bad", [5, [0], [0, "3"], [0, 1, 2], {"s": 0}])
def test_a_malformed_undo_in_a_link_is_refused(bad):
    id = "undo-remote-bad"
    table(id, [{"name": "Ann", "kind": "remote"}] + bots(3))
    public = {**session.link_input(id)["public"], links.UNDO: bad}
    assert refused(link_view, public, None, 0) == "code_invalid"
    session.close(id)
