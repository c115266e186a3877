"""The simulator's report: figures from many games (report.json), a readable summary
(report.md) and a self-contained HTML page with SVG charts (report.html)."""

import json
import math
import os
from collections import defaultdict
from html import escape

from . import svg


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def chi2_uniform_p(counts: list[int]) -> float:
    """p-value of a chi-square test that counts come from equal probabilities
    (Wilson-Hilferty normal approximation of the chi-square tail)."""
    n, k = sum(counts), len(counts)
    if n == 0 or k < 2:
        return 1.0
    e = n / k
    x = sum((c - e) ** 2 / e for c in counts)
    df = k - 1
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def quantile(sorted_vals, q):
    if not sorted_vals:
        return None
    i = min(len(sorted_vals) - 1, max(0, int(round(q * (len(sorted_vals) - 1)))))
    return sorted_vals[i]


def aggregate(games: list[dict], config: dict, sim=None) -> dict:
    """The report's figures: per strategy and per seat for any game, then the game's own
    (`engine/<game>/sim.py`: `report(games, config)` from each game's `metrics`)."""
    n_games = len(games)
    players = config["players"]
    strat = defaultdict(lambda: {"seat_games": 0, "wins": 0, "scores": []})
    seat_wins = [0] * players
    steps = sorted(g["steps"] for g in games)
    for g in games:
        # every seat in first place wins: a team's seats together, or players tied for first
        winners = {i for i, place in enumerate(g["places"]) if place == 1}
        for i in winners:
            seat_wins[i] += 1
        for i, bot in enumerate(g["bots"]):
            s = strat[bot]
            s["seat_games"] += 1
            s["wins"] += i in winners
            s["scores"].append(g["scores"][i])
    strategies = {}
    for bot, s in sorted(strat.items()):
        scores = sorted(s["scores"])
        lo, hi = wilson(s["wins"], s["seat_games"])
        strategies[bot] = {
            "seat_games": s["seat_games"], "wins": s["wins"],
            "win_rate": s["wins"] / s["seat_games"], "win_rate_ci95": [lo, hi],
            "score": {"p10": quantile(scores, 0.1), "median": quantile(scores, 0.5),
                      "p90": quantile(scores, 0.9), "max": scores[-1]},
            "_scores": scores,
        }
    rep = {
        "config": config,
        "games": n_games,
        "equal_seat_win_rate": 1 / players,
        "strategies": strategies,
        "seats": [{"seat": i + 1, "wins": w, "win_rate": w / n_games,
                   "win_rate_ci95": list(wilson(w, n_games))} for i, w in enumerate(seat_wins)],
        "seat_uniform_p": chi2_uniform_p(seat_wins),
        "steps": {"min": steps[0], "median": quantile(steps, 0.5), "max": steps[-1]} if steps else {},
    }
    if sim is not None and hasattr(sim, "report"):
        rep.update(sim.report(games, config))
    return rep


def _fmt_money(v):
    if v is None:
        return "-"
    a = abs(v)
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if a >= div:
            return f"{v / div:.3g}{unit}"
    return f"{v:.0f}"


def charts(rep: dict, sim=None) -> dict:
    out = {}
    names = list(rep["strategies"])
    st = rep["strategies"]
    out["win_rate_by_strategy"] = svg.bars(
        "Win rate per seat, by strategy (95% CI; dashed: an equal seat)", names,
        [st[k]["win_rate"] for k in names], "win rate",
        errors=[tuple(st[k]["win_rate_ci95"]) for k in names], reference=rep["equal_seat_win_rate"],
        fmt=lambda v: f"{v:.0%}")
    seats = rep["seats"]
    if len(seats) <= 16:
        out["win_rate_by_seat"] = svg.bars(
            f"Win rate by seat (chi-square p = {rep['seat_uniform_p']:.2f})", [s["seat"] for s in seats],
            [s["win_rate"] for s in seats], "win rate", errors=[tuple(s["win_rate_ci95"]) for s in seats],
            reference=rep["equal_seat_win_rate"], fmt=lambda v: f"{v:.0%}")
    if sim is not None and hasattr(sim, "charts"):
        out.update(sim.charts(rep))
    return out


