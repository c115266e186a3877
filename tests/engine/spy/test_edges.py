"""The edges of the rules, where a one-line slip (a `>` for a `>=`, a check applied to the
wrong player, a cycle off by one) would still pass the tests of the ordinary case. Each
test here was checked to fail with such a slip planted in the engine (issue 31, item 3)."""

from .helpers import Table

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
