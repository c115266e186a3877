#!/usr/bin/env python3
"""Where the page's main thread goes while bots play a table (issue 28's stalls), in Chromium.

    .venv/bin/python bench/redraw.py [--games ekonos,grid] [--seconds 40] [--no-build] [--page NAME=DIST]

A whole game of bots (every seat the game's best level, "instant" pace: bench/mainthread.py's
game) is opened on a warm page and watched for --seconds (or to its end). Printed per game:

- the long animation frames (Chromium's `long-animation-frame` entries, frames over 50 ms):
  count, and for the longest ones their length on the clock, the scripts' part (and the style
  and layout those forced), the frame's own style and layout, and the script that ran longest;
- the nodes each redraw puts into the page (a MutationObserver on the table: every node
  added with its descendants, per task) and the nodes the table holds;
- the page's JS heap and the nodes alive at the end (after a garbage collection: nodes kept
  by something beyond the document show as more nodes alive than it holds);
- a CPU profile of the main thread (CDP `Profiler`, 0.2 ms samples): the functions with the
  most time of their own, and the page's drawing functions with the time under them.

Prints figures, asserts nothing; on the clock, so run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
from browsers import BROWSERS  # noqa: E402
from mainthread import BEST_LEVEL, GAME_OVER, GAMES, INTERACTIVE, KEPT, METER, NEW_GAME  # noqa: E402

# the meter without its clicks on a tab (they would turn the table to its log and back)
QUIET_METER = METER.replace("if (entry.clicked) setTimeout", "if (false) setTimeout")
assert QUIET_METER != METER

# after the meter: long animation frames and the nodes each task adds to the table
WATCH = """<script>(() => {
const W = (window.__redraw = { frames: [], adds: [], sizes: [] });
new PerformanceObserver((list) => {
  for (const f of list.getEntries()) {
    const scripts = f.scripts.map((s) => ({ name: `${s.sourceFunctionName || s.invoker}`, ms: s.duration,
      forced: s.forcedStyleAndLayoutDuration }));
    W.frames.push({ at: f.startTime, ms: f.duration, blocking: f.blockingDuration,
      render: f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0, scripts });
  }
}).observe({ type: "long-animation-frame", buffered: true });
let pending = 0;
const count = (n) => (n.nodeType === 1 ? 1 + n.getElementsByTagName("*").length : 1);
const seen = new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) pending += count(n);
  if (pending) { W.adds.push(pending); pending = 0;
    const app = document.getElementById("app"); if (app) W.sizes.push(count(app)); }
});
addEventListener("DOMContentLoaded", () => {
  const app = document.getElementById("app");
  if (app) seen.observe(app, { childList: true, subtree: true });
});
})();</script>"""

DRAWERS = ("draw", "field", "mapCard", "mapSvg", "gameLog", "logTab", "chartSection", "afterDraw", "placeMaps",
           "citiesLayer", "linksLayer", "regionsLayer", "plantMarket", "resourceMarket", "topBar", "tabBar",
           "statusStrip", "incomeSection", "handSection", "seatsStrip", "flashBlock", "applyCamera", "inView",
           "announceNews", "renderLog", "clear")


def profile_summary(profile: dict, top: int = 14) -> list[str]:
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}
    label = {i: f"{n['callFrame']['functionName'] or '(anonymous)'} {Path(n['callFrame']['url']).name}:"
                f"{n['callFrame']['lineNumber'] + 1}" if n["callFrame"]["url"] else n["callFrame"]["functionName"]
             for i, n in nodes.items()}
    own, under = collections.Counter(), collections.Counter()
    total = 0.0
    for sample, delta in zip(profile["samples"], profile["timeDeltas"]):
        ms = delta / 1000
        total += ms
        own[label[sample]] += ms
        seen, at = set(), sample
        while at is not None:
            name = nodes[at]["callFrame"]["functionName"]
            if name in DRAWERS and name not in seen:
                seen.add(name)
                under[f"{name} {Path(nodes[at]['callFrame']['url']).name}"] += ms
            at = parent.get(at)
    idle = own.get("(idle)", 0.0)
    lines = [f"    profile: {total / 1000:.1f} s, idle {idle / 1000:.1f} s; most time of their own (ms):"]
    lines += [f"      {ms:8.0f}  {name}" for name, ms in own.most_common(top) if name != "(idle)"]
    lines.append("    time under the drawing functions (ms):")
    lines += [f"      {ms:8.0f}  {name}" for name, ms in under.most_common(top)]
    return lines


def watch(pw, url: str, game: str, seconds: float) -> list[str]:
    browser = BROWSERS["chromium"](pw)
    page = browser.page
    try:
        browser.open(url)
        browser.wait(INTERACTIVE)
        browser.wait(KEPT, timeout=300)
        players, options = GAMES[game]
        level = browser.run(BEST_LEVEL, [game])
        browser.run(NEW_GAME, ["bench", game, players, level, options])
        cdp = page.context.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        cdp.send("Profiler.start")
        browser.reload()
        began = time.monotonic()
        while time.monotonic() - began < seconds and not browser.run(GAME_OVER, "bench"):
            time.sleep(0.5)
        profile = cdp.send("Profiler.stop")["profile"]
        seen = browser.run("() => window.__redraw")
        cdp.send("HeapProfiler.collectGarbage")
        counters = cdp.send("Memory.getDOMCounters")
        heap = cdp.send("Runtime.getHeapUsage")
        live = browser.run("() => document.getElementsByTagName('*').length")
    finally:
        browser.close()
    frames = sorted(seen["frames"], key=lambda f: -f["ms"])
    adds = seen["adds"]
    lines = [f"  {game} ({level}), {time.monotonic() - began:.0f} s watched: {len(frames)} frames over 50 ms"
             f" (longest {frames[0]['ms'] if frames else 0:.0f} ms)"]
    for f in frames[:8]:
        script = sum(s["ms"] for s in f["scripts"])
        forced = sum(s["forced"] for s in f["scripts"])
        first = max(f["scripts"], key=lambda s: s["ms"], default={"name": "-", "ms": 0})
        lines.append(f"    frame {f['ms']:5.0f} ms: scripts {script:5.0f} (forced style+layout {forced:4.0f}),"
                     f" the frame's style+layout {f['render']:5.0f}; longest script {first['ms']:4.0f} {first['name']}")
    if adds:
        lines.append(f"    nodes added per task: {len(adds)} tasks, median {statistics.median(adds):.0f},"
                     f" most {max(adds)}; the table's nodes: median {statistics.median(seen['sizes']):.0f},"
                     f" most {max(seen['sizes'])}")
    lines.append(f"    at the end, after a garbage collection: the page's JS heap {heap['usedSize'] / 2**20:.1f} MB"
                 f" (of {heap['totalSize'] / 2**20:.1f}); nodes alive {counters['nodes']} ({live} elements in the"
                 f" document), listeners {counters['jsEventListeners']}, documents {counters['documents']}")
    return lines + profile_summary(profile)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="ekonos,grid")
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--page", action="append", default=[], metavar="NAME=DIST")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if not args.no_build:
        build.build(quiet=True)
    pages = {"hall": build.DIST} | {n: Path(d) for n, _, d in (p.partition("=") for p in args.page)}
    servers = {name: build.start(folder, first_in_head=QUIET_METER + WATCH) for name, folder in pages.items()}
    try:
        with sync_playwright() as pw:
            for game in args.games.split(","):
                for name, server in servers.items():
                    print(f"{name}:", flush=True)
                    url = server.url
                    print("\n".join(watch(pw, url, game, args.seconds)), flush=True)
    finally:
        for server in servers.values():
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
