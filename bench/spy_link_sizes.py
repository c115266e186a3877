#!/usr/bin/env python3
"""Print the size of the spy game's state links (engine.core.links.link_parts, encoded as
the net layer's save strings by engine.core.codec.encode) at every step of bot games:
the public part, and the whole link for one remote seat. Target: under 2,000 characters.

    .venv/bin/python bench/spy_link_sizes.py [--players 10] [--games 5] [--bot normal]
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import spy  # noqa: E402
from engine.core.codec import encode  # noqa: E402
from engine.core.links import link_parts  # noqa: E402
from engine.spy.bots import bot_action  # noqa: E402


def sizes(state, seat) -> tuple[int, int]:
    parts = link_parts(spy, state, {seat})
    whole = encode("s", 1, {"step": parts["step"], "public": parts["public"],
                            "private": parts["privates"][seat]})
    return len(encode("s", 1, parts["public"])), len(whole)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=10)
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--bot", default="normal")
    p.add_argument("--options", default="{}", help="options as JSON")
    args = p.parse_args(argv)
    import json
    worst_public = worst_whole = worst_end = 0
    for g in range(args.games):
        state = spy.new_game(json.loads(args.options), [f"Player {i + 1}" for i in range(args.players)],
                             f"links-{g}")
        now, steps = 1_700_000_000_000, 0
        while not state["over"]:
            turn = spy.to_act(state)
            for seat in turn["seats"]:
                for a in bot_action(args.bot, spy.view(state, seat), f"{g}:{turn['step']}:{seat}") or []:
                    now += 1000
                    spy.apply(state, seat, {**a, "at": now})
            pub, whole = sizes(state, turn["seats"][0])
            worst_public, worst_whole = max(worst_public, pub), max(worst_whole, whole)
            steps += 1
            now += 1000
            spy.apply(state, None, {"type": "close_day", "at": now})
        pub, whole = sizes(state, 0)
        worst_end = max(worst_end, whole)
        print(f"game {g}: {state['cycle']} cycles, {steps} steps; at the end: public {pub}, "
              f"link for one seat {whole} characters")
    print(f"largest in play: public part {worst_public}, a seat's whole link {worst_whole} "
          f"characters; a finished game's link (its record): {worst_end}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
