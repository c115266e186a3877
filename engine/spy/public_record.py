"""The spy game's replay links (engine/core/replay.py hooks, docs/hall.md "History and
replays"): the public record of a game, and its tables rebuilt from it by the engine's own
rules.

What the table learns, in order: the host's acts (each day's close, deadlines, excuses, last
words), the public acts of the living as they are made (votes, the Mayor's redirections,
the Priest's public protection), and at each cycle's close what the game master announces
(the count, void redirections, deaths as the options reveal them, the end with every role).
Nobody's secret act, its time, a seat's role while the game runs or the seed is in it; once
the game is over everybody sees everything, so the record adds the cycles' whole account
(`history`) and what each seat learned (`privates`), as the final table shows them.

    {"o": options off the defaults, "r": role counts, "p": names, "a": acts in order,
     "f": who had said done when the record was made, "t": the last public act's time
     (after the last act's), and once over "h": the cycles' account, "v": what each learned}
    an act: [seat, "v"|"r"|"p", target, dt]        a vote, a redirection, a public protection
            ["d", dt] / ["d", [announcements], dt]   a day's close / a cycle's close
            ["e", dt]                   a vote day closed when everybody was done: the
                                        Mayor's window opens at once (its `early`)
            ["t", deadline - time or None, dt], ["x", seat, dt], ["w", seat, text, dt]
    dt (always last): the act's time after the one before (the first: after 0)
    announcements: ["vote_result", counts, most, dies, outcome, redirect, added, subtracted
                    (, uncounted: when some votes were not counted)],
            ["redirect_void", seat, target, reason], ["death", seat, cause (, revealed)],
            ["game_over", winner, reason, winners, roles as "role:team"]

To rebuild the tables the viewer deals stand-in cards (its own seed) and plays every public
act and every day's close through the engine's `apply`; a cycle's close it cannot play (its
chain is secret) takes the announcements as they were made, then the engine starts the next
cycle. So the days, deadlines, tallies, the Mayor's window and who may still act are the
engine's.
"""

from ..core.errors import GameError
from ..core.game import get_game
from ..core.record import start, steps
from ..core.replay import TICK, Last, frame, rebuilt
from .actions import PUBLIC_ACTS, living
from .game import apply, needs_window, new_game, start_cycle
from .options import DEFAULTS, RULES
from .roles import SETUP_KEYS

SEAT_ACTS = {"vote": "v", "redirect": "r", "protect_public": "p"}
STAND_IN = {"redirect": {"role": "mayor", "team": "citizens"},
            "protect_public": {"role": "priest", "team": "citizens"}}
# the fields of each announcement at a cycle's close, after its type (its cycle and time are
# the close's); death adds the revealed role or team when the options reveal one
ANNOUNCED = {
    "vote_result": ("counts", "most", "dies", "outcome", "redirect", "added", "subtracted"),
    "redirect_void": ("seat", "target", "reason"),
    "death": ("seat", "cause"),
    "game_over": ("winner", "reason", "winners", "roles"),
}
MAX_ACTS = 20_000  # a whole 20-player game makes a few hundred


def _bad(where) -> GameError:
    return GameError("code_invalid", "the replay cannot be read", where=where)


# ---------------------------------------------------------------- the public record
def _card(c: dict) -> str:
    return f"{c['role']}:{c['team']}"


def _announced(e: dict, reveal: str) -> list:
    row = [e["type"]] + [e[k] for k in ANNOUNCED[e["type"]]]
    if e["type"] == "game_over":
        row[-1] = [_card(c) for c in e["roles"]]
    elif e["type"] == "death" and reveal in e:
        row.append(e[reveal])
    elif e["type"] == "vote_result" and "uncounted" in e:
        row.append(e["uncounted"])   # only when some votes went uncounted: older links lack it
    return row


def replay_public(record) -> dict:
    """The public record of the game so far (see the module's docstring)."""
    module, state = start(record)
    o = state["options"]
    out = {"o": {k: o[k] for k in RULES if o[k] != DEFAULTS[k]}, "r": [o[k] for k in SETUP_KEYS],
           "p": list(state["players"]), "a": []}
    prev = 0
    for _, seat, action in steps(module, record):
        kind = action["type"]
        before = len(state["log"])
        module.apply(state, seat, action)
        if seat is not None and kind not in PUBLIC_ACTS:
            continue  # a secret act, or a seat's "done" (its mark shows in the last table)
        at, dt = action["at"], action["at"] - prev
        prev = at
        if seat is not None:
            out["a"].append([seat, SEAT_ACTS[kind], action["target"], dt])
        elif kind == "close_day":
            told = [_announced(e, o["reveal"]) for e in state["log"][before:] if e["type"] in ANNOUNCED]
            early = any(e["type"] == "window" and e.get("early") for e in state["log"][before:])
            out["a"].append(["d", told, dt] if told else ["e", dt] if early else ["d", dt])
        elif kind == "set_deadline":
            deadline = action.get("deadline")
            out["a"].append(["t", None if deadline is None else deadline - at, dt])
        elif kind == "excuse":
            out["a"].append(["x", action["seat"], dt])
        else:
            out["a"].append(["w", action["seat"], action["text"], dt])
    out["f"] = "".join("1" if d else "0" for d in state["done"])
    if state["public_now"] is not None and state["public_now"] != prev:
        out["t"] = state["public_now"] - prev
    if state["over"]:
        out["h"] = [_cycle(h) for h in state["history"]]
        out["v"] = state["private"]
    return out


