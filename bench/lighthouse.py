#!/usr/bin/env python3
"""Lighthouse's scores of the hall (index.html) and of the embedded frame (embed.html).

    .venv/bin/python bench/lighthouse.py [--no-build] [--pages hall,embed] [--presets mobile,desktop]

Builds dist/ (unless --no-build), serves it on 127.0.0.1 (build.py's server) and runs npm's
lighthouse (pinned in package.json) with Debian's Chromium ($CHROME_PATH, by default
/usr/bin/chromium, headless) on each page in each preset: mobile (Lighthouse's default: a
mid-range phone on a slow 4G, simulated) and desktop. Prints the four category scores
(performance, accessibility, best practices, SEO; 0-100) against the goal of 95 (issue 33),
and for a score below it the audits that cost it points (their weight in the category and
Lighthouse's own figure). Each run is a fresh Chromium profile: a cold visit, no service
worker yet. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--pages", default=",".join(PAGES))
    parser.add_argument("--presets", default="mobile,desktop")
    args = parser.parse_args(argv)
    if not args.no_build:
        build.build(quiet=True)
    server = build.start(build.DIST)
    results = {}
    try:
        with tempfile.TemporaryDirectory(prefix="lighthouse-") as folder:
            for page in args.pages.split(","):
                for preset in args.presets.split(","):
                    report = lighthouse(server.url + PAGES[page], preset, Path(folder) / f"{page}-{preset}.json")
                    results[(page, preset)] = report
                    scores = {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}
                    print(f"  {page} {preset}: {scores}", flush=True)
    finally:
        server.shutdown()
        server.server_close()
    version = next(iter(results.values()))["lighthouseVersion"] if results else "?"
    print(f"\nLighthouse {version}, Chromium {os.environ.get('CHROME_PATH', '/usr/bin/chromium')}, "
          f"goal {GOAL} in each category")
    print(f"{'page':<7} {'preset':<8} " + " ".join(f"{c:>15}" for c in CATEGORIES))
    for (page, preset), report in results.items():
        scores = [round(report["categories"][c]["score"] * 100) for c in CATEGORIES]
        print(f"{page:<7} {preset:<8} " + " ".join(f"{s:>14}{'' if s >= GOAL else '!'}" for s in scores))
    for (page, preset), report in results.items():
        for category in CATEGORIES:
            if report["categories"][category]["score"] * 100 < GOAL:
                print(f"\n{page} {preset}, {category} below {GOAL}:")
                for line in losses(report, category):
                    print(f"  - {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
