"""The code's shape: no import cycles, in the engine (and the bridge) or in the site's
JavaScript; every game of the registry has its table, catalogs and tests where the checklist
of docs/architecture.md puts them; the engine stays standard library only."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from engine.core.game import GAMES
from tools import stdlib

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "site" / "js"
LANGS = ("en", "es", "ru", "ar")


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of nodes, or None (depth-first, three colours)."""
    colour, stack = {}, []

    def visit(node):
        colour[node] = "grey"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == "grey":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in colour:
                found = visit(nxt)
                if found:
                    return found
        colour[node] = "black"
        stack.pop()
        return None

    for node in sorted(graph):
        if node not in colour:
            found = visit(node)
            if found:
                return found
    return None


def python_graph() -> dict[str, set[str]]:
    """Module -> the engine/bridge modules it imports (at any depth of the file: a lazy
    import inside a function still ties the two modules). A package is its `__init__`, named
    as it is imported (`engine.broker.bots`); `from . import x` ties the module to x alone
    (Python runs a package before its modules anyway: that is no cycle)."""
    files = {p: ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
             for p in (ROOT / "engine").rglob("*.py")}
    files.update({p: p.stem for p in (ROOT / "site" / "py").glob("*.py")})
    modules = set(files.values())
    graph = {}
    for path, name in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[:len(parts) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                # a name imported from a package is its module when it is one, else the package's
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    deps.add(target)
        graph[name] = deps
    return graph


def js_graph() -> dict[str, set[str]]:
    graph = {}
    for path in JS.rglob("*.js"):
        deps = set()
        for spec in re.findall(r"""^\s*(?:import|export)\b[^;]*?\bfrom\s+["'](\.[^"']+)["']""",
                               path.read_text(encoding="utf-8"), re.M):
            target = (path.parent / spec).resolve()
            if not target.is_relative_to(JS):
                assert target.parts[-2:-1] == ("pyodide",), f"{path} imports {spec}"
                continue  # Pyodide, which the build lays beside index.html
            deps.add(str(target.relative_to(JS)))
        graph[str(path.relative_to(JS))] = deps
    return graph


def test_the_cycle_finder_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_in_the_engine_and_the_bridge():
    graph = python_graph()
    assert {"engine.core.session", "engine.broker.game", "engine.broker.bots", "api", "bridge"} <= set(graph)
    assert "engine.core.game" in graph["engine.core.session"]
    # a package imported by name is a node of its own (its __init__), lazily or not
    assert "engine.broker.bots" in graph["engine.broker"] and "engine.broker.bots.simple" in graph["engine.broker.bots"]
    assert find_cycle(graph) is None, f"import cycle: {' -> '.join(find_cycle(graph))}"


def test_no_import_cycle_in_the_sites_javascript():
    graph = js_graph()
    assert "hall/table/table.js" in graph and "shell/dom.js" in graph["hall/table/table.js"]
    cycle = find_cycle(graph)
    assert cycle is None, f"import cycle: {' -> '.join(cycle)}"
    for module, deps in graph.items():
        for dep in deps:
            assert (JS / dep).exists(), f"{module} imports {dep}, which does not exist"


def test_the_shared_layers_do_not_reach_into_games():
    """shell/ and net/ know no game; the hall reaches games only through games.js."""
    for module, deps in js_graph().items():
        if module.startswith(("shell/", "net/", "hall/")):
            assert not [d for d in deps if d.startswith("games/")], f"{module} imports a game's module"
    for name, deps in python_graph().items():
        if name.startswith("engine.core") or name in ("api", "bridge"):
            games = {entry.package.split(".")[1] for entry in GAMES.values()}
            assert not [d for d in deps if d.split(".")[1:2] and d.split(".")[1] in games], name


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_its_parts_where_the_checklist_says(game):
    package = GAMES[game].package.split(".")[1]
    assert (ROOT / "engine" / package / "__init__.py").exists()
    assert (JS / "games" / game / "index.js").exists()
    # what the lobby asks of the game, apart from its table (the lobby loads only this)
    assert (JS / "games" / game / "lobby.js").exists()
    assert 'import lobby from "./lobby.js";' in (JS / "games" / game / "index.js").read_text()
    assert list((ROOT / "tests" / "engine" / package).glob("test_*.py")), f"tests/engine/{package}"
    for lang in LANGS:
        assert (ROOT / "site" / "i18n" / game / f"{lang}.json").exists()


def test_the_engine_uses_the_standard_library_only():
    allowed = set(sys.stdlib_module_names) | {"engine"}
    for path in (ROOT / "engine").rglob("*.py"):
        for name in stdlib.imports_of([path]):
            assert name.split(".")[0] in allowed, f"{path.relative_to(ROOT)} imports {name}"


def test_no_engine_reads_a_clock():
    clock = re.compile(r"\b(time\.(time|monotonic|perf_counter)|datetime\.(now|today|utcnow)|date\.today)\s*\(")
    for path in (ROOT / "engine").rglob("*.py"):
        if path.parts[-2] == "sim" and path.name == "__init__.py":
            continue  # the simulator measures its own speed; no game reads it
        assert not clock.search(path.read_text(encoding="utf-8")), f"{path.relative_to(ROOT)} reads a clock"


def test_every_game_has_one_short_tag_of_its_own():
    from engine.core.game import tags
    assert set(tags()) == set(GAMES)
    assert len(set(tags().values())) == len(tags()), "two games share a link tag"
    assert all(tag.isascii() and tag.isalnum() and len(tag) <= 3 for tag in tags().values())
