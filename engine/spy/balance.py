"""The balance hint: each team's win rate for a setup, from games the simple bots play
with the simulator's loop, with its 95% confidence interval — quick enough for the lobby
(a few hundred games in about two seconds in CPython; bench/spy_balance.py measures it).

    balance_hint(8)                                -> the preset for 8 players
    balance_hint(8, {"spies": 3, "mayor": 1})      -> a custom setup (any options)

The hints for the presets are precomputed (`preset_hints.py`), written by

    python3 -m engine.spy.balance --write [--games 2000]

The bots play far worse than people who talk, so the hint measures a setup's structure
(how much the powers and numbers favour a team), not the odds at a human table.
"""

import argparse
import sys

from .actions import legal
from .game import new_game, to_act, apply
from .options import resolve_options, setup_of
from .view import bot_view
from .sim import team_rates


START = 1_700_000_000_000


def play_quick(state, bot: str, seed) -> None:
    """Play a game to its end with one bot level in every seat: the simulator's loop
    (engine/sim/play.py) without its idle calls — a seat whose only action is `done` is not
    asked, and nobody says done (the day closes all the same). Every decision is the
    bot's own from its seat's view, seeded as the simulator seeds it, so the game is the
    one the simulator plays (tests/engine/spy/test_sim.py compares them)."""
    from .bots import bot_action
    now = START
    while not state["over"]:
        turn = to_act(state)
        for seat in turn["seats"]:
            if len(legal(state, seat)["actions"]) == 1:
                continue
            actions = bot_action(bot, bot_view(state, seat), f"{seed}:{turn['step']}:{seat}")
            for action in actions or []:
                if action["type"] != "done":
                    now += 1000
                    apply(state, seat, {**action, "at": now})
        now += 1000
        apply(state, None, {"type": "close_day", "at": now})


def balance_hint(players: int, options: dict | None = None, games: int = 300, bot: str = "normal",
                 seed="balance") -> dict:
    """{"players", "setup", "games", "bot", "teams": {team: {wins, rate, ci95}}, "cycles"}."""
    resolved = resolve_options(dict(options or {}), players)
    names = [f"p{i}" for i in range(players)]
    winners, cycles = [], 0
    for i in range(games):
        state = new_game(dict(options or {}), names, f"{seed}-{i}")
        play_quick(state, bot, f"{seed}-{i}")
        winners.append(state["winner"])
        cycles += state["cycle"]
    return {"players": players, "setup": setup_of(resolved), "games": games, "bot": bot,
            "teams": team_rates(winners), "cycles": cycles / max(1, games)}


def preset_hint(players: int) -> dict | None:
    """The precomputed hint for the preset of `players` (None if there is none)."""
    from .preset_hints import HINTS
    return HINTS.get(players)


def write_hints(path: str, games: int, progress=None) -> dict:
    """Compute every preset's hint and write them as a Python data module."""
    from .setups import MIN_PLAYERS, MAX_PLAYERS
    hints = {}
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        hints[n] = balance_hint(n, games=games, seed=f"preset-{n}")
        if progress:
            progress(n, hints[n])
    write_module(path, hints, games)
    return hints


def write_module(path: str, hints: dict, games: int) -> None:
    """The hints as a Python data module, wrapped to the project's line length."""
    import pprint
    lines = ['"""Precomputed balance hints for the presets (engine/spy/balance.py), written by',
             f'    python3 -m engine.spy.balance --write --games {games}',
             'Each: the setup, the games played by the normal bots, each team\'s win rate with',
             'its 95% Wilson interval, the mean game length in cycles. Data only."""', "",
             "HINTS = " + pprint.pformat(hints, width=100, sort_dicts=False)]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m engine.spy.balance", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--write", action="store_true", help="recompute engine/spy/preset_hints.py")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--players", type=int, default=None, help="one player count only (prints)")
    args = p.parse_args(argv)

    def show(n, h):
        t = h["teams"]
        print(f"{n:2d} players {h['setup']}: spies {t['spies']['rate']:.1%} "
              f"({t['spies']['ci95'][0]:.1%}–{t['spies']['ci95'][1]:.1%}), citizens "
              f"{t['citizens']['rate']:.1%}, cycles {h['cycles']:.2f}", flush=True)
    if args.write:
        import os
        write_hints(os.path.join(os.path.dirname(__file__), "preset_hints.py"), args.games, show)
    else:
        from .setups import MIN_PLAYERS, MAX_PLAYERS
        for n in [args.players] if args.players else range(MIN_PLAYERS, MAX_PLAYERS + 1):
            show(n, balance_hint(n, games=args.games, seed=f"preset-{n}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
