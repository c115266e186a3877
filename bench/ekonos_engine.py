"""Ekonos engine and bot speed in CPython (prints figures; run on purpose, never asserted):

- a whole 4-player game, engine time only: the actions of games played by random or easy
  bots are replayed through new_game + apply (target: under 10 ms); the same games with the
  bots' thinking and the views they read; and with a spectator view after every action
  (what a table redraws);
- one decision of each bot level (median, p95, max) along 4-player games (strong target:
  median under 250 ms in CPython, Pyodide being 2-4x slower);
- the state link of a 4-player game (one remote seat) along the game, as codec.encode makes
  it: the default (spectator view + the seat's differing part) and Ekonos's compact one.

    python3 bench/ekonos_engine.py [--games N] [--strong-games N]
"""

import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from types import SimpleNamespace  # noqa: E402

from engine import ekonos  # noqa: E402
from engine.core.codec import encode  # noqa: E402
from engine.core.links import link_parts  # noqa: E402
from engine.ekonos.bots import get_bot  # noqa: E402
from engine.sim.play import seat_bots  # noqa: E402

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def play(bots, seed, timings=None):
    """A whole game; returns (its actions, seconds in all, seconds of bot decisions)."""
    state = ekonos.new_game({}, NAMES, seed)
    deciders = [get_bot(b) for b in bots]
    t0 = time.perf_counter()
    thinking = 0.0
    while not ekonos.is_over(state):
        seat = ekonos.to_act(state)["seats"][0]
        t = time.perf_counter()
        action = deciders[seat](ekonos.bot_view(state, seat), seed=f"{seed}:{state['step']}")
        dt = time.perf_counter() - t
        thinking += dt
        if timings is not None:
            timings.setdefault(bots[seat], []).append(dt)
        ekonos.apply(state, seat, action)
    return state["actions"], time.perf_counter() - t0, thinking


def replay(seed, actions, spectator=False) -> float:
    t0 = time.perf_counter()
    state = ekonos.new_game({}, NAMES, seed)
    for seat, action in actions:
        ekonos.apply(state, seat, action)
        if spectator:
            ekonos.view(state, None)
    return time.perf_counter() - t0


def ms(values) -> str:
    v = sorted(values)
    return (f"median {1000 * statistics.median(v):.2f} ms, p95 {1000 * v[int(0.95 * (len(v) - 1))]:.2f}"
            f" ms, max {1000 * v[-1]:.2f} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--strong-games", type=int, default=6)
    args = ap.parse_args()
    print(f"Python {sys.version.split()[0]}")
    for level in ("random", "easy"):
        played = [(seed, *play([level] * 4, seed)) for seed in range(args.games)]
        engine = [replay(seed, actions) for seed, actions, _, _ in played for _ in range(2)]
        steps = statistics.median(len(a) for _, a, _, _ in played)
        print(f"4 players, {level} bots, {steps:.0f} actions a game: engine only {ms(engine)} "
              f"[target < 10 ms]")
        print(f"    with the bots' views and thinking: whole game {ms([t for *_, t, _ in played])}; "
              f"bots {ms([b for *_, b in played])}")
        views = [replay(seed, actions, spectator=True) for seed, actions, _, _ in played[:50]]
        print(f"    engine + a spectator view after every action: {ms(views)}")
    timings = {}
    for seed in range(args.games // 4):
        play(["easy", "normal", "easy", "normal"], 1000 + seed, timings)
    for seed in range(args.strong_games):  # the strong bot in every seat in turn
        play(seat_bots(["strong", "normal", "normal", "easy"], 4, seed, True), 2000 + seed, timings)
    for level in [lv for lv in ("easy", "normal", "strong") if lv in timings]:
        print(f"{level} bot, one decision ({len(timings[level])} decisions): {ms(timings[level])}"
              + ("   [target: median < 250 ms]" if level == "strong" else ""))
    link_sizes(5)


def link_sizes(games: int) -> None:
    """Characters of a state link for one remote seat, every 20 actions along the games."""
    default = SimpleNamespace(view=ekonos.view, to_act=ekonos.to_act, is_over=ekonos.is_over)
    sizes = {}
    for seed in range(games):
        state = ekonos.new_game({}, NAMES, 3000 + seed)
        k = 0
        while True:
            if k % 20 == 0 or ekonos.is_over(state):
                for name, module in (("default", default), ("compact", ekonos)):
                    p = link_parts(module, state, {0})
                    sizes.setdefault(name, {}).setdefault(min(k // 20, 11), []).append(
                        len(encode("r", 1, {"p": p["public"], "x": [p["privates"][0]]})))
            if ekonos.is_over(state):
                break
            seat = ekonos.to_act(state)["seats"][0]
            ekonos.apply(state, seat, ekonos.bot_action("normal", ekonos.bot_view(state, seat), k))
            k += 1
    for name, by in sizes.items():
        print(f"{name} 4-player link, median characters after 0, 20, 40, ... actions: "
              + ", ".join(str(int(statistics.median(v))) for _, v in sorted(by.items()))
              + f"; largest {max(max(v) for v in by.values())}")


if __name__ == "__main__":
    main()
