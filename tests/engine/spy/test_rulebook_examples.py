"""The seed's own examples (seeds/002: "Tramposo" A and B, "Tip 2" examples 1 and 2, the
priority examples) and the clashes the rule book names, each played through the engine.

The seed's vote day closes at 22:00 and the Mayor's window runs 21:30–21:45; our window is
the last `mayor_window` minutes before the deadline, so these tests open it 30 minutes
early to hold the seed's times (21:35, 21:37, 21:42, 21:44)."""

from engine.spy import to_act

from .helpers import Table, clock

TIMED = {"mayor_window": 30, "inactivity": True}


def test_trickster_adds_two_votes_that_decide_the_vote():
    """A 4, B 5, C 3; the Trickster sends both extra votes against A: A has 6 and dies."""
    roles = ["citizen", "citizen", "citizen", "trickster:spies", "spy", "priest"] + ["citizen"] * 6
    t = Table(roles)
    t.act(4, "victim", target=6)
    t.act(5, "protect", target=6)          # nobody else dies: the counts stay the seed's
    t.close()
    t.votes({6: 0, 7: 0, 8: 0, 9: 0, 10: 1, 11: 1, 0: 1, 2: 1, 4: 1, 1: 2, 3: 2, 5: 2})
    assert dict(t.view(0)["tally"]) == {0: 4, 1: 5, 2: 3}
    t.act(3, "add_votes", targets=[0, 0])
    assert dict(t.view(0)["tally"]) == {0: 4, 1: 5, 2: 3}, "the extra votes are secret"
    events = t.close()
    result = next(e for e in events if e["type"] == "vote_result")
    assert dict(map(tuple, result["counts"])) == {0: 6, 1: 5, 2: 3}
    assert result["added"] == [0, 0] and result["dies"] == 0
    assert t.deaths(events) == {0: "vote"}


def test_trickster_subtracting_from_himself_takes_two():
    """A 4, B (the Trickster) 5, C 3; he subtracts from himself: B 3, A is the most voted."""
    roles = ["citizen", "trickster:citizens", "citizen", "spy", "priest"] + ["citizen"] * 7
    t = Table(roles)
    t.act(3, "victim", target=6)
    t.act(4, "protect", target=6)
    t.close()
    t.votes({5: 0, 6: 0, 7: 0, 8: 0, 9: 1, 10: 1, 11: 1, 0: 1, 2: 1, 1: 2, 3: 2, 4: 2})
    t.act(1, "subtract_vote", target=1)
    events = t.close()
    result = next(e for e in events if e["type"] == "vote_result")
    assert dict(map(tuple, result["counts"])) == {0: 4, 1: 3, 2: 3}
    assert result["subtracted"] == [[1, 2]]
    assert t.deaths(events) == {0: "vote"}


def reveal_mayor_in_cycle_one(t: Table, victim: int, spy: int, mayor: int = 0):
    """Cycle 1, untimed: the spies pick `victim`, everybody votes for him, and the Mayor
    redirects to him in the window — so the Mayor is revealed; only `victim` dies."""
    t.act(spy, "victim", target=victim)
    t.close()
    t.votes({i: victim for i in t.alive() if i != victim} | {victim: mayor})
    t.close()
    assert t.phase == "window"
    t.act(mayor, "redirect", target=victim)
    events = t.close()
    assert t.deaths(events) == {victim: "killed"}
    assert t.state["mayor"] == mayor and t.state["cycle"] == 2


def timed_vote_day(t: Table, spy: int, priest: int, spared: int):
    """Cycle 2's day 1 (the spies' pick saved by the Priest), then a vote day that closes
    at 22:00."""
    t.act(spy, "victim", target=spared)
    t.act(priest, "protect", target=spared)
    t.at(clock(9, 0, 1)).close()
    t.host("set_deadline", deadline=clock(22, 0, 1))
    assert t.view(0)["mayor_window"] == {"from": clock(21, 30, 1), "until": clock(22, 0, 1)}
    assert to_act(t.state)["deadline"] == clock(21, 30, 1), "the vote step ends as the window opens"


def open_window(t: Table):
    """21:30: the host closes the vote step; the window runs to 22:00 (votes go on)."""
    t.at(clock(21, 30, 1)).close()
    assert t.phase == "window" and to_act(t.state)["deadline"] == clock(22, 0, 1)


