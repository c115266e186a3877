"""The standard library the site ships (tools/stdlib.py): Pyodide's, with the modules a start
imports as bytecode, the rest as sources, less the modules a page cannot use; and Pyodide's
index of packages replaced by an index of none. The core engine as bytecode too
(tools/bytecode.py). In the page: tests/site/runtime/test_pyscript.py."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

import build
from tools import stdlib
from tools.engine_files import engine_archives


def test_a_start_s_modules_are_bytecode_and_the_rest_sources(site_dist):
    (shipped,) = site_dist.glob("app/*/python/stdlib.zip")
    names = set(zipfile.ZipFile(shipped).namelist())
    own = set(zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip").namelist())
    # what Python's own start, Pyodide's and the bridge import: bytecode, without the source
    for module in ("encodings/__init__", "json/__init__", "random", "dataclasses", "_pyodide/_base"):
        assert f"{module}.pyc" in names and f"{module}.py" not in names, module
    # what a start does not import: its source, as Pyodide ships it
    assert "tomllib/__init__.py" in names and "colorsys.py" in names
    # what a page cannot use is left out, and nothing else
    left_out = {name for name in own - names if not (name.endswith(".py") and f"{name}c" in names)}
    assert left_out and {n.split("/")[0].removesuffix(".py") for n in left_out} <= set(stdlib.TRIMMED)
    # Pyodide's own copies are not shipped beside it
    assert not (site_dist / "pyodide" / "python_stdlib.zip").exists()
    assert not (site_dist / "pyodide" / "pyodide-lock.json").exists()


def test_the_index_of_packages_is_empty_and_pyodide_s(site_dist):
    (lock,) = site_dist.glob("app/*/python/lock.json")
    pyodide = json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    assert json.loads(lock.read_text()) == {"info": pyodide["info"], "packages": {}}


def test_the_build_stops_when_the_site_imports_a_module_left_out(tmp_path):
    code = tmp_path / "game.py"
    code.write_text("import json\nfrom unittest import mock\nfrom . import rules\n")
    assert stdlib.imports_of([code]) == {"json", "unittest"}
    with pytest.raises(SystemExit, match="unittest"):
        stdlib.check(stdlib.imports_of([code]))
    stdlib.check({"json", "email.message", "engine.core"})  # shipped ones pass


def test_the_core_engine_ships_as_bytecode_and_a_game_s_as_sources(site_dist):
    (core,) = site_dist.glob("app/*/engine/core.zip")
    sources = engine_archives()
    shipped = zipfile.ZipFile(core).namelist()
    # every module of the core engine, as bytecode without its source, in the same order
    assert shipped == [f"{name}c" for name in zipfile.ZipFile(io.BytesIO(sources["core"])).namelist()]
    assert "bridge.pyc" in shipped and "engine/core/game.pyc" in shipped
    (game,) = site_dist.glob("app/*/engine/broker-yard.zip")
    assert game.read_bytes() == sources["broker-yard"]
