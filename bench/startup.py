#!/usr/bin/env python3
"""Start-up benchmark: the hall against a bare page that only loads the same Pyodide.

    .venv/bin/python bench/startup.py [--runs 7] [--no-build] [--games] [--page NAME=DIST ...]

Builds dist/ (unless --no-build), serves it and a bare page on their own 127.0.0.1 ports and
drives Chromium (Playwright). Each run opens a fresh browser context per page, the pages in
turn (the order rotates every run), and loads each page three times:

- cold: empty HTTP cache, no service worker, no snapshot;
- warm: the same context again; for the hall, from the memory snapshot the cold start kept
  (the bench waits until it is kept, and checks the start really came from it);
- warm, no snapshot: the snapshot deleted first, so the hall starts the normal way from its
  offline copy (the bare page: simply its third load).

Time to interactive is read in the page. The hall: once Python answers (the
"broker:ready" mark) and the lobby is drawn (the later of the two; the lobby alone is
usable earlier, printed apart). The bare page: once loadPyodide() has returned and run one
line of Python. Bytes of a cold load: what the server sent for requests that arrived before
the page was interactive, against the size of Pyodide's own files that a start fetches.
--games also times opening each game from the warm lobby: from the click on Start to its
table drawn (the game's engine and table fetched, unpacked and run).

--page NAME=DIST adds another build (e.g. main's dist/, or a build of another route to
Python, built elsewhere) as a page of its own, measured like the hall in the same runs.
Prints figures and whether the targets were met in this run (issue 28: cold <= 0.5x bare,
warm from the snapshot <= 0.4x, the lobby drawn within 450 ms of a cold load; issue 15: bytes
<= 1.05x Pyodide's files); asserts nothing. The main thread's stalls meanwhile, in three
browser engines: bench/mainthread.py.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from browsers import CHROMIUM_ARGS  # noqa: E402

BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title><link rel="icon" href="data:,"></head>
<body><p>bare Pyodide</p>
<script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
pyodide.runPython("1 + 1");
globalThis.__pyodide = pyodide; // its memory, for bench/mainthread.py
performance.mark("broker:ready");
document.documentElement.dataset.runtime = "ready";
</script></body></html>
"""

# Before any script of the page: note when the lobby is first drawn and shown, whole (its
# first draw is two tasks: the new game's form, then my games)
WATCH_LOBBY = """(() => {
  const seen = () => {
    const lobby = document.querySelector("#app > .lobby > .game-lists");
    if (lobby && !window.__lobbyAt && !document.getElementById("app").hidden) window.__lobbyAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true,
                                                  attributeFilter: ["hidden"] });
})();"""

READY = "document.documentElement.dataset.runtime"
HALL_DRAWN = "!!window.__lobbyAt"
TIMES = """() => ({
  ready: performance.getEntriesByName("broker:ready")[0].startTime,
  lobby: window.__lobbyAt ?? null,
  origin: performance.timeOrigin,
  python: document.documentElement.dataset.python ?? null,
})"""
KEPT = "performance.getEntriesByName('broker:snapshot-kept').length > 0"
DROP_SNAPSHOT = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) if (request.url.includes("/snapshot/")) await cache.delete(request);
  }
}"""
# Open a game from the lobby: the time from the click on Start to the game's table drawn.
OPEN_GAME = """(game) => new Promise((resolve, reject) => {
  const start = document.getElementById("by-start");
  const form = document.getElementById("by-new-game");
  if (!start || form.dataset.game !== game) return reject(new Error("no form for " + game));
  const t0 = performance.now();
  const done = () => {
    if (!document.querySelector("#app > .game-top")) return false;
    observer.disconnect();
    resolve(performance.now() - t0);
    return true;
  };
  const observer = new MutationObserver(done);
  observer.observe(document.getElementById("app"), { childList: true, subtree: true });
  start.click();
})"""


def executable() -> str | None:
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or None


def pyodide_bytes() -> int:
    """Pyodide's own files that a start fetches (as npm ships them)."""
    return sum((build.NODE_MODULES / "pyodide" / name).stat().st_size for name in build.PYODIDE_FILES)


def load(page, server, hall: bool) -> dict:
    """Navigate and wait until interactive: {ms, lobby, python, bytes}."""
    page.goto(server.url)
    page.wait_for_function(READY, timeout=180_000)
    state = page.evaluate(READY)
    if state != "ready":
        raise RuntimeError(f"{server.url} did not start: {state}")
    if hall:
        page.wait_for_function(HALL_DRAWN, timeout=60_000)
    times = page.evaluate(TIMES)
    ms = max(times["ready"], times["lobby"] or 0)
    until = (times["origin"] + ms) / 1000
    sent = sum(size for at, _path, size in list(server.requests) if at <= until)
    server.requests.clear()
    return {"ms": ms, "lobby": times["lobby"], "python": times["python"], "bytes": sent}


def open_games(page, games) -> dict:
    out = {}
    for game in games:
        if page.is_visible("#by-lobby"):
            page.click("#by-lobby")
        page.wait_for_selector("#app > .lobby")
        if page.get_attribute("#by-new-game", "data-game") != game:
            page.check(f"input[name=game][value='{game}']", force=True)
            page.wait_for_selector(f"#by-new-game[data-game='{game}']")
        out[game] = page.evaluate(OPEN_GAME, game)
    return out


