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


def aggregate(games: list[dict], config: dict) -> dict:
    n_games = len(games)
    players = config["players"]
    strat = defaultdict(lambda: {"seat_games": 0, "wins": 0, "bankrupt": 0, "capital": []})
    seat_wins = [0] * players
    rounds = defaultdict(int)
    power_rank_wins = defaultdict(int)
    power_rank_seen = defaultdict(int)
    best_hand_wins = 0.0
    margins = []
    hits_top = hits_bottom = stops = colour_rounds = 0
    bonus_paid = penalty_paid = bonus_events = penalty_events = 0
    games_with_bankruptcy = 0
    rounds_total = games[0]["rounds_total"] if games else 0
    by_round = [[0, 0, 0] for _ in range(rounds_total)]  # top, bottom, colour-updates
    for g in games:
        seat_wins[g["winner"]] += 1
        rounds[g["rounds"]] += 1
        for i, bot in enumerate(g["bots"]):
            s = strat[bot]
            s["seat_games"] += 1
            s["wins"] += g["winner"] == i
            s["bankrupt"] += g["bankrupt"][i] is not None
            s["capital"].append(g["capital"][i])
        games_with_bankruptcy += any(b is not None for b in g["bankrupt"])
        # deal luck: rank of each seat's hand by raising power (1 = strongest)
        powers = g["hand_power"]
        top = max(powers)
        holders = [i for i, p in enumerate(powers) if p == top]
        best_hand_wins += (g["winner"] in holders) / 1.0
        order = sorted(range(players), key=lambda i: -powers[i])
        for rank, i in enumerate(order[:10]):
            power_rank_seen[rank + 1] += 1
            power_rank_wins[rank + 1] += g["winner"] == i
        caps = sorted(g["capital"], reverse=True)
        if len(caps) > 1 and caps[0] > 0:
            margins.append((caps[0] - caps[1]) / caps[0])
        hits_top += g["hits_top"]
        hits_bottom += g["hits_bottom"]
        stops += g["stops"]
        colour_rounds += 4 * g["rounds"]
        bonus_paid += g["bonus_paid"]
        penalty_paid += g["penalty_paid"]
        bonus_events += g["bonus_events"]
        penalty_events += g["penalty_events"]
        for r, (t, b) in enumerate(g["extremes_by_round"]):
            by_round[r][0] += t
            by_round[r][1] += b
            by_round[r][2] += 4

    strategies = {}
    for bot, s in sorted(strat.items()):
        caps = sorted(s["capital"])
        lo, hi = wilson(s["wins"], s["seat_games"])
        strategies[bot] = {
            "seat_games": s["seat_games"], "wins": s["wins"],
            "win_rate": s["wins"] / s["seat_games"], "win_rate_ci95": [lo, hi],
            "bankrupt_rate": s["bankrupt"] / s["seat_games"],
            "capital": {"p10": quantile(caps, 0.1), "median": quantile(caps, 0.5),
                        "p90": quantile(caps, 0.9), "max": caps[-1]},
            "_capitals": caps,
        }
    seats = [{"seat": i + 1, "wins": w, "win_rate": w / n_games, "win_rate_ci95": list(wilson(w, n_games))}
             for i, w in enumerate(seat_wins)]
    equal = 1 / players
    margins.sort()
    return {
        "config": config,
        "games": n_games,
        "equal_seat_win_rate": equal,
        "strategies": strategies,
        "seats": seats,
        "seat_uniform_p": chi2_uniform_p(seat_wins),
        "deal": {
            "best_hand_win_rate": best_hand_wins / n_games if n_games else 0,
            "best_hand_win_rate_ci95": list(wilson(round(best_hand_wins), n_games)),
            "win_rate_by_hand_rank": {r: power_rank_wins[r] / power_rank_seen[r] for r in sorted(power_rank_seen)},
        },
        "winner_margin_median": quantile(margins, 0.5),
        "bankruptcy": {"games_with_any": games_with_bankruptcy / n_games if n_games else 0,
                       "seat_rate": sum(s["bankrupt"] for s in strat.values()) / max(1, n_games * players)},
        "length": {"rounds": dict(sorted(rounds.items())), "rounds_total": rounds_total,
                   "ended_early": sum(v for k, v in rounds.items() if k < rounds_total) / max(1, n_games)},
        "prices": {"hit_250_rate": hits_top / max(1, colour_rounds), "hit_10_rate": hits_bottom / max(1, colour_rounds),
                   "stop_rate": stops / max(1, colour_rounds),
                   "by_round": [{"round": r + 1, "hit_250": t / max(1, c), "hit_10": b / max(1, c)}
                                for r, (t, b, c) in enumerate(by_round)]},
        "money": {"bonus_paid_per_game": bonus_paid / max(1, n_games),
                  "penalty_paid_per_game": penalty_paid / max(1, n_games),
                  "bonus_rate": bonus_events / max(1, colour_rounds),
                  "penalty_rate": penalty_events / max(1, colour_rounds)},
    }


def _fmt_money(v):
    if v is None:
        return "-"
    a = abs(v)
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if a >= div:
            return f"{v / div:.3g}{unit}"
    return f"{v:.0f}"


