"""Every role of the rule book and its limits (rule book, "Teams and roles")."""

from engine.spy import to_act
from engine.spy.tally import mayor_blocked

from .helpers import Table, clock

QUIET = {"inactivity": False}


def kinds(t: Table, seat) -> set:
    return {a["type"] for a in t.view(seat)["legal"]["actions"]}


# ---------------------------------------------------------------- spies
def test_spies_know_each_other_but_not_a_spy_mayor_nor_he_them():
    t = Table(["spy", "double_agent", "mayor:spies", "trickster:spies", "brother", "brother"]
              + ["citizen"] * 6)
    assert t.view(0)["mates"] == [1, 3] and t.view(3)["mates"] == [0, 1]
    assert t.view(2)["mates"] == [] and t.view(2)["role"] == {"role": "mayor", "team": "spies"}
    assert t.view(4)["mates"] == [5] and t.view(6)["mates"] == []
    assert "victim" in kinds(t, 3) and "victim" not in kinds(t, 2)


def test_different_picks_are_drawn_by_the_seed_and_the_spies_see_each_others_picks():
    seen = set()
    for seed in range(12):
        t = Table(["spy", "spy"] + ["citizen"] * 6, QUIET, seed=f"s{seed}")
        t.act(0, "victim", target=3)
        t.act(1, "victim", target=4)
        assert t.view(0)["spy_picks"] == [[0, 3], [1, 4]] and t.view(2)["spy_picks"] is None
        t.end_cycle()
        step = t.chain("spies")[0]
        assert step["drawn"] == "picks" and step["target"] in (3, 4)
        seen.add(step["target"])
        again = Table(["spy", "spy"] + ["citizen"] * 6, QUIET, seed=f"s{seed}")
        again.act(0, "victim", target=3)
        again.act(1, "victim", target=4)
        again.end_cycle()
        assert again.chain("spies")[0]["target"] == step["target"], "the seed decides"
    assert seen == {3, 4}


def test_no_pick_draws_a_victim_among_all_the_living_spies_included():
    victims = set()
    for seed in range(40):
        t = Table(["spy", "spy"] + ["citizen"] * 5, QUIET, seed=f"r{seed}")
        t.end_cycle()
        step = t.chain("spies")[0]
        assert step["drawn"] == "anyone" and step["picks"] == []
        victims.add(step["target"])
    assert {0, 1} & victims and len(victims) >= 5


def test_a_spy_picks_once_on_day_one_and_a_dead_spys_pick_counts_for_nothing():
    t = Table(["spy", "spy", "vigilante"] + ["citizen"] * 5, QUIET, seed="d")
    t.act(0, "victim", target=3)
    t.refused(0, "victim", "not_allowed", target=4)
    t.refused(2, "victim", "not_allowed", target=4)
    t.act(2, "kill", target=0)
    t.close()
    t.refused(1, "victim", "not_allowed", target=4)   # the vote day is too late
    t.close()
    step = t.chain("spies")[0]
    assert step["picks"] == [] and step["drawn"] == "anyone", "spy 0 died before his pick counted"
    assert t.causes()[0] == "vigilante"


# ---------------------------------------------------------------- vigilante
def test_vigilante_once_a_cycle_on_either_day_and_a_full_cycle_off_after_a_kill():
    t = Table(["vigilante", "spy", "spy", "spy", "priest"] + ["citizen"] * 6, QUIET)
    assert "kill" in kinds(t, 0)
    t.close()
    t.act(0, "kill", target=1)               # on the vote day
    t.refused(0, "kill", "not_allowed", target=2)
    t.end_cycle()
    assert t.causes().get(1) == "vigilante"
    assert "kill" not in kinds(t, 0), "cycle 2: the wait"
    t.act(4, "protect", target=0)
    t.end_cycle()
    assert "kill" in kinds(t, 0), "cycle 3: again"


def test_a_protected_target_survives_and_the_vigilante_need_not_wait():
    t = Table(["vigilante", "spy", "priest"] + ["citizen"] * 5, QUIET)
    t.act(2, "protect", target=1)     # protecting a spy: the Priest dies, the spy is safe
    t.act(0, "kill", target=1)
    t.act(1, "victim", target=5)
    t.end_cycle()
    assert t.chain("vigilante")[0]["outcome"] == "protected"
    assert t.causes() == {2: "priest_punished", 5: "spies"}
    assert "kill" in kinds(t, 0)


