"""A tally that explains itself (issue 31, item 5): the live count of a vote day counts every
public vote; the close leaves out the votes of players who died earlier in the chain, and its
announcement says whose (`uncounted`), in the engine's account, its summary and a replay
link; a replay link made before the field existed still reads."""

import copy

from engine.core import replay
from engine.core.record import to_record
from engine.spy import account, view

from ..core.test_replay import round_trip, through_json
from .helpers import Table

QUIET = {"inactivity": False}


def night_then_vote() -> Table:
    """The spies kill Cleo on day 1; on the vote day Cleo (not yet known dead) votes Fran with
    three others: the live tally says Fran 4, the close Fran 3."""
    t = Table(["spy", "priest"] + ["citizen"] * 6, QUIET)
    t.act(0, "victim", target=2)
    t.close()
    t.votes({2: 5, 3: 5, 4: 5, 6: 5, 5: 3})
    return t


def test_the_close_says_whose_votes_it_left_out():
    t = night_then_vote()
    assert dict(map(tuple, view(t.state, None)["tally"]))[5] == 4   # the live count
    events = t.close()
    result = next(e for e in events if e["type"] == "vote_result")
    assert result["counts"] == [[3, 1], [5, 3]] and result["uncounted"] == [2]
    assert t.deaths(events) == {2: "killed", 5: "vote"}
    assert "not counted, died this cycle: Cleo" in "\n".join(account.describe(t.state))
    assert account.summary(t.state)["cycles"][0]["uncounted"] == ["Cleo"]


def test_a_close_with_every_vote_counted_says_nothing_of_it():
    t = Table(["spy", "priest"] + ["citizen"] * 6, QUIET)
    t.act(0, "victim", target=2)
    t.close()
    t.votes({3: 5, 4: 5})
    events = t.close()
    assert "uncounted" not in next(e for e in events if e["type"] == "vote_result")


def test_the_replay_link_carries_it_and_an_older_link_still_reads():
    t = night_then_vote()
    t.close()
    record = to_record(t.state)
    round_trip(record)
    link = through_json(replay.public_replay(record))
    closes = [a for a in link["public"]["a"] if a[0] == "d" and len(a) == 3]
    row = next(r for r in closes[0][1] if r[0] == "vote_result")
    assert row[-1] == [2]
    old = copy.deepcopy(link)   # as made before issue 31: no uncounted votes in the row
    next(r for a in old["public"]["a"] if a[0] == "d" and len(a) == 3
         for r in a[1] if r[0] == "vote_result").pop()
    frames = replay.replay_views(old)
    last = frames[-1]["view"]["log"]
    result = next(e for e in last if e["type"] == "vote_result")
    assert "uncounted" not in result and result["counts"] == [[3, 1], [5, 3]]
