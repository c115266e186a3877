"""Kuhn poker (tests/games/kuhn), the game written for the tests, goes through the checklist
of docs/architecture.md as a new game would, and no shared file names it: registered while
each test runs, it passes every check the shared tests run over the registry (conformance,
bot levels, names, options, statistics, replay links and their secrecy, bot seats in links,
the host's table drawn and kept from each move's answer), a hosted session with a person, a
remote seat and a bot plays it to the end from its record, and its state links give every
seat its own view back. Its codes sealed by the site's own net code: tests/site/kuhn/."""

import json

import pytest

from engine.core import links, session
from engine.core.errors import GameError
from engine.core.game import GAMES, get_game
from engine.core.record import replay
from tests.games import kuhn

from ..core import test_conformance, test_link_bots, test_names, test_options, test_replay, test_reply, test_stats

SHARED = (test_conformance, test_link_bots, test_names, test_options, test_replay, test_reply, test_stats)


def registry_checks():
    """(test, its arguments) for every test of SHARED parametrized over the registry's games,
    with each of its other parameters: a check a shared file adds covers this game too."""
    for module in SHARED:
        for name, test in sorted(vars(module).items()):
            if not name.startswith("test_") or not callable(test):
                continue
            marks = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
            over = [m for m in marks if m.args[0] in ("name", "game") and list(m.args[1]) == list(GAMES)]
            if not over:
                continue
            cases = [{over[0].args[0]: kuhn.GAME}]
            for m in marks:
                if m is not over[0]:
                    cases = [{**c, m.args[0]: value} for c in cases for value in m.args[1]]
            for case in cases:
                yield pytest.param(test, case, id=f"{module.__name__.rsplit('.', 1)[1]}.{name}"
                                   + "".join(f"-{v}" for k, v in case.items() if k not in ("name", "game")))


CHECKS = list(registry_checks())


@pytest.fixture(autouse=True)
def in_the_registry():
    with kuhn.registered():
        yield


def test_the_registrys_checks_were_found():
    found = {p.values[0].__name__ for p in CHECKS}
    assert {"test_random_playouts_keep_the_protocol", "test_any_game_link_holds_no_seed_and_no_seats_secret",
            "test_the_tables_a_link_carries_change_with_no_secret",
            "test_every_game_gives_its_people_their_place_and_score",
            "test_bot_seats_travel_in_the_public_part_of_every_game",
            "test_a_game_played_as_the_host_table_plays_it_draws_and_keeps_from_each_answer"} <= found


@pytest.mark.parametrize("check, args", CHECKS)
def test_kuhn_passes_the_registrys_check(check, args):
    check(**args)


def through_json(value):
    return json.loads(json.dumps(value))


def test_a_hosted_game_with_a_person_a_remote_seat_and_a_bot_to_the_end():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Rem", "kind": "remote"},
             {"name": "Bot", "kind": "bot", "level": "easy"}]
    stored = session.create("kuhn-1", kuhn.GAME, {"hands": 4}, seats, "kuhn-seed")
    module = get_game(kuhn.GAME)
    assert stored["summary"]["game"] == kuhn.GAME and not stored["summary"]["over"]
    for _ in range(200):
        scr = session.screen("kuhn-1", 0)
        if scr["result"]:
            break
        seat = scr["to_act"]["seats"][0]
        _, state = replay(stored["record"])
        data = through_json(session.link_input("kuhn-1"))
        # the state link: a spectator's view, and each remote seat's own from its part
        assert links.link_view(module, data["public"], None, None) == through_json(module.view(state, None))
        own = links.link_view(module, data["public"], data["privates"][1], 1)
        assert own == through_json(module.view(state, 1)) and own["card"] == state["cards"][1]
        assert links.link_kinds(module, data["public"], 3)[2] == {"kind": "bot", "level": "easy"}
        if seat == 0:
            assert scr["view"]["card"] == state["cards"][0] and "card" not in session.screen("kuhn-1")["view"]
            reply = session.act("kuhn-1", 0, {"type": scr["view"]["legal"]["moves"][0]})
        elif seat == 1:
            move = {"type": own["legal"]["moves"][-1]}
            reply = session.act_remote("kuhn-1", 1, links.pack_action(module, move))
        else:
            reply = session.bot_step("kuhn-1")
            assert reply["acted"] == 2
        assert reply["step"] == reply["step_before"] + 1
        stored = reply["stored"]
    assert stored["summary"]["over"] and sum(stored["summary"]["scores"]) == 0
    # the record alone brings the game back: reopened under another id, the same screens
    again = session.open_game("kuhn-2", through_json(stored["record"]))
    assert again["summary"] == stored["summary"]
    assert {**session.screen("kuhn-2", 0), "id": "kuhn-1"} == session.screen("kuhn-1", 0)
    for id in ("kuhn-1", "kuhn-2"):
        session.close(id)


def test_a_refused_move_changes_nothing():
    session.create("kuhn-3", kuhn.GAME, {}, [{"name": "Ann"}, {"name": "Bo"}], 1)
    before = session.stored("kuhn-3")
    seat = session.screen("kuhn-3")["to_act"]["seats"][0]
    for bad, code in (({"type": "call"}, "not_now"), ({"type": "raise"}, "unknown_action"), ("bet", "bad_action")):
        with pytest.raises(GameError) as e:
            session.act("kuhn-3", seat, bad)
        assert e.value.code == code
    with pytest.raises(GameError) as e:
        session.act("kuhn-3", 1 - seat, {"type": "bet"})
    assert e.value.code == "not_your_turn"
    assert session.stored("kuhn-3") == before
    session.close("kuhn-3")
