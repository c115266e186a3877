"""The edges of the rules, where a one-line slip (a `>` for a `>=`, a check applied to the
wrong player, a cycle off by one) would still pass the tests of the ordinary case. Each
test here was checked to fail with such a slip planted in the engine (issue 31, item 3)."""

import pytest

from engine.core.errors import GameError
from engine.spy import apply, new_game, to_act

from .helpers import NAMES, Table, clock

QUIET = {"inactivity": False}


def test_parity_is_as_many_spies_as_the_rest_not_more():
    """Two spies and two citizens left: parity (a strict "more than" would miss it); two
    spies and three citizens: the game goes on."""
    def after_first_cycle(players: int) -> Table:
        t = Table(["spy", "spy"] + ["citizen"] * (players - 2),
                  {"merge_at": 0, "parity": True, "inactivity": False})
        t.act(0, "victim", target=2)
        t.close()
        t.votes({0: 3, 1: 3, 4: 3})
        t.close()
        return t
    t = after_first_cycle(6)
    assert t.alive() == [0, 1, 4, 5]
    assert t.state["winner"] == "spies" and t.state["log"][-1]["reason"] == "parity"
    t = after_first_cycle(7)
    assert t.alive() == [0, 1, 4, 5, 6] and not t.state["over"]


def test_an_unrevealed_mayor_may_redirect_while_he_is_the_most_voted():
    """The restriction binds only a Mayor who revealed himself before (seed, Nota 4: "estas
    restricciones son sólo si el alcalde ya ha revelado su rol"): the first redirection of a
    Mayor everybody votes against holds; the next cycle, revealed, the same is void."""
    t = Table(["mayor:citizens", "spy", "priest"] + ["citizen"] * 6, QUIET)
    t.act(2, "protect", target=2)
    t.act(1, "victim", target=2)
    t.close()
    t.votes({i: 0 for i in range(1, 9)})
    t.close()
    t.act(0, "redirect", target=5)
    events = t.close()
    assert [r.get("void") for r in t.chain("vote")[0]["redirects"]] == [None]
    assert t.deaths(events) == {5: "mayor"}
    t.act(2, "protect", target=2)
    t.act(1, "victim", target=2)
    t.close()
    t.votes({i: 0 for i in t.alive() if i != 0})
    t.close()
    t.act(0, "redirect", target=6)
    events = t.close()
    assert [r.get("void") for r in t.chain("vote")[0]["redirects"]] == ["most_voted"]
    assert t.deaths(events) == {0: "vote"}


def test_a_subtraction_takes_a_player_down_to_no_vote_and_no_lower():
    """Ana 1, Ben 1; the Trickster takes a vote from Ana: she has none (not "1 at least"),
    and Ben alone is the most voted. A vote taken from nobody's count leaves nobody dying
    with no votes."""
    t = Table(["trickster:citizens", "spy", "citizen", "citizen", "citizen", "citizen"], QUIET)
    t.act(1, "victim", target=5)
    t.close()
    t.votes({2: 3, 4: 2})
    t.act(0, "subtract_vote", target=3)
    events = t.close()
    result = next(e for e in events if e["type"] == "vote_result")
    assert result["counts"] == [[2, 1]] and result["dies"] == 2
    assert t.deaths(events) == {2: "vote", 5: "killed"}
    t = Table(["trickster:citizens", "spy", "citizen", "citizen", "citizen", "citizen"], QUIET)
    t.act(1, "victim", target=5)
    t.close()
    t.votes({2: 3})
    t.act(0, "subtract_vote", target=3)
    events = t.close()
    result = next(e for e in events if e["type"] == "vote_result")
    assert result["counts"] == [] and result["most"] == [] and result["dies"] is None


def test_a_revealed_mayor_with_the_only_vote_is_the_most_voted():
    """One vote in all, against the revealed Mayor: he leads (1 against nobody), so his
    redirection is void."""
    t = Table(["mayor:citizens", "spy", "priest"] + ["citizen"] * 6, QUIET)
    t.act(2, "protect", target=2)
    t.act(1, "victim", target=2)
    t.close()
    t.close()
    t.act(0, "redirect", target=5)          # cycle 1: he reveals himself (nobody voted)
    t.close()
    t.act(2, "protect", target=2)
    t.act(1, "victim", target=2)
    t.close()
    t.votes({3: 0})
    t.close()
    t.act(0, "redirect", target=6)
    events = t.close()
    assert [e["reason"] for e in events if e["type"] == "redirect_void"] == ["most_voted"]
    assert t.deaths(events) == {0: "vote"}


