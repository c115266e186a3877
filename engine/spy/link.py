"""The spy game's compact state links (engine/core/links.py hooks): the spectator's view as
short arrays, rebuilt by the engine's own view functions, so a 10-player link stays under
2,000 characters (bench/link_budget.py).

- In play, the public part holds the public state's fields: the options that differ from
  the defaults, the role counts, bit strings for who lives and who is done, the cycle's
  public actions and the announcements as arrays, times as offsets from one base time.
  `link_view` rebuilds a public-only state from it and calls `view`, so the reader sees
  exactly the spectator's view; a seat's private part is what its own view adds (its card,
  mates, actions, picks, private log, powers: engine/spy/private_part.py), and the reader's
  engine finds its legal moves from them.
- Once the game is over everything is public: the link carries the record (options,
  players, seed, actions) and `link_view` replays it.
"""

from ..core.errors import GameError
from .game import new_game, apply
from .options import DEFAULTS, RULES
from .roles import SETUP_KEYS
from .view import view as make_view
from . import private_part

DAYS = ("warmup", "day", "vote", "merged")
# the fields of each announcement, in order; anything else rides in a trailing object
EVENT_KEYS = {
    "day": ("cycle", "day", "warmup", "at", "deadline"),
    "window": ("cycle", "at"),
    "vote": ("seat", "target", "at", "cycle"),
    "redirect": ("seat", "target", "at", "cycle"),
    "protect_public": ("seat", "target", "at", "cycle"),
    "deadline": ("deadline", "at"),
    "excused": ("seat", "cycle", "at"),
    "last_words": ("seat", "text", "at"),
    "vote_result": ("cycle", "counts", "most", "dies", "outcome", "redirect", "added",
                    "subtracted", "at"),
    "redirect_void": ("cycle", "seat", "target", "reason"),
    "death": ("cycle", "seat", "cause"),
    "game_over": ("winner", "reason", "winners", "roles"),
}
TIMES = ("at", "deadline")


# An action code is padded to this many bytes (engine/core/links.py, `code_bytes`): a day's
# whole move of any role — a vote, a pick, a look and `done` on a merged day, the largest —
# with a fair deal's commitment fits, so a code's length tells no role (tests/engine/spy/
# test_hall_links.py measures every role's largest move).
CODE_BYTES = 192

def bad(where: str) -> GameError:
    return GameError("code_invalid", f"the link's {where} cannot be read", where=where)


def _shift(key, value, base, sign):
    if key in TIMES and value is not None:
        if type(value) is not int:
            raise bad(key)
        return value + sign * base
    return value


def pack_log(log: list, base: int) -> list:
    """Each event as [type, its fields in order (+ an object of the rest)]; each `at` as
    the step from the one before (the log's times only grow), `deadline` from `base`."""
    out, prev = [], base
    for e in log:
        keys = EVENT_KEYS[e["type"]]
        row = [e["type"]]
        for k in keys:
            v = e[k]
            if k == "at" and v is not None:
                row.append(v - prev)
                prev = v
            else:
                row.append(_shift(k, v, base, -1))
        extra = {k: v for k, v in e.items() if k != "type" and k not in keys}
        out.append(row + [extra] if extra else row)
    return out


def unpack_log(packed, base: int) -> list:
    if not isinstance(packed, list):
        raise bad("log")
    out, prev = [], base
    for row in packed:
        if not isinstance(row, list) or not row or row[0] not in EVENT_KEYS:
            raise bad("log")
        keys = EVENT_KEYS[row[0]]
        if len(row) not in (len(keys) + 1, len(keys) + 2):
            raise bad("log")
        e = {"type": row[0]}
        for k, v in zip(keys, row[1:]):
            if k == "at" and v is not None:
                if type(v) is not int:
                    raise bad("log")
                prev += v
                e[k] = prev
            else:
                e[k] = _shift(k, v, base, 1)
        if len(row) == len(keys) + 2:
            if not isinstance(row[-1], dict):
                raise bad("log")
            e.update(row[-1])
        out.append(e)
    return out


def _bits(flags) -> str:
    return "".join("1" if f else "0" for f in flags)


def first_at(log, default) -> int:
    """The log's first time: its times are stepped from it."""
    return next((e["at"] for e in log if e.get("at") is not None), default)


