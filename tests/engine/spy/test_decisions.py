"""The rule book's open questions, each decided in docs/games/spy.md ("Decisions") from the
seed's words where they speak, and each played through the engine here (issue 31, item 2)."""

import pytest

from engine.spy import new_game, catalog
from engine.spy.resolve import MAX_CYCLES

from .helpers import Table, clock, NAMES

QUIET = {"inactivity": False}


def kinds(t: Table, seat) -> set:
    return {a["type"] for a in t.view(seat)["legal"]["actions"]}


def targets(t: Table, seat, kind) -> list:
    return next(a["targets"] for a in t.view(seat)["legal"]["actions"] if a["type"] == kind)


# ---------------------------------------------------------------- the spies' kill
@pytest.mark.parametrize("picked", [True, False])
def test_when_the_last_spy_dies_earlier_in_the_chain_nobody_is_killed(picked):
    """The Vigilante (priority 2) kills the only spy: the spies' step (3) has nobody to act
    for it — no kill, and no random victim either (that draw punishes spies who send no
    name: "así que mejor sean responsables")."""
    t = Table(["spy", "vigilante"] + ["citizen"] * 6, QUIET, seed="last")
    if picked:
        t.act(0, "victim", target=3)
    t.act(1, "kill", target=0)
    t.end_cycle()
    assert t.chain("spies") == [] and t.causes() == {0: "vigilante"}
    assert t.state["winner"] == "citizens"


def test_votes_against_a_player_killed_earlier_that_cycle_still_count():
    """The spies killed Dan on day 1; the vote day, not knowing it, gives Dan the most votes:
    the vote finds no target ("dejando sin blanco", as the seed says of the Vigilante), and
    the runner-up does not die in his place."""
    t = Table(["spy", "priest"] + ["citizen"] * 6, QUIET)
    t.act(0, "victim", target=3)
    t.close()
    t.votes({0: 3, 1: 3, 2: 3, 4: 5, 5: 4, 6: 4})
    events = t.close()
    vote = t.chain("vote")[0]
    assert vote["dies"] == 3 and vote["outcome"] == "no_target"
    assert t.deaths(events) == {3: "killed"}
    assert next(e for e in events if e["type"] == "vote_result")["outcome"] == "no_target"


def test_the_spies_draw_is_among_the_names_not_weighted_by_how_many_sent_each():
    """Three spies, two name Dan and one Eva: the draw is between two names, exactly as when
    one spy names each ("sortearé al azar entre todos los nombres")."""
    seen = set()
    for seed in range(30):
        three = Table(["spy", "spy", "spy"] + ["citizen"] * 7, QUIET, seed=f"w{seed}")
        three.votes({})
        for spy, target in ((0, 3), (1, 3), (2, 4)):
            three.act(spy, "victim", target=target)
        three.end_cycle()
        two = Table(["spy", "spy", "spy"] + ["citizen"] * 7, QUIET, seed=f"w{seed}")
        for spy, target in ((0, 3), (2, 4)):
            two.act(spy, "victim", target=target)
        two.end_cycle()
        step = three.chain("spies")[0]
        assert step["picks"] == [3, 4] and step["drawn"] == "picks"
        assert step["target"] == two.chain("spies")[0]["target"], seed
        seen.add(step["target"])
    assert seen == {3, 4}


def test_a_spy_trickster_picks_the_victim_a_spy_mayor_does_not():
    """The spies who know each other choose the victim (a spy Trickster too); the spy Mayor
    knows none of them ("El Alcalde es el único Espía que no sabría nada sobre sus
    compañeros") and picks nobody; alone, he makes no kill."""
    t = Table(["trickster:spies", "mayor:spies", "spy"] + ["citizen"] * 7, QUIET)
    assert "victim" in kinds(t, 0) and "victim" not in kinds(t, 1)
    t.act(0, "victim", target=5)
    t.end_cycle()
    assert t.causes() == {5: "spies"}
    t = Table(["mayor:spies", "spy", "vigilante"] + ["citizen"] * 6, QUIET)
    t.act(2, "kill", target=1)
    t.end_cycle()
    assert t.causes() == {1: "vigilante"} and not t.state["over"], "the spy Mayor is left"
    assert "victim" not in kinds(t, 0)
    t.end_cycle()
    assert t.chain("spies") == [] and t.causes() == {}


