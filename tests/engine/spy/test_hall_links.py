"""The hall's hooks (summary, final screen), the readable account, compact state links,
and a hosted session playing the spy game with people and bots."""

import json

import pytest

from engine.core import session
from engine.core.codec import decode, encode
from engine.core.errors import GameError
from engine.core.links import link_parts, link_view
from engine import spy
from engine.spy import end_link, link as spy_link
from engine.spy.actions import DAYS
from engine.spy.private_part import ACTS
from engine.spy.bots import bot_action

from .helpers import NAMES, Table


def play(state, level="normal", seed="g", tick=1000):
    """Bots play the state on, an act every `tick` ms; yields it at every step (before the
    host closes the step)."""
    now = 1_700_000_000_000
    while not state["over"]:
        turn = spy.to_act(state)
        for seat in turn["seats"]:
            for action in bot_action(level, spy.view(state, seat), f"{seed}:{turn['step']}:{seat}") or []:
                now += tick
                spy.apply(state, seat, {**action, "at": now})
        yield state
        now += tick
        spy.apply(state, None, {"type": "close_day", "at": now})
    yield state


def before_issue_34(public, private):
    """A link's parts as links made before issue 34 carried them: the log as "L" (each
    event's own cycle, every vote a row, times in milliseconds), a seat's acts by name."""
    unit = public["u"]
    log = spy_link.unpack_log(public["l"], public["T"], unit, compact=True)
    old = {k: v for k, v in public.items() if k not in ("l", "u")}
    old["L"] = spy_link.pack_log(log, public["T"])
    if private and "a" in private:
        private = {**private, "a": [[ACTS[k], t, dt * unit, DAYS[day]] for k, t, dt, day in private["a"]]}
    return old, private


@pytest.mark.parametrize("options, tick", [({}, 1000), ({"reveal": "role", "day_minutes": 90, "mayor": 1,
                                                         "double_agent": 0}, 1000), ({}, 1001)])
def test_state_links_give_back_exactly_the_views(options, tick):
    """Times to the second (as the hall stamps them: the link carries seconds) or not (ms)."""
    state = spy.new_game(options, NAMES[:10], "links")
    for k, _ in enumerate(play(state, seed="links", tick=tick)):
        parts = json.loads(json.dumps(link_parts(spy, state, {1, 4})))
        text = encode("s", 1, parts)
        parts = decode(text, {"s": 1})[2]
        if not state["over"]:
            assert parts["public"]["u"] == (1000 if tick == 1000 else 1)
        for seat in (None, 1, 4):
            private = parts["privates"][seat] if seat is not None else None
            # a finished game's link gives its end (engine/spy/end_link.py)
            want = spy.view(end_link.end_state(state) if state["over"] else state, seat)
            assert link_view(spy, parts["public"], private, seat) == want, (k, seat)
            if not state["over"]:
                # a link made before issue 34 still opens, the same
                old, private = before_issue_34(parts["public"], private)
                assert link_view(spy, old, private, seat) == spy.view(state, seat), (k, seat)
    assert state["over"]
    # the end names what the whole game's view names at the end
    end, full = link_view(spy, parts["public"], None, None), spy.view(state, None)
    for key in ("roles", "winner", "winners", "alive", "over", "cycle", "step", "now", "players"):
        assert end[key] == full[key], key
    assert end["log"] == [e for e in full["log"] if e["type"] in end_link.ANNOUNCED]
    assert [e["type"] for e in end["log"]].count("death") == full["alive"].count(False)
    # each seat's part: its own moves as applied, without times, a word each
    mine = [{k: v for k, v in a.items() if k != "at"} for s, a in state["actions"] if s == 1]
    assert isinstance(parts["privates"][1]["m"], str) and end_link.unpack_moves(parts["privates"][1]) == mine
    # a final link made before (the whole record, "over") still opens as the whole game
    record = {"o": parts["public"]["E"]["o"], "r": parts["public"]["E"]["r"], "p": state["players"], "s": state["seed"],
              "a": spy_link.pack_actions(state["actions"])}
    for seat in (None, 4):
        assert link_view(spy, {"over": record}, {} if seat else None, seat) == spy.view(state, seat)


def test_a_seats_moves_in_a_final_link():
    """Every move type of the game has its letter; a move of other fields keeps the part's
    list form; a damaged part is refused."""
    from engine.spy.actions import SEAT_ACTIONS
    assert set(end_link.MOVE_TYPES) == set(SEAT_ACTIONS)
    moves = [{"type": "done"}, {"type": "vote", "target": 3}, {"type": "add_votes", "targets": [4, 12]},
             {"type": "kill", "target": 0}]
    state = {"actions": [[2, {**m, "at": 5}] for m in moves] + [[1, {"type": "vote", "target": 9, "at": 6}]]}
    part = end_link.pack_moves(state, 2)
    assert part == {"m": "ja3g+4+12c0"} and end_link.unpack_moves(part) == moves
    odd = {"actions": [[2, {"type": "vote", "target": 3, "note": "x", "at": 1}], [2, {"type": "done", "at": 2}]]}
    assert end_link.unpack_moves(end_link.pack_moves(odd, 2)) == [{"type": "vote", "target": 3, "note": "x"},
                                                                   {"type": "done"}]
    for broken in ({"m": "z3"}, {"m": "a3!"}, {"m": "a1234"}, {"m": [["vote"]]}, {"m": 3}, {}):
        with pytest.raises(GameError) as err:
            end_link.unpack_moves(broken)
        assert err.value.code == "code_invalid"


