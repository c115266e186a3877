"""The vote count of a cycle, replayed in the order things happened (rule book,
"Priorities" 4 Trickster · 5 Mayor · 6 Vote; seed, "Tip 2" and its examples).

Every vote-day event carries its time; the count walks them in order:
- an official vote counts if its voter is still alive at step 6 of the chain;
- the Trickster's extra votes (+1 each, two in all) and his subtraction (−1, −2 on
  himself) count from the moment he sent them, if he is alive at step 4;
- a Mayor's redirection, if he is alive at step 5, sends every vote cast and every vote
  to come to his target; a Mayor who had revealed himself before it is refused while he is
  the most voted at that moment, the Trickster's secret votes included — a tie is allowed
  unless his own vote made it (seed, Nota 4).
[decision] The Trickster's extra votes are votes: a redirection takes them too. His
subtraction applies to the count as it stands, never below zero.
"""


def count(official: dict, adds: list, subs: list, redirect_to) -> dict:
    """The count now: seat -> votes (seats with none left out)."""
    if redirect_to is not None:
        counts = {redirect_to: len(official) + len(adds)}
    else:
        counts = {}
        for t in list(official.values()) + adds:
            counts[t] = counts.get(t, 0) + 1
    for t, k in subs:
        if t in counts:
            counts[t] = max(0, counts[t] - k)
    return {s: v for s, v in counts.items() if v > 0}


def mayor_blocked(counts: dict, mayor: int, own_vote) -> bool:
    """Is a revealed Mayor the most voted (a tie allowed unless his own vote made it)?"""
    mine = counts.get(mayor, 0)
    if mine == 0:
        return False
    best = max((v for s, v in counts.items() if s != mayor), default=0)
    if mine != best:
        return mine > best
    tied = [s for s, v in counts.items() if s != mayor and v == mine]
    return tied == [own_vote]


def run(acts: list, voter_counts, trickster_counts, mayor_counts) -> dict:
    """The day's count. The three predicates say whose acts the chain lets through
    (seat -> bool). Returns the final counts, the redirection in force, each redirection's
    fate, what the Trickster did (announced at the close, without his name), and whose cast
    votes did not count (`uncounted`: voters who died earlier in the chain)."""
    official, adds, subs = {}, [], []
    redirect_to = None
    redirects = []
    added, subtracted, uncounted = [], [], []
    for a in acts:
        kind = a["type"]
        if kind == "vote":
            if voter_counts(a["seat"]):
                official[a["seat"]] = a["target"]
            else:
                uncounted.append(a["seat"])
        elif kind in ("add_votes", "subtract_vote"):
            if not trickster_counts(a["seat"]):
                continue
            if kind == "add_votes":
                adds += a["targets"]
                added += a["targets"]
            else:
                k = 2 if a["target"] == a["seat"] else 1
                subs.append((a["target"], k))
                subtracted.append([a["target"], k])
        elif kind == "redirect":
            fate = {"seat": a["seat"], "target": a["target"], "at": a["at"]}
            mayor = a["seat"]
            if not mayor_counts(mayor):
                fate["void"] = "dead"
            elif a["revealed"]:
                now = count(official, adds, subs, redirect_to)
                own = official.get(mayor) if redirect_to is None else redirect_to
                if mayor_blocked(now, mayor, own):
                    fate["void"] = "most_voted"
                    fate["counts"] = pairs(now)
            if "void" not in fate:
                redirect_to = a["target"]
            redirects.append(fate)
    final = count(official, adds, subs, redirect_to)
    return {"counts": final, "redirect": redirect_to, "redirects": redirects,
            "added": added, "subtracted": subtracted, "voters": sorted(official),
            "uncounted": sorted(uncounted)}


def pairs(counts: dict) -> list:
    return sorted([s, v] for s, v in counts.items())


def top(counts: dict) -> list[int]:
    """The most-voted seats (none when nobody has a vote)."""
    if not counts:
        return []
    best = max(counts.values())
    return sorted(s for s, v in counts.items() if v == best)
