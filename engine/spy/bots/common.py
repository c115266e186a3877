"""What a bot can tell from its seat's view: its role, whom it knows, what its looks
showed, and a suspicion score per player from public information only (votes, deaths,
announced roles, the Trickster's public traces)."""

from ..roles import SPIES, CITIZENS, in_kill_group


class Seen:
    """The view read once for a decision."""

    def __init__(self, view):
        self.view = view
        self.me = view["seat"]
        self.card = view["role"]
        self.role, self.team = self.card["role"], self.card["team"]
        self.alive = view["alive"]
        self.living = [i for i, a in enumerate(self.alive) if a]
        self.others = [i for i in self.living if i != self.me]
        self.mates = set(view["mates"])
        self.spies, self.citizens = set(), set()  # known teams
        if in_kill_group(self.card):
            self.spies |= self.mates | {self.me}
        elif self.team == CITIZENS:
            self.citizens |= self.mates | {self.me}
        for e in view["private"]:
            if e["type"] == "look":
                team = e.get("team") or _team_of_role(e.get("role"))
                if team == SPIES:
                    self.spies.add(e["target"])
                elif team == CITIZENS:
                    self.citizens.add(e["target"])
        if view["options"]["reveal"] != "none":
            for e in view["log"]:
                if e["type"] == "death":
                    team = e.get("team") or _team_of_role(e.get("role"))
                    if team:
                        (self.spies if team == SPIES else self.citizens).add(e["seat"])
        self.legal = {a["type"]: a for a in (view.get("legal") or {}).get("actions", [])}
        self.mine = {a["type"] for a in view["mine"]}
        self.tally = {s: v for s, v in view["tally"]}
        self._evidence = None

    def can(self, kind) -> dict | None:
        return self.legal.get(kind)

    def day_is_vote(self) -> bool:
        return self.view["day"] in ("vote", "merged")

    def evidence(self) -> dict:
        """Per living other player: the public evidence, a known spy certain (+100), a
        known citizen cleared (-100)."""
        if self._evidence is None:
            self._evidence = self._weigh()
        return dict(self._evidence)

    def _weigh(self) -> dict:
        score = {i: 0.0 for i in self.others}
        for i, v in public_evidence(self.view["log"]).items():
            if i in score:
                score[i] = v
        for i in score:
            if i in self.spies:
                score[i] += 100
            elif i in self.citizens:
                score[i] -= 100
        return score

    def suspicion(self) -> dict:
        """Evidence, plus a little of the current tally (following the table)."""
        return {i: v + 0.3 * self.tally.get(i, 0) for i, v in self.evidence().items()}


_LAST = [None, 0, None]  # the log last weighed, its length, its evidence


def public_evidence(log: list) -> dict:
    """Suspicion per player from the public log alone (the same for every seat):
    - voting against a player who turned out a citizen raises it, a spy lowers it (a
      player killed by a role counts as half a citizen: mostly they are);
    - whom a night victim had voted against is suspect (the spies silence who suspects
      them);
    - a Priest who publicly protected a player and was killed that cycle may have
      protected a spy.
    Only closed cycles count (a vote of the current day has no dead target yet), so the
    evidence is computed up to the current day's opening; the log only grows, so the last
    answer is kept for the same log up to the same point (the bots of one table read the
    same shared log one after another)."""
    end = len(log)
    while end and log[end - 1]["type"] != "day":
        end -= 1
    if _LAST[0] is log and _LAST[1] == end:
        return _LAST[2]
    score = {}
    votes = []      # (voter, target)
    shields = {}    # cycle -> (priest, protected) of a public protection
    weight = {}     # seat -> +1 a citizen, -1 a spy, +0.5 killed by a role
    killed = set()  # (cycle, seat) of role deaths
    for k in range(end):
        e = log[k]
        kind = e["type"]
        if kind == "vote":
            votes.append((e["seat"], e["target"]))
        elif kind == "protect_public":
            shields[e["cycle"]] = (e["seat"], e["target"])
        elif kind == "death":
            t = e.get("team") or _team_of_role(e.get("role"))
            if t:
                weight[e["seat"]] = 1.0 if t == CITIZENS else -1.0
            elif e["cause"] == "killed":
                weight[e["seat"]] = 0.5
            if e["cause"] == "killed":
                killed.add((e["cycle"], e["seat"]))
    for voter, target in votes:
        if target in weight:
            score[voter] = score.get(voter, 0.0) + weight[target]
        if weight.get(voter) == 0.5:
            score[target] = score.get(target, 0.0) + 0.7
    for cycle, (priest, target) in shields.items():
        if (cycle, priest) in killed:
            score[target] = score.get(target, 0.0) + 1.5
    _LAST[:] = [log, end, score]
    return score


def _team_of_role(role):
    return {"citizen": CITIZENS, "vigilante": CITIZENS, "priest": CITIZENS, "psychic": CITIZENS,
            "brother": CITIZENS, "spy": SPIES, "double_agent": SPIES}.get(role)


def top_of(scores: dict, rng, among=None):
    """The highest score, ties broken at random; None if there is nobody."""
    pool = [i for i in (scores if among is None else among) if i in scores]
    if not pool:
        return None
    best = max(scores[i] for i in pool)
    return rng.choice(sorted(i for i in pool if scores[i] >= best - 1e-9))
