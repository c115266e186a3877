"""The spy game's figures in the simulator's report (engine/sim): team win rates with 95%
confidence intervals, why games end, game length in cycles, deaths by cause, and how
often each power is used."""

from collections import Counter, defaultdict

from ..sim import svg
from ..sim.report import quantile, wilson
from .roles import TEAMS

POWERS = ("victim", "kill", "protect", "protect_public", "look", "add_votes", "subtract_vote",
          "redirect")
CAUSES = ("spies", "vigilante", "remorse", "priest_punished", "vote", "mayor", "inactive")


def metrics(state, start) -> dict:
    """One finished game's figures (`start`, the state before the first action, unused)."""
    used = Counter()
    deaths = Counter()
    voids = 0
    lost = 0
    for h in state["history"]:
        for a in h["acts"]:
            if a["type"] in POWERS:
                used[a["type"]] += 1
        for _, cause in h["deaths"]:
            deaths[cause] += 1
        for c in h["chain"]:
            if c["step"] == "vote":
                voids += sum("void" in r for r in c["redirects"])
            lost += bool(c.get("power_lost"))
    end = next((e for e in reversed(state["log"]) if e["type"] == "game_over"), {})
    return {"winner": state["winner"], "reason": end.get("reason"), "cycles": state["cycle"],
            "used": dict(used), "deaths": dict(deaths), "redirects_void": voids,
            "double_agent_lost": lost,
            "teams": [c["team"] for c in state["roles"]],
            "roles": [c["role"] for c in state["roles"]]}


def team_rates(winners: list) -> dict:
    """Win rate and 95% Wilson interval of each team (and of nobody) over these games."""
    n = len(winners)
    out = {}
    for team in (*TEAMS, "nobody"):
        k = sum(w == team for w in winners)
        lo, hi = wilson(k, n)
        out[team] = {"wins": k, "rate": k / n if n else 0.0, "ci95": [lo, hi]}
    return out


def report(games: list, config: dict) -> dict:
    n = max(1, len(games))
    ms = [g["metrics"] for g in games]
    cycles = sorted(m["cycles"] for m in ms)
    used_games = Counter()
    used_total = Counter()
    deaths = Counter()
    by_bot = defaultdict(lambda: [0, 0])  # (bot, team) -> [seat-games, wins]
    for g, m in zip(games, ms):
        for power, k in m["used"].items():
            used_total[power] += k
            used_games[power] += 1
        deaths.update(m["deaths"])
        for bot, team in zip(g["bots"], m["teams"]):
            cell = by_bot[f"{bot}/{team}"]
            cell[0] += 1
            cell[1] += m["winner"] == team
    return {
        "teams": team_rates([m["winner"] for m in ms]),
        "reasons": dict(Counter(m["reason"] for m in ms).most_common()),
        "cycles": {"mean": sum(cycles) / n, "median": quantile(cycles, 0.5),
                   "max": cycles[-1] if cycles else None,
                   "histogram": dict(sorted(Counter(cycles).items()))},
        "deaths_per_game": {c: deaths[c] / n for c in CAUSES},
        "powers": {p: {"per_game": used_total[p] / n, "games": used_games[p] / n} for p in POWERS},
        "redirects_void_per_game": sum(m["redirects_void"] for m in ms) / n,
        "double_agent_lost": sum(m["double_agent_lost"] for m in ms) / n,
        "by_bot_team": {k: {"seat_games": v[0], "win_rate": v[1] / v[0]}
                        for k, v in sorted(by_bot.items())},
    }


def lines(rep: dict) -> list[str]:
    t = rep["teams"]
    out = ["teams: " + ", ".join(
        f"{team} {t[team]['rate']:.1%} ({t[team]['ci95'][0]:.1%}–{t[team]['ci95'][1]:.1%})"
        for team in t if t[team]["wins"] or team != "nobody")]
    out.append("why games end: " + ", ".join(f"{k} {v}" for k, v in rep["reasons"].items()))
    c = rep["cycles"]
    out.append(f"length in cycles: mean {c['mean']:.2f}, median {c['median']}, max {c['max']}")
    out.append("deaths per game: " + ", ".join(f"{k} {v:.2f}" for k, v in
                                               rep["deaths_per_game"].items() if v))
    out.append("powers (uses per game; share of games): " + ", ".join(
        f"{k} {v['per_game']:.2f}; {v['games']:.0%}" for k, v in rep["powers"].items() if v["games"]))
    out.append(f"void redirections per game: {rep['redirects_void_per_game']:.2f}; "
               f"double agent lost his power in {rep['double_agent_lost']:.0%} of games")
    out.append("seat win rate by bot/team: " + ", ".join(
        f"{k} {v['win_rate']:.1%}" for k, v in rep["by_bot_team"].items()))
    return out


def charts(rep: dict) -> dict:
    teams = [k for k, v in rep["teams"].items() if v["wins"] or k != "nobody"]
    out = {"team_win_rate": svg.bars(
        "Win rate by team (95% CI)", teams, [rep["teams"][k]["rate"] for k in teams], "win rate",
        errors=[tuple(rep["teams"][k]["ci95"]) for k in teams], fmt=lambda v: f"{v:.0%}")}
    hist = rep["cycles"]["histogram"]
    if hist:
        top = max(hist)
        total = sum(hist.values())
        out["length"] = svg.bars("Game length (cycles)", list(range(1, top + 1)),
                                 [hist.get(k, 0) / total for k in range(1, top + 1)],
                                 "share of games", fmt=lambda v: f"{v:.0%}")
    causes = [k for k, v in rep["deaths_per_game"].items() if v]
    out["deaths"] = svg.bars("Deaths per game by cause", causes,
                             [rep["deaths_per_game"][k] for k in causes], "deaths",
                             fmt=lambda v: f"{v:.2f}")
    return out