def test_tip2_example_1_the_tricksters_votes_void_a_revealed_mayors_redirection():
    """A 5, Mayor 4; the Trickster's PM at 21:35 (+2 on the Mayor); the Mayor redirects at
    21:42: he has 6, more than A, so the order is void and the Mayor dies at the close."""
    roles = ["mayor:citizens", "trickster:spies", "citizen", "spy", "priest"] + ["citizen"] * 9
    t = Table(roles, TIMED)
    reveal_mayor_in_cycle_one(t, victim=13, spy=3)
    timed_vote_day(t, spy=3, priest=4, spared=12)
    t.at(clock(20, 0, 1))
    t.votes({5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 10: 0, 11: 0, 12: 0, 3: 0, 0: 5, 1: 6, 2: 7, 4: 8})
    open_window(t)
    t.at(clock(21, 35, 1)).act(1, "add_votes", targets=[0, 0])
    t.at(clock(21, 42, 1)).act(0, "redirect", target=5)
    assert dict(t.view(6)["tally"]) == {5: 13}, "the table sees the redirection as posted"
    events = t.at(clock(22, 0, 1)).close()
    assert [e["reason"] for e in events if e["type"] == "redirect_void"] == ["most_voted"]
    result = next(e for e in events if e["type"] == "vote_result")
    assert result["redirect"] is None and result["dies"] == 0
    assert t.deaths(events) == {0: "vote"}


def test_tip2_example_2_the_second_redirection_holds():
    """Continuing: the first redirection at 21:37 (A 5) is void; by 21:44 A has 8 and the
    Mayor 5 (+2 = 7): the second redirection, 7 minutes later, holds."""
    roles = ["mayor:citizens", "trickster:spies", "citizen", "spy", "priest"] + ["citizen"] * 13
    t = Table(roles, TIMED)
    reveal_mayor_in_cycle_one(t, victim=17, spy=3)
    timed_vote_day(t, spy=3, priest=4, spared=16)
    t.at(clock(20, 0, 1))
    t.votes({5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 10: 0, 11: 0, 12: 0, 3: 0})
    open_window(t)
    t.at(clock(21, 35, 1)).act(1, "add_votes", targets=[0, 0])
    t.at(clock(21, 37, 1)).act(0, "redirect", target=15)
    t.votes({13: 2, 14: 2, 15: 2, 16: 0, 1: 5, 2: 6, 4: 7})
    t.refused(0, "redirect", "mayor_wait", target=15)   # 5 minutes between redirections
    t.at(clock(21, 44, 1)).act(0, "redirect", target=15)
    t.refused(0, "redirect", "not_allowed", target=15)  # at most twice a vote day
    t.act(0, "vote", target=9)                          # a late vote goes to the target too
    events = t.at(clock(22, 0, 1)).close()
    redirects = t.chain("vote")[0]["redirects"]
    assert ["void" in r for r in redirects] == [True, False]
    assert dict(map(tuple, redirects[0]["counts"]))[0] == 6
    result = next(e for e in events if e["type"] == "vote_result")
    assert result["redirect"] == 15 and dict(map(tuple, result["counts"])) == {15: 19}
    assert t.deaths(events) == {15: "mayor"}


def test_priority_example_the_vigilante_kills_the_trickster_before_his_votes_count():
    """Day 2: the Trickster adds two votes to a revealed Mayor, and the Vigilante kills the
    Trickster. The Vigilante (priority 2) goes first: the extra votes are gone, and the
    Mayor's redirection holds."""
    roles = ["mayor:citizens", "trickster:spies", "citizen", "spy", "priest", "vigilante"] + \
        ["citizen"] * 8
    for vigilante_shoots in (False, True):
        t = Table(roles, TIMED)
        reveal_mayor_in_cycle_one(t, victim=13, spy=3)
        timed_vote_day(t, spy=3, priest=4, spared=12)
        t.at(clock(20, 0, 1))
        t.votes({6: 2, 7: 2, 8: 2, 9: 2, 10: 2, 11: 0, 12: 0, 3: 0, 2: 0, 0: 6, 4: 7, 5: 8})
        open_window(t)
        t.at(clock(21, 35, 1)).act(1, "add_votes", targets=[0, 0])
        t.act(1, "vote", target=9)
        if vigilante_shoots:
            t.act(5, "kill", target=1)
        t.at(clock(21, 42, 1)).act(0, "redirect", target=6)
        events = t.at(clock(22, 0, 1)).close()
        if vigilante_shoots:
            assert t.causes() == {1: "vigilante", 6: "mayor"}
        else:
            assert t.causes() == {0: "vote"}
            assert [e["reason"] for e in events if e["type"] == "redirect_void"] == ["most_voted"]


