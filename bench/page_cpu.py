#!/usr/bin/env python3
"""CPU seconds one start of the hall costs a browser test, in a fresh context and in a warm one.

    .venv/bin/python bench/page_cpu.py [--runs 5]

The browser runs with the tests' flags (TEST_ARGS: WebAssembly by Liftoff only). Each start
is what `open_hall` does (the page opened, Python ready, the lobby drawn and at
rest) and then the context closed (a warm one: its lease ended, storage cleared). The figure is
the CPU time of this process's tree (Playwright's driver, every Chromium and all their
processes, read from /proc: user + system, with the children each has reaped) over the start,
so the machine's load barely moves it, unlike wall time. Fresh: a routed context of the tests'
guard (empty caches, the service worker blocked, Python started cold); warm: a context of
tests/site/warm.py (the HTTP and code caches warm, Python from the memory snapshot). The
first warm start launches its browser and is left out; the template profile is made once
and its cost printed apart.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.site.conftest import TEST_ARGS, INSTANT_BOTS, STRAY_TEXT_JS, Guard, chromium_executable  # noqa: E402
from tests.site.hall import open_hall  # noqa: E402
from tests.site.warm import WarmPool  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu() -> float:
    """CPU seconds of this process's descendants (alive, and what they reaped)."""
    parents, spent = {}, {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        parents[int(name)] = int(fields[1])
        spent[int(name)] = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    me, total = os.getpid(), 0
    for pid, ticks in spent.items():
        up = parents.get(pid, 0)
        while up and up != me:
            up = parents.get(up, 0)
        total += ticks if up == me else 0
    return total / TICK


def measured(start) -> tuple[float, float, str]:
    cpu, wall = tree_cpu(), time.perf_counter()
    how = start()
    return tree_cpu() - cpu, time.perf_counter() - wall, how


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    dist = Path(tempfile.mkdtemp()) / "dist"
    build.build(dist, quiet=True)
    server = build.start(dist)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_executable(), args=TEST_ARGS)
        pool = WarmPool(browser.browser_type, {"executable_path": chromium_executable(), "args": TEST_ARGS},
                        server, Path(tempfile.mkdtemp()), scripts=(STRAY_TEXT_JS, INSTANT_BOTS))

        def start(warm):
            guard = Guard(browser, pool)
            context = guard.new_context(warm=warm, viewport={"width": 1280, "height": 900}, locale="en-US")
            page = open_hall(guard, server, context=context)
            how = page.evaluate("document.documentElement.dataset.python")
            guard.close()
            assert not guard.problems, guard.problems
            return how

        def make_template():
            pool.template = pool.make_template()
            return "template"

        start(False)  # the browser's own first start, left out
        print(f"template profile: {measured(make_template)[0]:.2f} CPU-s (once per test process; "
              "browsers closed in it are counted in part)")
        start(True)  # the warm browser's launch, left out
        for warm in (False, True):
            runs = [measured(functools.partial(start, warm)) for _ in range(args.runs)]
            cpu = [r[0] for r in runs]
            print(f"{'warm' if warm else 'fresh':5s} ({runs[0][2]}): {statistics.median(cpu):.2f} CPU-s a start "
                  f"(min {min(cpu):.2f}, max {max(cpu):.2f}), wall {statistics.median(r[1] for r in runs):.2f} s, "
                  f"load {os.getloadavg()[0]:.1f}")
        pool.close()
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
