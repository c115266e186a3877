"""The game simulator (`python3 -m engine simulate`): N seeded games of any mode and
options with chosen bots per seat, on all cores, and a report with charts. Every game's
record is written to OUT/records/NNNNNN.json and replays with `python3 -m engine replay`.
"""

import os
import time
from multiprocessing import get_context

from ..broker.bots import get_bot
from ..broker.options import resolve_options
from .play import play_game, seat_bots, game_seed
from . import report

__all__ = ["simulate", "play_game", "seat_bots", "game_seed"]


def simulate(games: int, players: int, bots: list[str], options: dict | None = None, seed=1,
             out: str | None = "sim-out", jobs: int | None = None, rotate: bool = True,
             records: bool = True, command: str = "", progress=None) -> dict:
    """Play `games` games and return the aggregated report (also written to `out`)."""
    for b in bots:
        get_bot(b)  # fail early on an unknown bot name
    options = dict(options or {})
    resolve_options(dict(options), players)  # fail early on bad options
    rec_dir = None
    if out:
        os.makedirs(out, exist_ok=True)
        if records:
            rec_dir = os.path.join(out, "records")
            os.makedirs(rec_dir, exist_ok=True)
    tasks = [{"index": i, "players": players, "bots": bots, "rotate": rotate, "seed": seed,
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
    config = {"players": players, "bots": list(bots), "options": options, "seed": seed,
              "rotate": rotate, "jobs": jobs, "command": command}
    rep = report.aggregate(results, config)
    rep["seconds"] = elapsed
    rep["games_per_second"] = games / elapsed if elapsed else None
    if out:
        report.write(out, rep)
    return rep