def test_priest_protecting_a_spy_dies_first_and_spares_the_vigilante_his_remorse():
    """The Priest protects a spy; the Vigilante shoots the Priest the same cycle. The Priest
    (priority 1) dies at the spy's hands, the shot finds no target, no remorse."""
    t = Table(["priest", "spy", "vigilante", "citizen", "citizen", "citizen", "citizen"])
    t.act(0, "protect", target=1)
    t.act(2, "kill", target=0)
    t.act(1, "victim", target=3)
    t.close()
    # the dead (Priest and the spies' victim) vote for 6: void; 4 and 5 tie, nobody dies
    t.votes({0: 6, 3: 6, 1: 4, 2: 4, 4: 5, 5: 5, 6: 2})
    t.close()
    assert t.causes() == {0: "priest_punished", 3: "spies"}
    assert t.chain("vote")[0]["most"] == [4, 5]
    assert t.chain("vigilante")[0]["outcome"] == "no_target"
    assert t.state["alive"][2] and t.state["powers"][2]["last_kill"] is None


def test_the_vigilantes_victim_dies_even_if_the_spies_picked_him_too():
    t = Table(["vigilante", "spy", "citizen", "citizen", "citizen", "citizen", "citizen"],
              {"inactivity": False})
    t.act(0, "kill", target=1)
    t.act(1, "victim", target=0)
    t.close()
    t.close()
    assert t.causes() == {1: "vigilante"}, "the spies' kill died with the last spy"
    assert t.state["winner"] == "citizens"
    t = Table(["vigilante", "spy", "citizen", "citizen", "citizen", "citizen", "citizen"],
              {"inactivity": False})
    t.act(0, "kill", target=3)
    t.act(1, "victim", target=3)
    t.close()
    t.close()
    assert t.causes() == {3: "vigilante", 0: "remorse"}
    assert t.chain("spies")[0]["outcome"] == "no_target"


def test_a_mayor_killed_by_the_vigilante_cannot_redirect():
    t = Table(["mayor:spies", "vigilante", "spy"] + ["citizen"] * 5, {"inactivity": False})
    t.act(2, "victim", target=5)
    t.act(1, "kill", target=0)
    t.close()
    t.votes({i: 3 for i in range(8) if i != 3})
    t.close()
    t.act(0, "redirect", target=4)   # posted in the window: public, but he is already dead
    events = t.close()
    assert [(e["seat"], e["reason"]) for e in events if e["type"] == "redirect_void"] == [(0, "dead")]
    assert t.causes() == {0: "vigilante", 5: "spies", 3: "vote"}
    assert t.state["mayor"] == 0, "his redirection revealed him anyway"


def test_a_day_one_protection_also_covers_the_vote():
    t = Table(["priest", "spy"] + ["citizen"] * 5)
    t.act(0, "protect", target=3)
    t.act(1, "victim", target=3)
    t.close()
    t.votes({i: 3 for i in range(7) if i != 3} | {3: 1})
    events = t.close()
    result = next(e for e in events if e["type"] == "vote_result")
    assert result["dies"] == 3 and result["outcome"] == "protected"
    assert t.deaths(events) == {}
    assert [c["outcome"] for c in t.chain("spies")] == ["protected"]


def test_remorse_kills_a_vigilante_who_shoots_a_citizen_even_a_citizen_mayor():
    t = Table(["vigilante", "spy", "mayor:citizens"] + ["citizen"] * 4, {"inactivity": False})
    t.act(0, "kill", target=2)
    t.act(1, "victim", target=4)
    t.close()
    t.close()
    t.close()  # the Mayor's window
    assert t.causes() == {2: "vigilante", 0: "remorse", 4: "spies"}
    assert t.deaths() == {2: "killed", 0: "killed", 4: "killed"}, "role deaths look alike"