def charts(rep: dict) -> dict:
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
    ranks = rep["deal"]["win_rate_by_hand_rank"]
    out["win_rate_by_hand_rank"] = svg.bars(
        "Win rate by the hand's raising power (1 = strongest hand dealt)", list(ranks),
        list(ranks.values()), "win rate", reference=rep["equal_seat_win_rate"], fmt=lambda v: f"{v:.0%}")
    # capital on a log scale: bins of log10(capital); debts and zero in the first bin
    edges = [0] + [10 ** (k / 2) for k in range(4, 25)]
    series = {}
    for k in names:
        counts = [0] * (len(edges) - 1)
        for c in st[k]["_capitals"]:
            i = 0
            while i < len(edges) - 2 and c >= edges[i + 1]:
                i += 1
            counts[i] += 1
        series[k] = counts
    out["capital"] = svg.histogram("Final capital per seat (log scale; first bin: 100 or less, debts)",
                                   series, edges, "capital", edge_fmt=_fmt_money)
    total = rep["length"]["rounds_total"]
    rs = rep["length"]["rounds"]
    out["length"] = svg.bars("Game length (rounds played)", list(range(1, total + 1)),
                             [rs.get(r, 0) / rep["games"] for r in range(1, total + 1)], "share of games",
                             fmt=lambda v: f"{v:.0%}")
    br = rep["prices"]["by_round"]
    out["extremes"] = svg.lines("Share of colour updates ending at the grid's ends, by round",
                                {"at 250": [b["hit_250"] for b in br], "at 10": [b["hit_10"] for b in br]},
                                [b["round"] for b in br], "share", "round")
    return out


def write(out_dir: str, rep: dict) -> dict:
    """Write report.json, report.md, report.html and charts/*.svg; returns the paths."""
    os.makedirs(os.path.join(out_dir, "charts"), exist_ok=True)
    figs = charts(rep)
    for name, text in figs.items():
        with open(os.path.join(out_dir, "charts", f"{name}.svg"), "w", encoding="utf-8") as f:
            f.write(text)
    clean = {**rep, "strategies": {k: {kk: vv for kk, vv in v.items() if not kk.startswith("_")}
                                   for k, v in rep["strategies"].items()}}
    with open(os.path.join(out_dir, "report.json"), "w", encoding="utf-8") as f:
        json.dump(clean, f, indent=1)
    md = summary_md(clean)
    with open(os.path.join(out_dir, "report.md"), "w", encoding="utf-8") as f:
        f.write(md)
    html = ["<!doctype html><html><head><meta charset='utf-8'><title>Broker-Yard simulation</title>",
            "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
            "pre{background:#f4f4f4;padding:1em;white-space:pre-wrap}</style></head><body>",
            "<h1>Broker-Yard simulation</h1>", f"<pre>{escape(md)}</pre>"]
    for name, text in figs.items():
        html.append(f"<h2>{escape(name.replace('_', ' '))}</h2>{text}")
    html.append("</body></html>")
    with open(os.path.join(out_dir, "report.html"), "w", encoding="utf-8") as f:
        f.write("\n".join(html))
    return {"json": "report.json", "md": "report.md", "html": "report.html"}


def summary_md(rep: dict) -> str:
    c = rep["config"]
    lines = [f"games: {rep['games']}, players: {c['players']}, options: {json.dumps(c['options'])}",
             f"bots per seat: {', '.join(c['bots'])}{' (rotated one seat per game)' if c['rotate'] else ''}, "
             f"seed: {c['seed']}",
             f"command: {c.get('command', '')}", "",
             "| strategy | seat-games | wins | win rate | 95% CI | bankrupt | capital p10 | median | p90 |",
             "|---|---|---|---|---|---|---|---|---|"]
    for k, s in rep["strategies"].items():
        lo, hi = s["win_rate_ci95"]
        cap = s["capital"]
        lines.append(f"| {k} | {s['seat_games']} | {s['wins']} | {s['win_rate']:.1%} | {lo:.1%}–{hi:.1%} | "
                     f"{s['bankrupt_rate']:.1%} | {_fmt_money(cap['p10'])} | {_fmt_money(cap['median'])} | "
                     f"{_fmt_money(cap['p90'])} |")
    seats = rep["seats"]
    lines.append("")
    lines.append(f"equal seat: {rep['equal_seat_win_rate']:.1%}; seats uniform? chi-square p = "
                 f"{rep['seat_uniform_p']:.3f}" + ("" if len(seats) > 12 else "; by seat: " + ", ".join(
                     f"{s['seat']}: {s['win_rate']:.1%}" for s in seats)))
    d = rep["deal"]
    lo, hi = d["best_hand_win_rate_ci95"]
    lines.append(f"deal: the seat dealt the strongest hand (raising power) wins {d['best_hand_win_rate']:.1%} "
                 f"({lo:.1%}–{hi:.1%}); by hand rank: " + ", ".join(
                     f"{r}: {v:.0%}" for r, v in list(d["win_rate_by_hand_rank"].items())[:6]))
    m = rep["winner_margin_median"]
    lines.append(f"winner's lead over the second, median: {m:.1%} of the winner's capital" if m is not None else "")
    b = rep["bankruptcy"]
    lines.append(f"bankruptcy: {b['seat_rate']:.1%} of seats, {b['games_with_any']:.1%} of games")
    ln = rep["length"]
    lines.append(f"length: ended before round {ln['rounds_total']}: {ln['ended_early']:.1%}; "
                 f"rounds: {ln['rounds']}")
    p = rep["prices"]
    lines.append(f"prices: updates ending at 250: {p['hit_250_rate']:.1%}, at 10: {p['hit_10_rate']:.1%}, "
                 f"stop orders executed: {p['stop_rate']:.1%}")
    mo = rep["money"]
    lines.append(f"bonuses paid per game: {_fmt_money(mo['bonus_paid_per_game'])} "
                 f"({mo['bonus_rate']:.1%} of updates); penalties per game: "
                 f"{_fmt_money(mo['penalty_paid_per_game'])} ({mo['penalty_rate']:.1%} of updates)")
    return "\n".join(lines) + "\n"