def link_public(state) -> dict:
    if state["over"]:
        o = state["options"]
        record = {"o": {k: o[k] for k in RULES if o[k] != DEFAULTS[k]},
                  "r": [o[k] for k in SETUP_KEYS], "p": state["players"], "s": state["seed"],
                  "a": pack_actions(state["actions"])}
        if state.get("setup"):
            record["f"] = state["setup"]["roles"]
        return {"over": record}
    base = state["public_now"] or 0
    o = state["options"]
    acts = [[a["seat"], a["type"], a["target"], a["at"] - base] for a in state["acts"]
            if a["type"] in ("vote", "redirect", "protect_public")]
    return {
        "o": {k: o[k] for k in RULES if o[k] != DEFAULTS[k]},
        "r": [o[k] for k in SETUP_KEYS],
        "p": state["players"], "t": base,
        "c": [state["cycle"], DAYS.index(state["day"]), state["warmup"], int(state["window"]),
              state["step"]],
        "d": None if state["deadline"] is None else state["deadline"] - base,
        "a": _bits(state["alive"]), "f": _bits(state["done"]), "x": state["excused"],
        "m": state["mayor"], "A": acts,
        "L": pack_log(state["log"], first_at(state["log"], base)),
        "T": first_at(state["log"], base),
    }


def link_private(state, seat) -> dict:
    """What the seat's own view adds to the spectator's, compact (engine/spy/private_part.py:
    its legal moves are the reader's engine's to find). Once the game is over nothing: the
    record in the public part replays every seat's view (the sealed part only proves the
    link is the host's), so a final link stays short however many seats play from afar."""
    if state["over"]:
        return {}
    return private_part.pack(state, seat, state["public_now"] or 0)


def _public_state(public) -> dict:
    """A state holding only public facts, enough for `view(state, None)`."""
    try:
        base = public["t"]
        cycle, day, warmup, window, step = public["c"]
        players = public["p"]
        options = {**DEFAULTS, **public["o"], **dict(zip(SETUP_KEYS, public["r"]))}
        n = len(players)
        alive = [ch == "1" for ch in public["a"]]
        done = [ch == "1" for ch in public["f"]]
        if len(alive) != n or len(done) != n or type(base) is not int:
            raise bad("seats")
        acts = [{"seat": s, "type": k, "target": t, "at": at + base} for s, k, t, at in public["A"]]
        deadline = public["d"]
        return {
            "game": "spy", "engine_version": 1, "options": options, "players": players,
            "cycle": cycle, "day": DAYS[day], "warmup": warmup, "window": bool(window),
            "step": step, "public_now": base or None,
            "deadline": None if deadline is None else deadline + base,
            "alive": alive, "done": done, "excused": public["x"], "mayor": public["m"],
            "acts": acts, "log": unpack_log(public["L"], public["T"]),
            "over": False, "winner": None, "winners": [],
        }
    except GameError:
        raise
    except (KeyError, TypeError, ValueError, IndexError):
        raise bad("public") from None


def pack_actions(actions) -> list:
    """[seat, type, the rest of its fields (an object, if any), its time's step from the
    one before] per action; the first time is the step from 0."""
    out, prev = [], 0
    for seat, a in actions:
        rest = {k: v for k, v in a.items() if k not in ("type", "at")}
        out.append([seat, a["type"], rest or 0, a["at"] - prev])
        prev = a["at"]
    return out


def unpack_actions(packed) -> list:
    out, prev = [], 0
    for seat, kind, rest, step in packed:
        prev += step
        out.append((seat, {"type": kind, **(rest or {}), "at": prev}))
    return out


def link_record(public) -> dict:
    """The record a finished game's link carries (engine/core/record.py's form)."""
    try:
        packed = public["over"]
        options = {**packed["o"], **dict(zip(SETUP_KEYS, packed["r"]))}
        return {"game": "spy", "engine_version": 1, "options": options,
                "players": list(packed["p"]), "seed": packed["s"],
                "setup": {"roles": packed["f"]} if "f" in packed else None,
                "actions": [[seat, action] for seat, action in unpack_actions(packed["a"])]}
    except (KeyError, TypeError, ValueError):
        raise bad("record") from None


def _replayed(record) -> dict:
    try:
        options = {**record["o"], **dict(zip(SETUP_KEYS, record["r"]))}
        state = new_game(options, record["p"], record["s"],
                         **({"roles": record["f"]} if "f" in record else {}))
        for seat, action in unpack_actions(record["a"]):
            apply(state, seat, action)
        return state
    except GameError:
        raise bad("record") from None
    except (KeyError, TypeError, ValueError):
        raise bad("record") from None


def link_view(public, private, seat) -> dict:
    """The view the link gives its reader: the spectator's, or with the seat's private
    part the seat's own."""
    if not isinstance(public, dict) or (private is not None and not isinstance(private, dict)):
        raise bad("link")
    if "over" in public:
        return make_view(_replayed(public["over"]), seat if private is not None else None)
    state = _public_state(public)
    if private is None:
        return make_view(state, None)
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        raise bad("seat")
    return private_part.seat_view(state, seat, private, public["t"])
