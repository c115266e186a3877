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
        for e in view["log"]:
            if e["type"] == "death" and "team" in e:
                (self.spies if e["team"] == SPIES else self.citizens).add(e["seat"])
            elif e["type"] == "death" and "role" in e and _team_of_role(e["role"]):
                (self.spies if _team_of_role(e["role"]) == SPIES else self.citizens).add(e["seat"])
        self.legal = {a["type"]: a for a in (view.get("legal") or {}).get("actions", [])}
        self.mine = {a["type"] for a in view["mine"]}
        self.tally = {s: v for s, v in view["tally"]}

    def can(self, kind) -> dict | None:
        return self.legal.get(kind)

    def day_is_vote(self) -> bool:
        return self.view["day"] in ("vote", "merged")

    def suspicion(self) -> dict:
        """Per living other player, from public information: voting against players who
        turned out citizens (or were killed by a role: mostly citizens) raises it, against
        spies lowers it; a known spy is certain,
        a known citizen cleared; the current tally adds a little (following the table)."""
        score = {i: 0.0 for i in self.others}
        votes = []  # (voter, target)
        weight = {}  # seat -> +1 a citizen, -1 a spy; +0.5 killed by a role (mostly citizens)
        for e in self.view["log"]:
            if e["type"] == "vote":
                votes.append((e["seat"], e["target"]))
            elif e["type"] == "death":
                t = e.get("team") or _team_of_role(e.get("role"))
                if t:
                    weight[e["seat"]] = 1.0 if t == CITIZENS else -1.0
                elif e["cause"] == "killed":
                    weight[e["seat"]] = 0.5
        for voter, target in votes:
            if voter in score and target in weight:
                score[voter] += weight[target]
        for i in score:
            if i in self.spies:
                score[i] += 100
            elif i in self.citizens:
                score[i] -= 100
            score[i] += 0.4 * self.tally.get(i, 0)
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