def test_a_damaged_link_is_refused():
    state = spy.new_game({}, NAMES[:6], "bad")
    public = spy.link_public(state)
    old = {k: v for k, v in public.items() if k not in ("l", "u")}
    for broken in ({**public, "c": [1]}, {**public, "a": "1"}, {**public, "l": [["nope"]]},
                   {**public, "l": [["v", [1, 2], [3], [4, 5]]]}, {**public, "l": [["v", 1, 2, 3]]},
                   {**public, "u": 7}, {**old, "L": [["nope"]]}, {**old, "L": [["v", [1], [2], [3]]]},
                   {**public, "l": [["vote_result", 0, 0, 0, None, "killed", None, 1, [], 0]]},
                   {"over": {"o": {}, "p": ["A"], "s": 1, "a": []}}, {"E": {**public, "s": "x"}},
                   {"E": {**public, "s": "x", "R": ["spy"]}}, "text"):
        with pytest.raises(GameError) as err:
            spy.link_view(broken, None, None)
        assert err.value.code == "code_invalid"


def test_hall_summary_and_final_screen():
    t = Table(["spy", "priest", "citizen", "citizen", "citizen"], {"inactivity": False})
    assert spy.hall_summary(t.state)["progress"] == {"unit": "cycle", "n": 1, "of": None}
    t.act(0, "victim", target=2)
    t.close()
    t.votes({1: 0, 3: 0, 4: 0})
    t.close()
    final = spy.hall_final(t.state)
    assert final["winner"] == "citizens" and final["reason"] == "no_spies"
    assert final["teams"] == {"citizens": [1, 2, 3, 4], "spies": [0]}
    assert final["rows"][0]["death"] == {"cycle": 1, "cause": "vote"} and not final["rows"][0]["won"]
    assert final["rows"][2]["death"] == {"cycle": 1, "cause": "killed"} and final["rows"][2]["won"]


def test_describe_tells_the_game_in_english():
    """In play, the public account only (no role, no secret action); once over, every role,
    the secret actions and the chain."""
    t = Table(["spy", "priest", "vigilante", "mayor:citizens", "citizen", "citizen", "spy"],
              {"inactivity": False})
    t.act(1, "protect", target=1)
    t.act(2, "kill", target=4)
    t.act(0, "victim", target=1)
    t.close()
    t.votes({1: 0, 2: 0, 3: 5})
    t.close()
    t.act(3, "redirect", target=0)
    t.close()
    t.host("last_words", seat=4, text="Adiós")
    text = "\n".join(spy.describe(t.state))
    for line in ("Cycle 1\n  Votes: Ben → Ana, Cleo → Ana, Dan → Fran",
                 "Dan, the Mayor, redirects every vote to Ana",
                 "Count: Ana 2; not counted, died this cycle: Cleo; the most voted: Ana",
                 "  Eva killed", "  Cleo killed", "Ana died by the Mayor's redirected vote",
                 "Last words of Eva: Adiós", "Now: cycle 2, day 1 and vote",
                 "Alive: Ben, Dan, Fran, Gus", "Dead: Eva (cycle 1, killed), Cleo (cycle 1, killed), "
                 "Ana (cycle 1, died by the Mayor's redirected vote)"):
        assert line in text, line
    for secret in ("Roles", "Spy", "Priest", "Vigilante", "shoots", "protects", "victim", "Chain"):
        assert secret not in text, secret
    t.act(6, "victim", target=5)
    t.votes({1: 6, 3: 6, 5: 6, 6: 1})
    t.end_cycle()
    text = "\n".join(spy.describe(t.state))
    for line in ("Roles: Ana: Spy, Ben: Priest, Cleo: Vigilante, Dan: Mayor (citizens)",
                 "Secretly: Cleo shoots Eva", "Chain 3 Spies: Ben — protected",
                 "Chain 6 Vote: Ana 2; Mayor's redirection to Ana in force; Ana — killed",
                 "Chain 2 Vigilante: Eva — killed; the Vigilante dies of remorse",
                 "Cycle 2\n  Last words of Eva: Adiós\n  Votes: Ben → Gus, Dan → Gus, Fran → Gus, Gus → Ben",
                 "The game is over after 2 cycle(s): the citizens win (Ben, Cleo, Dan, Eva, Fran); "
                 "no spy is left", "Dead: Eva (cycle 1, killed)"):
        assert line in text, line


def test_a_hosted_session_with_people_and_bots():
    seats = [{"name": "Ana"}, {"name": "Ben", "kind": "remote"}] + \
        [{"name": n, "kind": "bot", "level": "normal"} for n in NAMES[2:8]]
    gid = "spy-session"
    session.create(gid, "spy", {}, seats, "hosted")
    at = 1_700_000_000_000
    for _ in range(400):
        screen = session.screen(gid, 0)
        if screen["result"]:
            break
        at += 1000
        if screen["view"].get("legal") and not screen["view"]["legal"]["done"]:
            actions = bot_action("normal", screen["view"], f"ana{at}")
            for a in actions:
                session.act(gid, 0, a, at=at)
                at += 1000
        legal = spy.view(session._GAMES[gid]["state"], 1).get("legal")
        if legal and not legal["done"]:
            for a in bot_action("random", spy.view(session._GAMES[gid]["state"], 1), f"ben{at}"):
                session.act_remote(gid, 1, a, at=at)
                at += 1000
        step = session.bot_step(gid, at=at)
        if step["acted"] is None and not step["moved"] and not step["stored"]["summary"]["over"]:
            session.close_step(gid, at=at)
    final = session.screen(gid, 0)
    assert final["result"] and final["final"]["winner"] in ("citizens", "spies", "nobody")
    summary = session.stored(gid)["summary"]
    assert summary["progress"]["unit"] == "cycle" and summary["over"]
    with pytest.raises(GameError) as err:
        session.act(gid, 0, {"type": "done"})
    assert err.value.code in ("no_time", "game_over")
    session.close(gid)
