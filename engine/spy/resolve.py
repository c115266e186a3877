"""The close of a cycle: the priority chain (rule book, "Priorities"), the announcements,
what each seat learns, and the end of the game.

    1 Priest · 2 Vigilante · 3 Spies · 4 Trickster · 5 Mayor · 6 Vote · 7 Psychic and Double Agent

Every power of the cycle resolves here, in that order; an action of a player who died
earlier in the chain has no effect, and a power aimed at a player who died earlier finds no
target (seed: the Priest dies at the hands of the spy he protected, "dejando sin blanco al
Justiciero"). The account of the chain is kept in the history, which everybody sees once the
game is over; the table announces only what the seed's game master told.
"""

from ..core.rng import Stream
from .roles import CITIZENS, SPIES, VARIABLE, COSTS_DOUBLE_AGENT, PUBLIC_CAUSE, in_kill_group
from . import tally

# [decision] With the stalemate rule off, a game ends after this many cycles, nobody winning:
# a table that can no longer produce a death (a lone spy against a Priest who protects
# himself; a revealed spy Mayor facing one citizen) would otherwise never end, and bots
# would play it forever. People stop long before: games last 4 to 10 cycles.
MAX_CYCLES = 100


def close_cycle(state, at) -> list[dict]:
    n = len(state["players"])
    roles, acts, powers = state["roles"], state["acts"], state["powers"]
    options, cycle, seed = state["options"], state["cycle"], state["seed"]
    dead = {}   # seat -> cause, in the chain's order
    chain = []  # the secret account of the chain

    def up(s) -> bool:
        return state["alive"][s] and s not in dead

    def team(s) -> str:
        return roles[s]["team"]

    # 1 Priest: his protection always happens; protecting a spy costs his life.
    protected = shielded = None
    for a in acts:
        if a["type"] in ("protect", "protect_public"):
            if a["type"] == "protect":
                protected = a["target"]
            else:
                shielded = a["target"]
            entry = {"step": "priest", "seat": a["seat"], "target": a["target"],
                     "public": a["type"] == "protect_public"}
            if team(a["target"]) == SPIES:
                dead[a["seat"]] = entry["punished"] = "priest_punished"
            chain.append(entry)

    # 2 Vigilante: his victim dies even if the spies or the Mayor aimed at it too; killing
    # a fellow citizen kills him as well (remorse).
    for a in acts:
        if a["type"] != "kill" or not up(a["seat"]):
            continue
        v, t = a["seat"], a["target"]
        entry = {"step": "vigilante", "seat": v, "target": t}
        if not up(t):
            entry["outcome"] = "no_target"
        elif t == protected:
            entry["outcome"] = "protected"
        else:
            entry["outcome"] = "killed"
            dead[t] = "vigilante"
            powers[v]["last_kill"] = cycle
            if team(t) == CITIZENS:
                dead[v] = entry["remorse"] = "remorse"
        chain.append(entry)

    # 3 Spies: a living spy's pick; different picks drawn; none: anybody living, drawn.
    group = [s for s in range(n) if up(s) and in_kill_group(roles[s])]
    victim = None
    if group:
        picks = sorted({a["target"] for a in acts if a["type"] == "victim" and up(a["seat"])})
        stream = Stream(seed, "victim", cycle)
        if picks:
            victim = picks[stream.below(len(picks))] if len(picks) > 1 else picks[0]
            drawn = "picks" if len(picks) > 1 else None
        else:
            victim, drawn = stream.choice([s for s in range(n) if up(s)]), "anyone"
        entry = {"step": "spies", "target": victim, "picks": picks, "drawn": drawn}
        if not up(victim):
            entry["outcome"] = "no_target"
        elif victim == protected:
            entry["outcome"] = "protected"
        else:
            entry["outcome"] = "killed"
            dead[victim] = "spies"
        chain.append(entry)
        for s in group:
            state["private"][s].append({"type": "victim", "cycle": cycle, "target": victim,
                                        "drawn": drawn})

    # 4 Trickster, 5 Mayor, 6 Vote: the count, in the order things happened.
    count = tally.run(acts, up, up, up)
    most = tally.top(count["counts"])
    dies = most[0] if len(most) == 1 else None
    if len(most) > 1 and options["tie"] == "random":
        dies = most[Stream(seed, "tie", cycle).below(len(most))]
    vote = {"step": "vote", "counts": tally.pairs(count["counts"]), "most": most, "dies": dies,
            "redirect": count["redirect"], "redirects": count["redirects"],
            "added": count["added"], "subtracted": count["subtracted"],
            "uncounted": count["uncounted"]}
    if dies is not None:
        if not up(dies):
            vote["outcome"] = "no_target"
        elif dies in (protected, shielded):
            vote["outcome"] = "protected"
        else:
            vote["outcome"] = "killed"
            dead[dies] = "mayor" if dies == count["redirect"] else "vote"
    chain.append(vote)

    # Inactivity: a living player who did not vote is removed, unless the host excused him.
    if options["inactivity"]:
        voted = {a["seat"] for a in acts if a["type"] == "vote"}
        for s in range(n):
            if up(s) and s not in voted and s not in state["excused"]:
                dead[s] = "inactive"
        chain.append({"step": "inactivity", "removed": [s for s, c in dead.items() if c == "inactive"]})

    # 7 Psychic and Double Agent: a look pays off only if the looker survived the cycle.
    for a in acts:
        if a["type"] == "look":
            chain.append(_look(state, a["seat"], a["target"], up(a["seat"])))

    return _announce(state, at, dead, chain, vote)