# ---------------------------------------------------------------- priest
def test_priest_one_protection_a_cycle_secret_on_day_one_public_on_the_vote_day():
    t = Table(["priest", "spy"] + ["citizen"] * 6, QUIET)
    assert "protect" in kinds(t, 0) and "protect_public" not in kinds(t, 0)
    t.act(0, "protect", target=4)
    assert "protect" not in kinds(t, 0)
    assert t.view(2)["log"] == t.view(1)["log"] and not any(
        e["type"].startswith("protect") for e in t.view(2)["log"]), "a secret protection"
    t.act(1, "victim", target=5)
    t.close()
    assert "protect_public" not in kinds(t, 0), "already protected this cycle"
    t.end_cycle()
    assert "protect" in kinds(t, 0)
    t.act(1, "victim", target=6)
    t.close()
    t.votes({0: 3, 1: 3, 2: 3, 3: 2, 4: 3, 7: 3})
    t.act(0, "protect_public", target=3)
    assert [e for e in t.view(2)["log"] if e["type"] == "protect_public"][0]["seat"] == 0
    events = t.end_cycle()
    assert t.deaths(events) == {6: "killed"}
    assert next(e for e in events if e["type"] == "vote_result")["outcome"] == "protected"


def test_a_public_protection_of_a_spy_kills_the_priest():
    t = Table(["priest", "spy"] + ["citizen"] * 6, QUIET)
    t.act(1, "victim", target=5)
    t.close()
    t.votes({i: 1 for i in range(8) if i != 1} | {1: 2})
    t.act(0, "protect_public", target=1)
    t.end_cycle()
    assert t.causes() == {0: "priest_punished", 5: "spies"}
    assert t.chain("vote")[0]["outcome"] == "protected", "the spy is saved all the same"


# ---------------------------------------------------------------- psychic, double agent
def test_psychic_every_other_cycle_exact_role_and_a_variable_role_twice():
    t = Table(["psychic", "spy", "trickster:spies", "priest"] + ["citizen"] * 7, QUIET)
    t.act(0, "look", target=2)
    t.refused(0, "look", "not_allowed", target=1)
    t.act(3, "protect", target=0)
    t.act(1, "victim", target=8)
    t.end_cycle()
    assert t.view(0)["private"][-1] == {"type": "look", "cycle": 1, "target": 2, "role": "trickster"}
    assert "look" not in kinds(t, 0), "not in cycle 2"
    t.act(3, "protect", target=0)
    t.act(1, "victim", target=9)
    t.end_cycle()
    t.act(3, "protect", target=0)
    t.act(1, "victim", target=10)
    t.close()
    t.act(0, "look", target=2)             # until the vote closes
    t.end_cycle()
    assert t.view(0)["private"][-1] == {"type": "look", "cycle": 3, "target": 2, "team": "spies"}
    assert not any(e.get("type") == "look" for e in t.view(3)["private"])


def test_a_psychic_who_dies_in_the_cycle_learns_nothing_but_the_target_may_die():
    t = Table(["psychic", "spy"] + ["citizen"] * 6, QUIET)
    t.act(0, "look", target=3)
    t.act(1, "victim", target=0)
    t.end_cycle()
    assert t.chain("look")[0]["outcome"] == "died" and t.view(0)["private"] == []
    t = Table(["psychic", "spy"] + ["citizen"] * 6, QUIET)
    t.act(0, "look", target=3)
    t.act(1, "victim", target=3)
    t.end_cycle()
    assert t.view(0)["private"][-1]["role"] == "citizen"


def test_a_revealed_mayor_shows_his_team_at_once():
    t = Table(["psychic", "spy", "mayor:spies", "priest"] + ["citizen"] * 6, QUIET)
    t.act(1, "victim", target=6)
    t.close()
    t.act(0, "look", target=2)
    t.close()
    t.act(2, "redirect", target=7)
    t.close()
    assert t.view(0)["private"][-1]["team"] == "spies"