# ---------------------------------------------------------------- the account of the chain
def test_the_chain_tells_a_public_protection_the_removed_and_a_lost_power():
    """What the full account after the game reads: whether the Priest's protection was public,
    who was removed for not voting, and the look that cost the Double Agent his power."""
    t = Table(["priest", "double_agent", "psychic", "spy"] + ["citizen"] * 5, seed="chain")
    t.act(1, "victim", target=8)
    t.act(1, "look", target=2)
    t.close()
    t.votes({i: 4 for i in range(8) if i != 5})
    t.act(0, "protect_public", target=4)
    t.close()
    assert t.chain("priest") == [{"step": "priest", "seat": 0, "target": 4, "public": True}]
    assert t.chain("inactivity") == [{"step": "inactivity", "removed": [5]}]
    assert t.chain("look")[0]["power_lost"] is True
    t.act(0, "protect", target=6)
    t.end_cycle()
    assert t.chain("priest")[0]["public"] is False


# ---------------------------------------------------------------- refusals at the edges
def test_a_seat_one_past_the_last_is_no_seat():
    t = Table(["spy"] + ["citizen"] * 5, QUIET)
    t.refused(0, "victim", "unknown_seat", target=6)
    t.refused(0, "victim", "unknown_seat", target=-1)
    t.act(0, "victim", target=5)
    t.end_cycle()
    for seat in (6, -1, "Ana", None):
        t.refused(None, "last_words", "not_dead", seat=seat, text="hi")
    t.host("last_words", seat=5, text="x" * 1000)


def test_last_words_of_the_first_seat_and_their_length():
    t = Table(["citizen", "spy"] + ["citizen"] * 5, QUIET)
    t.act(1, "victim", target=0)
    t.end_cycle()
    t.refused(None, "last_words", "bad_text", seat=0, text="x" * 1001)
    t.host("last_words", seat=0, text="x" * 1000)


def test_the_trickster_adds_exactly_two_votes():
    t = Table(["trickster:spies", "spy"] + ["citizen"] * 6, QUIET)
    spec = next(a for a in t.view(0)["legal"]["actions"] if a["type"] == "add_votes")
    assert spec["count"] == 2
    for targets in ([3], [3, 3, 3], [], 3, "3"):
        t.refused(0, "add_votes", "bad_targets", targets=targets)
    t.act(0, "add_votes", targets=[3, 3])


def test_a_deadline_must_be_later_than_now():
    t = Table(["spy"] + ["citizen"] * 5)
    t.at(clock(9, 0))
    t.refused(None, "set_deadline", "bad_deadline", deadline=clock(9, 0))
    t.host("set_deadline", deadline=clock(9, 0) + 1)


def test_time_zero_is_a_time():
    t = Table(["spy"] + ["citizen"] * 5)
    apply(t.state, 1, {"type": "done", "at": 0})
    assert t.state["now"] == 0


def test_a_record_setup_with_an_unknown_field_is_refused():
    with pytest.raises(GameError) as err:
        new_game({}, NAMES[:6], 1, hands=[])
    assert err.value.code == "bad_record"


def test_legal_says_a_seat_is_not_done_until_it_is():
    t = Table(["spy"] + ["citizen"] * 5)
    assert t.view(1)["legal"]["done"] is False
    t.act(1, "done")
    assert t.view(1)["legal"]["done"] is True


def test_warmup_days_are_numbered_and_the_others_are_not():
    t = Table(["spy"] + ["citizen"] * 5, {"warmup_days": 2})
    t.close()
    t.close()
    days = [(e["day"], e["warmup"]) for e in t.state["log"] if e["type"] == "day"]
    assert days == [("warmup", 1), ("warmup", 2), ("day", None)]


def test_the_mayors_window_only_on_a_timed_vote_day():
    """No window on a timed day 1 (the day's deadline is its own), nor on an untimed vote
    day (its window is a step of its own, without times)."""
    t = Table(["mayor:citizens", "spy"] + ["citizen"] * 6, QUIET)
    t.at(clock(9, 0)).host("set_deadline", deadline=clock(12, 0))
    assert t.view(2)["mayor_window"] is None and to_act(t.state)["deadline"] == clock(12, 0)
    t.close()
    assert t.view(2)["mayor_window"] is None and to_act(t.state)["deadline"] is None


def test_a_finished_game_has_nobody_to_act_together():
    t = Table(["spy", "citizen", "citizen", "citizen", "citizen"], QUIET)
    t.close()
    t.votes({1: 0, 2: 0})
    t.close()
    assert t.state["over"]
    assert to_act(t.state) == {"phase": "over", "seats": [], "together": False, "deadline": None,
                               "step": t.state["step"], "waiting": [], "close": None, "cycle": 1,
                               "window": None}
