"""What a living player may do during a day (rule book, "Teams and roles"), as one table:
for each action, when it is open to a seat (which is also what `legal` lists) and what it
records. Actions are final once sent ([decision]: a vote may not change, and a secret
action is committed when sent, as a commit-reveal net layer needs).

| action | who | days | limit |
|---|---|---|---|
| `vote` {target} | everybody | vote, merged | one, never changed |
| `victim` {target} | spies (not the Mayor) | day, merged | one pick each per cycle |
| `kill` {target} | Vigilante | any day of a cycle | once a cycle; after a kill, a cycle's wait |
| `protect` {target} | Priest | day, merged | one protection a cycle (this or the next) |
| `protect_public` {target} | Priest | vote, merged | public; against the vote death |
| `look` {target} | Psychic, Double Agent | any day of a cycle | every other cycle; the agent until a special role |
| `add_votes` {targets: [a, b]} | Trickster | any day of a cycle | once a game; never with subtract on one day |
| `subtract_vote` {target} | Trickster | any day of a cycle | once a game |
| `redirect` {target} | Mayor | the window (a vote day's last step) | twice a vote day, `mayor_gap` minutes apart |
| `done` | everybody | any day | ends the seat's part of the day |
"""

from ..core.errors import GameError, short
from .roles import in_kill_group

MINUTE = 60_000
PUBLIC_ACTS = ("vote", "redirect", "protect_public")
SECRET_ACTS = ("victim", "kill", "protect", "look", "add_votes", "subtract_vote")
CYCLE_DAYS = ("day", "vote", "merged")
DAYS = ("warmup", *CYCLE_DAYS)  # every day, in order: links carry a day as its index
VOTE_DAYS = ("vote", "merged")
FIRST_DAYS = ("day", "merged")


def living(state) -> list[int]:
    return [i for i, a in enumerate(state["alive"]) if a]


def check_target(state, target, where="target") -> int:
    if type(target) is not int or not 0 <= target < len(state["players"]):
        raise GameError("unknown_seat", "no such player", where=f"action.{where}",
                        seat=short(target, 20))
    if not state["alive"][target]:
        raise GameError("target_dead", f"{state['players'][target]} is dead",
                        where=f"action.{where}", player=state["players"][target])
    return target


def acted(state, seat, kind) -> list[dict]:
    return [a for a in state["acts"] if a["seat"] == seat and a["type"] == kind]


def redirects_today(state) -> list[dict]:
    return [a for a in state["acts"] if a["type"] == "redirect"]


def window_opening(state) -> int | None:
    """When the Mayor's window of a timed day opens: its last `mayor_window` minutes (rule
    book, "Cycles"), or the window step's start if it began early because everybody was
    done (its announcement says `early`); None on an untimed day."""
    if state["deadline"] is None:
        return None
    if state["window"]:
        opened = next(e for e in reversed(state["log"]) if e["type"] == "window")
        if opened.get("early"):
            return opened["at"]
    return state["deadline"] - state["options"]["mayor_window"] * MINUTE


# ---------------------------------------------------------------- when each action is open
def _vote(state, seat, role, alive):
    if state["day"] in VOTE_DAYS and not acted(state, seat, "vote"):
        return {"targets": alive}


def _victim(state, seat, role, alive):
    if state["day"] in FIRST_DAYS and in_kill_group(role) and not acted(state, seat, "victim"):
        return {"targets": alive}


def _others(alive, seat):
    return [i for i in alive if i != seat]


def _kill(state, seat, role, alive):
    p = state["powers"][seat]
    if role["role"] == "vigilante" and state["day"] in CYCLE_DAYS \
            and not acted(state, seat, "kill") \
            and (p["last_kill"] is None or state["cycle"] > p["last_kill"] + 1):
        return {"targets": _others(alive, seat)}


def _protected(state) -> bool:
    return any(a["type"] in ("protect", "protect_public") for a in state["acts"])


def _protect(state, seat, role, alive):
    if role["role"] == "priest" and state["day"] in FIRST_DAYS and not _protected(state):
        return {"targets": alive}


def _protect_public(state, seat, role, alive):
    if role["role"] == "priest" and state["day"] in VOTE_DAYS and not _protected(state):
        return {"targets": alive}


def _look(state, seat, role, alive):
    p = state["powers"][seat]
    if (role["role"] == "psychic" or (role["role"] == "double_agent" and not p["lost"])) \
            and state["day"] in CYCLE_DAYS and not acted(state, seat, "look") \
            and (p["last_look"] is None or state["cycle"] >= p["last_look"] + 2):
        return {"targets": _others(alive, seat)}


def _trick(state, seat, role, alive, power):
    p = state["powers"][seat]
    if role["role"] == "trickster" and state["day"] in CYCLE_DAYS and p[power] is None \
            and p["trick_day"] != [state["cycle"], state["day"]]:
        return {"targets": alive}


def _add_votes(state, seat, role, alive):
    spec = _trick(state, seat, role, alive, "add")
    return spec and {**spec, "count": 2}


