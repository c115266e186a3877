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
  most time of their own, and the page's drawing functions with the time under them;
- with --trace, a Chromium trace instead of the profile (it would weigh on it): the main
  thread's tasks by kind and their CPU time (not lengthened by the machine's load, unlike
  the frames above), the style, layout and paint in them, the tasks with the most CPU; the
  trace is kept in /tmp/redraw-<game>-<page>.json.

Prints figures, asserts nothing; on the clock, so run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import contextlib
import collections
import json
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

DRAWERS = (
    "draw",
    "field",
    "mapCard",
    "mapSvg",
    "gameLog",
    "logTab",
    "chartSection",
    "afterDraw",
    "placeMaps",
    "citiesLayer",
    "linksLayer",
    "regionsLayer",
    "plantMarket",
    "resourceMarket",
    "topBar",
    "tabBar",
    "statusStrip",
    "incomeSection",
    "handSection",
    "seatsStrip",
    "flashBlock",
    "applyCamera",
    "inView",
    "announceNews",
    "renderLog",
    "clear",
)


def profile_summary(profile: dict, top: int = 14) -> list[str]:
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}
    label = {
        i: f"{n['callFrame']['functionName'] or '(anonymous)'} {Path(n['callFrame']['url']).name}:"
        f"{n['callFrame']['lineNumber'] + 1}"
        if n["callFrame"]["url"]
        else n["callFrame"]["functionName"]
        for i, n in nodes.items()
    }
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


# what the main thread's time in a task is split into (the trace's events, their CPU time)
PARTS = ("UpdateLayoutTree", "Layout", "PrePaint", "Paint", "MinorGC", "MajorGC")


def trace_summary(events: list[dict], top: int = 6) -> list[str]:
    """The renderer main thread's tasks by what posted them (a worker's message: `Notify`, the
    table's redraw after a reply; a frame: `ScheduledActionSendBeginMainFrame`; Chromium's
    autofill reading the forms: `FormControlDidChange`, ...), their CPU time (the trace's
    thread time, which the machine's load does not lengthen): count, sum, median, p95, most;
    the style, layout, paint and GC in them all; and the tasks with the most CPU time."""
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"
    }
    spans = [e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in main]
    tasks = [e for e in spans if e["name"] == "ThreadControllerImpl::RunTask"]
    if not tasks:
        return ["    (no task in the trace)"]
    began = min(e["ts"] for e in tasks)
    kinds = collections.defaultdict(list)
    for task in tasks:
        kinds[task["args"].get("src_func", "?")[:40]].append(task.get("tdur", 0) / 1000)
    lines = [f"    the main thread's tasks: {len(tasks)}, {sum(map(sum, kinds.values())):.0f} ms of CPU; by kind (ms):"]
    for kind, cpu in sorted(kinds.items(), key=lambda kv: -sum(kv[1]))[:top]:
        cpu.sort()
        lines.append(
            f"      {kind:40} {len(cpu):6} tasks, {sum(cpu):6.0f} in all, median {statistics.median(cpu):5.1f},"
            f" p95 {cpu[int(0.95 * (len(cpu) - 1))]:5.1f}, most {cpu[-1]:5.1f}"
        )
    parts = collections.Counter()
    for e in spans:
        if e["name"] in PARTS:
            parts[e["name"]] += e.get("tdur", 0) / 1000
    lines.append("      in them: " + ", ".join(f"{name} {ms:.0f}" for name, ms in parts.most_common()))
    most = sorted(tasks, key=lambda e: -e.get("tdur", 0))[:top]
    lines.append(
        "      the most CPU in one task (ms, at s): "
        + ", ".join(
            f"{e.get('tdur', 0) / 1000:.1f} at {(e['ts'] - began) / 1e6:.1f} ({e['args'].get('src_func', '?')[:24]})"
            for e in most
        )
    )
    return lines



def open_bot_game(browser, url: str, game: str) -> str:
    """The hall at `url` once interactive with its snapshot kept, then a new game of `game`
    with every seat the game's best bot (bench/mainthread.py's game; bench/parts.py too): its level."""
    browser.open(url)
    browser.wait(INTERACTIVE)
    browser.wait(KEPT, timeout=300)
    players, options = GAMES[game]
    level = browser.run(BEST_LEVEL, [game])
    browser.run(NEW_GAME, ["bench", game, players, level, options])
    return level


