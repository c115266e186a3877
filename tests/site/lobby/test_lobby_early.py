"""The lobby is drawn and usable while Python is still loading (issue 15): the games' names,
catalogs and words come from the build (engine/games.json, engine/<game>.json), and nothing
of a game's engine is fetched before it is played, nor the hall's table, a player's page, the
net layer or a game's table (they load when first shown; the lobby takes a game's lobby.js).
Python is held back by a server that keeps Pyodide's WebAssembly until the test lets it go,
so the order is certain."""

from __future__ import annotations

import functools
import threading

import pytest

import build
from tools.preload import static_imports
from ..conftest import wait_started
from ..hall import pick_game


class HeldBack(build.SiteHandler):
    """Answers every request at once except Pyodide's WebAssembly, which waits for `gate`."""

    gate: threading.Event

    def do_GET(self):
        if self.path.endswith("/pyodide.asm.wasm"):
            self.gate.wait(180)
        super().do_GET()


def python_worker_modules() -> set[str]:
    """The modules the Python worker imports (runtime.js starts it with one of these; a
    worker has a module map of its own, which a page's preload links do not fill)."""
    own = {p.relative_to(build.SITE).as_posix(): p.read_bytes() for p in (build.SITE / "js").rglob("*.js")}
    return {rel for entry in ("js/shell/python.js", "js/shell/nosnapshot.js") for rel in static_imports(own, entry)}


@pytest.fixture
def held_server(site_dist):
    gate = threading.Event()
    handler = functools.partial(type("Held", (HeldBack,), {"gate": gate}), directory=str(site_dist))
    server = build.SiteServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server, gate
    gate.set()
    server.shutdown()
    server.server_close()


def test_lobby_is_usable_before_python(guard, held_server):
    from engine.core.game import GAMES

    server, gate = held_server
    context = guard.new_context(route=False, service_workers="block")
    # read while Python is held back: the page is not at rest (it waits for Python), so the
    # test reads it as it is (still.py)
    page = context.new_page().raw
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(server.url)
    page.wait_for_selector("#app > .lobby #by-new-game", timeout=120_000)
    drawn = list(asked)  # what the first draw asked for
    assert page.evaluate("document.documentElement.dataset.runtime") is None  # Python is not up
    assert page.is_visible("#by-loading") and page.is_visible("#app")
    # the registry as the engine has it, in its order
    assert page.eval_on_selector_all("input[name=game]", "els => els.map((e) => e.value)") == list(GAMES)
    # choosing another game shows its options and seats, from its catalog
    other = list(GAMES)[-1]
    pick_game(page, other)
    assert page.locator(".seat-row").count() >= 1
    assert not [url for url in asked if url.endswith(".zip") and "/engine/" in url and "core.zip" not in url]
    later = ("/hall/table/table.js", "/hall/remote/player.js", "/hall/remote/host.js", "/net/links.js",
             "/net/live.js", "/net/host.js", "/index.js")  # a game's table: the lobby takes its lobby.js
    assert [url for url in asked if "/js/games/" in url and url.endswith("/lobby.js")]
    assert not [url for url in asked if url.endswith(later)], [url for url in asked if url.endswith(later)]
    # what the lobby imports was asked for with the page (the build's preload links), not
    # one level of imports after another; the Python worker asks for its own
    preloaded = set(page.eval_on_selector_all("link[rel=modulepreload]", "els => els.map((e) => e.href)"))
    worker = tuple(f"/{rel}" for rel in python_worker_modules())
    modules = [url for url in drawn if "/js/" in url and url.endswith(".js") and not url.endswith(worker)]
    assert [url for url in modules if url not in preloaded and not url.endswith(("/runtime.js", "/app.js"))] == []
    hall = page.evaluate("performance.getEntriesByName('broker:hall').map((m) => m.detail)")
    assert hall == [{"before": "python"}], hall

    gate.set()
    wait_started(page)
    page.wait_for_function("document.documentElement.dataset.hall === 'ready'")
    # the lobby the player was using stays as it was (not drawn again from scratch)
    assert page.get_attribute("#by-new-game", "data-game") == other
    # a game opened loads its table then
    page.click("#by-start")
    page.wait_for_selector("#app > .game-top")
    assert [url for url in asked if url.endswith("/hall/table/table.js")]
    assert [url for url in asked if url.endswith(f"/js/games/{other}/index.js")]
    assert page.evaluate("performance.getEntriesByName('broker:ready')[0].startTime") > page.evaluate(
        "performance.getEntriesByName('broker:hall')[0].startTime")
