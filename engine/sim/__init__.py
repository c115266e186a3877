"""The game simulator (`python3 -m engine simulate --game NAME`): N seeded games of any
registered game, any options, with chosen bots per seat, on all cores, and a report with
charts (the game's own figures come from its `sim_metrics` and `sim_report` hooks). Every
game's record is written to OUT/records/NNNNNN.json and replays with `python3 -m engine replay`.
"""

import os
import time
from multiprocessing import get_context

from ..core.errors import short
from ..core.game import check_player_count, get_game, game_part
from .play import play_game, play_out, seat_bots, game_seed
from . import report

__all__ = ["simulate", "play_game", "play_out", "seat_bots", "game_seed", "check_bot"]


def check_bot(module, name: str) -> None:
    """Refuse an unknown bot name before any game starts (ValueError)."""
    if hasattr(module, "check_bot"):
        module.check_bot(name)
    elif name != "random" and name not in module.catalog()["bots"]:
        raise ValueError(f"unknown bot {short(name)!r}; choose one of "
                         f"{', '.join(module.catalog()['bots'] + ['random'])}")


def simulate(games: int, players: int, bots: list[str], options: dict | None = None, seed=1,
             out: str | None = "sim-out", jobs: int | None = None, rotate: bool = True,
             records: bool = True, command: str = "", progress=None, *, game: str) -> dict:
    """Play `games` games of `game` and return the aggregated report (also written to `out`)."""
    module = get_game(game)
    for b in bots:
        check_bot(module, b)
    options = dict(options or {})
    check_player_count(module, players)
    # bad options and seeds fail now, not in a worker (the last game's seed is the longest)
    module.new_game(dict(options), [f"p{i}" for i in range(players)], game_seed(seed, games - 1))
    rec_dir = None
    if out:
        os.makedirs(out, exist_ok=True)
        if records:
            rec_dir = os.path.join(out, "records")
            os.makedirs(rec_dir, exist_ok=True)
    tasks = [{"game": module.GAME, "index": i, "players": players, "bots": bots, "rotate": rotate, "seed": seed,
              "options": options, "records": rec_dir} for i in range(games)]
    jobs = jobs or os.cpu_count() or 1
    start = time.perf_counter()
    results = []
    if jobs == 1 or games < 4:
        for t in tasks:
            results.append(play_game(t))
            if progress:
                progress(len(results), games)
    else:
        chunk = max(1, min(50, games // (jobs * 8)))
        with get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap(play_game, tasks, chunksize=chunk):
                results.append(r)
                if progress:
                    progress(len(results), games)
    elapsed = time.perf_counter() - start
    config = {"game": module.GAME, "players": players, "bots": list(bots), "options": options, "seed": seed,
              "rotate": rotate, "jobs": jobs, "command": command}
    sim = game_part(module, "sim")
    rep = report.aggregate(results, config, sim)
    rep["seconds"] = elapsed
    rep["games_per_second"] = games / elapsed if elapsed else None
    if out:
        report.write(out, rep, sim)
    return rep
