"""What each seat sees (the only door to hidden information), and `legal` listing exactly
what `apply` accepts."""

import json
import random

from engine.core.clone import clone
from engine.core.errors import GameError
from engine.spy import apply, conceal, legal, new_game, view, to_act
from engine.spy.bots import bot_action

from .helpers import Table, NAMES


def test_a_citizen_sees_only_his_own_card_and_the_public_table():
    t = Table(["spy", "double_agent", "priest", "psychic", "brother", "brother", "mayor:spies",
               "trickster:citizens"] + ["citizen"] * 4)
    seen = t.view(11)
    assert seen["role"] == {"role": "citizen", "team": "citizens"} and seen["mates"] == []
    assert "roles" not in seen and "history" not in seen and "privates" not in seen
    public = json.dumps({k: v for k, v in seen.items() if k not in ("setup", "options")})
    assert not any(k in public for k in ("double_agent", "psychic", "brother", "seed"))
    assert seen["setup"] == {"spies": 1, "double_agent": 1, "vigilante": 0, "priest": 1,
                             "psychic": 1, "brothers": 1, "trickster": 1, "mayor": 1}


def test_secret_actions_stay_secret_until_the_close_and_public_ones_show_at_once():
    t = Table(["trickster:spies", "spy", "priest", "mayor:citizens"] + ["citizen"] * 6,
              {"inactivity": False})
    t.act(1, "victim", target=5)
    t.act(2, "protect", target=5)
    t.close()
    t.act(4, "vote", target=6)
    t.act(0, "add_votes", targets=[6, 7])
    t.act(0, "vote", target=7)
    outsider = t.view(8)
    text = json.dumps(outsider)
    assert "add_votes" not in text and "protect" not in text and "victim" not in text
    assert outsider["tally"] == [[6, 1], [7, 1]]
    assert t.view(0)["mine"][0]["type"] == "add_votes"
    assert t.view(1)["spy_picks"] == [[1, 5]] and t.view(0)["spy_picks"] == [[1, 5]]
    t.close()
    t.act(3, "redirect", target=9)
    assert t.view(8)["acts"][-1] == {"seat": 3, "type": "redirect", "target": 9, "at": t.time}
    assert t.view(8)["tally"] == [[9, 2]] and t.view(8)["mayor"] == 3
    events = t.close()
    result = next(e for e in events if e["type"] == "vote_result")
    assert result["added"] == [6, 7], "announced at the close, without the Trickster's name"
    assert "seat" not in result


def test_a_secret_action_leaves_no_trace_in_other_views_not_even_its_time():
    t = Table(["spy", "priest", "psychic", "trickster:citizens", "vigilante"] + ["citizen"] * 4)
    t.act(5, "done")
    before = [t.view(i) for i in (None, 5, 6)]
    t.act(0, "victim", target=6)
    t.act(1, "protect", target=6)
    t.act(2, "look", target=0)
    t.act(3, "add_votes", targets=[6, 6])
    t.act(4, "kill", target=7)
    assert [t.view(i) for i in (None, 5, 6)] == before
    t.act(6, "done")
    assert t.view(5)["now"] == t.time, "a public action shows its time"


def test_a_finished_game_shows_everything_to_everybody():
    t = Table(["spy", "priest", "citizen", "citizen", "citizen"], {"inactivity": False})
    t.act(1, "protect", target=2)
    t.act(0, "victim", target=3)
    t.close()
    t.votes({1: 0, 2: 0, 4: 0})
    t.close()
    assert t.state["over"]
    for seat in (None, 0, 4):
        seen = t.view(seat)
        assert seen["roles"][0] == {"role": "spy", "team": "spies"}
        assert seen["history"][0]["acts"][0]["type"] == "protect"
        assert seen["privates"] is not None and seen.get("legal") is None
        assert conceal(t.state, seat, random.Random(1)) == t.state


def test_dead_seats_have_no_legal_moves_and_spectators_none():
    t = Table(["spy", "citizen", "citizen", "citizen", "citizen", "citizen"], {"inactivity": False})
    t.act(0, "victim", target=2)
    t.end_cycle()
    assert t.view(2)["legal"] is None and "legal" not in t.view(None)
    try:
        legal(t.state, 2)
    except GameError as e:
        assert e.code == "player_dead"
    else:
        raise AssertionError("a dead seat has no legal moves")


def every_listed_action(spec):
    if spec["type"] == "done":
        yield {"type": "done"}
    elif spec["type"] == "add_votes":
        for a in spec["targets"]:
            for b in spec["targets"][:3]:
                yield {"type": "add_votes", "targets": [a, b]}
    else:
        for target in spec["targets"]:
            yield {"type": spec["type"], "target": target}


def listed_in(specs, action) -> bool:
    for spec in specs:
        if spec["type"] == action["type"]:
            wanted = action.get("targets") or [action.get("target")] if spec["type"] != "done" else []
            return all(t in spec["targets"] for t in wanted)
    return False


def test_legal_lists_exactly_what_apply_accepts():
    """In random games, every action `legal` lists is accepted, and every well-formed action
    it does not list is refused (each tried on a copy of the state)."""
    kinds = ("vote", "victim", "kill", "protect", "protect_public", "look", "add_votes",
             "subtract_vote", "redirect", "done")
    rng = random.Random(4)
    checked = 0
    for game in range(10):
        n = 6 + game % 6 * 2
        state = new_game({"merge_at": 5, "inactivity": False}, NAMES[:n], f"legal{game}")
        now = 1_700_000_000_000
        while not state["over"] and checked < 4000:
            turn = to_act(state)
            seat = rng.choice(turn["seats"])
            listed = legal(state, seat)["actions"]
            for spec in listed:
                for action in every_listed_action(spec):
                    copy_ = clone(state)
                    if spec["type"] == "redirect" and spec["from"] is not None:
                        at = max(now + 1, spec["from"])
                    else:
                        at = now + 1
                    apply(copy_, seat, {**action, "at": at})
                    checked += 1
            for kind in kinds:
                for target in range(n):
                    action = {"type": kind, "targets": [target, target]} if kind == "add_votes" \
                        else {"type": kind} if kind == "done" else {"type": kind, "target": target}
                    if listed_in(listed, action):
                        continue
                    copy_ = clone(state)
                    try:
                        apply(copy_, seat, {**action, "at": now + 10 * 60_000})
                    except GameError:
                        continue
                    raise AssertionError(f"{action} was not listed for seat {seat} but accepted")
            for i in turn["seats"]:
                for action in bot_action("random", view(state, i), f"{game}:{turn['step']}:{i}") or []:
                    now += 1000
                    apply(state, i, {**action, "at": now})
            now += 1000
            apply(state, None, {"type": "close_day", "at": now})
    assert checked > 500
