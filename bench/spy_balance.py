#!/usr/bin/env python3
"""Time the spy game's balance hint (engine/spy/balance.py): N games of a preset played by
the normal bots, per player count, in this CPython process (the lobby's budget: a few
hundred games in about two seconds).

    .venv/bin/python bench/spy_balance.py [--games 300] [--players 5,8,10,15,20]
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.spy.balance import balance_hint  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--players", default="5,8,10,12,15,20")
    args = p.parse_args(argv)
    for n in (int(x) for x in args.players.split(",")):
        start = time.perf_counter()
        hint = balance_hint(n, games=args.games, seed="bench")
        took = time.perf_counter() - start
        spies = hint["teams"]["spies"]
        print(f"{n:2d} players: {args.games} games in {took:.2f} s ({1000 * took / args.games:.1f} ms "
              f"a game, {hint['cycles']:.1f} cycles); spies win {spies['rate']:.1%} "
              f"({spies['ci95'][0]:.1%}–{spies['ci95'][1]:.1%})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
