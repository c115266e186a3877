#!/usr/bin/env python3
"""The spy game's balance hint in the browser (Pyodide in Debian's Chromium, our own build),
as the lobby computes it: the bridge's game_tool "balance" for the preset of each player
count, a first part that loads the simulator, then parts of a few games. Prints the time a
game takes and how many games the lobby plays in its time budget (site/js/games/spy/setup.js:
TIME_BUDGET_MS). Prints figures, asserts nothing.

    .venv/bin/python bench/spy_hint_browser.py [--players 5 10 15 20] [--games 40]
"""

import argparse
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.site.conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402

BUDGET_MS, SLICE_MS, MIN_GAMES, MAX_GAMES = 4000, 120, 40, 400   # as setup.js
TIMED = """async ([players, games]) => {
  const py = brokerYard.py;
  await py.install("spy");
  await py.call("game_tool", {game: "spy", tool: "balance", args: {players, options: {}, games: 2}});
  let prior = null, spent = 0;
  for (let part = 1, done = 0; done < games; part++) {
    const n = Math.min(10, games - done);
    const t0 = performance.now();
    const args = {players, options: {}, games: n, part, prior};
    prior = await py.call("game_tool", {game: "spy", tool: "balance", args});
    spent += performance.now() - t0;
    done += n;
  }
  return {ms: spent / games, spies: prior.teams.spies.rate};
}"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=[5, 10, 15, 20])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = pathlib.Path(tmp) / "dist"
        build.build(dist, quiet=True)
        server = build.start(dist)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
                page = browser.new_page()
                page.goto(server.url)
                page.wait_for_function("document.documentElement.dataset.runtime === 'ready'", timeout=180_000)
                for n in args.players:
                    got = page.evaluate(TIMED, [n, args.games])
                    games = max(MIN_GAMES, min(MAX_GAMES, round(BUDGET_MS / got["ms"])))
                    print(f"{n:2d} players: {got['ms']:.1f} ms a game in Pyodide; the lobby plays {games} games "
                          f"in about {games * got['ms'] / 1000:.1f} s, in parts of "
                          f"{max(1, min(50, round(SLICE_MS / got['ms'])))} (≈{SLICE_MS} ms each)", flush=True)
                browser.close()
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