def watch(pw, url: str, game: str, seconds: float, trace: bool = False, name: str = "hall") -> list[str]:
    browser = BROWSERS["chromium"](pw)
    page = browser.page
    try:
        level = open_bot_game(browser, url, game)
        cdp = page.context.new_cdp_session(page)
        events, done = [], []
        if trace:
            cdp.on("Tracing.dataCollected", lambda got: events.extend(got["value"]))
            cdp.on("Tracing.tracingComplete", lambda _: done.append(1))
            cdp.send(
                "Tracing.start",
                {
                    "transferMode": "ReportEvents",
                    "traceConfig": {
                        "includedCategories": [
                            "devtools.timeline",
                            "disabled-by-default-devtools.timeline",
                            "v8",
                            "blink.user_timing",
                            "toplevel",
                            "__metadata",
                        ]
                    },
                },
            )
        else:
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            cdp.send("Profiler.start")
        browser.reload()
        began = time.monotonic()
        while time.monotonic() - began < seconds and not browser.run(GAME_OVER, "bench"):
            time.sleep(0.5)
        if trace:
            cdp.send("Tracing.end")
            while not done:
                page.wait_for_timeout(200)
            profile = None
        else:
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
    lines = [
        f"  {game} ({level}), {time.monotonic() - began:.0f} s watched: {len(frames)} frames over 50 ms"
        f" (longest {frames[0]['ms'] if frames else 0:.0f} ms)"
    ]
    for f in frames[:8]:
        script = sum(s["ms"] for s in f["scripts"])
        forced = sum(s["forced"] for s in f["scripts"])
        first = max(f["scripts"], key=lambda s: s["ms"], default={"name": "-", "ms": 0})
        lines.append(
            f"    frame {f['ms']:5.0f} ms: scripts {script:5.0f} (forced style+layout {forced:4.0f}),"
            f" the frame's style+layout {f['render']:5.0f}; longest script {first['ms']:4.0f} {first['name']}"
        )
    if adds:
        lines.append(
            f"    nodes added per task: {len(adds)} tasks, median {statistics.median(adds):.0f},"
            f" most {max(adds)}; the table's nodes: median {statistics.median(seen['sizes']):.0f},"
            f" most {max(seen['sizes'])}"
        )
    lines.append(
        f"    at the end, after a garbage collection: the page's JS heap {heap['usedSize'] / 2**20:.1f} MB"
        f" (of {heap['totalSize'] / 2**20:.1f}); nodes alive {counters['nodes']} ({live} elements in the"
        f" document), listeners {counters['jsEventListeners']}, documents {counters['documents']}"
    )
    if trace:  # the whole trace, for chrome://tracing or Perfetto
        Path(f"/tmp/redraw-{game}-{name}.json").write_text(json.dumps({"traceEvents": events}))
        lines.append(f"    (the trace: /tmp/redraw-{game}-{name}.json)")
    return lines + (trace_summary(events) if trace else profile_summary(profile))



@contextlib.contextmanager
def served(specs: list[str], head: str):
    """This build's dist/ ("hall") and each `--page NAME=DIST` beside it, served on 127.0.0.1
    with `head` first in every page's <head>: {name: server} (bench/parts.py too)."""
    folders = {"hall": build.DIST} | {n: Path(d) for n, _, d in (p.partition("=") for p in specs)}
    servers = {name: build.start(folder, first_in_head=head) for name, folder in folders.items()}
    try:
        yield servers
    finally:
        for server in servers.values():
            server.shutdown()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="ekonos,grid")
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--page", action="append", default=[], metavar="NAME=DIST")
    parser.add_argument("--trace", action="store_true", help="the longest tasks from a trace, not a CPU profile")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if not args.no_build:
        build.build(quiet=True)
    with served(args.page, QUIET_METER + WATCH) as servers, sync_playwright() as pw:
        for game in args.games.split(","):
            for name, server in servers.items():
                print(f"{name}:", flush=True)
                print("\n".join(watch(pw, server.url, game, args.seconds, args.trace, name)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
