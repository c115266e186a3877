"""The spy game's bots: `random` (any legal actions), `easy` (random targets, sparing
use of powers) and `normal` (public suspicion; spies agree on one victim and vote
together; powers used where they help). Each returns the seat's actions for the day,
ending with `done`; each reads only the seat's view."""

import random

from ..roles import SPIES
from .common import Seen, top_of

MINUTE = 60_000
CONFLICTS = (("add_votes", "subtract_vote"), ("protect", "protect_public"))


def _redirect_open(spec, view) -> bool:
    """A redirection the host's next stamp will surely accept: its window is open by the
    time of the last action, and the deadline is over a minute away."""
    now = view["now"] or 0
    return (spec["from"] is None or spec["from"] <= now) and \
        (spec["until"] is None or spec["until"] - now > MINUTE)


def random_actions(view, seed=0):
    """Random legal actions for the day (conformance test, simulator)."""
    legal = view.get("legal")
    if not legal or not legal["actions"]:
        return None
    rng = random.Random(f"random:{seed}")
    specs = [a for a in legal["actions"] if a["type"] != "done"]
    rng.shuffle(specs)
    out, taken = [], set()
    for spec in specs:
        kind = spec["type"]
        if any(kind in group and taken & set(group) for group in CONFLICTS):
            continue
        if kind == "redirect" and not _redirect_open(spec, view):
            continue
        if rng.random() < (0.9 if kind == "vote" else 0.5) and spec["targets"]:
            taken.add(kind)
            if kind == "add_votes":
                out.append({"type": kind, "targets": [rng.choice(spec["targets"]) for _ in range(2)]})
            else:
                out.append({"type": kind, "target": rng.choice(spec["targets"])})
    if rng.random() < 0.85:
        out.append({"type": "done"})
    return out or None


# ---------------------------------------------------------------- easy
def easy(view, seed=0):
    s = Seen(view)
    if not s.legal:
        return None
    rng = random.Random(f"easy:{seed}")
    out = []
    foes = [i for i in s.others if i not in s.spies] if s.me in s.spies else s.others
    foes = foes or s.others
    if s.can("vote") and foes:
        out.append({"type": "vote", "target": rng.choice(foes)})
    if s.can("victim") and foes:
        out.append({"type": "victim", "target": rng.choice(foes)})
    if s.can("kill") and rng.random() < 0.2:
        out.append({"type": "kill", "target": rng.choice(s.can("kill")["targets"])})
    if s.can("protect"):
        out.append({"type": "protect", "target": rng.choice(s.can("protect")["targets"])})
    if s.can("look"):
        out.append({"type": "look", "target": rng.choice(s.can("look")["targets"])})
    if s.can("add_votes") and s.day_is_vote() and rng.random() < 0.2 and foes:
        out.append({"type": "add_votes", "targets": [rng.choice(foes)] * 2})
    spec = s.can("redirect")
    if spec and _redirect_open(spec, view) and rng.random() < 0.2 and spec["targets"]:
        out.append({"type": "redirect", "target": rng.choice(spec["targets"])})
    out.append({"type": "done"})
    return out


# ---------------------------------------------------------------- normal
def shared_rng(view, group, purpose: str) -> random.Random:
    """A generator every spy's bot seeds alike from what they all know, so that they pick
    the same victim (or vote) without talking (people at a table would talk)."""
    return random.Random(f"spies:{purpose}:{view['players']}:{view['cycle']}:{sorted(group)}")


def spy_target(s: Seen, rng) -> int | None:
    """The spies' victim: a revealed Mayor or Priest first, then whoever votes against
    spies, then anybody who is not a spy."""
    foes = [i for i in s.others if i not in s.spies]
    if not foes:
        return None
    threat = {i: 0.0 for i in foes}
    for e in s.view["log"]:
        if e["type"] == "vote" and e["seat"] in threat and e["target"] in s.spies:
            threat[e["seat"]] += 1.0
        elif e["type"] in ("redirect", "protect_public") and e["seat"] in threat:
            threat[e["seat"]] += 3.0
    for e in s.view["private"]:  # the Double Agent's finds
        if e["type"] == "look" and e.get("role") in ("vigilante", "priest", "psychic", "mayor") \
                and e["target"] in threat:
            threat[e["target"]] += 5.0
    return top_of(threat, rng)


