#!/usr/bin/env python3
"""What each part of a map table costs the browser to style and lay out (issue 28's stalls).

    .venv/bin/python bench/parts.py [--games ekonos,grid] [--browser chromium] [--seconds 12]
        [--no-build] [--page NAME=DIST] [--repeat 9]

A game of bots (bench/mainthread.py's: every seat the best level, "instant" pace) is played
on a warm page for --seconds, then paused (the table's pace) and left at rest. The table as
drawn is then put into the page again and again, a copy each time, whole or with one part
left out, and the style and layout that follow are timed (a forced layout right after the
insertion, as the table's redraw forces one): a part's cost is the whole's less the whole
without it. Medians of --repeat insertions, the variants turn about. On the clock: compare
builds in the same run (--page).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
from browsers import BROWSERS  # noqa: E402
from mainthread import METER  # noqa: E402
from redraw import open_bot_game, served  # noqa: E402

# the parts tried left out, per game (a selector each; "" is the whole table)
PARTS = {
    "ekonos": [
        "",
        ".map-card",
        ".ek-side",
        ".ek-chart, .chart-card",
        ".seats-strip, .ek-seats",
        "#by-log",
        ".game-top",
        ".map-card svg text",
        ".ek-flash",
    ],
    "grid": [
        "",
        ".map-card",
        ".grid-side",
        ".grid-markets",
        ".status-strip",
        "#by-log",
        ".game-top",
        ".mine",
        ".map-card svg text",
        ".link-cost",
        ".grid-flash, .flash",
    ],
}

TIME = """([drops, repeat]) => {
  const app = document.getElementById("app");
  const original = [...app.childNodes];
  const once = (drop) => {
    const holder = document.createElement("div");
    holder.append(...original.map((n) => n.cloneNode(true)));
    if (drop) for (const el of holder.querySelectorAll(drop)) el.remove();
    const nodes = holder.getElementsByTagName("*").length;
    void document.body.offsetHeight;
    const t0 = performance.now();
    app.replaceChildren(...holder.childNodes);
    void app.offsetHeight;
    return [performance.now() - t0, nodes];
  };
  const out = Object.fromEntries(drops.map((d) => [d, []]));
  const nodes = {};
  for (let k = 0; k < repeat; k++)
    for (const d of drops) { const [ms, n] = once(d); out[d].push(ms); nodes[d] = n; }
  app.replaceChildren(...original);
  const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
  return drops.map((d) => [d, med(out[d]), nodes[d], document.querySelectorAll(d || "#none").length]);
}"""


def measure(pw, kind: str, url: str, game: str, seconds: float, repeat: int) -> list[str]:
    browser = BROWSERS[kind](pw)
    try:
        open_bot_game(browser, url, game)
        browser.reload()
        time.sleep(seconds)
        browser.run("() => localStorage.setItem('by.v1.botSpeed', JSON.stringify('paused'))")
        browser.wait("() => document.documentElement.hasAttribute('data-settled')", timeout=120)
        time.sleep(1)
        rows = browser.run(TIME, [PARTS[game], repeat])
    finally:
        browser.close()
    whole = rows[0][1]
    lines = [f"  {game}: the whole table {whole:6.1f} ms ({rows[0][2]} elements)"]
    for drop, ms, nodes, count in rows[1:]:
        lines.append(
            f"    without {drop:28} {ms:6.1f} ms: the part {whole - ms:6.1f} ms"
            f" ({rows[0][2] - nodes} elements in {count})"
        )
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="ekonos,grid")
    parser.add_argument("--browser", default="chromium")
    parser.add_argument("--seconds", type=float, default=12)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--page", action="append", default=[], metavar="NAME=DIST")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if not args.no_build:
        build.build(quiet=True)
    with served(args.page, METER) as servers, sync_playwright() as pw:
        for game in args.games.split(","):
            for name, server in servers.items():
                print(f"{name} ({args.browser}):", flush=True)
                print("\n".join(measure(pw, args.browser, server.url, game, args.seconds, args.repeat)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
