"""Broker-Yard's figures in the simulator's report (engine/sim): the deal's luck, price
extremes, stop orders, bonuses and penalties, bankruptcy and game length."""

from collections import defaultdict

from ..sim import svg
from ..sim.report import fmt_number, quantile, wilson
from .cards import COLOURS, SMALL_FIGURES, parse_card

# How much one card can raise a colour at the start prices (100): the "deal luck" measure.
RAISE_POWER = {"hundred": 100, "double": 100, "half": 100, "minus-hundred": 50, "zero": 0}


def raise_power(hand) -> int:
    total = 0
    for card_id in hand:
        card = parse_card(card_id)
        if card.kind == "small":
            total += max(card.figure, SMALL_FIGURES[card.figure])
        else:
            total += RAISE_POWER[card.kind]
    return total


def metrics(state, start) -> dict:
    """One finished game's figures; `start` is the state before the first round."""
    hits_top = hits_bottom = stops = 0
    bonus_paid = penalty_paid = bonus_events = penalty_events = 0
    extremes_by_round = []
    for h in state["history"]:
        top = bottom = 0
        for e in h["events"]:
            t = e["type"]
            if t == "price":
                top += e["new_price"] == 250
                bottom += e["new_price"] == 10
                stops += e["stopped"]
                bonus_events += e["bonus"] > 0
                penalty_events += e["penalty"] > 0
            elif t == "bonus":
                bonus_paid += e["cash"]
            elif t == "penalty":
                penalty_paid -= e["cash"]
        hits_top += top
        hits_bottom += bottom
        extremes_by_round.append([top, bottom])
    return {
        "bankrupt": [s["bankrupt_at"][0] if s["bankrupt"] else None for s in state["seats"]],
        "rounds": len(state["history"]),
        "rounds_total": state["rounds_total"],
        "final_prices": [state["prices"][c] for c in COLOURS],
        "hits_top": hits_top,
        "hits_bottom": hits_bottom,
        "extremes_by_round": extremes_by_round,
        "stops": stops,
        "bonus_paid": bonus_paid,
        "penalty_paid": penalty_paid,
        "bonus_events": bonus_events,
        "penalty_events": penalty_events,
        "hand_power": [raise_power(s["hand"]) for s in start["seats"]],
    }


def report(games: list[dict], config: dict) -> dict:
    n_games = len(games)
    players = config["players"]
    rounds = defaultdict(int)
    power_rank_wins, power_rank_seen = defaultdict(int), defaultdict(int)
    best_hand_wins = 0.0
    margins = []
    bankrupt_seats = defaultdict(int)
    hits_top = hits_bottom = stops = colour_rounds = 0
    bonus_paid = penalty_paid = bonus_events = penalty_events = 0
    games_with_bankruptcy = 0
    rounds_total = games[0]["metrics"]["rounds_total"] if games else 0
    by_round = [[0, 0, 0] for _ in range(rounds_total)]  # top, bottom, colour-updates
    for g in games:
        m = g["metrics"]
        rounds[m["rounds"]] += 1
        for i, bot in enumerate(g["bots"]):
            bankrupt_seats[bot] += m["bankrupt"][i] is not None
        games_with_bankruptcy += any(b is not None for b in m["bankrupt"])
        # deal luck: rank of each seat's hand by raising power (1 = strongest)
        powers = m["hand_power"]
        holders = [i for i, p in enumerate(powers) if p == max(powers)]
        best_hand_wins += g["winner"] in holders
        order = sorted(range(players), key=lambda i: -powers[i])
        for rank, i in enumerate(order[:10]):
            power_rank_seen[rank + 1] += 1
            power_rank_wins[rank + 1] += g["winner"] == i
        caps = sorted(g["scores"], reverse=True)
        if len(caps) > 1 and caps[0] > 0:
            margins.append((caps[0] - caps[1]) / caps[0])
        hits_top += m["hits_top"]
        hits_bottom += m["hits_bottom"]
        stops += m["stops"]
        colour_rounds += 4 * m["rounds"]
        bonus_paid += m["bonus_paid"]
        penalty_paid += m["penalty_paid"]
        bonus_events += m["bonus_events"]
        penalty_events += m["penalty_events"]
        for r, (t, b) in enumerate(m["extremes_by_round"]):
            by_round[r][0] += t
            by_round[r][1] += b
            by_round[r][2] += 4
    seat_games = defaultdict(int)
    for g in games:
        for bot in g["bots"]:
            seat_games[bot] += 1
    margins.sort()
    per = max(1, n_games)
    return {
        "deal": {
            "best_hand_win_rate": best_hand_wins / per,
            "best_hand_win_rate_ci95": list(wilson(round(best_hand_wins), n_games)),
            "win_rate_by_hand_rank": {r: power_rank_wins[r] / power_rank_seen[r] for r in sorted(power_rank_seen)},
        },
        "winner_margin_median": quantile(margins, 0.5),
        "bankruptcy": {"games_with_any": games_with_bankruptcy / per,
                       "seat_rate": sum(bankrupt_seats.values()) / max(1, n_games * players),
                       "by_strategy": {b: bankrupt_seats[b] / seat_games[b] for b in sorted(seat_games)}},
        "length": {"rounds": dict(sorted(rounds.items())), "rounds_total": rounds_total,
                   "ended_early": sum(v for k, v in rounds.items() if k < rounds_total) / per},
        "prices": {"hit_250_rate": hits_top / max(1, colour_rounds), "hit_10_rate": hits_bottom / max(1, colour_rounds),
                   "stop_rate": stops / max(1, colour_rounds),
                   "by_round": [{"round": r + 1, "hit_250": t / max(1, c), "hit_10": b / max(1, c)}
                                for r, (t, b, c) in enumerate(by_round)]},
        "money": {"bonus_paid_per_game": bonus_paid / per,
                  "penalty_paid_per_game": penalty_paid / per,
                  "bonus_rate": bonus_events / max(1, colour_rounds),
                  "penalty_rate": penalty_events / max(1, colour_rounds)},
    }