def test_double_agent_loses_his_power_on_a_special_citizen_or_the_mayor_not_on_a_brother():
    def look_at(role, reveal_mayor=False):
        roles = ["double_agent", "spy", role, "brother" if role == "brother" else "citizen"] + \
            ["citizen"] * 5
        t = Table(roles, QUIET)
        t.act(1, "victim", target=len(roles) - 1)
        t.close()
        t.act(0, "look", target=2)
        t.close()
        if reveal_mayor:
            t.act(2, "redirect", target=len(roles) - 2)
        if t.phase == "window":
            t.close()
        return t.state["powers"][0]["lost"], t.view(0)["private"]
    for role in ("vigilante", "priest", "psychic", "mayor:citizens", "mayor:spies"):
        lost, private = look_at(role)
        assert lost and private[-1]["type"] == "power_lost", role
    for role in ("brother", "citizen", "trickster:citizens"):
        lost, private = look_at(role)
        assert not lost, role
    lost, private = look_at("mayor:citizens", reveal_mayor=True)
    assert not lost and private[-1]["team"] == "citizens", "a revealed Mayor shows his team"


# ---------------------------------------------------------------- trickster
def test_trickster_each_power_once_a_game_never_both_on_one_day():
    t = Table(["trickster:citizens", "spy", "priest"] + ["citizen"] * 7, QUIET)
    t.act(0, "add_votes", targets=[3, 4])
    assert "subtract_vote" not in kinds(t, 0), "not both on one day"
    t.act(2, "protect", target=0)
    t.act(1, "victim", target=9)
    t.close()
    assert "subtract_vote" in kinds(t, 0) and "add_votes" not in kinds(t, 0)
    t.act(0, "subtract_vote", target=5)
    t.refused(0, "add_votes", "not_allowed", targets=[3, 3])
    assert [a["type"] for a in t.view(0)["mine"]] == ["add_votes", "subtract_vote"]
    assert t.view(3)["mine"] == [] and "add_votes" not in str(t.view(None))
    t.end_cycle()
    assert not {"add_votes", "subtract_vote"} & kinds(t, 0)


# ---------------------------------------------------------------- mayor
def test_mayor_redirects_only_in_the_window_untimed_and_timed():
    t = Table(["mayor:citizens", "spy"] + ["citizen"] * 6, QUIET)
    t.refused(0, "redirect", "not_allowed", target=3)
    t.close()
    t.refused(0, "redirect", "not_allowed", target=3)   # untimed: the window is its own phase
    t.close()
    assert t.phase == "window" and "redirect" in kinds(t, 0)
    t.act(0, "redirect", target=3)
    assert t.state["mayor"] == 0 and t.view(5)["mayor"] == 0, "public: he is revealed"
    t = Table(["mayor:citizens", "spy"] + ["citizen"] * 6, {**QUIET, "day_minutes": 60})
    t.at(clock(10, 0)).close()
    assert t.state["deadline"] == clock(11, 0)
    assert t.view(0)["mayor_window"] == {"from": clock(10, 45), "until": clock(11, 0)}
    assert to_act(t.state)["deadline"] == clock(10, 45)
    t.votes({1: 4, 2: 4, 5: 6})
    t.refused(0, "redirect", "not_allowed", target=3)
    t.at(clock(10, 45)).close()
    assert t.phase == "window" and to_act(t.state)["deadline"] == clock(11, 0)
    spec = next(a for a in t.view(0)["legal"]["actions"] if a["type"] == "redirect")
    assert spec["from"] == clock(10, 45) and spec["until"] == clock(11, 0) and spec["left"] == 2
    t.act(0, "redirect", target=3)
    t.refused(0, "redirect", "mayor_wait", target=4)
    t.act(6, "vote", target=1)                       # voting goes on in the window
    t.at(clock(11, 0) + 1)
    t.refused(0, "vote", "too_late", target=3)
    events = t.close()
    assert t.phase == "day"
    assert t.causes()[3] == "mayor" and t.deaths(events)[3] == "mayor"


def redirect_spec(t: Table, seat: int = 0) -> dict | None:
    return next((a for a in t.view(seat)["legal"]["actions"] if a["type"] == "redirect"), None)