def _look(state, seat, target, survived) -> dict:
    """The role, or for a variable role the role first and the team at a second look (or
    at once for a Mayor who has revealed himself). Finding a special citizen role or the
    Mayor ends the Double Agent's power."""
    entry = {"step": "look", "seat": seat, "target": target}
    if not survived:
        entry["outcome"] = "died"
        return entry
    card, p = state["roles"][target], state["powers"][seat]
    if card["role"] in VARIABLE and (target in p["looked"] or
                                     (card["role"] == "mayor" and state["mayor"] == target)):
        found = {"team": card["team"]}
    else:
        found = {"role": card["role"]}
    p["looked"].append(target)
    entry.update(found)
    state["private"][seat].append({"type": "look", "cycle": state["cycle"], "target": target,
                                   **found})
    if state["roles"][seat]["role"] == "double_agent" and found.get("role") in COSTS_DOUBLE_AGENT:
        p["lost"] = True
        entry["power_lost"] = True
        state["private"][seat].append({"type": "power_lost", "cycle": state["cycle"]})
    return entry


def _announce(state, at, dead, chain, vote) -> list[dict]:
    """Deaths take effect; the table hears the count, void redirections and the deaths."""
    cycle, reveal = state["cycle"], state["options"]["reveal"]
    events = [{"type": "vote_result", "cycle": cycle, "counts": vote["counts"],
               "most": vote["most"], "dies": vote["dies"], "outcome": vote.get("outcome"),
               "redirect": vote["redirect"], "added": vote["added"],
               "subtracted": vote["subtracted"], "at": at}]
    if vote["uncounted"]:
        # the public votes of players who died earlier in the chain, left out of the count: the
        # table saw them in the live tally (issue 31: "Ciro 7", then "Ciro 6" without a word).
        # Only when there are some, so that earlier replay links read as before.
        events[0]["uncounted"] = vote["uncounted"]
    for r in vote["redirects"]:
        if "void" in r:
            events.append({"type": "redirect_void", "cycle": cycle, "seat": r["seat"],
                           "target": r["target"], "reason": r["void"]})
    for s, cause in dead.items():
        state["alive"][s] = False
        death = {"type": "death", "cycle": cycle, "seat": s, "cause": PUBLIC_CAUSE[cause]}
        if reveal != "none":
            death[reveal] = state["roles"][s][reveal]
        events.append(death)
    state["history"].append({"cycle": cycle, "acts": state["acts"], "chain": chain,
                             "deaths": [[s, c] for s, c in dead.items()],
                             "excused": list(state["excused"])})
    events += _check_end(state)
    state["log"].extend(events)
    return events


def _check_end(state) -> list[dict]:
    """Citizens win when no spy lives; spies when only spies live (or, with `parity`, as
    soon as they are as many as the rest); [decision] nobody when nobody lives; with the
    stalemate rule (`stall_cycles`, 0: off), spies when that many cycles in a row pass
    without a death (docs/games/spy.md, "Decisions")."""
    roles = state["roles"]
    alive = [i for i, a in enumerate(state["alive"]) if a]
    spies = sum(roles[i]["team"] == SPIES for i in alive)
    citizens = len(alive) - spies
    winner, reason = None, None
    if not alive:
        winner, reason = "nobody", "all_dead"
    elif not spies:
        winner, reason = CITIZENS, "no_spies"
    elif not citizens:
        winner, reason = SPIES, "only_spies"
    elif state["options"]["parity"] and spies >= citizens:
        winner, reason = SPIES, "parity"
    elif _stalled(state):
        winner, reason = SPIES, "time"
    elif state["options"]["stall_cycles"] == 0 and state["cycle"] >= MAX_CYCLES:
        winner, reason = "nobody", "limit"
    if winner is None:
        return []
    state["over"], state["winner"] = True, winner
    state["winners"] = [i for i, c in enumerate(roles) if c["team"] == winner]
    return [{"type": "game_over", "winner": winner, "reason": reason, "winners": state["winners"],
             "roles": [dict(c) for c in roles]}]


def quiet_cycles(state) -> int:
    """How many of the last closed cycles in a row ended without a death."""
    n = 0
    for h in reversed(state["history"]):
        if h["deaths"]:
            break
        n += 1
    return n


def _stalled(state) -> bool:
    k = state["options"]["stall_cycles"]
    return k > 0 and quiet_cycles(state) >= k


def stalemate_warning(state) -> dict | None:
    """What a cycle's first day announces under the stalemate rule: the cycles in a row
    without a death so far (`quiet`) and the rule's number (`limit`), whenever there has
    been such a cycle or this one is the last chance — so the rule is always announced
    before it ends a game. With the rule off, the last cycle before MAX_CYCLES ends it."""
    k = state["options"]["stall_cycles"]
    if k == 0:
        return {"last": MAX_CYCLES} if state["cycle"] == MAX_CYCLES else None
    quiet = quiet_cycles(state)
    if quiet == 0 and k > 1:
        return None
    return {"quiet": quiet, "limit": k}
