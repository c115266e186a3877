"""A table with chosen roles for the spy game's tests: seats by index, a host clock that
moves one second per action unless a test sets the time, and short verbs."""


import pytest

from engine.core.clone import clone
from engine.core.errors import GameError
from engine.spy import apply, new_game, view, to_act
from engine.spy.roles import SETUP_KEYS

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Fran", "Gus", "Hugo", "Ines", "Juan", "Kim",
         "Luis", "Marta", "Nico", "Olga", "Pau", "Quim", "Rosa", "Sara", "Teo"]
DAY0 = 1_700_000_000_000   # some Sunday, 00:00
MINUTE = 60_000


def clock(h: int, m: int, day: int = 0) -> int:
    """A time of day (ms) on day `day` after DAY0, for the seed's examples (21:35 ...)."""
    return DAY0 + ((day * 24 + h) * 60 + m) * MINUTE


def counts_of(roles: list[str]) -> dict:
    """The option role counts that match a list of roles ("mayor:spies" counts as mayor)."""
    names = [r.partition(":")[0] for r in roles]
    return {key: names.count(role) // per for key, (role, per) in SETUP_KEYS.items()}


class Table:
    def __init__(self, roles, options=None, seed="table"):
        self.names = NAMES[:len(roles)]
        opts = {**counts_of(roles), **(options or {})}
        self.state = new_game(opts, self.names, seed, roles=list(roles))
        self.time = DAY0

    # -- time
    def at(self, when: int) -> "Table":
        """The next action is stamped `when`; the following ones a second apart."""
        self.time = when - 1000
        return self

    def _stamp(self) -> int:
        self.time += 1000
        return self.time

    # -- acting
    def act(self, who, kind, /, **fields):
        return apply(self.state, who, {"type": kind, **fields, "at": self._stamp()})

    def refused(self, who, kind, code=None, /, **fields):
        before = clone(self.state)
        with pytest.raises(GameError) as err:
            apply(self.state, who, {"type": kind, **fields, "at": self.time + 1000})
        assert self.state == before
        if code is not None:
            assert err.value.code == code, err.value.code
        return err.value

    def host(self, kind, /, **fields):
        return self.act(None, kind, **fields)

    def close(self):
        return self.host("close_day")

    def votes(self, pairs: dict):
        for voter, target in pairs.items():
            self.act(voter, "vote", target=target)

    def end_cycle(self):
        """Close days until the cycle ends (through the Mayor's window if there is one);
        returns the events of the cycle's close."""
        cycle = self.state["cycle"]
        while True:
            events = self.close()
            if self.state["over"] or self.state["cycle"] != cycle:
                return events

    # -- reading
    @property
    def phase(self):
        return to_act(self.state)["phase"]

    def view(self, seat):
        return view(self.state, seat)

    def alive(self):
        return [i for i, a in enumerate(self.state["alive"]) if a]

    def deaths(self, events=None):
        """{seat: public cause} of the last close's events (or of the whole log)."""
        source = events if events is not None else self.state["log"]
        return {e["seat"]: e["cause"] for e in source if e["type"] == "death"}

    def chain(self, step=None):
        """The last closed cycle's chain (or its entries of one step)."""
        entries = self.state["history"][-1]["chain"]
        return entries if step is None else [c for c in entries if c["step"] == step]

    def causes(self):
        """{seat: engine cause} of the last closed cycle."""
        return dict(map(tuple, self.state["history"][-1]["deaths"]))
