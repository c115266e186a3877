#!/usr/bin/env python3
"""Print the size of every state link and action code of a 4-player classic game (issue 5:
each stays under 2,000 characters up to the final round), built by the real site code in
Chromium: the engine (CPython) plays the game with bots and makes what the links carry
(engine/core/links.py, as the hall's bridge does), the page seals and encodes the strings.

    .venv/bin/python bench/link_sizes.py [--deal 4+6] [--players 4] [--seed S] [--bots N]

`--bots N`: the last N seats are the host's bots, which the links' public part names (as
engine/core/session.py's link_input does) and which get no sealed part.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.broker import new_game, submit, resolve, view  # noqa: E402
from engine.broker.bots import get_bot  # noqa: E402
import engine.broker as broker  # noqa: E402
from engine.core import links  # noqa: E402
from tests.site.net.net_helpers import TAG, MODULES, link_input, pack  # noqa: E402
from bench.net_page import BOOKS_SETUP, STEP, net_page  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deal", default="4+6")
    parser.add_argument("--seed", default="sizes")
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--bots", type=int, default=0)
    args = parser.parse_args(argv)

    state = new_game({"mode": "classic", "deal": args.deal},
                     [f"Player {i + 1}" for i in range(args.players)], args.seed)
    decide = get_bot(args.bot)
    with net_page() as page:
        invites = page.evaluate(BOOKS_SETUP, [list(MODULES), args.players, TAG])
        bots = {i: args.bot for i in range(args.players - args.bots, args.players)}
        print(f"{args.players}-player classic {args.deal}, seed {args.seed!r}, {args.bots} bot seats")
        print(f"invite links: {max(invites)} characters at most (the code after '#')")
        print("round  state link  action codes")
        worst = [0, 0]
        while True:
            data = (links.link_parts(broker, state, set(range(args.players)) - set(bots), bots) if bots
                    else link_input(state))
            orders = []
            if not state["over"]:
                for i, s in enumerate(state["seats"]):
                    if not s["bankrupt"]:
                        order = decide(view(state, i, history=False), seed=f"{args.seed}:{state['round']}:{i}")
                        submit(state, i, order)
                        orders.append([i, pack(order)])
            got = page.evaluate(STEP, [data, orders])
            label = "end" if state["over"] else str(state["round"])
            print(f"{label:>5}  {got['link']:>10}  {' '.join(map(str, got['codes']))}")
            worst = [max(worst[0], got["link"]), max([worst[1], *got["codes"]])]
            if state["over"]:
                break
            resolve(state)
        print(f"largest state link {worst[0]}, largest action code {worst[1]} characters "
              f"(budget 2000)")
    return 0 if max(worst) < 2000 else 1


if __name__ == "__main__":
    sys.exit(main())