def _cycle(h: dict) -> list:
    """A closed cycle's account without what the acts above already say (its public acts
    and excuses): its secret acts, each with its place among the cycle's acts, its time
    after the act before it (the first: its own time) and its day; the chain; the deaths."""
    secret, prev = [], None
    for i, a in enumerate(h["acts"]):
        if a["type"] not in PUBLIC_ACTS:
            what = a["targets"] if "targets" in a else a["target"]
            secret.append([i, a["seat"], a["type"], what, a["at"] - (prev or 0), a["day"]])
        prev = a["at"]
    return [secret, h["chain"], h["deaths"]]


# ---------------------------------------------------------------- the tables rebuilt
def _close_cycle(state, at: int, told: list, closed: list) -> None:
    """A cycle's close as the game master announced it (its chain is secret), then the
    engine's next cycle; `closed` keeps the cycle's public acts and excuses (its account,
    once the game is over)."""
    closed.append({"cycle": state["cycle"], "acts": state["acts"], "excused": list(state["excused"])})
    if state["day"] not in ("vote", "merged") or not (state["window"] or not needs_window(state)):
        raise _bad("a")
    cycle, reveal = state["cycle"], state["options"]["reveal"]
    deaths = []
    for row in told:
        kind = row[0]
        keys = ANNOUNCED[kind]
        extra = 1 if kind == "death" and reveal != "none" else 0
        if kind == "vote_result" and len(row) == 2 + len(keys):
            extra = 1   # its uncounted votes
        if len(row) != 1 + len(keys) + extra:
            raise _bad("a")
        e = {"type": kind, "cycle": cycle, **dict(zip(keys, row[1:]))}
        if kind == "vote_result":
            e["at"] = at
            if extra:
                e["uncounted"] = row[-1]
        elif kind == "death":
            if extra:
                e[reveal] = row[-1]
            state["alive"][e["seat"]] = False
            deaths.append([e["seat"], e["cause"]])
        elif kind == "game_over":
            del e["cycle"]
            cards = [card.split(":") for card in e["roles"]]
            e["roles"] = [{"role": r, "team": t} for r, t in cards]
            state["roles"], state["over"] = e["roles"], True
            state["winner"], state["winners"] = e["winner"], list(e["winners"])
        state["log"].append(e)
    # the cycle's deaths, as the stalemate rule counts quiet cycles (the whole account
    # replaces this once the game is over)
    state["history"].append({"cycle": cycle, "deaths": deaths})
    state["now"] = state["public_now"] = at
    if state["over"]:
        state["step"] += 1
    else:
        start_cycle(state, at)


def _history(closed: list, packed) -> list:
    """The cycles' account once the game is over: each cycle's public acts with its secret
    ones put back in their places."""
    if not isinstance(packed, list) or len(packed) != len(closed):
        raise _bad("h")
    out = []
    for c, (secret, chain, deaths) in zip(closed, packed):
        acts = list(c["acts"])
        for i, seat, kind, what, dt, day in secret:
            if kind in PUBLIC_ACTS or not 0 <= i <= len(acts):
                raise _bad("h")
            at = (acts[i - 1]["at"] if i else 0) + dt
            key = "targets" if kind == "add_votes" else "target"
            acts.insert(i, {"seat": seat, "type": kind, key: what, "at": at, "day": day})
        out.append({"cycle": c["cycle"], "acts": acts, "chain": chain, "deaths": deaths,
                    "excused": c["excused"]})
    return out


def _play(state, acts, module, closed):
    """The frames of the acts, played one after the other (a TICK for an act that made none);
    returns the last act's time."""
    yield frame(module, state, None)
    at = 0
    for i, act in enumerate(acts):
        where = f"a[{i}]"
        step = state["step"]
        if not isinstance(act, list) or not act or type(act[-1]) is not int or act[-1] < 0:
            raise _bad(where)
        at += act[-1]
        head = act[0]
        if type(head) is int:
            seat, code, target = act[0], act[1], act[2]
            kind = next(k for k, v in SEAT_ACTS.items() if v == code)
            if kind in STAND_IN and 0 <= seat < len(state["roles"]):
                state["roles"][seat] = dict(STAND_IN[kind])
            apply(state, seat, {"type": kind, "target": target, "at": at})
        elif head == "d" and len(act) == 3:
            _close_cycle(state, at, act[1], closed)
        elif head in ("d", "e") and len(act) == 2:
            if head == "e":  # everybody was done (their "done" is no public act)
                for s in living(state):
                    state["done"][s] = True
            apply(state, None, {"type": "close_day", "at": at})
        elif head == "t":
            apply(state, None, {"type": "set_deadline", "deadline": None if act[1] is None else act[1] + at,
                                "at": at})
        elif head == "x":
            apply(state, None, {"type": "excuse", "seat": act[1], "at": at})
        elif head == "w":
            apply(state, None, {"type": "last_words", "seat": act[1], "text": act[2], "at": at})
        else:
            raise _bad(where)
        yield frame(module, state, None) if state["step"] != step else TICK
    return at


def replay_steps(public):
    """The table at the start of each day (and the Mayor's window), and now, one at a time
    (engine/core/replay.py reads them)."""
    def make():
        acts, names = public["a"], public["p"]
        if not isinstance(acts, list) or len(acts) > MAX_ACTS or not isinstance(public["o"], dict):
            raise _bad("a")
        state = new_game({**public["o"], **dict(zip(SETUP_KEYS, public["r"]))}, names, "stand-in")
        module = get_game("spy")
        closed = []
        at = yield from _play(state, acts, module, closed)
        done = public["f"]
        if not isinstance(done, str) or len(done) != len(names) or set(done) - {"0", "1"}:
            raise _bad("f")
        state["done"] = [d == "1" for d in done]
        if "t" in public:  # a seat's "done" since the last public act
            state["public_now"] = at + public["t"]
        if state["over"]:
            state["history"], state["private"] = _history(closed, public["h"]), public["v"]
        yield Last(frame(module, state, None))
    return rebuilt(make())