def public(rep: dict) -> dict:
    """The report without the raw lists kept for charts."""
    return {**rep, "strategies": {k: {kk: vv for kk, vv in v.items() if not kk.startswith("_")}
                                  for k, v in rep["strategies"].items()}}


def write(out_dir: str, rep: dict, sim=None) -> dict:
    """Write report.json, report.md, report.html and charts/*.svg; returns the paths."""
    os.makedirs(os.path.join(out_dir, "charts"), exist_ok=True)
    figs = charts(rep, sim)
    for name, text in figs.items():
        with open(os.path.join(out_dir, "charts", f"{name}.svg"), "w", encoding="utf-8") as f:
            f.write(text)
    clean = public(rep)
    with open(os.path.join(out_dir, "report.json"), "w", encoding="utf-8") as f:
        json.dump(clean, f, indent=1)
    md = summary_md(clean, sim)
    with open(os.path.join(out_dir, "report.md"), "w", encoding="utf-8") as f:
        f.write(md)
    title = f"{rep['config'].get('game', 'game')} simulation"
    html = [f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title>",
            "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
            "pre{background:#f4f4f4;padding:1em;white-space:pre-wrap}</style></head><body>",
            f"<h1>{escape(title)}</h1>", f"<pre>{escape(md)}</pre>"]
    for name, text in figs.items():
        html.append(f"<h2>{escape(name.replace('_', ' '))}</h2>{text}")
    html.append("</body></html>")
    with open(os.path.join(out_dir, "report.html"), "w", encoding="utf-8") as f:
        f.write("\n".join(html))
    return {"json": "report.json", "md": "report.md", "html": "report.html"}


def fmt_number(v):
    """12345 -> 12.3k: scores can span many orders of magnitude."""
    if v is None:
        return "-"
    a = abs(v)
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if a >= div:
            return f"{v / div:.3g}{unit}"
    return f"{v:.0f}" if float(v).is_integer() else f"{v:.3g}"


def summary_md(rep: dict, sim=None) -> str:
    c = rep["config"]
    lines = [f"game: {c.get('game')}, games: {rep['games']}, players: {c['players']}, "
             f"options: {json.dumps(c['options'])}",
             f"bots per seat: {', '.join(c['bots'])}{' (rotated one seat per game)' if c['rotate'] else ''}, "
             f"seed: {c['seed']}",
             f"command: {c.get('command', '')}", "",
             "| strategy | seat-games | wins | win rate | 95% CI | score p10 | median | p90 |",
             "|---|---|---|---|---|---|---|---|"]
    for k, s in rep["strategies"].items():
        lo, hi = s["win_rate_ci95"]
        sc = s["score"]
        lines.append(f"| {k} | {s['seat_games']} | {s['wins']} | {s['win_rate']:.1%} | {lo:.1%}–{hi:.1%} | "
                     f"{fmt_number(sc['p10'])} | {fmt_number(sc['median'])} | {fmt_number(sc['p90'])} |")
    seats = rep["seats"]
    lines.append("")
    lines.append(f"equal seat: {rep['equal_seat_win_rate']:.1%}; seats uniform? chi-square p = "
                 f"{rep['seat_uniform_p']:.3f}" + ("" if len(seats) > 12 else "; by seat: " + ", ".join(
                     f"{s['seat']}: {s['win_rate']:.1%}" for s in seats)))
    st = rep.get("steps") or {}
    if st:
        lines.append(f"steps per game (decision points): min {st['min']}, median {st['median']}, max {st['max']}")
    if sim is not None and hasattr(sim, "lines"):
        lines += sim.lines(rep)
    return "\n".join(lines) + "\n"