def charts(rep: dict) -> dict:
    out = {}
    ranks = rep["deal"]["win_rate_by_hand_rank"]
    out["win_rate_by_hand_rank"] = svg.bars(
        "Win rate by the hand's raising power (1 = strongest hand dealt)", list(ranks),
        list(ranks.values()), "win rate", reference=rep["equal_seat_win_rate"], fmt=lambda v: f"{v:.0%}")
    # capital on a log scale: bins of log10(capital); debts and zero in the first bin
    edges = [0] + [10 ** (k / 2) for k in range(4, 25)]
    series = {}
    for k, st in rep["strategies"].items():
        counts = [0] * (len(edges) - 1)
        for c in st["_scores"]:
            i = 0
            while i < len(edges) - 2 and c >= edges[i + 1]:
                i += 1
            counts[i] += 1
        series[k] = counts
    out["capital"] = svg.histogram("Final capital per seat (log scale; first bin: 100 or less, debts)",
                                   series, edges, "capital", edge_fmt=fmt_number)
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


def lines(rep: dict) -> list[str]:
    d = rep["deal"]
    lo, hi = d["best_hand_win_rate_ci95"]
    out = [f"deal: the seat dealt the strongest hand (raising power) wins {d['best_hand_win_rate']:.1%} "
           f"({lo:.1%}–{hi:.1%}); by hand rank: " + ", ".join(
               f"{r}: {v:.0%}" for r, v in list(d["win_rate_by_hand_rank"].items())[:6])]
    m = rep["winner_margin_median"]
    if m is not None:
        out.append(f"winner's lead over the second, median: {m:.1%} of the winner's capital")
    b = rep["bankruptcy"]
    out.append(f"bankruptcy: {b['seat_rate']:.1%} of seats, {b['games_with_any']:.1%} of games; by strategy: "
               + ", ".join(f"{k} {v:.1%}" for k, v in b["by_strategy"].items()))
    ln = rep["length"]
    out.append(f"length: ended before round {ln['rounds_total']}: {ln['ended_early']:.1%}; "
               f"rounds: {ln['rounds']}")
    p = rep["prices"]
    out.append(f"prices: updates ending at 250: {p['hit_250_rate']:.1%}, at 10: {p['hit_10_rate']:.1%}, "
               f"stop orders executed: {p['stop_rate']:.1%}")
    mo = rep["money"]
    out.append(f"bonuses paid per game: {fmt_number(mo['bonus_paid_per_game'])} "
               f"({mo['bonus_rate']:.1%} of updates); penalties per game: "
               f"{fmt_number(mo['penalty_paid_per_game'])} ({mo['penalty_rate']:.1%} of updates)")
    return out
