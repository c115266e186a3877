"""The one door between the page's JavaScript and the Python engine: JSON in, JSON out.

JavaScript calls ``call(name, args_json)`` and always gets a JSON string back:
``{"ok": value}`` or ``{"error": {"code": ..., "message": ..., "params": {...}}}``.
Nothing else crosses the boundary, so the UI never holds a Python object.

``boot()`` runs once under Pyodide (PyScript executes it) and hands ``call`` to the page.
The module imports nothing from the browser at import time, so CPython tests can use it.
"""

from __future__ import annotations

import json
import sys
import traceback

import engine

_FUNCTIONS = {}


def bridged(func):
    """Expose ``func(**args)`` to JavaScript under its own name."""
    _FUNCTIONS[func.__name__] = func
    return func


def _error(code, message, **params):
    return {"error": {"code": code, "message": message, "params": params}}


def call(name: str, args_json: str) -> str:
    """Run the bridged function ``name`` with keyword arguments decoded from ``args_json``."""
    func = _FUNCTIONS.get(name)
    if func is None:
        reply = _error("unknown_call", f"No bridge function named {name!r}.", name=name)
    else:
        try:
            args = json.loads(args_json) if args_json else {}
            if not isinstance(args, dict):
                raise TypeError("arguments must be a JSON object")
        except (ValueError, TypeError) as exc:
            reply = _error("bad_arguments", f"Bad arguments for {name}: {exc}", name=name)
        else:
            try:
                reply = {"ok": func(**args)}
            except Exception as exc:  # every failure goes back to the UI as data
                to_json = getattr(exc, "to_json", None)
                if callable(to_json):
                    reply = {"error": to_json()}
                else:
                    reply = _error(
                        "internal_error",
                        f"{type(exc).__name__}: {exc}",
                        name=name,
                        traceback=traceback.format_exc(),
                    )
    return json.dumps(reply, separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------ bridged functions


@bridged
def info():
    """Versions of what runs: the engine, Python, and the games this build knows."""
    return {
        "engine_version": engine.ENGINE_VERSION,
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "games": _games(),
    }


def _games():
    try:
        from engine import broker
    except ImportError:
        return []
    return ["broker"] if hasattr(broker, "new_game") else []


def _broker():
    from engine import broker

    return broker


@bridged
def new_game(options: dict, players: list, seed: int, seat: int | None = 0):
    """A fresh Broker-Yard game: its full state and the view of ``seat``."""
    broker = _broker()
    state = broker.new_game(options, players, seed)
    return {"state": state, "view": broker.view(state, seat)}


@bridged
def view(state: dict, seat: int | None):
    return _broker().view(state, seat)


@bridged
def legal(state: dict, seat: int):
    return _broker().legal(state, seat)


@bridged
def submit(state: dict, seat: int, order):
    """Validate and store a seat's order; returns the new state."""
    _broker().submit(state, seat, order)
    return state


@bridged
def resolve(state: dict):
    """Run the round with the pending orders; returns the new state and the events."""
    events = _broker().resolve(state)
    return {"state": state, "events": events}


# ------------------------------------------------------------------ start-up


def boot():
    """Called once by the page under Pyodide: import the engine, then hand ``call`` to JS."""
    import js  # Pyodide only

    try:
        from pyodide.ffi import create_proxy

        ready = js.__brokerYardBoot.ready
        details = json.dumps(info())
        entry = create_proxy(call)
    except BaseException:
        js.__brokerYardBoot.failed("The game engine failed to start.", traceback.format_exc())
        return
    ready(entry, details)


import broker_api  # noqa: E402,F401  the game hall's functions (site/py/broker_api.py)