def test_the_host_ending_a_timed_vote_step_early_does_not_open_the_mayors_window():
    """Issue 31: a vote day closing at 22:00, nobody done; the host ends the vote step at
    20:00. The window step begins (votes go on) but the Mayor's window is still the last 15
    minutes: a redirection at 20:05 is refused, one at 21:45 holds."""
    t = Table(["mayor:citizens", "spy"] + ["citizen"] * 6, QUIET)
    t.act(1, "victim", target=7)
    t.at(clock(9, 0)).close()
    t.host("set_deadline", deadline=clock(22, 0))
    t.votes({1: 4, 2: 4, 3: 5})
    t.at(clock(20, 0)).close()
    assert t.phase == "window" and to_act(t.state)["waiting"]
    assert redirect_spec(t)["from"] == clock(21, 45)
    t.at(clock(20, 5))
    err = t.refused(0, "redirect", "mayor_wait", target=4)
    assert err.params["opens"] == clock(21, 45)
    t.at(clock(21, 45) - 1)
    t.refused(0, "redirect", "mayor_wait", target=4)
    t.at(clock(21, 30)).act(6, "vote", target=5)            # voting goes on meanwhile
    t.at(clock(21, 45)).act(0, "redirect", target=4)
    assert redirect_spec(t)["from"] == clock(21, 50), "then the gap to his second one"
    events = t.at(clock(22, 0)).close()
    assert t.deaths(events) == {4: "mayor", 7: "killed"}


def test_the_window_follows_a_moved_deadline():
    """The host moves the day's end to 23:00 during the window step: the window is now
    22:45–23:00."""
    t = Table(["mayor:citizens", "spy"] + ["citizen"] * 6, QUIET)
    t.act(1, "victim", target=7)
    t.at(clock(9, 0)).close()
    t.host("set_deadline", deadline=clock(22, 0))
    t.at(clock(21, 45)).close()
    t.at(clock(21, 50)).host("set_deadline", deadline=clock(23, 0))
    assert redirect_spec(t)["from"] == clock(22, 45)
    t.at(clock(22, 0))
    t.refused(0, "redirect", "mayor_wait", target=4)
    t.at(clock(22, 45)).act(0, "redirect", target=4)


def test_when_everybody_is_done_the_window_opens_early():
    """Everybody has said done at 19:00: the vote step ends and the Mayor may redirect at
    once (docs/games/spy.md: the window opens early only then)."""
    t = Table(["mayor:citizens", "spy"] + ["citizen"] * 6, QUIET)
    t.act(1, "victim", target=7)
    t.at(clock(9, 0)).close()
    t.host("set_deadline", deadline=clock(22, 0))
    t.at(clock(19, 0))
    for seat in range(8):
        t.act(seat, "vote", target=4 if seat != 4 else 5)
        t.act(seat, "done")
    assert to_act(t.state)["waiting"] == []
    t.close()
    assert t.phase == "window" and redirect_spec(t)["from"] == t.time
    assert t.view(3)["mayor_window"] == {"from": t.time, "until": clock(22, 0)}
    assert t.view(3)["log"][-1] == {"type": "window", "cycle": 1, "at": t.time, "early": True}
    t.act(0, "redirect", target=5)
    events = t.at(clock(19, 30)).close()
    assert t.deaths(events) == {5: "mayor", 7: "killed"}


def test_revealed_mayor_restriction_ties():
    assert mayor_blocked({0: 3, 1: 2}, 0, 1)
    assert not mayor_blocked({0: 2, 1: 3}, 0, 1)
    assert not mayor_blocked({0: 3, 1: 3}, 0, 2), "a tie is allowed"
    assert mayor_blocked({0: 3, 1: 3}, 0, 1), "unless his own vote made it"
    assert not mayor_blocked({0: 3, 1: 3, 2: 3}, 0, 1), "another player ties him anyway"
    assert not mayor_blocked({}, 0, None)


def test_brothers_know_each_other_and_count_as_citizens():
    t = Table(["brother", "brother", "spy"] + ["citizen"] * 4)
    assert t.view(0)["mates"] == [1] and t.view(1)["mates"] == [0]
    assert t.view(0)["role"] == {"role": "brother", "team": "citizens"}
