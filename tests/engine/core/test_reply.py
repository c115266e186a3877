"""One call a move (engine/core/reply.py, session.py `_reply`): for every game of the registry,
a game played to its end as the host's table plays it — every move asks for the table — gives
the page, from each answer alone, what reading the session again would: the record (kept
whole, then grown by each answer's tail), the public screen, the view of the seat shown (from
what it has apart from the public view) and the remote seats' link parts; a bot acting unseen
brings the table only when its move shows."""

import json

import pytest

from engine.core import links, session
from engine.core import reply as replies
from engine.core.game import GAMES, get_game

HUMAN, BOT, REMOTE = "human", "bot", "remote"


def as_sent(value):
    """What crosses the bridge: JSON."""
    return json.loads(json.dumps(value))


def grown(record, tail):
    """The page's record grown by an answer's tail (site/js/hall/table/answer.js keepMove)."""
    assert len(record["actions"]) == tail["had"], "the tail follows another record"
    return {**record, "actions": record["actions"][:tail["from"]] + tail["actions"]}


def seat_view(public, mine):
    """The view of the seat shown (answer.js seatView)."""
    view = {**public, **mine["own"]}
    for key in mine["not"]:
        del view[key]
    return view


class Page:
    """The host's page: what it keeps and draws, from the answers alone."""

    def __init__(self, id, stored):
        self.id, self.record, self.drawn, self.answer = id, as_sent(stored["record"]), 0, 0

    def take(self, answer, shown=None, quiet=False):
        answer = as_sent(answer)
        stored = answer["stored"]
        self.record = stored["record"] if "record" in stored else grown(self.record, stored["tail"])
        assert self.record == as_sent(session.export(self.id))
        assert stored["summary"]["step"] == answer["step"]
        if quiet:
            assert ("screen" in answer) == bool(answer["moved"] or answer["events"])
        if "screen" not in answer:
            return answer
        self.drawn += 1
        assert answer["answer"] > self.answer  # numbered in the order they were made
        self.answer = answer["answer"]
        assert answer["screen"] == as_sent(session.screen(self.id))
        assert answer["shown"] == shown
        if shown is None:
            assert answer["mine"] is None
        else:
            own = as_sent(session.screen(self.id, shown)["view"])
            assert seat_view(answer["screen"]["view"], answer["mine"]) == own
        if any(k["kind"] == REMOTE for k in answer["screen"]["kinds"]):
            assert answer["link"] == as_sent(session.link_input(self.id))
        else:
            assert "link" not in answer
        return answer


def kinds_for(module):
    players = module.catalog()["players"]
    n = min(max(4, players["min"]), players.get("limit", players["max"]))
    return ([HUMAN, BOT, REMOTE, HUMAN] + [BOT] * n)[:n]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_played_as_the_host_table_plays_it_draws_and_keeps_from_each_answer(name):
    module = get_game(name)
    level = module.catalog()["bots"][0]
    kinds = kinds_for(module)
    humans = [i for i, k in enumerate(kinds) if k == HUMAN]
    seats = [{"name": f"P{i}", "kind": k, **({"level": level} if k == BOT else {})} for i, k in enumerate(kinds)]
    id = f"reply-{name}"
    page = Page(id, session.create(id, name, {}, seats, 7, {"created": "2026-04-01T00:00:00Z"}))
    at, moves = 1_700_000_000_000, 0
    for turn in range(20_000):
        at += 60_000
        scr = session.screen(id)
        if scr["result"]:
            break
        step = scr["to_act"]["step"]
        if scr["waiting"]:
            seat = scr["waiting"][0]
            view = session.screen(id, seat)["view"]
            action = module.bot_action("random", view, f"{id}:{step}:{seat}")
            if action is not None:
                page.take(session.act(id, seat, action, at, table={"show": seat}), shown=seat)
                moves += 1
                continue
        if scr["remote_waiting"]:
            seat = scr["remote_waiting"][0]
            parts = session.link_input(id)
            view = links.link_view(module, parts["public"], parts["privates"][seat], seat)
            action = module.bot_action("random", view, f"{id}:{step}:{seat}")
            if action is not None:
                packed = [links.pack_action(module, a) for a in action] if isinstance(action, list) \
                    else links.pack_action(module, action)
                show = humans[-1]  # the host's table shows its own person meanwhile
                page.take(session.act_remote(id, seat, packed, at, table={"show": show}), shown=show)
                moves += 1
                continue
        quiet = bool(scr["to_act"]["together"]) and turn % 2 == 0
        got = page.take(session.bot_step(id, at, table={"show": 0, "quiet": quiet}), shown=0, quiet=quiet)
        if got["acted"] is None and scr["to_act"]["close"] is not None:
            page.take(session.close_step(id, at, table={"show": 1}), shown=None)  # a bot's seat: no view
    else:
        raise AssertionError("the game did not end")
    assert page.drawn >= moves > 0
    # the record the page kept brings the same game back, as it does after a reload
    again = session.open_game(f"{id}-again", page.record)
    assert again["summary"] == session.stored(id)["summary"]
    session.close(id)
    session.close(f"{id}-again")


def test_a_tail_says_what_changed_and_another_field_changed_gives_the_whole_record():
    record = {"game": "g", "players": ["A", "B"], "actions": [[0, {"a": 1}], [1, {"b": 2}]]}
    kept = replies.copy_of(record)
    replaced = {**record, "actions": [[0, {"a": 1}], [1, {"b": 3}], [None, {"close": True}]]}
    change, now = replies.tail(kept, replaced)
    assert change == {"had": 2, "from": 1, "actions": [[1, {"b": 3}], [None, {"close": True}]]}
    assert grown(record, change) == replaced and now == replies.copy_of(replaced)
    assert replies.tail(None, record)[0] is None
    assert replies.tail(kept, {**record, "meta": {"x": 1}})[0] is None


def test_a_seats_view_apart_from_the_public_one():
    public = {"map": [1, 2], "log": ["x"], "hand_sizes": [2, 2]}
    own = {"map": [1, 2], "log": ["x"], "hand": ["K"], "legal": {"bet": True}}
    mine = replies.apart(own, public)
    assert mine == {"own": {"hand": ["K"], "legal": {"bet": True}}, "not": ["hand_sizes"]}
    assert seat_view(public, mine) == own
