#!/usr/bin/env python3
"""Start-up benchmark: our page against a bare page that only loads the same Pyodide.

    .venv/bin/python bench/startup.py [--runs 5] [--no-build]

Builds dist/ (unless --no-build), serves it and a bare page on two 127.0.0.1 ports, and
drives Chromium (Playwright). Each run opens a fresh browser context and loads each page
twice: the first load is cold (empty HTTP cache, no service worker), the second warm (same
context: HTTP cache, and for our page its service worker). Time to interactive is read in
the page: performance.mark("broker:ready") once the engine answers through the bridge, and
the same mark on the bare page once loadPyodide() has returned and run one line of Python.
Bytes are counted by the server: everything it sent during a cold load until interactive.
Prints figures; asserts nothing.
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

CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title><link rel="icon" href="data:,"></head>
<body><p>bare Pyodide</p>
<script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
pyodide.runPython("1 + 1");
performance.mark("broker:ready");
document.documentElement.dataset.runtime = "ready";
</script></body></html>
"""

READY = "document.documentElement.dataset.runtime"
MARK = "performance.getEntriesByName('broker:ready')[0].startTime"


def executable() -> str | None:
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or None


def load(page, url: str, server) -> tuple[float, int]:
    """Navigate and wait until interactive; (ms from navigation start, bytes the server sent)."""
    before = server.bytes_sent
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    state = page.evaluate(READY)
    if state != "ready":
        raise RuntimeError(f"{url} did not start: {state}")
    return page.evaluate(MARK), server.bytes_sent - before


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    summary = None if args.no_build else build.build(quiet=True)
    bare_dir = Path(tempfile.mkdtemp(prefix="bare-pyodide-"))
    (bare_dir / "index.html").write_text(BARE_PAGE)
    (bare_dir / "pyodide").symlink_to(build.DIST / "pyodide")
    ours, bare = build.start(build.DIST), build.start(bare_dir)
    pyodide_bytes = sum(p.stat().st_size for p in (build.DIST / "pyodide").iterdir())
    times = {("ours", "cold"): [], ("ours", "warm"): [], ("bare", "cold"): [], ("bare", "warm"): []}
    cold_bytes = {"ours": [], "bare": []}
    install_bytes = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=executable(), args=CHROMIUM_ARGS)
            for run in range(args.runs):
                order = [("ours", ours), ("bare", bare)]
                if run % 2:
                    order.reverse()
                for name, server in order:
                    context = browser.new_context()
                    page = context.new_page()
                    ms, sent = load(page, server.url, server)
                    times[(name, "cold")].append(ms)
                    cold_bytes[name].append(sent)
                    if name == "ours":
                        before = server.bytes_sent
                        page.wait_for_function("window.brokerYard && brokerYard.offline",
                                               timeout=60_000)
                        page.evaluate("brokerYard.offline")
                        install_bytes.append(server.bytes_sent - before)
                    ms, _ = load(page, server.url, server)
                    times[(name, "warm")].append(ms)
                    context.close()
            version = browser.version
            browser.close()
    finally:
        ours.shutdown()
        bare.shutdown()
        shutil.rmtree(bare_dir, ignore_errors=True)

    med = {key: statistics.median(values) for key, values in times.items()}
    print(f"start-up benchmark: {args.runs} runs, Chromium {version}, "
          f"{os.cpu_count()} cores" + (f", build {summary['build']}" if summary else ""))
    print(f"{'':6} {'ours ms':>9} {'bare ms':>9} {'ratio':>7}   (medians; time to interactive)")
    for kind in ("cold", "warm"):
        ratio = med[("ours", kind)] / med[("bare", kind)]
        print(f"{kind:6} {med[('ours', kind)]:9.0f} {med[('bare', kind)]:9.0f} {ratio:7.3f}")
    for key, values in times.items():
        print(f"  {key[0]} {key[1]}: " + " ".join(f"{v:.0f}" for v in values))
    ours_b, bare_b = statistics.median(cold_bytes["ours"]), statistics.median(cold_bytes["bare"])
    print(f"cold bytes until interactive: ours {ours_b:,.0f}, bare {bare_b:,.0f}, "
          f"Pyodide's files {pyodide_bytes:,}; ours/Pyodide files {ours_b / pyodide_bytes:.3f}, "
          f"ours/bare {ours_b / bare_b:.3f}")
    print(f"service-worker install after interactive (revalidations): "
          f"{statistics.median(install_bytes):,.0f} bytes")
    print(json.dumps({
        "cold_ms": {"ours": med[("ours", "cold")], "bare": med[("bare", "cold")]},
        "warm_ms": {"ours": med[("ours", "warm")], "bare": med[("bare", "warm")]},
        "cold_bytes": {"ours": ours_b, "bare": bare_b, "pyodide_files": pyodide_bytes},
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