# ---------------------------------------------------------------- the Priest
@pytest.mark.parametrize("spy", ["mayor:spies", "trickster:spies", "double_agent"])
def test_protecting_any_spy_kills_the_priest(spy):
    """"si el Sacerdote protegió a un Espía, será asesinado": a spy Mayor or Trickster is a
    spy as much as the Double Agent."""
    t = Table(["priest", spy, "spy"] + ["citizen"] * 6, QUIET)
    t.act(0, "protect", target=1)
    t.act(2, "victim", target=7)
    t.end_cycle()
    assert t.causes() == {0: "priest_punished", 7: "spies"}


@pytest.mark.parametrize("public", [True, False])
def test_a_protection_saves_from_the_mayors_redirected_vote(public):
    """The Mayor's kill is a vote death ("matando por votaciones") and a role death ("Ya sea
    el poder de los Espías, del Justiciero o del Alcalde"): the public protection of the
    player who ends the most voted saves him, and so does the day-1 protection."""
    t = Table(["priest", "mayor:citizens", "spy"] + ["citizen"] * 6, QUIET)
    t.act(2, "victim", target=8)
    if not public:
        t.act(0, "protect", target=4)
    t.close()
    t.votes({0: 3, 2: 3, 3: 5})
    if public:
        t.act(0, "protect_public", target=4)
    t.close()
    t.act(1, "redirect", target=4)
    events = t.close()
    vote = t.chain("vote")[0]
    assert vote["redirect"] == 4 and vote["dies"] == 4 and vote["outcome"] == "protected"
    assert t.deaths(events) == {8: "killed"}


# ---------------------------------------------------------------- the Mayor
def revealed_mayor(extra_citizens: int = 8) -> Table:
    """Cycle 1: the Mayor (seat 0) redirects, so he is revealed; the spy's kill of seat 9
    is the cycle's only death. Cycle 2's vote day is open."""
    t = Table(["mayor:citizens", "spy", "priest"] + ["citizen"] * extra_citizens, QUIET)
    t.act(1, "victim", target=9)
    t.close()
    t.close()
    t.act(0, "redirect", target=3)
    t.act(2, "protect_public", target=3)
    t.close()
    assert t.state["mayor"] == 0 and t.alive() == [i for i in range(11) if i != 9]
    t.act(1, "victim", target=10)
    t.act(2, "protect", target=10)
    t.close()
    return t


def test_a_tie_made_by_the_mayors_own_vote_voids_his_redirection():
    """Nota 4: a revealed Mayor may redirect "en un empate parcial, con la excepción de que
    sea un empate recién logrado gracias a su propio voto": Ana (the Mayor) has 2 votes, Dan
    1 and Ana's own vote makes Dan 2 — without it Ana would lead alone: void."""
    t = revealed_mayor()
    t.votes({3: 0, 4: 0, 5: 3, 0: 3})
    t.close()
    t.act(0, "redirect", target=6)
    events = t.close()
    assert [e["reason"] for e in events if e["type"] == "redirect_void"] == ["most_voted"]
    assert t.chain("vote")[0]["most"] == [0, 3]


def test_a_tie_the_mayor_did_not_make_lets_him_redirect():
    """Ana 2, Dan 2 with neither of Dan's votes hers (she voted for Eva): she may redirect."""
    t = revealed_mayor()
    t.votes({3: 0, 4: 0, 5: 3, 6: 3, 0: 4})
    t.close()
    t.act(0, "redirect", target=7)
    events = t.close()
    assert not [e for e in events if e["type"] == "redirect_void"]
    assert t.deaths(events) == {7: "mayor"}


@pytest.mark.parametrize("looker", ["psychic", "double_agent"])
def test_a_redirection_in_the_cycle_of_a_look_shows_the_mayors_team(looker):
    """Tip 1: a look at a Mayor who "ya se reveló a si mismo luego de cambiar las
    votaciones" shows his team. Looks resolve last in the chain (priority 7), after the
    Mayor's redirection (5): a redirection any time in the cycle has revealed him — even a
    look sent on day 1, before it, and even a redirection made void because the Vigilante
    had killed the Mayor. The Double Agent keeps his power (a team is not a role)."""
    t = Table([looker, "mayor:citizens", "spy", "vigilante"] + ["citizen"] * 6, QUIET)
    t.act(0, "look", target=1)
    t.act(2, "victim", target=9)
    t.close()
    t.act(3, "kill", target=1)
    t.close()
    t.act(1, "redirect", target=5)
    t.close()
    assert t.chain("vote")[0]["redirects"][0]["void"] == "dead"
    looks = [e for e in t.view(0)["private"] if e["type"] == "look"]
    assert looks == [{"type": "look", "cycle": 1, "target": 1, "team": "citizens"}]
    assert not t.state["powers"][0]["lost"]


