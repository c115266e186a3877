#!/usr/bin/env python3
"""Print the sizes of a game's links as the real site code makes them: the engine
(CPython) plays a game with bots and gives what links carry (engine/core/links.py, as the
hall's bridge does in Pyodide); the page's own net modules (site/js/net: HostInbox, the
player's book) seal and encode the invites, the state link at every decision and every
action code, in Chromium. Target: under 2,000 characters.

    .venv/bin/python bench/sealed_link_sizes.py --game grid|ekonos|... [--players 4] [--games 2]
        [--bots strong,normal]

(Broker-Yard's own figures: bench/link_sizes.py; the spy game's: bench/spy_net_sizes.py.)
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core import links  # noqa: E402
from engine.core.game import GAMES, get_game  # noqa: E402
from tests.site.net.net_helpers import MODULES  # noqa: E402
from bench.net_page import BOOKS_SETUP, STEP, net_page  # noqa: E402

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(GAMES), default="grid")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--bots", default="strong,normal")
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    game = get_game(args.game)

    links_all, codes_all, invites_all, ends = [], [], [], []
    with net_page() as page:
        everyone = set(range(args.players))
        for g in range(args.games):
            invites_all += page.evaluate(BOOKS_SETUP, [list(MODULES), args.players, GAMES[game.GAME].tag])
            state = game.new_game({}, [f"Player {i + 1}" for i in range(args.players)], f"links-{g}")
            n = 0
            while True:
                turn = game.to_act(state)
                data = links.link_parts(game, state, everyone)
                actions = []
                for seat in [] if game.is_over(state) else turn["seats"]:
                    got = game.bot_action(bots[seat % len(bots)], game.bot_view(state, seat), f"{g}:{n}:{seat}")
                    first = (got[0] if isinstance(got, list) else got) if got else None
                    if first:  # one decision per code: the bot decides again at the next step
                        actions.append([seat, links.pack_action(game, first)])
                        game.apply(state, seat, first)
                got = page.evaluate(STEP, [data, actions])
                links_all.append(got["link"])
                codes_all += got["codes"]
                n += 1
                if game.is_over(state) and not actions:
                    ends.append(got["link"])
                    break
                # a simultaneous step that the bots' actions did not close: the host closes it
                if turn["together"] and turn["close"] and game.to_act(state)["step"] == turn["step"]:
                    game.apply(state, None, turn["close"])
            print(f"game {g}: {n} state links; largest {max(links_all)} characters")
    links_all.sort()
    print(f"{args.game}, {args.players} players, bots {bots}, {args.games} games, {len(links_all)} state links "
          f"(every decision; each with all {args.players} seats' private parts)")
    print(f"  invite links: {max(invites_all)} characters at most")
    print(f"  state links: median {statistics.median(links_all):.0f}, "
          f"95th percentile {links_all[int(0.95 * (len(links_all) - 1))]}, largest {links_all[-1]} characters")
    print(f"  action codes: median {statistics.median(codes_all):.0f}, largest {max(codes_all)} characters")
    print(f"  a finished game's link: {max(ends)} characters")
    return 0 if max(links_all[-1], max(codes_all)) < 2000 else 1


if __name__ == "__main__":
    sys.exit(main())
