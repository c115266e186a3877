"""A readable English account of a game (`python3 -m engine replay`), told from the
spectator's view (the only door to hidden information), so that a game still in play gives
nothing away: each cycle's public votes, redirections and public protections, the count, who
died and how, then who is alive and who is dead. Once the game is over the view holds
everything, and the account adds every role, each cycle's secret actions and the priority
chain as it resolved, and the end. `summary` is the same in brief, by player name (`replay
--json`). The site words the same structured events through its message catalogs."""

from datetime import datetime, timezone

from .hall import deaths_of
from .view import view as spectator_view

ROLE_NAMES = {"citizen": "Citizen", "spy": "Spy", "vigilante": "Vigilante", "priest": "Priest",
              "psychic": "Psychic", "brother": "Brother", "double_agent": "Double Agent",
              "trickster": "Trickster", "mayor": "Mayor"}
HOW = {"killed": "killed", "vote": "voted out", "mayor": "died by the Mayor's redirected vote",
       "inactive": "removed for not voting"}
DAYS = {"warmup": "warm-up", "day": "day 1", "vote": "vote day", "merged": "day 1 and vote"}
REASONS = {"no_spies": "no spy is left", "only_spies": "only spies are left",
           "parity": "the spies are as many as the rest", "all_dead": "nobody is left",
           "time": "the stalemate rule", "limit": "the cycle limit"}


def _card(card) -> str:
    name = ROLE_NAMES[card["role"]]
    return f"{name} ({card['team']})" if card["role"] in ("trickster", "mayor") else name


def _counts(names, counts) -> str:
    ordered = sorted(counts, key=lambda pair: (-pair[1], pair[0]))
    return ", ".join(f"{names[s]} {v}" for s, v in ordered) or "no votes"


