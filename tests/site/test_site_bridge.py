"""The Python side of the bridge in CPython: the JSON envelope the page relies on."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "site" / "py"))

import bridge  # noqa: E402


def call(name, args=None, raw=None):
    return json.loads(bridge.call(name, raw if raw is not None else json.dumps(args or {})))


def test_info_reports_the_engine_version():
    import engine

    reply = call("info")
    assert reply["ok"]["engine_version"] == engine.ENGINE_VERSION


def test_unknown_function_is_an_error_with_a_code():
    assert call("nope")["error"]["code"] == "unknown_call"


@pytest.mark.parametrize("raw", ["not json", "[1, 2]"])
def test_bad_arguments_are_refused(raw):
    assert call("info", raw=raw)["error"]["code"] == "bad_arguments"


def test_python_exceptions_come_back_as_data():
    reply = call("view", {"state": {}, "seat": 0})
    assert set(reply) == {"error"}
    assert {"code", "message", "params"} <= set(reply["error"])


def test_new_game_view_has_four_prices_of_100():
    reply = call("new_game", {"options": {}, "players": ["Ann", "Bob"], "seed": 7})
    assert list(reply["ok"]["view"]["prices"].values()) == [100] * 4


def test_game_errors_keep_their_stable_code():
    reply = call("new_game", {"options": {"no_such_option": 1}, "players": ["Ann", "Bob"],
                              "seed": 7})
    error = reply["error"]
    assert error["code"] != "internal_error" and error["message"], error
