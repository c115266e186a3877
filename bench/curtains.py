#!/usr/bin/env python3
"""How often the hot-seat curtain comes up in a whole game of two people at one device (issue
30, item 7): every seat is played by a bot, and the table's choice of the seat shown and of
its curtain (site/js/hall/table/seat.js, `showSeat`) is followed step by step against the
engine's `hall_secret`. Prints handoffs and curtains per game; asserts nothing.

    python3 bench/curtains.py [--game grid] [--games 10] [--bots strong]
"""

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine.core.game import get_game  # noqa: E402
from engine.sim.play import Clock, bot_acts  # noqa: E402


def count(module, seed: str, bots: list[str]) -> tuple[int, int, int]:
    """(actions, handoffs, curtains) of one game: the device passes to the first seat still to
    act when the shown one is done; the curtain covers a seat that is handed the device, or
    that meets a new simultaneous step, when its screen holds a secret (None: every screen)."""
    state = module.new_game({}, [f"P{i}" for i in range(len(bots))], seed)
    clock = Clock(module)
    shown = last_step = None
    actions = handoffs = curtains = 0
    while not module.is_over(state):
        turn = module.to_act(state)
        waiting = [i for i in turn["seats"] if i in turn["waiting"]]
        if not waiting:
            module.apply(state, None, clock.stamp(turn["close"]))
            continue
        seat = shown if shown in waiting else waiting[0]
        cover = seat != shown or (turn["together"] and turn["step"] != last_step)
        secret = module.hall_secret(state) if hasattr(module, "hall_secret") else None
        if cover and (secret is None or seat in secret):
            curtains += 1
        handoffs += seat != shown
        shown, last_step = seat, turn["step"]
        bot_acts(module, state, seat, bots[seat], f"{seed}:{turn['step']}:{seat}", clock)
        actions += 1
    return actions, handoffs, curtains


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="grid")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--bots", default="strong")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    module = get_game(args.game)
    rows = [count(module, f"curtain-{i}", [args.bots] * args.players) for i in range(args.games)]
    print(f"{args.game}, {args.players} people at one device, {args.bots} bots, {args.games} games")
    print(" actions  handoffs  curtains")
    for a, h, c in rows:
        print(f"{a:8d}  {h:8d}  {c:8d}")
    for name, k in (("handoffs", 1), ("curtains", 2)):
        values = [r[k] for r in rows]
        print(f"{name}: median {statistics.median(values)}, largest {max(values)}")


if __name__ == "__main__":
    main()