def normal(view, seed=0):
    s = Seen(view)
    if not s.legal:
        return None
    rng = random.Random(f"normal:{seed}")
    spy = s.team == SPIES and s.role != "mayor"
    out = []
    sus = s.suspicion()
    foes = [i for i in s.others if i not in s.spies]
    if spy:
        group_rng = shared_rng(view, s.spies, "vote")
        # blend in: follow the table's leading non-spy, else the most suspicious-looking one
        vote_for = top_of({i: sus[i] + 2 * s.tally.get(i, 0) for i in foes}, group_rng)
    else:
        vote_for = top_of(sus, rng)
    if s.can("vote") and vote_for is not None:
        out.append({"type": "vote", "target": vote_for})
    if s.can("victim"):
        victim = spy_target(s, shared_rng(view, s.spies, "victim"))
        if victim is not None:
            out.append({"type": "victim", "target": victim})
    spec = s.can("kill")
    if spec:
        # only on evidence of his own, never on the table's mood (remorse is costly)
        known = s.evidence()
        leader = top_of(s.tally, rng) if s.tally else None
        pool = [i for i in spec["targets"] if i != leader] or spec["targets"]
        target = top_of(known, rng, pool)
        if target is not None and (known[target] >= 1.2 or
                                   (view["cycle"] >= 2 and known[target] > 0 and rng.random() < 0.3)):
            out.append({"type": "kill", "target": target})
    spec = s.can("protect")
    if spec:
        few = len(s.living) <= 4
        if few or rng.random() < 0.5:
            out.append({"type": "protect", "target": s.me})
        else:
            calm = [i for i in spec["targets"] if i != s.me and sus.get(i, 0) <= 0]
            out.append({"type": "protect", "target": rng.choice(calm or spec["targets"])})
    spec = s.can("look")
    if spec:
        fresh = [i for i in spec["targets"] if i not in s.spies and i not in s.citizens
                 and i not in s.view["powers"]["looked"]]
        pool = fresh or spec["targets"]
        out.append({"type": "look", "target": top_of({i: sus.get(i, 0) for i in pool}, rng)})
    out += _trickster(s, sus, vote_for, rng)
    out += _mayor(s, sus, rng)
    out.append({"type": "done"})
    return out


def _trickster(s: Seen, sus, vote_for, rng) -> list:
    if s.role != "trickster" or not s.day_is_vote():
        return []
    leader = top_of(s.tally, rng) if s.tally else None
    if s.can("subtract_vote") and leader == s.me:
        return [{"type": "subtract_vote", "target": s.me}]
    if s.team == SPIES:
        if leader is not None and leader in s.spies and s.can("add_votes"):
            foes = {i: sus.get(i, 0) + s.tally.get(i, 0) for i in s.others if i not in s.spies}
            target = top_of(foes, rng)
            return [] if target is None else [{"type": "add_votes", "targets": [target, target]}]
        return []
    if s.can("add_votes") and vote_for is not None and (s.view["cycle"] >= 2 and rng.random() < 0.5):
        return [{"type": "add_votes", "targets": [vote_for, vote_for]}]
    return []


def _mayor(s: Seen, sus, rng) -> list:
    spec = s.can("redirect")
    if not spec or not _redirect_open(spec, s.view) or "redirect" in s.mine:
        return []
    leader = top_of(s.tally, rng) if s.tally else None
    if leader == s.me or (s.team == SPIES and rng.random() < 0.4):
        target = top_of({i: sus.get(i, 0) for i in spec["targets"]}, rng)
        return [] if target is None else [{"type": "redirect", "target": target}]
    return []


__all__ = ["random_actions", "easy", "normal"]
