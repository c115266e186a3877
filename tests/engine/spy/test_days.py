"""Cycles and days, the host's game-master actions, time, inactivity and every rules
option (rule book, "Cycles"; options with their defaults)."""

import pytest

from engine.core.errors import GameError
from engine.spy import new_game, to_act, apply, result
from engine.spy.options import RULES

from .helpers import Table, clock, NAMES

QUIET = {"inactivity": False}


def test_a_cycle_is_day_one_then_the_vote_day_then_the_mayors_window():
    t = Table(["mayor:citizens", "spy"] + ["citizen"] * 6, QUIET)
    turn = to_act(t.state)
    assert (turn["phase"], turn["together"], turn["close"]) == ("day", True, {"type": "close_day"})
    assert turn["seats"] == turn["waiting"] == list(range(8)) and turn["deadline"] is None
    steps = [turn["step"]]
    t.close()
    assert t.phase == "vote"
    steps.append(to_act(t.state)["step"])
    t.close()
    assert t.phase == "window"
    steps.append(to_act(t.state)["step"])
    t.close()
    assert t.phase == "day" and t.state["cycle"] == 2
    steps.append(to_act(t.state)["step"])
    assert steps == sorted(set(steps)), "every day is a new step"


def test_without_a_mayor_there_is_no_window_and_a_known_dead_mayor_ends_it():
    t = Table(["spy"] + ["citizen"] * 6, QUIET)
    t.close()
    t.close()
    assert t.phase == "day" and t.state["cycle"] == 2
    t = Table(["mayor:citizens", "spy", "vigilante"] + ["citizen"] * 5, QUIET)
    t.act(1, "victim", target=0)
    t.end_cycle()       # the Mayor died unrevealed: nobody knows, the window stays
    t.close()
    t.close()
    assert t.phase == "window"


def test_done_and_waiting_and_nothing_after_done():
    t = Table(["spy", "priest"] + ["citizen"] * 5)
    t.act(2, "done")
    assert 2 not in to_act(t.state)["waiting"] and t.view(2)["legal"] == {"actions": [], "done": True}
    t.refused(2, "done", "already_done")
    t.act(1, "protect", target=3)
    assert 1 in to_act(t.state)["waiting"], "a power does not end the seat's day"
    for i in (0, 1, 3, 4, 5, 6):
        t.act(i, "done")
    assert to_act(t.state)["waiting"] == [] and t.phase == "day", "the host closes the day"


def test_days_merge_when_few_live():
    t = Table(["spy", "priest", "vigilante", "psychic", "citizen"], {"merge_at": 4})
    assert t.phase == "day"
    t.act(0, "victim", target=4)
    t.close()
    t.votes({0: 3, 1: 3, 2: 3, 3: 0, 4: 0})
    t.close()
    assert t.alive() == [0, 1, 2] and t.phase == "merged"
    kinds = {a["type"] for a in t.view(0)["legal"]["actions"]}
    assert {"vote", "victim"} <= kinds
    kinds = {a["type"] for a in t.view(1)["legal"]["actions"]}
    assert {"vote", "protect", "protect_public"} <= kinds
    t = Table(["spy"] + ["citizen"] * 5, {"merge_at": 6})
    assert t.phase == "merged"
    t = Table(["spy"] + ["citizen"] * 4, {"merge_at": 0})
    assert t.phase == "day"


def test_warmup_days_come_first():
    t = Table(["spy"] + ["citizen"] * 5, {"warmup_days": 2})
    assert (t.phase, t.state["cycle"]) == ("warmup", 0)
    assert t.view(0)["legal"]["actions"] == [{"type": "done"}]
    t.refused(0, "vote", "not_allowed", target=1)
    t.refused(None, "excuse", "no_vote_to_excuse", seat=1)
    t.close()
    assert (t.phase, t.state["warmup"]) == ("warmup", 2)
    t.close()
    assert (t.phase, t.state["cycle"]) == ("day", 1)


def test_time_every_action_carries_a_time_that_never_goes_back():
    t = Table(["spy"] + ["citizen"] * 5)
    for bad in ({"type": "done"}, {"type": "done", "at": "noon"}, {"type": "done", "at": -5}):
        with pytest.raises(GameError) as err:
            apply(t.state, 0, bad)
        assert err.value.code == "no_time"
    t.at(clock(12, 0)).act(0, "done")
    with pytest.raises(GameError) as err:
        apply(t.state, 1, {"type": "done", "at": clock(11, 0)})
    assert err.value.code == "time_backwards"


