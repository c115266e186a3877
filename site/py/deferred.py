"""Imports that run when the module is first used instead of when it is imported.

PyScript writes its Python package (``pyscript``) into Python's working folder and imports it
before the Python worker's script runs; the hall's Python never uses it (the page talks to
Python through bridge.py), and that import compiled some 3,000 lines of PyScript's own and
``html.entities`` at every start. ``defer("pyscript")`` (site/js/shell/python.js) makes the
next import of it lazy (importlib.util.LazyLoader): the module is there at once and runs
in full at its first attribute access, so whoever uses it still gets all of it. A start
leaves the core engine's modules that only the bridge's calls need (api.py imports them) to
the first call the same way (``START``); the memory snapshot is made in that state, so a start
from it does too.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys


# what a normal start of the hall imports only when first used (site/js/shell/python.js)
START = ("pyscript", "engine.core.session", "engine.core.fair", "engine.core.links", "engine.core.replay")


class _Deferred(importlib.abc.MetaPathFinder):
    """Finds each named module once, the normal way, with a loader that waits for a use."""

    def __init__(self, names):
        self.names = set(names)

    def find_spec(self, name, path=None, target=None):
        if name not in self.names:
            return None
        self.names.discard(name)
        if not self.names:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = importlib.util.LazyLoader(spec.loader)
        return spec


def defer(*names: str) -> None:
    """Make the next import of each module of ``names`` (a submodule too) lazy."""
    sys.meta_path.insert(0, _Deferred(names))


def again(*names: str) -> None:
    """Forget each module of ``names`` that was imported lazily and has not run yet, and make
    its next import lazy again. PyScript imports its package at every start: at a start from
    a memory snapshot made after one, the import would find the module the snapshot holds and
    run it (any look at a lazy module does, the import system's too)."""
    for name in names:
        if type(sys.modules.get(name)) is importlib.util._LazyModule:  # type() looks at nothing
            del sys.modules[name]
    defer(*names)
