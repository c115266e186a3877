"""Engine speed in CPython (prints figures; run on purpose, never asserted):

- the update of one mass-start round with 10,000 players (target: under 100 ms), as wall
  time and as this process's CPU time (steadier on a shared machine)
- a whole 4-player classic game, orders and updates (target: under 5 ms)

    python3 bench/engine_throughput.py [--repeat N]
"""

import argparse
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from engine.broker import new_game, submit, resolve, legal  # noqa: E402
from engine.broker.cards import COLOURS  # noqa: E402


def quick_order(state, seat, rng):
    """A cheap legal order: one card with random choices, sometimes a one-share trade."""
    info = legal(state, seat)
    entry = rng.choice(info["cards"])
    choices = {}
    if entry["choice"] == "others":
        values = list(entry["values"])
        rng.shuffle(values)
        choices = {"others": dict(zip(entry["colours"], values))}
    elif entry["choice"] == "other":
        choices = {"other": rng.choice(entry["colours"])}
    order = {"card": entry["card"], "choices": choices}
    colour = rng.choice(COLOURS)
    if info["shares"][colour] and info["cash"] >= 0 and rng.random() < 0.5:
        order["trades"] = {colour: -1}
    return order


def mass_round(players: int, seed: int) -> tuple[float, float, float]:
    rng = random.Random(seed)
    state = new_game({"mode": "mass"}, [f"P{i}" for i in range(players)], seed)
    t0 = time.perf_counter()
    for seat in range(players):
        submit(state, seat, quick_order(state, seat, rng))
    t1, c1 = time.perf_counter(), time.process_time()
    resolve(state)
    t2, c2 = time.perf_counter(), time.process_time()
    return (t1 - t0) * 1000, (t2 - t1) * 1000, (c2 - c1) * 1000


def whole_game(seed: int, orders: list) -> float:
    """Time a full 4-player game replaying pre-made orders (so only the engine is timed)."""
    t0 = time.perf_counter()
    state = new_game({}, ["A", "B", "C", "D"], seed)
    for round_orders in orders:
        if state["over"]:
            break
        for seat, order in enumerate(round_orders):
            if not state["seats"][seat]["bankrupt"]:
                submit(state, seat, order)
        resolve(state)
    return (time.perf_counter() - t0) * 1000


def plan_game(seed: int) -> list:
    rng = random.Random(seed)
    state = new_game({}, ["A", "B", "C", "D"], seed)
    plan = []
    while not state["over"]:
        orders = [quick_order(state, s, rng) if not state["seats"][s]["bankrupt"] else None
                  for s in range(4)]
        plan.append(orders)
        for seat, order in enumerate(orders):
            if order:
                submit(state, seat, order)
        resolve(state)
    return plan


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")

    submits, updates, cpu = zip(*(mass_round(10_000, seed) for seed in range(args.repeat)))
    print(f"mass start, 10,000 players, one round: update median {statistics.median(updates):.1f} ms "
          f"(min {min(updates):.1f}, max {max(updates):.1f}; CPU median {statistics.median(cpu):.1f} ms); "
          f"submitting 10,000 orders {statistics.median(submits):.1f} ms   [target: update < 100 ms]")

    plans = [(seed, plan_game(seed)) for seed in range(200)]
    times = [whole_game(seed, plan) for seed, plan in plans for _ in range(3)]
    print(f"whole 4-player classic game (new game, 40 orders, 10 updates): median "
          f"{statistics.median(times):.2f} ms (min {min(times):.2f}, max {max(times):.2f}) "
          f"over {len(times)} runs   [target: < 5 ms]")


if __name__ == "__main__":
    main()