def test_deadlines_from_the_day_length_and_from_the_host():
    t = Table(["spy"] + ["citizen"] * 6, {"day_minutes": 120})
    assert to_act(t.state)["deadline"] is None, "the first day waits for the host's deadline"
    t.at(clock(8, 0)).host("set_deadline", deadline=clock(20, 0))
    assert to_act(t.state)["deadline"] == clock(20, 0)
    t.refused(None, "set_deadline", "bad_deadline", deadline=clock(7, 0))
    t.at(clock(20, 0) + 1)
    t.refused(3, "done", "too_late")   # a millisecond after the deadline
    t.at(clock(20, 0)).close()
    assert to_act(t.state)["deadline"] == clock(22, 0)
    t.at(clock(21, 0)).host("set_deadline", deadline=clock(23, 30))   # the GM extends the day
    t.at(clock(23, 0)).act(3, "vote", target=1)
    t.host("set_deadline", deadline=None)
    assert to_act(t.state)["deadline"] is None
    assert [e["type"] for e in t.view(3)["log"]].count("deadline") == 3


def test_votes_one_each_never_changed_and_public_at_once():
    t = Table(["spy"] + ["citizen"] * 5)
    t.refused(1, "vote", "not_allowed", target=2)   # day 1: no vote
    t.close()
    events = t.act(1, "vote", target=2)
    assert events[0] == {"seat": 1, "type": "vote", "target": 2, "at": t.time, "cycle": 1}
    t.refused(1, "vote", "not_allowed", target=3)
    assert t.view(4)["acts"] == [{"seat": 1, "type": "vote", "target": 2, "at": t.time}]
    assert t.view(None)["tally"] == [[2, 1]]


def test_inactivity_removes_who_did_not_vote_unless_the_host_excused_him():
    t = Table(["spy", "priest"] + ["citizen"] * 6, seed="i")
    t.act(0, "victim", target=7)
    t.act(1, "protect", target=7)
    t.close()
    t.host("excuse", seat=3)
    t.refused(None, "excuse", "already_excused", seat=3)
    t.votes({0: 2, 1: 2, 2: 5, 5: 6, 6: 2, 7: 5})
    events = t.close()
    assert t.deaths(events) == {2: "vote", 4: "inactive"}
    assert t.state["alive"][3]
    t = Table(["spy", "priest"] + ["citizen"] * 6, {"inactivity": False})
    t.act(1, "protect", target=7)
    t.act(0, "victim", target=7)
    t.close()
    assert t.deaths(t.close()) == {}


def test_host_only_actions_and_seat_only_actions():
    t = Table(["spy"] + ["citizen"] * 5)
    t.refused(1, "close_day", "host_only")
    t.refused(1, "excuse", "host_only", seat=2)
    t.refused(None, "vote", "host_cannot_act", target=1)
    t.refused(None, "no_such", "unknown_action")
    t.refused(1, "no_such", "unknown_action")
    t.refused(None, "close_day", "bad_action", extra=1)
    t.refused(1, "done", "bad_action", extra=1)
    t.refused(0, "victim", "bad_action", target=1, targets=[1])
    t.refused(0, "victim", "unknown_seat", target=99)
    t.refused(0, "victim", "unknown_seat", target="Ben")


def test_last_words_of_the_dead_published_by_the_host():
    t = Table(["spy"] + ["citizen"] * 6, QUIET)
    t.act(0, "victim", target=3)
    t.end_cycle()
    t.refused(None, "last_words", "not_dead", seat=2, text="hi")
    t.refused(None, "last_words", "bad_text", seat=3, text="")
    t.host("last_words", seat=3, text="It was Ana.")
    t.refused(None, "last_words", "already_said", seat=3, text="again")
    assert t.view(5)["log"][-1] == {"type": "last_words", "seat": 3, "text": "It was Ana.",
                                    "at": t.time}
    t.refused(3, "done", "player_dead")


