"""site/py/deferred.py in CPython: a deferred module is there at once and runs at its first
use, in full; other imports are not touched."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "site" / "py"))

import deferred  # noqa: E402


@pytest.fixture
def packages(tmp_path, monkeypatch):
    """Two packages that count how often their body ran (in `ran`)."""
    for name in ("later_pkg", "other_pkg"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(
            "import builtins\nbuiltins.ran.append(__name__)\nVALUE = 42\n")
        (tmp_path / name / "part.py").write_text("PART = 'part'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import builtins
    monkeypatch.setattr(builtins, "ran", [], raising=False)
    meta_path = list(sys.meta_path)
    yield builtins.ran
    sys.meta_path[:] = meta_path
    for name in [m for m in sys.modules if m.startswith(("later_pkg", "other_pkg"))]:
        del sys.modules[name]


def test_a_deferred_module_runs_at_its_first_use(packages):
    deferred.defer("later_pkg")
    module = importlib.import_module("later_pkg")
    assert packages == [] and type(module).__name__ == "_LazyModule"
    assert module.VALUE == 42 and packages == ["later_pkg"]
    assert type(module).__name__ == "module"
    from later_pkg import part  # its submodules as usual

    assert part.PART == "part" and packages == ["later_pkg"]


def test_other_imports_are_not_touched_and_the_finder_leaves(packages):
    deferred.defer("later_pkg")
    finders = len(sys.meta_path)
    importlib.import_module("other_pkg")
    assert packages == ["other_pkg"] and len(sys.meta_path) == finders
    importlib.import_module("later_pkg")
    assert len(sys.meta_path) == finders - 1  # used once, then gone
    assert packages == ["other_pkg"]


def test_a_missing_module_is_still_missing(packages):
    deferred.defer("no_such_pkg")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("no_such_pkg")


def test_a_deferred_submodule_runs_at_its_first_use(packages):
    import other_pkg  # the package itself as usual

    deferred.defer("other_pkg.part")
    from other_pkg import part

    assert type(part).__name__ == "_LazyModule"
    assert part.PART == "part" and type(part).__name__ == "module"
    assert packages == ["other_pkg"] and other_pkg.part is part


def test_again_makes_an_unused_module_lazy_anew_and_leaves_a_used_one(packages):
    # a start from a memory snapshot: the module the snapshot holds would run at the next
    # import (the import system looks at it); after again() that import is lazy once more
    deferred.defer("later_pkg", "other_pkg")
    lazy = importlib.import_module("later_pkg")
    used = importlib.import_module("other_pkg")
    assert used.VALUE == 42 and packages == ["other_pkg"]
    deferred.again("later_pkg", "other_pkg")
    assert "later_pkg" not in sys.modules and sys.modules["other_pkg"] is used
    module = importlib.import_module("later_pkg")
    assert module is not lazy and type(module).__name__ == "_LazyModule" and packages == ["other_pkg"]
    assert module.VALUE == 42 and packages == ["other_pkg", "later_pkg"]
