"""The strong bot's turn in the browser (Pyodide in Debian's Chromium, our own build):
prints the time of each strong-bot decision through the page's bridge, as the hall makes
it. Target (issue 6): under 1 second a turn on this machine. Prints figures, asserts nothing.

    python3 bench/strong_bot_browser.py [--games 3] [--players 4] [--deal 4+6]
"""

import argparse
import pathlib
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

TIMED_GAME = """async ([id, players, deal, seed]) => {
  const py = brokerYard.py;
  const seats = [{name: "Human", kind: "human"}];
  for (let i = 1; i < players; i++) seats.push({name: `Strong ${i}`, kind: "bot", level: "strong"});
  await py.call("hall_create", {id, options: {deal}, seats, seed});
  const times = [];
  for (let round = 0; round < 20; round++) {
    for (;;) {
      const t0 = performance.now();
      const left = await py.call("hall_prepare_bot", {id});
      times.push(performance.now() - t0);
      if (left === 0) break;
    }
    const out = await py.call("hall_end_round", {id});
    if (out.stored && out.stored.summary && out.stored.summary.over) break;
  }
  return times;
}"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deal", default="4+6")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = pathlib.Path(tmp) / "dist"
        build.build(dist, quiet=True)
        server = build.start(dist)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update"])
                page = browser.new_page()
                page.goto(server.url)
                page.wait_for_function("document.documentElement.dataset.runtime === 'ready'",
                                       timeout=180_000)
                times = []
                for g in range(args.games):
                    times += page.evaluate(TIMED_GAME, [f"bench{g}", args.players, args.deal, g + 1])
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"strong bot in Pyodide ({args.players} players, {args.deal}, {args.games} games): "
          f"{len(times)} decisions, median {statistics.median(times):.0f} ms, "
          f"95th percentile {p95:.0f} ms, max {max(times):.0f} ms   [target: < 1000 ms]")


if __name__ == "__main__":
    main()