# ---------------------------------------------------------------- options
def test_options_defaults_and_refusals():
    state = new_game({}, NAMES[:7], 1)
    for key, value in RULES.items():
        assert state["options"][key] == value
    for bad in ({"tie": "coin"}, {"parity": 1}, {"merge_at": 21}, {"reveal": "all"},
                {"day_minutes": -1}, {"mayor_gap": 61}, {"stall_cycles": 11}, {"spies": 0},
                {"spies": 4}, {"priest": 2}, {"wizard": 1}):
        with pytest.raises(GameError):
            new_game(bad, NAMES[:7], 1)


def test_a_tie_kills_nobody_or_one_drawn():
    def tied(option, seed):
        t = Table(["spy", "priest"] + ["citizen"] * 5, {"tie": option, "inactivity": False},
                  seed=seed)
        t.act(1, "protect", target=6)
        t.act(0, "victim", target=6)
        t.close()
        t.votes({0: 2, 1: 2, 2: 3, 3: 3})
        return t, t.close()
    t, events = tied("none", "tie")
    assert t.deaths(events) == {} and t.chain("vote")[0]["most"] == [2, 3]
    dead = set()
    for seed in range(10):
        t, events = tied("random", f"tie{seed}")
        dead |= set(t.deaths(events))
    assert dead == {2, 3}


def test_spies_win_when_only_spies_live_or_with_parity_when_as_many():
    t = Table(["spy", "spy", "citizen", "citizen", "citizen"], {"merge_at": 0, "inactivity": False})
    t.act(0, "victim", target=2)
    t.close()
    t.votes({0: 3, 1: 3})
    t.close()
    assert t.alive() == [0, 1, 4] and not t.state["over"]
    t = Table(["spy", "spy", "citizen", "citizen", "citizen"],
              {"merge_at": 0, "inactivity": False, "parity": True})
    t.act(0, "victim", target=2)
    t.close()
    t.votes({0: 3, 1: 3})
    events = t.close()
    assert t.state["winner"] == "spies" and events[-1]["reason"] == "parity"
    assert result(t.state)["ranking"][:2] == [0, 1] and result(t.state)["scores"] == [1, 1, 0, 0, 0]
    assert events[-1]["roles"][0] == {"role": "spy", "team": "spies"}, "the end reveals every role"


def test_citizens_win_when_no_spy_lives():
    t = Table(["spy", "citizen", "citizen", "citizen", "citizen"], {"inactivity": False})
    t.act(0, "victim", target=1)
    t.close()
    t.votes({1: 0, 2: 0, 3: 0})
    events = t.close()
    assert t.state["winner"] == "citizens" and t.state["winners"] == [1, 2, 3, 4]
    assert events[-1]["reason"] == "no_spies"
    assert result(t.state)["places"] == [2, 1, 1, 1, 1]
    t.refused(1, "done", "game_over")
    t.refused(None, "close_day", "game_over")
    assert to_act(t.state)["phase"] == "over" and to_act(t.state)["close"] is None


def test_a_stalemate_ends_as_time_running_out_for_the_citizens():
    t = Table(["spy", "priest", "citizen", "citizen", "citizen"],
              {"merge_at": 3, "stall_cycles": 2, "inactivity": False})
    t.act(0, "victim", target=2)
    t.close()
    t.votes({0: 3, 1: 3, 2: 3, 3: 0, 4: 3})
    t.close()                              # 2 killed, 3 voted out
    assert t.alive() == [0, 1, 4]
    for _ in range(2):
        t.act(1, "protect", target=1)
        t.act(0, "victim", target=1)
        t.votes({0: 1, 1: 0, 4: 4})        # a three-way tie: nobody dies
        events = t.close()
    assert t.state["winner"] == "spies" and events[-1]["reason"] == "time"


@pytest.mark.parametrize("reveal", ["none", "team", "role"])
def test_reveal_what_a_death_announces(reveal):
    t = Table(["spy", "vigilante"] + ["citizen"] * 5, {"reveal": reveal, "inactivity": False})
    t.act(0, "victim", target=1)
    events = t.end_cycle()
    death = next(e for e in events if e["type"] == "death")
    extra = {k: v for k, v in death.items() if k not in ("type", "cycle", "seat", "cause")}
    assert extra == {"none": {}, "team": {"team": "citizens"}, "role": {"role": "vigilante"}}[reveal]
