"""The built site in a real Chromium: start-up, engine calls, offline, errors, updates."""

from __future__ import annotations

import shutil
import time

import build
from ..conftest import wait_started

ENGINE_CALL = """async () => {
  const { py } = window.brokerYard;
  const info = await py.call("info");
  await py.install("broker-yard");
  const catalog = await py.call("game_catalog", { game: "broker-yard" });
  await py.call("hall_create", { id: "runtime-test", game: "broker-yard", options: {},
                                 seats: [{ name: "Ann" }, { name: "Bob", kind: "bot", level: "easy" }], seed: 7 });
  const screen = await py.call("hall_screen", { id: "runtime-test", seat: 0 });
  return { info, catalog, view: screen.view };
}"""


def call_engine(page):
    result = page.evaluate(ENGINE_CALL)
    info = result["info"]
    assert info["platform"] == "emscripten", info  # really Pyodide, not some stand-in
    from engine.core.game import GAMES
    from engine import broker

    assert info["games"] == list(GAMES)
    assert result["catalog"]["version"] == broker.VERSION
    prices = result["view"]["prices"]
    assert list(prices.values()) == [100, 100, 100, 100], prices
    return result


def test_page_starts_and_runs_engine_code(guard, site_server, site_dist):
    # no router here: routing sends every request through this Python process and back,
    # which delays the first paint by hundreds of ms; the request listener and the
    # browser's dead proxy still guard this page
    # The frame and the progress indicator are painted at once, long before Python is ready:
    # the page's first contentful paint comes before Python answers (asserted below), which a
    # shell that waited for Python would never do. Judged by order, not by a time limit: a
    # paint's time is the machine's load as much as the page's (bench/startup.py prints it).
    context = guard.new_context(route=False)
    page = context.new_page()
    asked = []   # by the page itself (the service worker later caches every file)
    page.on("request", lambda r: asked.append(r.url) if r.service_worker is None else None)
    page.goto(site_server.url, wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length")
    paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    # what showed before Python was up: the frame and the progress bar (the lobby may show
    # below it, issue 15). Read from the page's own record of each step the bar showed, once
    # the start is over: a fast start shows and hides the bar before a look at the page could
    # see it (issue 14: a look at #by-progress after the first paint found it hidden once).
    wait_started(page)
    steps = page.evaluate("""performance.getEntriesByName("broker:progress")
        .map((m) => ({ ...m.detail, at: m.startTime }))""")
    assert steps[0]["step"] == "runtime" and steps[-1]["step"] == "ready", steps
    values = [s["value"] for s in steps]
    assert values == sorted(set(values)) and values[-1] == 100, steps
    assert all(s["visible"] for s in steps), f"the loading panel was not showing at every step: {steps}"
    assert page.evaluate("document.querySelector('header.by-header').getClientRects().length") > 0
    ready = page.evaluate("performance.getEntriesByName('broker:ready')[0].startTime")
    assert ready > paint, f"Python was ready ({ready} ms) before the shell painted ({paint} ms)"
    assert page.is_visible("#app") and page.is_hidden("#by-loading")
    assert page.is_hidden("#by-error")
    # the page starts with the core engine alone (the lobby reads the games' catalogs, not
    # their engines); a game's engine comes when it is played
    page.wait_for_function("document.documentElement.dataset.hall === 'ready'")
    page.wait_for_selector("#by-new-game")
    engines = [url for url in asked if "/engine/" in url and url.endswith(".zip")]
    assert len(engines) == 1 and engines[0].endswith("/engine/core.zip"), engines
    call_engine(page)
    engines = [url for url in asked if "/engine/" in url and url.endswith(".zip")]
    assert engines[1:] == [engines[0].replace("core.zip", "broker-yard.zip")], engines

    # errors cross the bridge as data with a stable code
    error = page.evaluate("""() => brokerYard.py.call("no_such_thing", {})
        .then(() => null, (e) => ({ name: e.name, code: e.code, params: e.params }))""")
    assert error == {"name": "PyCallError", "code": "unknown_call",
                     "params": {"name": "no_such_thing"}}

    # dist/ ships no source maps, and of Pyodide and PyScript only what the page requests
    served = {path for (_, path, _) in site_server.log}
    files = {"/" + p.relative_to(site_dist).as_posix()
             for p in site_dist.rglob("*") if p.is_file()}
    assert not [f for f in files if f.endswith(".map")]
    runtime = {f for f in files if f.startswith(("/pyodide/", "/pyscript/"))}
    assert runtime and not runtime - served, f"never requested: {sorted(runtime - served)}"


def test_second_visit_works_offline(guard, site_dist):
    server = build.start(site_dist)   # a server of its own, so it can be switched off
    try:
        context = guard.new_context(route=False)
        page = context.new_page()
        page.goto(server.url)
        wait_started(page)
        build_id = page.evaluate("brokerYard.offline")
        assert page.evaluate("caches.keys()") == [f"broker-yard-{build_id}"]
    finally:
        server.shutdown()
        server.server_close()
    served = len(server.log)
    context.set_offline(True)
    page.reload()
    wait_started(page)
    call_engine(page)
    assert len(server.log) == served


def test_broken_engine_archive_shows_error_screen(guard, broken_engine_server):
    guard.allow_console(r"Failed to load resource|not a zip|BadZipFile|unpack")
    page = guard.new_page(service_workers="block")
    page.goto(broken_engine_server.url)
    wait_started(page, expect="failed")
    assert page.is_visible("#by-error") and page.is_hidden("#by-loading")
    assert "could not start" in page.text_content("#by-error h2")
    assert page.text_content("#by-error-message").strip()
    assert page.is_hidden("#app")
    # retry starts over (a new page load) and lands on the same screen
    with page.expect_navigation():
        page.click("#by-retry")
    wait_started(page, expect="failed")
    assert page.is_visible("#by-error")


def test_new_build_replaces_the_cache(guard, tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    build.build(first, quiet=True)
    build.build(second, quiet=True, extra={"deploy-note.txt": b"a later build"})
    served = tmp_path / "served"
    shutil.copytree(first, served, copy_function=shutil.copy)
    server = build.start(served)
    try:
        page = guard.new_page(route=False)
        page.goto(server.url)
        wait_started(page)
        old = page.evaluate("brokerYard.offline")
        # deploy the second build in place of the first
        shutil.rmtree(served)
        shutil.copytree(second, served, copy_function=shutil.copy)  # fresh mtimes
        page.reload()
        wait_started(page)
        new = page.evaluate("brokerYard.py.build")
        assert new != old
        # the new worker installs the new build, takes over and drops the old cache
        deadline = time.monotonic() + 60
        while page.evaluate("caches.keys()") != [f"broker-yard-{new}"]:
            assert time.monotonic() < deadline, page.evaluate("caches.keys()")
            page.wait_for_timeout(250)
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    finally:
        server.shutdown()
        server.server_close()