def _subtract_vote(state, seat, role, alive):
    return _trick(state, seat, role, alive, "subtract")


def _redirect(state, seat, role, alive):
    """Open in the Mayor's window, the last step of a vote day. `from`: the window's
    opening on a timed day — the host may end the vote step sooner, but the Mayor still
    waits for the last minutes, unless everybody was done — and the gap after his first
    redirection of the day."""
    if role["role"] != "mayor" or not state["window"]:
        return None
    made = redirects_today(state)
    if len(made) >= 2:
        return None
    start = made[-1]["at"] + state["options"]["mayor_gap"] * MINUTE if made else None
    opening = window_opening(state)
    if opening is not None and (start is None or opening > start):
        start = opening
    return {"targets": _others(alive, seat), "from": start, "until": state["deadline"],
            "left": 2 - len(made)}


def _done(state, seat, role, alive):
    return {}


OPEN = {"vote": _vote, "victim": _victim, "kill": _kill, "protect": _protect,
        "protect_public": _protect_public, "look": _look, "add_votes": _add_votes,
        "subtract_vote": _subtract_vote, "redirect": _redirect, "done": _done}
SEAT_ACTIONS = tuple(OPEN)


def legal(state, seat) -> dict:
    """What the seat may do now: {"actions": [{"type", "targets", ...}, ...]} (empty when
    it has said done); GameError for a seat that takes no part now."""
    _check_may_act(state, seat)
    if state["done"][seat]:
        return {"actions": [], "done": True}
    role = state["roles"][seat]
    alive = living(state)
    out = []
    for kind, spec_of in OPEN.items():
        spec = spec_of(state, seat, role, alive)
        if spec is not None:
            out.append({"type": kind, **spec})
    return {"actions": out, "done": False}


def _check_may_act(state, seat) -> None:
    if state["over"]:
        raise GameError("game_over", "the game is over")
    if not state["alive"][seat]:
        raise GameError("player_dead", f"{state['players'][seat]} is dead and takes no part",
                        player=state["players"][seat])


# ---------------------------------------------------------------- doing it
def _fields(action, *keys) -> None:
    extra = sorted(set(action) - {"type", "at", *keys})
    if extra:
        raise GameError("bad_action", f"this action has no field {short(extra[0])!r}",
                        where=f"action.{short(extra[0])}")


def seat_action(state, seat, kind, action, at) -> list[dict]:
    """Check everything, then record the action; returns the public events (a secret
    action returns none: the host's screen may be shared)."""
    _check_may_act(state, seat)
    if state["done"][seat]:
        raise GameError("already_done", f"{state['players'][seat]} is done for today",
                        player=state["players"][seat])
    # the deadline itself is still in time (seed: "hasta las 22:00 hrs", void "desde las 22:01")
    if state["deadline"] is not None and at > state["deadline"]:
        raise GameError("too_late", "the day's deadline has passed", deadline=state["deadline"])
    spec = OPEN[kind](state, seat, state["roles"][seat], living(state))
    if spec is None:
        raise GameError("not_allowed", f"{kind} is not open to {state['players'][seat]} now",
                        action=kind, player=state["players"][seat])
    if kind == "done":
        _fields(action)
        state["done"][seat] = True
        return [{"type": "done", "seat": seat}]
    if kind == "add_votes":
        _fields(action, "targets")
        targets = action.get("targets")
        if not isinstance(targets, list) or len(targets) != 2:
            raise GameError("bad_targets", "add_votes names two targets (the same one twice "
                            "for both votes)", where="action.targets")
        entry = {"targets": [_in(state, t, spec, "targets") for t in targets]}
    else:
        _fields(action, "target")
        entry = {"target": _in(state, action.get("target"), spec, "target")}
    if kind == "redirect" and spec["from"] is not None and at < spec["from"]:
        raise GameError("mayor_wait", "the Mayor may not redirect yet", where="action.at",
                        opens=spec["from"])
    entry = {"seat": seat, "type": kind, **entry, "at": at, "day": state["day"]}
    return _record(state, seat, kind, entry)


def _in(state, target, spec, where) -> int:
    check_target(state, target, where)
    if target not in spec["targets"]:
        raise GameError("bad_target", f"{state['players'][target]} is not a target of this action",
                        where=f"action.{where}", player=state["players"][target])
    return target


def _record(state, seat, kind, entry) -> list[dict]:
    p = state["powers"][seat]
    if kind == "look":
        p["last_look"] = state["cycle"]
    elif kind in ("add_votes", "subtract_vote"):
        p["add" if kind == "add_votes" else "subtract"] = state["cycle"]
        p["trick_day"] = [state["cycle"], state["day"]]
    elif kind == "redirect":
        entry["revealed"] = state["mayor"] == seat  # the restriction binds a revealed Mayor
        state["mayor"] = seat
    state["acts"].append(entry)
    if kind not in PUBLIC_ACTS:
        return []
    event = {k: v for k, v in entry.items() if k not in ("revealed", "day")}
    event["cycle"] = state["cycle"]
    state["log"].append(event)
    return [event]
