#!/usr/bin/env python3
"""Where the tab's memory goes over a whole game, in Chromium's own accounting (issue 28 item 3).

    .venv/bin/python bench/memdump.py [--games grid,ekonos] [--every 1] [--gc-at 150,300]
        [--no-build] [--page NAME=DIST ...] [--bare]

The game of bench/mainthread.py (every seat the game's best bot, "instant" pace, opened on a
warm page), in headless Chromium with a memory-infra trace: a dump of every process's
allocators (`Tracing.requestMemoryDump`) every `--every` seconds while it is played. Printed for
the tab's renderer (the process holding the page and its workers): each allocator's size in MB
(Blink's garbage-collected heap `blink_gc`, committed, and the objects in it; V8's heaps, the
page's isolate and the workers'; PartitionAlloc, malloc, the compositor, ...) at the dump with
the most `blink_gc` and at the last one, and at every dump the bot steps so far, `blink_gc`,
the DOM nodes alive or not yet collected, and the page's V8 heap. `--gc-at` forces a
collection once past those bot steps (DevTools' `HeapProfiler.collectGarbage`) and dumps after
it: what is live then. Every node the page makes is counted too (document.createElement and
its kin wrapped before the page's code runs): the nodes made per bot step, the garbage a redraw
leaves for Blink's collector. `--bare` plays the same game on the bare Pyodide page beside
(bench/mainthread.py's). The most resident memory seen is sampled between dumps (a rough
figure: bench/mainthread.py measures the peak).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from browsers import BROWSERS, status_kb  # noqa: E402
from mainthread import BARE_GAME, BEST_LEVEL, GAME_OVER, GAMES, INTERACTIVE, KEPT, METER, NEW_GAME  # noqa: E402
from startup import BARE_PAGE  # noqa: E402

CATEGORIES = ["disabled-by-default-memory-infra", "__metadata"]
STEPS = "() => (window.__bench && window.__bench.calls ? window.__bench.calls.length : 0)"
BARE_OVER = "() => document.documentElement.dataset.over === '1'"
# after the meter: every node the page makes (elements, text, comments), counted
MADE = """<script>(() => { window.__made = 0;
for (const name of ["createElement", "createElementNS", "createTextNode", "createComment"]) {
  const make = Document.prototype[name];
  Document.prototype[name] = function (...args) { window.__made++; return make.apply(this, args); };
} })();</script>"""
MADE_SO_FAR = "() => window.__made"


def mb(attrs: dict, name: str = "size") -> float:
    value = attrs.get(name, {}).get("value")
    return int(value, 16) / 2**20 if value else 0.0


def split(event: dict) -> dict[str, float]:
    """One process's dump: the allocators' sizes (top level, and V8's and Blink's parts), MB."""
    dumps = event["args"]["dumps"]
    allocators = dumps.get("allocators", {})
    out: dict[str, float] = {}
    for name, entry in allocators.items():
        depth = name.count("/")
        attrs = entry.get("attrs", {})
        if depth == 0 or (name.startswith(("v8/", "blink_gc/")) and depth == 1):
            out[name] = mb(attrs)
        if re.fullmatch(r"v8/[^/]+/heap|blink_gc/main/allocated_objects", name):
            out[name] = mb(attrs)
    totals = dumps.get("process_totals", {})
    for key in ("resident_set_bytes", "private_footprint_bytes", "peak_resident_set_size"):
        if key in totals:
            out["total/" + key] = int(totals[key], 16) / 2**20
    return out


class Dumps:
    """A memory-infra trace over the browser's CDP session: dumps on request."""

    def __init__(self, browser):
        self.cdp = browser.browser.new_browser_cdp_session()
        self.events: list[dict] = []
        self.done = False
        self.cdp.on("Tracing.dataCollected", lambda got: self.events.extend(got["value"]))
        self.cdp.on("Tracing.tracingComplete", lambda _: setattr(self, "done", True))
        # detailed dumps are large: a buffer that holds a whole game's
        config = {"includedCategories": CATEGORIES, "excludedCategories": ["*"], "recordMode": "recordContinuously",
                  "traceBufferSizeInKb": 400_000, "memoryDumpConfig": {"triggers": []}}
        self.cdp.send("Tracing.start", {"transferMode": "ReportEvents", "traceConfig": config})
        self.marks: list[tuple[str, str]] = []  # (label, dump guid)

    def dump(self, label: str):
        got = self.cdp.send("Tracing.requestMemoryDump", {"deterministic": False, "levelOfDetail": "detailed"})
        if got.get("success"):
            self.marks.append((label, got["dumpGuid"]))

    def end(self, page) -> dict[str, dict[int, dict[str, float]]]:
        """label -> pid -> split."""
        self.cdp.send("Tracing.end")
        while not self.done:
            page.wait_for_timeout(200)
        by_guid: dict[str, dict[int, dict[str, float]]] = {}
        for event in self.events:
            if event.get("ph") == "v" and "dumps" in event.get("args", {}):
                by_guid.setdefault(event["id"], {})[event["pid"]] = split(event)
        return {label: by_guid.get(guid, {}) for label, guid in self.marks}


