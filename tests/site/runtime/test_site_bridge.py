"""The Python side of the bridge in CPython: the JSON envelope the page relies on, the one
generic API for every game (site/py/api.py), and installing a game's engine archive."""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "site" / "py"))

import bridge  # noqa: E402
from engine.core.game import GAMES  # noqa: E402


def call(name, args=None, raw=None):
    return json.loads(bridge.call(name, raw if raw is not None else json.dumps(args or {})))


def test_info_names_every_game_of_the_registry():
    reply = call("info")
    assert reply["ok"]["games"] == list(GAMES)


def test_unknown_function_is_an_error_with_a_code():
    assert call("nope")["error"]["code"] == "unknown_call"


@pytest.mark.parametrize("raw", ["not json", "[1, 2]"])
def test_bad_arguments_are_refused(raw):
    assert call("info", raw=raw)["error"]["code"] == "bad_arguments"


def test_python_exceptions_come_back_as_data():
    reply = call("hall_screen", {"id": "no-such-game", "seat": 0})
    assert reply["error"]["code"] == "game_not_open"
    reply = call("hall_create", {"id": "b1", "game": "broker-yard", "options": {},
                                 "seats": "not a list", "seed": 1})
    assert set(reply) == {"error"} and {"code", "message", "params"} <= set(reply["error"])


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_is_hosted_through_the_same_calls(game):
    catalog = call("game_catalog", {"game": game})["ok"]
    assert catalog["game"] == game and catalog["bots"]
    low = catalog["players"]["min"]
    seats = [{"name": "Ann", "kind": "human"}] + [
        {"name": f"Bot{i}", "kind": "bot", "level": catalog["bots"][0]} for i in range(1, max(2, low))]
    stored = call("hall_create", {"id": f"g-{game}", "game": game, "options": {}, "seats": seats,
                                  "seed": 7})["ok"]
    assert stored["game"] == game and stored["record"]["game"] == game
    screen = call("hall_screen", {"id": f"g-{game}", "seat": 0})["ok"]
    assert set(screen["to_act"]) >= {"phase", "seats", "together", "deadline", "step"}
    again = call("hall_open", {"id": f"g-{game}", "record": stored["record"]})["ok"]
    assert again["record"] == stored["record"]


def test_a_remote_page_packs_a_move_or_a_turn_in_one_call_and_plans_a_turn_from_its_link():
    """net_pack_action packs one action or a whole turn's list at once; net_plan plays a turn
    composed on a remote page ahead on the state its link describes, and its answer for the
    decision that completes the turn carries the turn packed (Ekonos: the only game that
    plans one; any other refuses)."""
    from engine.core import links
    from engine.core.game import get_game
    ekonos = get_game("ekonos")
    state = ekonos.new_game({}, ["Ann", "Bob", "Cid"], 4)
    seat = ekonos.acting(state)
    public, private = ekonos.link_public(state), ekonos.link_private(state, seat)
    turn = []
    for k in range(12):
        turn.append(ekonos.bot_action("easy", ekonos.view(state, seat), f"plan-{k}"))
        ekonos.apply(state, seat, turn[-1])
        got = call("net_plan", {"game": "ekonos", "public": public, "private": private, "seat": seat,
                                "actions": turn})["ok"]
        if got["done"]:
            break
        assert "packed" not in got and got["view"]["legal"]
    assert got["done"] and got["packed"] == [links.pack_action(ekonos, a) for a in turn]
    assert call("net_pack_action", {"game": "ekonos", "action": turn})["ok"] == got["packed"]
    assert call("net_pack_action", {"game": "ekonos", "action": turn[0]})["ok"] == got["packed"][0]
    for bad in ([], [turn[0], "play"], "play"):
        assert call("net_pack_action", {"game": "ekonos", "action": bad})["error"]["code"] == "bad_action"
    refused = call("net_plan", {"game": "broker-yard", "public": {}, "private": None, "seat": 0, "actions": []})
    assert refused["error"]["code"] == "bad_arguments"


def test_game_errors_keep_their_stable_code():
    reply = call("hall_create", {"id": "b2", "game": "broker-yard", "options": {"no_such_option": 1},
                                 "seats": [{"name": "Ann"}, {"name": "Bob"}], "seed": 7})
    assert reply["error"]["code"] == "unknown_option"
    assert call("game_catalog", {"game": "chess"})["error"]["code"] == "unknown_game"


def test_install_unpacks_only_engine_archives(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("engine/extra_game/__init__.py", "GAME = 'x'\n")
    assert json.loads(bridge.install(buffer.getvalue())) == {"ok": True}
    assert (tmp_path / "engine" / "extra_game" / "__init__.py").exists()
    for name in ("../escape.py", "bridge.py"):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as z:
            z.writestr(name, "x = 1\n")
        assert json.loads(bridge.install(buffer.getvalue()))["error"]["code"] == "game_not_loaded"
    assert json.loads(bridge.install(b"not a zip"))["error"]["code"] == "game_not_loaded"
    assert not (tmp_path.parent / "escape.py").exists()