def _time(ms) -> str:
    return datetime.fromtimestamp(ms / 1000, timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


# ---------------------------------------------------------------- the public account
def _stalemate(s) -> str:
    if "last" in s:
        return f"cycle {s['last']} is the last: if it does not decide the game, nobody wins"
    quiet = f"{s['quiet']} cycle(s) in a row without a death; " if s["quiet"] else ""
    if s["quiet"] == s["limit"] - 1:
        return f"{quiet}if this one ends without a death, the spies win"
    return f"{quiet}after {s['limit']} the spies win"


def _vote_result(names, e) -> str:
    line = f"Count: {_counts(names, e['counts'])}"
    if e["added"]:
        line += "; the Trickster's extra votes against " + ", ".join(names[s] for s in e["added"])
    if e["subtracted"]:
        line += "; the Trickster took " + ", ".join(f"{k} from {names[s]}" for s, k in e["subtracted"])
    if e.get("uncounted"):
        line += "; not counted, died this cycle: " + ", ".join(names[s] for s in e["uncounted"])
    if e["dies"] is None:
        return line + ("; a tie: nobody dies" if len(e["most"]) > 1 else "; nobody dies")
    outcome = {"protected": " (protected: he lives)", "no_target": " (already dead)"}
    return line + f"; the most voted: {names[e['dies']]}{outcome.get(e['outcome'], '')}"


def _public_line(names, e) -> str | None:
    kind = e["type"]
    if kind == "day" and e.get("stalemate"):
        return "Stalemate rule: " + _stalemate(e["stalemate"])
    if kind == "redirect":
        return f"{names[e['seat']]}, the Mayor, redirects every vote to {names[e['target']]}"
    if kind == "protect_public":
        return f"{names[e['seat']]}, the Priest, protects {names[e['target']]} from the vote"
    if kind == "redirect_void":
        why = "the Mayor was dead" if e["reason"] == "dead" else "the Mayor was the most voted"
        return f"The redirection by {names[e['seat']]} to {names[e['target']]} did not count: {why}"
    if kind == "vote_result":
        return _vote_result(names, e)
    if kind == "death":
        told = "".join(f" ({k}: {e[k]})" for k in ("role", "team") if k in e)
        return f"{names[e['seat']]} {HOW[e['cause']]}{told}"
    if kind == "excused":
        return f"{names[e['seat']]} is excused from voting"
    if kind == "last_words":
        return f"Last words of {names[e['seat']]}: {e['text']}"
    return None


def _cycle_lines(names, events) -> list[str]:
    """A cycle's announcements, its votes on one line where the first was cast."""
    votes = [f"{names[e['seat']]} → {names[e['target']]}" for e in events if e["type"] == "vote"]
    lines, told = [], False
    for e in events:
        if e["type"] == "vote":
            if not told:
                lines.append("Votes: " + ", ".join(votes))
                told = True
        elif (text := _public_line(names, e)) is not None:
            lines.append(text)
    return lines


def _by_cycle(log) -> dict:
    """{cycle: [events]}; an event without a cycle (a deadline, last words, the end)
    belongs to the cycle before it."""
    out, c = {}, 0
    for e in log:
        if e.get("cycle") is not None:
            c = e["cycle"]
        out.setdefault(c, []).append(e)
    return out


# ---------------------------------------------------------------- after the game
def _act(names, a) -> str:
    who = names[a["seat"]]
    if a["type"] == "add_votes":
        return f"{who} adds two secret votes: " + ", ".join(names[t] for t in a["targets"])
    said = {"victim": "picks {} as the spies' victim", "kill": "shoots {}", "protect": "protects {}",
            "look": "looks at {}", "subtract_vote": "takes a secret vote from {}"}
    return f"{who} " + said[a["type"]].format(names[a["target"]])


def _chain(names, c) -> str:
    step = c["step"]
    if step == "priest":
        line = f"1 Priest: {names[c['target']]} protected" + (" (publicly)" if c["public"] else "")
        return line + ("; a spy — the Priest dies" if c.get("punished") else "")
    if step == "vigilante":
        line = f"2 Vigilante: {names[c['target']]} — {c['outcome'].replace('_', ' ')}"
        return line + ("; the Vigilante dies of remorse" if c.get("remorse") else "")
    if step == "spies":
        how = {"picks": " (drawn among their picks)", "anyone": " (no pick: drawn among the living)"}
        return f"3 Spies: {names[c['target']]}{how.get(c['drawn'], '')} — {c['outcome'].replace('_', ' ')}"
    if step == "vote":
        line = f"6 Vote: {_counts(names, c['counts'])}"
        for r in c["redirects"]:
            line += f"; Mayor's redirection to {names[r['target']]} " + \
                (f"void ({r['void'].replace('_', ' ')})" if "void" in r else "in force")
        if c["dies"] is not None:
            line += f"; {names[c['dies']]} — {c['outcome'].replace('_', ' ')}"
        elif len(c["most"]) > 1:
            line += "; a tie, nobody dies"
        return line
    if step == "inactivity":
        return "   Inactive, removed: " + ", ".join(names[s] for s in c["removed"]) if c["removed"] else ""
    if step == "look":
        if c.get("outcome") == "died":
            return f"7 {names[c['seat']]}'s look at {names[c['target']]}: the looker died"
        seen = c.get("role") or c.get("team")
        return f"7 {names[c['seat']]} sees {names[c['target']]}: {seen}" + \
            ("; the Double Agent's power is lost" if c.get("power_lost") else "")
    return ""


def _secret_lines(names, h) -> list[str]:
    """A closed cycle's secret actions and its priority chain (the view after the game)."""
    lines = ["  Secretly: " + _act(names, a) for a in h["acts"] if a["type"] not in
             ("vote", "redirect", "protect_public")]
    lines += ["  Chain " + text for text in (_chain(names, c) for c in h["chain"]) if text]
    return lines


# ---------------------------------------------------------------- the account
def describe(state) -> list[str]:
    v = spectator_view(state)
    names = v["players"]
    lines = []
    if v["over"]:
        lines.append("Roles: " + ", ".join(f"{n}: {_card(c)}" for n, c in zip(names, v["roles"])))
    history = {h["cycle"]: h for h in v.get("history", [])}
    for cycle, events in _by_cycle(v["log"]).items():
        lines.append(f"Cycle {cycle}" if cycle else "Warm-up")
        lines += ["  " + text for text in _cycle_lines(names, events)]
        if cycle in history:
            lines += _secret_lines(names, history[cycle])
    deaths = deaths_of(v["log"])
    if v["over"]:
        end = next(e for e in reversed(v["log"]) if e["type"] == "game_over")
        won = "nobody wins" if v["winner"] == "nobody" else \
            f"the {v['winner']} win (" + ", ".join(names[i] for i in v["winners"]) + ")"
        lines.append(f"The game is over after {v['cycle']} cycle(s): {won}; "
                     f"{REASONS.get(end['reason'], end['reason'])}")
    else:
        now = f"Now: cycle {v['cycle']}, {DAYS[v['day']]}" + \
            (", the Mayor's window" if v["phase"] == "window" else "")
        if v["deadline"] is not None:
            now += f", until {_time(v['deadline'])}"
        lines.append(now)
        if v["day"] in ("vote", "merged"):
            lines.append("  Count so far: " + _counts(names, v["tally"]))
        lines.append("  (roles and secret actions are told once the game is over)")
    lines.append("Alive: " + (", ".join(n for n, a in zip(names, v["alive"]) if a) or "nobody"))
    if deaths:
        lines.append("Dead: " + ", ".join(f"{names[s]} (cycle {d['cycle']}, {HOW[d['cause']]})"
                                          for s, d in deaths.items()))
    return lines


def summary(state) -> dict:
    """The public state in brief, by player name (`replay --json`): the cycle and day, who
    lives, each death (cycle and cause as announced), each cycle's votes and count; once the
    game is over, the winner, why, and every role."""
    v = spectator_view(state)
    names = v["players"]
    deaths = deaths_of(v["log"])
    players = {}
    for i, name in enumerate(names):
        players[name] = {"alive": v["alive"][i], "death": deaths.get(i)}
        if v["over"]:
            players[name].update(v["roles"][i])
    cycles = []
    for cycle, events in _by_cycle(v["log"]).items():
        if not cycle:
            continue
        entry = {"cycle": cycle,
                 "votes": {names[e["seat"]]: names[e["target"]] for e in events if e["type"] == "vote"},
                 "redirects": [{"mayor": names[e["seat"]], "target": names[e["target"]]}
                               for e in events if e["type"] == "redirect"]}
        result = next((e for e in events if e["type"] == "vote_result"), None)
        if result is not None:
            entry["count"] = {names[s]: k for s, k in result["counts"]}
            entry["most_voted"] = None if result["dies"] is None else names[result["dies"]]
            entry["outcome"] = result["outcome"]
            entry["void_redirects"] = [names[e["target"]] for e in events if e["type"] == "redirect_void"]
            entry["uncounted"] = [names[s] for s in result.get("uncounted", [])]
            entry["deaths"] = {names[e["seat"]]: e["cause"] for e in events if e["type"] == "death"}
        else:
            entry["count_so_far"] = {names[s]: k for s, k in v["tally"]}
        cycles.append(entry)
    end = next((e for e in reversed(v["log"]) if e["type"] == "game_over"), None)
    return {"cycle": v["cycle"], "phase": v["phase"], "day": v["day"], "over": v["over"],
            "winner": v["winner"], "reason": end and end["reason"],
            "winners": [names[i] for i in v["winners"]],
            "alive": [n for n, a in zip(names, v["alive"]) if a], "players": players,
            "cycles": cycles}
