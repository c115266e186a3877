#!/usr/bin/env python3
"""The main thread's tasks of a cold start by their CPU time: Lighthouse's blocking time as a
quiet machine would see it.

    .venv/bin/python bench/blocking.py [--no-build] [--runs 3] [--pages hall,embed] [--page NAME=DIST ...]

Lighthouse's phone preset (bench/lighthouse.py) takes each main-thread task's time on the
clock and counts 4x it, less 50 ms, as blocking: on this shared machine a task of 10 ms of
work took 30-100 ms on the clock while it waited for a CPU, and scores of one build moved
72-100 from run to run. This loads each page cold in Debian's Chromium (Playwright, a fresh
context, no service worker) until Python is up (the frame: its game drawn), records Chromium's trace and reads each
main-thread task's own CPU time (the trace's thread time, which a wait does not grow). It
prints, per run, sum(max(0, 4 x CPU - 50 ms)) over the tasks (the blocking time of a CPU 4x
slower, Lighthouse's phone, with no other load), the number of tasks over 12.5 ms of CPU, the
CPU of every task of 5 ms or more, and the heaviest tasks with what ran in them. --page
measures another build (e.g. main's) turn about in the same runs. Asserts nothing.
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))
from lighthouse import PAGES, build_options, serve_builds  # noqa: E402
from tools.browsers import CHROMIUM_ARGS  # noqa: E402

CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]
SLOWDOWN, LONG = 4, 50  # Lighthouse's phone: a CPU 4x slower; a task over 50 ms blocks
# Python up, and the frame's game drawn (embed.js: its table's first draw comes after Python)
UP = "document.documentElement.dataset.runtime && (!document.documentElement.classList.contains('embed')" \
     " || document.documentElement.dataset.embed)"


def tasks(trace: list[dict], site: str) -> list[tuple[float, float, str]]:
    """The page's main thread's top-level tasks: (start ms after the first, CPU ms, what ran in
    it). The page's only: Chromium's own pages (its new tab page, in a renderer of its own) are
    in the trace too, with tasks of 60-90 ms."""
    ours = {e["pid"] for e in trace if str(((e.get("args") or {}).get("data") or {}).get("url", "")).startswith(site)}
    main = {(e["pid"], e["tid"]) for e in trace if e.get("name") == "thread_name"
            and e["args"].get("name") == "CrRendererMain" and e["pid"] in ours}
    events = sorted((e for e in trace if e.get("ph") == "X" and (e["pid"], e["tid"]) in main),
                    key=lambda e: (e["ts"], -e.get("dur", 0)))
    top, end = [], -1  # the events inside no other: the tasks (most are "RunTask")
    for e in events:
        if e["ts"] >= end:
            end = e["ts"] + e.get("dur", 0)
            if "tdur" in e:
                top.append(e)
    if not top:
        return []
    first = top[0]["ts"]
    starts = [e["ts"] for e in events]
    out = []
    for task in top:
        if task["tdur"] < 5000:  # what ran is named for the tasks of 5 ms or more
            out.append(((task["ts"] - first) / 1000, task["tdur"] / 1000, ""))
            continue
        span = events[bisect.bisect_left(starts, task["ts"]):bisect.bisect_left(starts, task["ts"] + task["dur"])]
        inner = [e for e in span if not e["name"].endswith("RunTask")]  # all of the main thread's
        inner.sort(key=lambda e: -e.get("tdur", 0))
        what = []
        for e in inner[:3]:
            data = (e.get("args") or {}).get("data") or {}
            where = str(data.get("url") or data.get("functionName") or "").rsplit("/", 1)[-1][:40]
            what.append(f"{e['name']}{' ' + where if where else ''} {e.get('tdur', 0) / 1000:.0f}")
        out.append(((task["ts"] - first) / 1000, task["tdur"] / 1000, "; ".join(what)))
    return out


def cold_load(pw, url: str) -> list[tuple[float, float, str]]:
    browser = pw.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                 args=CHROMIUM_ARGS)
    try:
        page = browser.new_context(service_workers="block").new_page()
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(url)
        page.wait_for_function(UP, timeout=180_000)
        page.wait_for_timeout(500)  # what follows Python's arrival
        trace = json.loads(browser.stop_tracing())
    finally:
        browser.close()
    site = "/".join(url.split("/", 3)[:3])  # http://127.0.0.1:port
    return tasks(trace["traceEvents"] if isinstance(trace, dict) else trace, site)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    build_options(parser)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    servers = serve_builds(args)
    blocking: dict[str, list[float]] = {}
    try:
        with sync_playwright() as pw:
            for run in range(1, args.runs + 1):
                for page in args.pages.split(","):
                    for name, server in servers.items():
                        key = f"{page} {name}"
                        before = os.getloadavg()[0]
                        seen = cold_load(pw, server.url + PAGES[page])
                        tbt = sum(max(0, SLOWDOWN * cpu - LONG) for _, cpu, _ in seen)
                        blocking.setdefault(key, []).append(tbt)
                        heavy = [cpu for _, cpu, _ in seen if cpu >= 5]
                        print(f"  run {run}, load {before:.1f}: {key}: blocking at {SLOWDOWN}x CPU {tbt:.0f} ms; "
                              f"tasks over {LONG / SLOWDOWN} ms CPU: {sum(c > LONG / SLOWDOWN for c in heavy)}; "
                              f"tasks of 5 ms or more: {len(heavy)}, {sum(heavy):.0f} ms CPU", flush=True)
                        for at, cpu, what in sorted(seen, key=lambda t: -t[1])[:4]:
                            print(f"      at {at:6.0f} ms, {cpu:5.1f} ms CPU: {what}", flush=True)
    finally:
        for server in servers.values():
            server.shutdown()
            server.server_close()
    print(f"\nblocking time at {SLOWDOWN}x CPU from the tasks' own CPU time, median of {args.runs} run(s):")
    for key, values in blocking.items():
        print(f"  {key:<14} {statistics.median(values):6.0f} ms   ({', '.join(f'{v:.0f}' for v in values)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
