#!/usr/bin/env python3
"""Lighthouse's scores of the hall (index.html) and of the embedded frame (embed.html).

    .venv/bin/python bench/lighthouse.py [--no-build] [--pages hall,embed] [--presets mobile,desktop]
                                         [--runs N] [--keep DIR] [--page NAME=DIST ...]

Builds dist/ (unless --no-build), serves it on 127.0.0.1 (build.py's server) and runs npm's
lighthouse (pinned in package.json) with Debian's Chromium ($CHROME_PATH, by default
/usr/bin/chromium, headless) on each page in each preset: mobile (Lighthouse's default: a
mid-range phone on a slow 4G, simulated) and desktop. Prints the four category scores
(performance, accessibility, best practices, SEO; 0-100) against the goal of 95 (issue 33),
and for a score below it the audits that cost it points (their weight in the category and
Lighthouse's own figure). Each run is a fresh Chromium profile: a cold visit, no service
worker yet. With --runs N each page and preset is measured N times (the load average before
each) and the medians are printed; --keep DIR keeps Lighthouse's JSON reports there. Beside
the scores it prints the metrics performance is made of (FCP, LCP, TBT, CLS, speed index)
and what Lighthouse names as the largest contentful paint's element and the longest
main-thread tasks. --page NAME=DIST measures another build (e.g. main's) in the same runs,
turn about with this one: on a machine whose load varies, only figures of one run compare.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tools.browsers import CHROMIUM_ARGS  # noqa: E402

PAGES = {"hall": "", "embed": "embed.html?game=broker-yard"}
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
GOAL = 95
METRICS = {"first-contentful-paint": "FCP ms", "largest-contentful-paint": "LCP ms",
           "total-blocking-time": "TBT ms", "cumulative-layout-shift": "CLS", "speed-index": "SI ms"}


def lighthouse(url: str, preset: str, out: Path) -> dict:
    flags = " ".join(a for a in CHROMIUM_ARGS if a != "--headless=new") + " --headless=new"
    command = [str(build.NODE_MODULES / ".bin" / "lighthouse"), url, "--output=json", f"--output-path={out}",
               "--quiet", f"--chrome-flags={flags}", f"--only-categories={','.join(CATEGORIES)}"]
    if preset == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    subprocess.run(command, check=True, env=env, cwd=ROOT)
    return json.loads(out.read_text())


def losses(report: dict, category: str) -> list[str]:
    """The audits of `category` that cost points, heaviest first: weight, score, figure."""
    audits = report["audits"]
    out = []
    for ref in report["categories"][category]["auditRefs"]:
        audit = audits[ref["id"]]
        if ref["weight"] and audit.get("score") is not None and audit["score"] < 1:
            out.append((ref["weight"], f"{ref['id']} (weight {ref['weight']}, score {audit['score']:.2f}"
                        + (f": {audit['displayValue']}" if audit.get("displayValue") else "") + ")"))
    return [text for _, text in sorted(out, key=lambda x: -x[0])]


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"


def figures(report: dict) -> dict:
    """The four scores (0-100) and the performance metrics (Lighthouse's numeric values)."""
    out = {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}
    for audit, name in METRICS.items():
        value = report["audits"][audit].get("numericValue")
        out[name] = round(value, 3) if name == "CLS" else round(value or 0)
    return out


def diagnostics(report: dict) -> list[str]:
    """What Lighthouse says of the LCP element, the layout shifts and the longest tasks."""
    audits, lines = report["audits"], []
    for item in (audits.get("largest-contentful-paint-element", {}).get("details") or {}).get("items", []):
        for sub in item.get("items", []):
            if "node" in sub:
                lines.append(f"LCP element: {sub['node'].get('snippet', '')[:100]}")
            elif "phase" in sub:
                lines.append(f"  {sub['phase']}: {round(sub.get('timing', 0))} ms")
    for item in (audits.get("layout-shifts", {}).get("details") or {}).get("items", [])[:4]:
        lines.append(f"shift {item.get('score', 0):.3f}: {item.get('node', {}).get('snippet', '')[:100]}")
    for item in (audits.get("long-tasks", {}).get("details") or {}).get("items", [])[:6]:
        lines.append(f"long task at {round(item.get('startTime', 0))} ms, {round(item.get('duration', 0))} ms: "
                     f"{item.get('url', '')[-60:]}")
    return lines


def build_options(parser: argparse.ArgumentParser) -> None:
    """--no-build, --pages and --page NAME=DIST (bench/blocking.py takes them too)."""
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--pages", default=",".join(PAGES))
    parser.add_argument("--page", action="append", default=[], metavar="NAME=DIST",
                        help="also measure the build in DIST, named NAME, in the same runs")


def serve_builds(args) -> dict:
    """This build (built first unless --no-build) and each --page, served: {name: server}."""
    if not args.no_build:
        build.build(quiet=True)
    builds = {"this": build.DIST, **{n: Path(d) for n, d in (p.split("=", 1) for p in args.page)}}
    return {name: build.start(dist) for name, dist in builds.items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    build_options(parser)
    parser.add_argument("--presets", default="mobile,desktop")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="a folder to keep Lighthouse's JSON reports in")
    args = parser.parse_args(argv)
    servers = serve_builds(args)
    results: dict[tuple, list[dict]] = {}
    last: dict[tuple, dict] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="lighthouse-") as folder:
            out = args.keep or Path(folder)
            out.mkdir(parents=True, exist_ok=True)
            for run in range(1, args.runs + 1):
                for page in args.pages.split(","):
                    for preset in args.presets.split(","):
                        for name, server in servers.items():
                            key = (page, preset) if len(servers) == 1 else (f"{page} {name}", preset)
                            before = load()
                            report = lighthouse(server.url + PAGES[page], preset,
                                                out / f"{name}-{page}-{preset}-{run}.json")
                            last[key] = report
                            results.setdefault(key, []).append(figures(report))
                            print(f"  run {run}, load {before}: {key[0]} {preset}: {results[key][-1]}", flush=True)
                            for line in diagnostics(report):
                                print(f"      {line}", flush=True)
    finally:
        for server in servers.values():
            server.shutdown()
            server.server_close()
    version = next(iter(last.values()))["lighthouseVersion"] if last else "?"
    print(f"\nLighthouse {version}, Chromium {os.environ.get('CHROME_PATH', '/usr/bin/chromium')}, "
          f"goal {GOAL} in each category; medians of {args.runs} run(s)")
    names = CATEGORIES + list(METRICS.values())
    width = max(len(page) for page, _ in results)
    print(f"{'page':<{width}} {'preset':<8} " + " ".join(f"{c:>14}" for c in names))
    medians = {key: {n: statistics.median(r[n] for r in runs) for n in names} for key, runs in results.items()}
    for (page, preset), values in medians.items():
        cells = [f"{values[c]:>13g}{'' if c not in CATEGORIES or values[c] >= GOAL else '!'}" for c in CATEGORIES]
        cells += [f"{values[n]:>14g}" for n in METRICS.values()]
        print(f"{page:<{width}} {preset:<8} " + " ".join(cells))
    for (page, preset), report in last.items():
        for category in CATEGORIES:
            if medians[(page, preset)][category] < GOAL:
                print(f"\n{page} {preset}, {category} below {GOAL} (the last run's losses):")
                for line in losses(report, category):
                    print(f"  - {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