def run_page(browser, name, server, hall: bool, games) -> dict:
    context = browser.new_context()
    context.add_init_script(WATCH_LOBBY)
    page = context.new_page()
    try:
        cold = load(page, server, hall)
        snapshots = cold["python"] is not None  # a build that keeps snapshots says how it started
        if snapshots:
            page.wait_for_function(KEPT, timeout=120_000)
        elif hall:  # an older build: its offline copy at least
            page.wait_for_function("window.brokerYard && brokerYard.offline", timeout=120_000)
            page.evaluate("brokerYard.offline")
        warm = load(page, server, hall)
        if snapshots and warm["python"] != "snapshot":
            print(f"  note: {name}'s warm start did not come from a snapshot ({warm['python']})")
        if snapshots:
            page.evaluate(DROP_SNAPSHOT)
        plain = load(page, server, hall)
        if snapshots and plain["python"] == "snapshot":
            print(f"  note: {name}'s start without a snapshot came from one")
        # last: the games played leave saved games that the lobby would list on a next load
        opened = open_games(page, games) if games else {}
        return {"cold": cold, "warm": warm, "plain": plain, "games": opened}
    finally:
        context.close()


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--games", action="store_true", help="also time opening each game")
    parser.add_argument("--page", action="append", default=[], metavar="NAME=DIST",
                        help="another build to measure beside ours (e.g. main's dist/)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    summary = None if args.no_build else build.build(quiet=True)
    from engine.core.game import GAMES
    games = list(GAMES) if args.games else []
    bare_dir = Path(tempfile.mkdtemp(prefix="bare-pyodide-"))
    (bare_dir / "index.html").write_text(BARE_PAGE)
    (bare_dir / "pyodide").symlink_to(build.NODE_MODULES / "pyodide")  # Pyodide as npm ships it
    pages = {"hall": (build.start(build.DIST), True), "bare": (build.start(bare_dir), False)}
    for spec in args.page:
        name, _, folder = spec.partition("=")
        pages[name] = (build.start(Path(folder)), True)
    results = {name: [] for name in pages}
    load_before = os.getloadavg()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=executable(), args=CHROMIUM_ARGS)
            warmup = browser.new_context()
            warmup.new_page().goto("about:blank")
            warmup.close()
            names = list(pages)
            for run in range(args.runs):
                order = names[run % len(names):] + names[:run % len(names)]
                for name in order:
                    server, hall = pages[name]
                    results[name].append(run_page(browser, name, server, hall,
                                                  games if name == "hall" else []))
                print(f"  run {run + 1}/{args.runs} done", flush=True)
            version = browser.version
            browser.close()
    finally:
        for server, _ in pages.values():
            server.shutdown()
        shutil.rmtree(bare_dir, ignore_errors=True)
    load_after = os.getloadavg()

    def med(name, kind, field="ms"):
        return median([r[kind][field] for r in results[name]])

    def paired(name, kind):
        """The median of each run's own ratio to the bare page: a machine whose load drifts
        during the benchmark moves both pages of a run, less so their ratio."""
        return median([r[kind]["ms"] / b[kind]["ms"] for r, b in zip(results[name], results["bare"])])

    print(f"start-up benchmark: {args.runs} runs, Chromium {version}, {os.cpu_count()} cores"
          + (f", build {summary['build']}" if summary else "")
          + f"; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after")
    kinds = (("cold", "cold"), ("warm", "warm (snapshot)"), ("plain", "warm, no snapshot"))
    print(f"{'page':8} {'load':18} {'median ms':>10} {'x bare':>7} {'run ratios':>11}"
          "   (time to interactive; x bare: of the medians; run ratios: median of each run's)")
    for name in pages:
        for kind, label in kinds:
            if name == "bare" and kind != "cold":
                label = "warm" if kind == "warm" else "warm (3rd load)"
            ratio = med(name, kind) / med("bare", kind)
            print(f"{name:8} {label:18} {med(name, kind):10.0f} {ratio:7.3f} {paired(name, kind):11.3f}")
    for name in pages:
        if pages[name][1]:
            print(f"{name}: lobby usable (drawn) at median "
                  + ", ".join(f"{label} {med(name, kind, 'lobby'):.0f} ms" for kind, label in kinds))
    for name in pages:
        for kind, _ in kinds:
            print(f"  {name} {kind}: " + " ".join(f"{r[kind]['ms']:.0f}" for r in results[name]))
    own = pyodide_bytes()
    print(f"bytes of a cold load until interactive (medians; Pyodide's own files {own:,}):")
    for name in pages:
        sent = med(name, "cold", "bytes")
        print(f"  {name:8} {sent:12,.0f}  x Pyodide's files {sent / own:.3f}")
    # the targets (issues 28 and 15), ratios of the medians within this run
    for name in pages:
        if pages[name][1]:
            checks = [("cold <= 0.5x bare", med(name, "cold") / med("bare", "cold") <= 0.5),
                      ("warm from the snapshot <= 0.4x bare", med(name, "warm") / med("bare", "warm") <= 0.4),
                      ("lobby drawn cold <= 450 ms", med(name, "cold", "lobby") <= 450),
                      ("bytes <= 1.05x Pyodide's files", med(name, "cold", "bytes") / own <= 1.05)]
            print(f"{name} targets: " + "; ".join(f"{what} {'met' if ok else 'MISSED'}" for what, ok in checks))
    if games:
        print("opening a game from the warm lobby, click to table (median ms): "
              + ", ".join(f"{g} {median([r['games'][g] for r in results['hall']]):.0f}" for g in games))
    print(json.dumps({name: {kind: med(name, kind) for kind, _ in kinds} | {
        "cold_bytes": med(name, "cold", "bytes")} for name in pages} | {"pyodide_files": own}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
