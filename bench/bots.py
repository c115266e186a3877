"""Bot benchmark: games per second of 4-player classic with the simple bots, and the time
of one strong-bot decision (median and max over the decisions of several games).
Prints figures; asserts nothing.   python3 bench/bots.py [--games N]"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine.broker import new_game, submit, resolve, view  # noqa: E402
from engine.broker.bots import get_bot  # noqa: E402


def play(bots, seed, options=None, timings=None):
    state = new_game(options, [f"P{i}" for i in range(len(bots))], seed)
    deciders = [get_bot(b) for b in bots]
    while not state["over"]:
        for i, bot in enumerate(deciders):
            if state["seats"][i]["bankrupt"]:
                continue
            v = view(state, i, history=False)
            t = time.perf_counter()
            order = bot(v, seed=f"{seed}:{state['round']}:{i}")
            if timings is not None and bots[i].startswith("strong"):
                timings.append(time.perf_counter() - t)
            submit(state, i, order)
        resolve(state)
    return state


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--strong-games", type=int, default=20)
    args = ap.parse_args()
    for bots in (["easy"] * 4, ["normal"] * 4, ["normal", "normal", "easy", "easy"]):
        t = time.perf_counter()
        for s in range(args.games):
            play(bots, s)
        dt = time.perf_counter() - t
        print(f"4-player classic, {','.join(bots)}: {args.games / dt:.1f} games/s (one core)")
    for level, players, options in (("strong", 4, None), ("strong:60", 4, None),
                                     ("strong", 10, {"mode": "mass"}),
                                     ("strong", 50, {"mode": "mass"})):
        timings = []
        games = args.strong_games if players <= 10 else 2
        for s in range(games):
            play(([level] + ["normal", "normal", "easy"] * players)[:players], s, options, timings)
        ms = sorted(x * 1000 for x in timings)
        print(f"{level} decision, {players} players {options or 'classic'}: median "
              f"{statistics.median(ms):.1f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, "
              f"max {ms[-1]:.1f} ms over {len(ms)} decisions")


if __name__ == "__main__":
    main()
