"""A bot's move in the browser (Pyodide in Debian's Chromium, our own build), for any game:
prints the time of each bot action through the page's bridge (`hall_bot_step`, as the hall's
table asks for it). Target: under 1 second a move on this machine. Prints figures, asserts
nothing.

    .venv/bin/python bench/bot_browser.py [--game broker-yard] [--level strong] [--games 3]
                                          [--players 4] [-o deal=4+6]
"""

import argparse
import pathlib
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from engine.__main__ import parse_option  # noqa: E402

# Every seat a bot of the level: the game opens from a record (the lobby would want a
# person), then bots act one call at a time until the end; a call that closes a step (the
# host's update) is timed apart.
TIMED_GAME = """async ([id, game, players, level, options, seed]) => {
  const py = brokerYard.py;
  await py.install(game);
  const names = Array.from({length: players}, (_, i) => `Bot ${i + 1}`);
  const seats = names.map(() => ({kind: "bot", level}));
  await py.call("hall_open", {id, record: {game, players: names, seed, options, meta: {seats}}});
  const moves = [], closes = [];
  for (let n = 0; n < 100000; n++) {
    const t0 = performance.now();
    const out = await py.call("hall_bot_step", {id, at: Date.now()});
    (out.acted === null ? closes : moves).push(performance.now() - t0);
    if (out.stored.summary.over) break;
  }
  return {moves, closes};
}"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="broker-yard")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an option of the game, VALUE as JSON (default for broker-yard: deal=4+6)")
    args = parser.parse_args()
    options = dict(parse_option(o) for o in args.option) or ({"deal": "4+6"} if args.game == "broker-yard" else {})
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
                times, closes = [], []
                for g in range(args.games):
                    got = page.evaluate(TIMED_GAME, [f"bench{g}", args.game, args.players, args.level, options, g + 1])
                    times += got["moves"]
                    closes += got["closes"]
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"{args.game}, {args.level} bots in Pyodide ({args.players} players, options {options}, "
          f"{args.games} games): {len(times)} moves, median {statistics.median(times):.0f} ms, "
          f"95th percentile {p95:.0f} ms, max {max(times):.0f} ms   [target: < 1000 ms]")
    if closes:
        print(f"  steps closed by the host: {len(closes)}, median {statistics.median(closes):.0f} ms")
    print(f"  a whole game in the page's bridge calls (bots and closes): "
          f"{(sum(times) + sum(closes)) / args.games / 1000:.1f} s on average")


if __name__ == "__main__":
    main()
