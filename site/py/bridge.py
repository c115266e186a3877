"""The one door between the page's JavaScript and the Python engine: JSON in, JSON out.

JavaScript calls ``call(name, args_json)`` and always gets a JSON string back:
``{"ok": value}`` or ``{"error": {"code": ..., "message": ..., "params": {...}}}``.
Nothing else crosses the boundary, so the UI never holds a Python object. The callable
functions are api.py's; a game's engine is added by ``install`` when the page first needs it.

The Python worker's script (site/js/shell/runtime.js) exports ``call`` and ``install`` to the
page. Nothing here imports from the browser, so CPython tests can use it.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import io
import json
import sys
import traceback
import zipfile

from api import FUNCTIONS


def _error(code, message, **params):
    return {"error": {"code": code, "message": message, "params": params}}


def call(name: str, args_json: str) -> str:
    """Run the function ``name`` with keyword arguments decoded from ``args_json``."""
    func = FUNCTIONS.get(name)
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
                    reply = _error("internal_error", f"{type(exc).__name__}: {exc}", name=name,
                                   traceback=traceback.format_exc())
    return json.dumps(reply, separators=(",", ":"), ensure_ascii=False)


def _forget_folder_listings():
    """What importlib.invalidate_caches() does for new files (each folder's finder forgets its
    listing), without the package-metadata finder it also asks, whose first use imports
    importlib.metadata and email from source: 160 ms of a game's first open in Pyodide."""
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, importlib.machinery.FileFinder):
            finder.invalidate_caches()


def install(archive: bytes) -> str:
    """Unpack a game's engine archive (engine/<game>/ as a zip) beside the core; the same
    envelope as ``call``."""
    try:
        with zipfile.ZipFile(io.BytesIO(bytes(archive))) as z:
            names = z.namelist()
            if not names or any(not n.startswith("engine/") or ".." in n for n in names):
                raise ValueError("not a game engine archive")
            z.extractall(".")
        _forget_folder_listings()
        reply = {"ok": True}
    except Exception as exc:
        reply = _error("game_not_loaded", f"{type(exc).__name__}: {exc}")
    return json.dumps(reply)