# ---------------------------------------------------------------- time
def test_a_vote_at_the_deadline_itself_counts_one_a_moment_later_is_void():
    """"hasta las 22:00 hrs, ni un minuto más, quien ... vote desde las 22:01 en adelante,
    tendrá nulo su voto": stamped 22:00:00.000, in time; 22:00:00.001, too late."""
    t = Table(["spy"] + ["citizen"] * 6, QUIET)
    t.at(clock(9, 0)).close()
    t.host("set_deadline", deadline=clock(22, 0))
    t.at(clock(22, 0)).act(3, "vote", target=1)
    t.at(clock(22, 0) + 1)
    t.refused(4, "vote", "too_late", target=1)
    t.close()
    assert t.chain("vote")[0]["counts"] == [[1, 1]]


# ---------------------------------------------------------------- powers on oneself
@pytest.mark.parametrize("role, kind", [("vigilante", "kill"), ("psychic", "look"),
                                        ("double_agent", "look")])
def test_the_vigilante_may_not_shoot_himself_nor_a_looker_look_at_himself(role, kind):
    """Refused with bad_target, and never offered: a shot at himself is only his death by
    remorse with nobody else dying, a look at himself tells him what his card says."""
    t = Table([role, "spy", "citizen"] + ["citizen"] * 5, QUIET)
    assert 0 not in targets(t, 0, kind) and 2 in targets(t, 0, kind)
    t.refused(0, kind, "bad_target", target=0)


# ---------------------------------------------------------------- the stalemate rule
def quiet_cycle(t: Table):
    """A cycle in which nobody dies: the Priest (seat 1) protects the spies' pick, and the
    vote ties."""
    t.act(1, "protect", target=2)
    t.act(0, "victim", target=2)
    t.close()
    t.votes({0: 3, 1: 4})
    return t.close()


def starts(t: Table) -> list:
    """The stalemate announcements of each cycle's first day so far."""
    return [e.get("stalemate") for e in t.state["log"] if e["type"] == "day" and e["day"] != "vote"]


def test_the_stalemate_rule_is_a_named_option_on_by_default():
    spec = next(o for o in catalog()["options"] if o["key"] == "stall_cycles")
    assert (spec["default"], spec["min"], spec["max"]) == (3, 0, 10)
    assert new_game({}, NAMES[:7], 1)["options"]["stall_cycles"] == 3


def test_the_stalemate_is_announced_before_it_ends_the_game():
    t = Table(["spy", "priest", "citizen", "citizen", "citizen"], QUIET)
    quiet_cycle(t)
    quiet_cycle(t)
    assert starts(t) == [None, {"quiet": 1, "limit": 3}, {"quiet": 2, "limit": 3}]
    events = quiet_cycle(t)
    assert t.state["winner"] == "spies" and events[-1]["reason"] == "time"


def test_a_death_starts_the_stalemate_count_again():
    t = Table(["spy", "priest", "citizen", "citizen", "citizen", "citizen"], QUIET)
    quiet_cycle(t)
    quiet_cycle(t)
    t.act(0, "victim", target=5)
    t.end_cycle()
    assert t.causes() == {5: "spies"}
    quiet_cycle(t)
    quiet_cycle(t)
    assert starts(t)[3:] == [None, {"quiet": 1, "limit": 3}, {"quiet": 2, "limit": 3}]
    assert not t.state["over"]


def test_a_one_cycle_stalemate_is_announced_from_the_first_day():
    t = Table(["spy", "priest", "citizen", "citizen", "citizen"], {**QUIET, "stall_cycles": 1})
    assert starts(t) == [{"quiet": 0, "limit": 1}]
    quiet_cycle(t)
    assert t.state["log"][-1]["reason"] == "time"


def test_without_the_stalemate_rule_a_deathless_table_ends_at_the_cycle_limit_with_no_winner():
    t = Table(["spy", "priest", "citizen", "citizen", "citizen"], {**QUIET, "stall_cycles": 0})
    for _ in range(MAX_CYCLES - 1):
        quiet_cycle(t)
    assert not t.state["over"] and t.state["cycle"] == MAX_CYCLES
    assert starts(t)[:-1] == [None] * (MAX_CYCLES - 1) and starts(t)[-1] == {"last": MAX_CYCLES}
    events = quiet_cycle(t)
    assert t.state["winner"] == "nobody" and events[-1]["reason"] == "limit"
    assert t.state["winners"] == []
