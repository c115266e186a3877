"""The grid game's figures in the simulator's report (engine/sim): the advantage of the
first player, game length and how the game ended (every city connected, stalled, or the
safety cap), what a powered city pays, and players left without money."""

from collections import defaultdict

from ..sim import svg
from .bureaucracy import ENDS
from ..sim.report import quantile, wilson


def metrics(state, start) -> dict:
    """One finished game's figures; `start` is the state before the first action."""
    history = state["history"]
    paid, rules, undercut = defaultdict(int), defaultdict(int), 0
    for h in history:
        for k, v in h.get("paid", {}).items():
            paid[k] += v
        for k, v in h.get("rules", {}).items():
            rules[k] += v
        undercut += h.get("undercut", 0)
    stage_round = {}
    for h in history:
        stage_round.setdefault(str(h["stage"]), h["round"])
    places = [1 + sum((o["powered"], o["cash"]) > (s["powered"], s["cash"]) for o in state["seats"])
              for s in state["seats"]]
    return {
        "rounds": state["round"],
        "end": state["end"],
        "first_order": list(start["order"]),
        "places": places,
        "powered": [s["powered"] for s in state["seats"]],
        "cash": [s["cash"] for s in state["seats"]],
        "broke": [s["cash"] == 0 and s["powered"] == 0 for s in state["seats"]],
        "paid": dict(paid), "rules": dict(rules), "undercut": undercut,
        "stage_round": stage_round,
        "displacements": sum(len(p.get("displaced", ())) for s in state["seats"] for p in s["plants"]),
    }


def report(games: list[dict], config: dict) -> dict:
    n = len(games)
    players = config["players"]
    by_position = [[0.0, 0] for _ in range(players)]  # wins (shared firsts split), games
    rounds, ends = defaultdict(int), defaultdict(int)
    paid, rules = defaultdict(int), defaultdict(int)
    undercut = broke = displacements = collapsed = 0
    stage2, stage3 = [], []
    winner_powered, other_powered = [], []
    for g in games:
        m = g["metrics"]
        firsts = [i for i, p in enumerate(m["places"]) if p == 1]
        for pos, seat in enumerate(m["first_order"]):
            by_position[pos][0] += (seat in firsts) / len(firsts)
            by_position[pos][1] += 1
        rounds[m["rounds"]] += 1
        ends[m["end"]] += 1
        for k, v in m["paid"].items():
            paid[int(k)] += v
        for k, v in m["rules"].items():
            rules[k] += v
        undercut += m["undercut"]
        broke += sum(m["broke"])
        collapsed += all(m["broke"])
        displacements += m["displacements"]
        if "2" in m["stage_round"]:
            stage2.append(m["stage_round"]["2"])
        if "3" in m["stage_round"]:
            stage3.append(m["stage_round"]["3"])
        for i, p in enumerate(m["powered"]):
            (winner_powered if i in firsts else other_powered).append(p)
    lengths = sorted(k for k, v in rounds.items() for _ in range(v))
    cities = sum(paid.values())
    others = {k: v for k, v in paid.items()}
    homes = rules.get("home", 0) + rules.get("home_by_network", 0)
    non_home = {k: v for k, v in others.items()}
    non_home[10] = non_home.get(10, 0) - homes  # a home city pays 5 (10 halves)
    non_home = {k: v for k, v in non_home.items() if v > 0}
    nh = sum(non_home.values())
    first = []
    for pos, (w, games_at) in enumerate(by_position):
        lo, hi = wilson(round(w), games_at)
        first.append({"position": pos + 1, "win_rate": w / max(1, games_at), "ci95": [lo, hi]})
    return {
        "first_player": first,
        "length": {"rounds": dict(sorted(rounds.items())), "median": quantile(lengths, 0.5),
                   "p10": quantile(lengths, 0.1), "p90": quantile(lengths, 0.9)},
        "end": {end: ends.get(end, 0) / max(1, n) for end in ENDS if end},
        "income_per_city": {
            "non_home": {str(k / 2): v / max(1, nh) for k, v in sorted(non_home.items())},
            "mean_non_home": sum(k / 2 * v for k, v in non_home.items()) / max(1, nh),
            "home_share": homes / max(1, cities),
            "capped_share": rules.get("capped", 0) / max(1, nh),
            "undercut_share": undercut / max(1, nh),
            "per_game": cities / max(1, n)},
        "broke_seat_rate": broke / max(1, n * players),
        "all_broke_rate": collapsed / max(1, n),
        "displacements_per_game": displacements / max(1, n),
        "stage2_round": quantile(sorted(stage2), 0.5), "stage3_round": quantile(sorted(stage3), 0.5),
        "stage3_share": len(stage3) / max(1, n),
        "powered_at_end": {"winner_median": quantile(sorted(winner_powered), 0.5),
                           "others_median": quantile(sorted(other_powered), 0.5)},
    }


def lines(rep: dict) -> list[str]:
    fp = rep["first_player"]
    out = ["first player (round-1 order) win rate: " + ", ".join(
        f"{f['position']}: {f['win_rate']:.1%} ({f['ci95'][0]:.1%}-{f['ci95'][1]:.1%})" for f in fp)]
    ln = rep["length"]
    out.append(f"length: median {ln['median']} rounds (p10 {ln['p10']}, p90 {ln['p90']}); ended by "
               f"every city connected {rep['end']['all_cities']:.1%}, stalled "
               f"{rep['end']['stalled']:.1%}, by the round cap {rep['end']['round_cap']:.1%}")
    ic = rep["income_per_city"]
    out.append(f"a powered non-home city pays {ic['mean_non_home']:.2f} on average; capped sums "
               f"{ic['capped_share']:.1%}, paid less for a rival's cheaper leg {ic['undercut_share']:.1%}; "
               f"home cities are {ic['home_share']:.1%} of powered cities")
    out.append("non-home city pays: " + ", ".join(f"{k}: {v:.0%}" for k, v in ic["non_home"].items() if v >= 0.01))
    out.append(f"Step 2 from round {rep['stage2_round']}, Step 3 from round {rep['stage3_round']} "
               f"(reached in {rep['stage3_share']:.0%} of games); displacements per game "
               f"{rep['displacements_per_game']:.2f}")
    pe = rep["powered_at_end"]
    out.append(f"cities powered in the last round: winner median {pe['winner_median']}, others "
               f"{pe['others_median']}; seats ending with no money and no city powered: "
               f"{rep['broke_seat_rate']:.1%}; games in which every seat did: {rep['all_broke_rate']:.1%}")
    return out


def charts(rep: dict) -> dict:
    fp = rep["first_player"]
    out = {"first_player": svg.bars(
        "Win rate by place in the round-1 order (95% CI)", [f["position"] for f in fp],
        [f["win_rate"] for f in fp], "win rate", errors=[tuple(f["ci95"]) for f in fp],
        reference=rep["equal_seat_win_rate"], fmt=lambda v: f"{v:.0%}")}
    rs = rep["length"]["rounds"]
    if rs:
        lo, hi = min(rs), max(rs)
        total = sum(rs.values())
        out["length"] = svg.bars("Game length (rounds)", list(range(lo, hi + 1)),
                                 [rs.get(r, 0) / total for r in range(lo, hi + 1)], "share of games",
                                 fmt=lambda v: f"{v:.0%}")
    nh = rep["income_per_city"]["non_home"]
    if nh:
        out["income_per_city"] = svg.bars("What a powered non-home city pays (Elektro)", list(nh),
                                          list(nh.values()), "share of cities", fmt=lambda v: f"{v:.0%}")
    return out