def watch(pw, url: str, game: str, every: float, bare_query: str | None = None, gc_at=()) -> list[str]:
    """A whole game at `url` (the hall's table, or the bare page's game with `bare_query`),
    dumped every `every` s; a forced collection (and a dump after it) once past each of
    `gc_at`'s bot steps."""
    gc_at = list(gc_at)
    browser = BROWSERS["chromium"](pw)
    page = browser.page
    try:
        browser.open(url)
        browser.wait(INTERACTIVE)
        if bare_query is None:
            browser.wait(KEPT, timeout=300)
            players, options = GAMES[game]
            level = browser.run(BEST_LEVEL, [game])
            browser.run(NEW_GAME, ["bench", game, players, level, options])
            over = lambda: browser.run(GAME_OVER, "bench")  # noqa: E731
        else:
            over = lambda: browser.run(BARE_OVER)  # noqa: E731
        dumps = Dumps(browser)
        cdp = page.context.new_cdp_session(page)
        began = time.monotonic()
        if bare_query is None:
            browser.reload()
        else:
            browser.open(f"{url}game.html?{bare_query}")
        steps: dict[str, tuple[str, int]] = {}  # dump label -> (bot steps so far, DOM nodes)
        most_rss, last, pid = 0, began, None
        while not over():
            time.sleep(0.2)
            pid = browser.tab_pid() or pid
            most_rss = max(most_rss, status_kb(pid).get("VmRSS", 0) if pid else 0)
            if time.monotonic() - last < every:
                continue
            last = time.monotonic()
            label = f"d{len(dumps.marks) + 1}"
            dumps.dump(label)
            steps[label] = (str(browser.run(STEPS)), cdp.send("Memory.getDOMCounters")["nodes"])
            if gc_at and int(steps[label][0]) >= gc_at[0]:
                gc_at.pop(0)
                cdp.send("HeapProfiler.collectGarbage")
                label = f"d{len(dumps.marks) + 1}"
                dumps.dump(label)
                steps[label] = (f"GC@{browser.run(STEPS)}", cdp.send("Memory.getDOMCounters")["nodes"])
        seconds = time.monotonic() - began
        made, played = browser.run(MADE_SO_FAR), browser.run(STEPS)
        got = dumps.end(page)
    finally:
        browser.close()
    mine = {label: procs[pid] for label, procs in got.items() if pid in procs}
    if not mine:
        return [f"  {game}: {seconds:.0f} s, no dump of the tab's process came back"]
    peak = max(mine, key=lambda k: mine[k].get("blink_gc", 0))
    final = list(mine)[-1]
    lines = [f"  {game}: {seconds:.0f} s, {played} bot steps, {made / max(1, played):.0f} nodes made per step"
             f" (text too); {len(mine)} dumps; most RSS seen {most_rss / 1024:.0f} MB"
             f" (sampled between dumps); the allocators at the dump with the most blink_gc ({peak}, bot step"
             f" {steps[peak][0]}) and at the last one ({final}, step {steps[final][0]}), MB:"]
    for key in sorted({k for c in (peak, final) for k, v in mine[c].items() if v >= 0.5}):
        lines.append(f"    {key:32}{mine[peak].get(key, 0):9.1f}{mine[final].get(key, 0):9.1f}")
    series = " ".join(f"{steps[k][0]}:{mine[k].get('blink_gc', 0):.0f}/{steps[k][1]}"
                      f"/{mine[k].get('v8/main/heap', 0):.0f}" for k in mine)
    lines.append(f"    every dump, bot step: blink_gc MB / DOM nodes / the page's V8 heap MB: {series}")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="grid,ekonos")
    parser.add_argument("--every", type=float, default=1.0)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--page", action="append", default=[], metavar="NAME=DIST")
    parser.add_argument("--gc-at", default="", help="bot steps after which to force a collection (a,b,...)")
    parser.add_argument("--bare", action="store_true", help="the bare Pyodide page playing it too")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if not args.no_build:
        build.build(quiet=True)
    folders = {"hall": build.DIST} | {n: Path(d) for n, _, d in (p.partition("=") for p in args.page)}
    servers = {name: build.start(folder, first_in_head=METER + MADE) for name, folder in folders.items()}
    bare_dir = Path(tempfile.mkdtemp(prefix="bare-pyodide-"))
    if args.bare:
        (bare_dir / "index.html").write_text(BARE_PAGE)
        (bare_dir / "game.html").write_text(BARE_GAME)
        (bare_dir / "pyodide").symlink_to(build.NODE_MODULES / "pyodide")
        (bare_dir / "app").symlink_to(build.DIST / "app")
        servers["bare"] = build.start(bare_dir, first_in_head=METER + MADE)
    build_id = re.search(r"app/([0-9a-f]+)/", (build.DIST / "index.html").read_text()).group(1)
    try:
        with sync_playwright() as pw:
            for game in args.games.split(","):
                for name, server in servers.items():
                    query = None
                    if name == "bare":
                        players, options = GAMES[game]
                        level = "strong" if game != "spy" else "normal"
                        query = urllib.parse.urlencode({"build": build_id, "game": game, "players": players,
                                                        "level": level, "options": json.dumps(options)})
                    print(f"{name}:", flush=True)
                    print("\n".join(watch(pw, server.url, game, args.every, query,
                                                [int(x) for x in args.gc_at.split(",") if x])), flush=True)
    finally:
        for server in servers.values():
            server.shutdown()
        shutil.rmtree(bare_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
