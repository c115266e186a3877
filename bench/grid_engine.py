#!/usr/bin/env python3
"""Grid benchmark: whole-game engine time with bots (the engine's share and the bots'
apart), the time of one bot decision per level (median and p95), and the size of a
4-player state link at its largest. Prints figures; asserts nothing.

    python3 bench/grid_engine.py [--games N]
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine.core.codec import encode  # noqa: E402
from engine.core.game import get_game  # noqa: E402
from engine.core.links import link_parts  # noqa: E402
from engine.grid import apply, bot_action, bot_view, is_over, new_game, to_act  # noqa: E402


def play(bots, seed, timings, links=None):
    """One game; `timings` collects (level, seconds) per bot decision; returns
    (engine seconds, bot seconds, actions, rounds)."""
    s = new_game({}, [f"P{i}" for i in range(len(bots))], seed)
    engine = bots_time = 0.0
    actions = 0
    module = get_game("grid")
    while not is_over(s):
        t0 = time.perf_counter()
        turn = to_act(s)
        engine += time.perf_counter() - t0
        seats = turn["seats"] if turn["together"] else turn["seats"][:1]
        for i in seats:
            t0 = time.perf_counter()
            seen = bot_view(s, i)
            t1 = time.perf_counter()
            action = bot_action(bots[i], seen, f"{seed}:{turn['step']}:{i}")
            t2 = time.perf_counter()
            if action:
                apply(s, i, action)
                actions += 1
            t3 = time.perf_counter()
            engine += (t1 - t0) + (t3 - t2)
            bots_time += t2 - t1
            timings.append((bots[i], t2 - t1))
        if turn["together"] and to_act(s)["step"] == turn["step"]:
            t0 = time.perf_counter()
            apply(s, None, turn["close"])
            engine += time.perf_counter() - t0
        if links is not None and len(bots) == 4 and turn["step"] % 7 == 0:
            parts = link_parts(module, s, set(range(4)))
            links.append(len(encode("s", 1, parts["public"])))
    return engine, bots_time, actions, s["round"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=6, help="games per table (default 6)")
    args = ap.parse_args()
    timings, links = [], []
    for bots in (["random"] * 3, ["easy", "normal", "strong"], ["normal"] * 4, ["strong"] * 4):
        eng = bot = acts = rounds = 0.0
        for k in range(args.games):
            e, b, a, r = play(bots, f"bench{k}", timings, links)
            eng, bot, acts, rounds = eng + e, bot + b, acts + a, rounds + r
        n = args.games
        print(f"{len(bots)} players, {','.join(bots)}: a game takes {eng / n * 1000:.0f} ms of engine "
              f"(views, legal moves, apply) + {bot / n * 1000:.0f} ms of bots; {acts / n:.0f} actions, "
              f"{rounds / n:.1f} rounds; {acts / max(eng, 1e-9):.0f} actions/s of engine")
    for level in ("random", "easy", "normal", "strong"):
        ms = sorted(t * 1000 for lv, t in timings if lv == level)
        if ms:
            print(f"{level} decision: median {statistics.median(ms):.2f} ms, p95 "
                  f"{ms[int(0.95 * (len(ms) - 1))]:.2f} ms, max {ms[-1]:.1f} ms over {len(ms)} decisions")
    if links:
        print(f"4-player state link (public part, encoded): median {statistics.median(links):.0f}, "
              f"max {max(links)} characters over {len(links)} states")


if __name__ == "__main__":
    main()
