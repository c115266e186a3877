"""Ekonos's figures in the simulator's report (engine/sim): score spread, company sizes at
the end, presidency changes, the first player's advantage (win rate by turn-order
position) and game length."""

from collections import Counter

from ..sim import svg
from ..sim.report import quantile, wilson
from .cards import LETTERS

SPREAD_BIN = 5  # points per bar of the score-spread chart


def metrics(state, start) -> dict:
    """One finished game's figures; `start` is the state before the first action."""
    n = len(state["players"])
    counts = Counter()
    for entry in state["log"]:
        for e in entry["events"]:
            t = e["type"]
            if t == "president":
                kind = "president_changes" if e["previous"] is not None else "first_presidents"
                counts[kind] += 1
                counts["successor_choices"] += "chosen_by" in e
                counts["vacated"] += e["seat"] is None
            elif t == "expand":
                counts["expansions"] += 1
                counts["forced" if e["actions"] == 3 else "chosen"] += 1
            elif t == "wait":
                counts["waits"] += e["seat"] is not None
            elif t == "place":
                counts["replaced"] += e["replaced"] is not None
            elif t == "grow_skipped":
                counts["skipped_actions"] += e["left"]
            elif t in ("sell", "buy", "reset"):
                counts[t] += 1
    values = {c: sum(1 for t in state["map"] if t is not None and t[0] == c) for c in LETTERS}
    return {
        "first": state["first"],
        "positions": [(i - state["first"]) % n for i in range(n)],
        "values": [values[c] for c in LETTERS],
        "empty": sum(1 for t in state["map"] if t is None),
        "protected": sum(1 for t in state["map"] if t is not None and t[1]),
        "steps": state["step"],
        "counts": dict(counts),
    }


def report(games: list[dict], config: dict) -> dict:
    n_games = max(1, len(games))
    players = config["players"]
    pos_wins, pos_games = [0.0] * players, [0] * players
    spread, margin, sizes, largest, smallest = [], [], Counter(), [], []
    totals = Counter()
    steps = []
    for g in games:
        m = g["metrics"]
        winners = [i for i, p in enumerate(g["places"]) if p == 1]
        for i, pos in enumerate(m["positions"]):
            pos_games[pos] += 1
            if i in winners:
                pos_wins[pos] += 1 / len(winners)  # a shared first place shares the win
        sc = sorted(g["scores"], reverse=True)
        spread.append(sc[0] - sc[-1])
        margin.append(sc[0] - sc[1])
        for v in m["values"]:
            sizes[v] += 1
        largest.append(max(m["values"]))
        smallest.append(min(m["values"]))
        totals.update(m["counts"])
        totals["empty"] += m["empty"]
        totals["protected"] += m["protected"]
        steps.append(m["steps"])
    for lst in (spread, margin, largest, smallest, steps):
        lst.sort()
    return {
        "first_player": [{"position": p + 1, "win_rate": pos_wins[p] / max(1, pos_games[p]),
                          "win_rate_ci95": list(wilson(round(pos_wins[p]), pos_games[p]))}
                         for p in range(players)],
        "score_spread": {"median": quantile(spread, 0.5), "p10": quantile(spread, 0.1),
                         "p90": quantile(spread, 0.9), "margin_median": quantile(margin, 0.5),
                         "histogram": {b: sum(1 for v in spread if b <= v < b + SPREAD_BIN)
                                       for b in range(0, (spread[-1] if spread else 0) + 1,
                                                      SPREAD_BIN)}},
        "company_sizes": {"histogram": {v: sizes[v] for v in range(11)},
                          "largest_median": quantile(largest, 0.5),
                          "smallest_median": quantile(smallest, 0.5),
                          "empty_spaces_per_game": totals["empty"] / n_games,
                          "protected_per_game": totals["protected"] / n_games},
        "presidency": {"changes_per_game": totals["president_changes"] / n_games,
                       "successor_choices_per_game": totals["successor_choices"] / n_games,
                       "vacated_per_game": totals["vacated"] / n_games},
        "play": {"expansions_per_game": totals["expansions"] / n_games,
                 "forced_share": totals["forced"] / max(1, totals["expansions"]),
                 "waits_per_game": totals["waits"] / n_games,
                 "replaced_per_game": totals["replaced"] / n_games,
                 "skipped_actions_per_game": totals["skipped_actions"] / n_games,
                 "buys_per_game": totals["buy"] / n_games,
                 "sells_per_game": totals["sell"] / n_games},
        "length": {"steps_median": quantile(steps, 0.5), "steps_min": steps[0] if steps else None,
                   "steps_max": steps[-1] if steps else None},
    }


def lines(rep: dict) -> list[str]:
    fp = rep["first_player"]
    s, cs, pr, pl, ln = (rep["score_spread"], rep["company_sizes"], rep["presidency"], rep["play"],
                         rep["length"])
    return [
        "win rate by turn-order position (1 = first start player): " + ", ".join(
            f"{p['position']}: {p['win_rate']:.1%} ({p['win_rate_ci95'][0]:.1%}–"
            f"{p['win_rate_ci95'][1]:.1%})" for p in fp),
        f"score spread (first − last): median {s['median']}, p10 {s['p10']}, p90 {s['p90']}; "
        f"winner's margin over the second, median {s['margin_median']}",
        f"company sizes at the end: largest median {cs['largest_median']}, smallest median "
        f"{cs['smallest_median']}; empty spaces per game {cs['empty_spaces_per_game']:.1f}, "
        f"protected tiles {cs['protected_per_game']:.1f}",
        f"presidency changes per game {pr['changes_per_game']:.2f} (seller's choice among tied "
        f"{pr['successor_choices_per_game']:.2f}, left vacant {pr['vacated_per_game']:.2f})",
        f"expansions per game {pl['expansions_per_game']:.1f} "
        f"({pl['forced_share']:.0%} forced at 6), "
        f"waits {pl['waits_per_game']:.1f}, tiles replaced {pl['replaced_per_game']:.1f}, growth "
        f"actions skipped {pl['skipped_actions_per_game']:.1f}; buys {pl['buys_per_game']:.1f}, "
        f"sells {pl['sells_per_game']:.1f}",
        f"length: decision points per game median {ln['steps_median']} "
        f"(min {ln['steps_min']}, max {ln['steps_max']})",
    ]


def charts(rep: dict) -> dict:
    fp = rep["first_player"]
    out = {"first_player": svg.bars(
        "Win rate by turn-order position (1 = first start player; 95% CI)",
        [p["position"] for p in fp], [p["win_rate"] for p in fp], "win rate",
        errors=[tuple(p["win_rate_ci95"]) for p in fp], reference=rep["equal_seat_win_rate"],
        fmt=lambda v: f"{v:.0%}")}
    hist = rep["company_sizes"]["histogram"]
    out["company_sizes"] = svg.histogram("Company sizes at the end (tiles on the map)",
                                         {"companies": [hist[v] for v in range(11)]},
                                         list(range(12)), "tiles", "share of companies")
    hist = rep["score_spread"]["histogram"]
    bins = sorted(int(b) for b in hist)  # JSON turns the keys into text
    if bins:
        out["score_spread"] = svg.histogram(
            "Score spread per game (first − last)", {"games": [hist[b] for b in bins]},
            bins + [bins[-1] + SPREAD_BIN], "points")
    return out
