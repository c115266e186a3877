"""The spy game's compact state links (engine/core/links.py hooks): the spectator's view as
short arrays, rebuilt by the engine's own view functions, so a 10-player link stays under
2,000 characters (bench/link_budget.py).

- In play, the public part holds the public state's fields: the options that differ from
  the defaults, the role counts, bit strings for who lives and who is done, the cycle's
  public actions and the announcements as arrays, times as offsets from one base time
  (in seconds when every time is a whole second, as the hall stamps them). Since issue 34
  the announcements ("l") leave out what the engine gives back — a cycle as the step from
  the day's, a count the cycle's votes give, the most voted — and carry a cycle's votes as
  columns, so a 20-player seat's own link fits 2,000 characters; links made before ("L")
  still open.
  `link_view` rebuilds a public-only state from it and calls `view`, so the reader sees
  exactly the spectator's view; a seat's private part is what its own view adds (its card,
  mates, actions, picks, private log, powers: engine/spy/private_part.py), and the reader's
  engine finds its legal moves from them.
- Once the game is over, the end (engine/spy/end_link.py): the table at the end with every
  cycle's announcements, the seed that deals the roles, and in each seat's part its own
  moves for the fair deal's audit. Final links made before carried the whole record
  ("over": options, players, seed, actions), which `link_view` still replays.
"""

from ..core.errors import GameError
from .game import new_game, apply
from .actions import DAYS
from .options import DEFAULTS, RULES
from .roles import SETUP_KEYS
from .view import view as make_view
from . import end_link, private_part, tally

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


def time_unit(state) -> int:
    """1000 when every time of the state is a whole second, as the hall stamps them
    (engine/core/session.py): a link then carries its log's and the seats' acts' times in
    seconds; else 1 (milliseconds)."""
    times = [state["public_now"], state["deadline"]] + [a["at"] for a in state["acts"]] + \
        [e[k] for e in state["log"] for k in TIMES if e.get(k) is not None]
    return 1000 if all(t is None or type(t) is int and t % 1000 == 0 for t in times) else 1


def _counted(before: list, result: dict) -> list:
    """A cycle's count as its votes in the log and its result's own fields give it (the
    engine's tally: engine/spy/tally.py); a compact link leaves out a count equal to it."""
    try:
        official = {}
        for e in before:
            if e["type"] == "vote" and e.get("cycle") == result["cycle"] \
                    and e["seat"] not in result.get("uncounted", ()):
                official[e["seat"]] = e["target"]
        subs = [(t, k) for t, k in result["subtracted"]]
        return tally.pairs(tally.count(official, list(result["added"]), subs, result["redirect"]))
    except (TypeError, ValueError, KeyError):
        return None


def pack_log(log: list, base: int, unit: int = 1, compact: bool = False) -> list:
    """Each event as [type, its fields in order (+ an object of the rest)]; each `at` as
    the step from the one before (the log's times only grow), `deadline` from `base`, both
    in `unit` ms. `compact` (links since issue 34, key "l"): every cycle as the step from
    the cycle of the last day begun, and a run of plain votes of the current cycle as one
    row of columns ["v", [seats], [targets], [ats]] — a 20-player game's log is mostly votes,
    whose seats and targets repeat from one cycle to the next: its link is a fifth shorter."""
    out, prev, cycle = [], base, 0
    for i, e in enumerate(log):
        keys = EVENT_KEYS[e["type"]]
        row = [e["type"]]
        for k in keys:
            v = e[k]
            if k == "at" and v is not None:
                row.append((v - prev) // unit)
                prev = v
            elif k == "cycle" and compact and type(v) is int:
                row.append(v - cycle)
            else:
                v = _shift(k, v, base, -1)
                row.append(v // unit if k in TIMES and v is not None else v)
        if compact and e["type"] == "day" and type(e["cycle"]) is int:
            cycle = e["cycle"]
        extra = {k: v for k, v in e.items() if k != "type" and k not in keys}
        if compact and e["type"] == "vote_result":
            # 0 where the engine's tally gives the same: the count from the votes above,
            # the most voted from the count
            if e["counts"] == _counted(log[:i], e):
                row[2] = 0
            if isinstance(e["counts"], list) and e["most"] == _top(e["counts"]):
                row[3] = 0
        if compact and e["type"] == "vote" and not extra and e["cycle"] == cycle and type(e["cycle"]) is int \
                and type(e["at"]) is int:
            if not out or out[-1][0] != "v":
                out.append(["v", [], [], []])
            for column, v in zip(out[-1][1:], row[1:4]):
                column.append(v)
            continue
        out.append(row + [extra] if extra else row)
    return out


def unpack_log(packed, base: int, unit: int = 1, compact: bool = False) -> list:
    if not isinstance(packed, list) or type(unit) is not int or unit not in (1, 1000):
        raise bad("log")
    out, prev, cycle = [], base, 0
    for row in packed:
        if compact and isinstance(row, list) and row[:1] == ["v"]:
            if len(row) != 4 or not all(isinstance(c, list) and len(c) == len(row[1]) for c in row[1:]):
                raise bad("log")
            for seat, target, step in zip(*row[1:]):
                if type(step) is not int:
                    raise bad("log")
                prev += step * unit
                out.append({"type": "vote", "seat": seat, "target": target, "at": prev, "cycle": cycle})
            continue
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
                prev += v * unit
                e[k] = prev
            elif k == "cycle" and compact and v is not None:
                if type(v) is not int:
                    raise bad("log")
                e[k] = v + cycle
            else:
                if k in TIMES and v is not None:
                    if type(v) is not int:
                        raise bad(k)
                    v *= unit
                e[k] = _shift(k, v, base, 1)
        if compact and row[0] == "day" and type(e["cycle"]) is int:
            cycle = e["cycle"]
        if len(row) == len(keys) + 2:
            if not isinstance(row[-1], dict):
                raise bad("log")
            e.update(row[-1])
        if compact and row[0] == "vote_result":
            if e["counts"] == 0:
                e["counts"] = _counted(out, e)
            if e["most"] == 0:
                e["most"] = _top(e["counts"])
            if e["counts"] is None or e["most"] is None:
                raise bad("log")
        out.append(e)
    return out


def _top(counts):
    try:
        return tally.top(dict(counts))
    except (TypeError, ValueError):
        return None


def _bits(flags) -> str:
    return "".join("1" if f else "0" for f in flags)


def first_at(log, default) -> int:
    """The log's first time: its times are stepped from it."""
    return next((e["at"] for e in log if e.get("at") is not None), default)


def link_public(state) -> dict:
    if state["over"]:
        return end_link.end_public(state, _in_play)
    return _in_play(state)


def _in_play(state) -> dict:
    base = state["public_now"] or 0
    o = state["options"]
    first = first_at(state["log"], base)
    unit = time_unit(state)
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
        "l": pack_log(state["log"], first, unit, compact=True), "u": unit, "T": first,
    }


def link_private(state, seat) -> dict:
    """What the seat's own view adds to the spectator's, compact (engine/spy/private_part.py:
    its legal moves are the reader's engine's to find). Once the game is over, the seat's
    own moves as applied, for the fair deal's audit (engine/spy/end_link.py)."""
    if state["over"]:
        return end_link.pack_moves(state, seat)
    return private_part.pack(state, seat, state["public_now"] or 0, time_unit(state))


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
            "acts": acts, "log": _log(public),
            "over": False, "winner": None, "winners": [],
        }
    except GameError:
        raise
    except (KeyError, TypeError, ValueError, IndexError):
        raise bad("public") from None


def _log(public) -> list:
    """The public log from a link: its compact form ("l", in `u` ms), or as links made
    before issue 34 carried it ("L")."""
    if "l" in public:
        return unpack_log(public["l"], public["T"], public["u"], compact=True)
    return unpack_log(public["L"], public["T"])


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
    if "over" in public:  # a final link made before issue 34's end links: the record
        return make_view(_replayed(public["over"]), seat if private is not None else None)
    if "E" in public:
        if private is not None and (type(seat) is not int or not 0 <= seat < len(public["E"].get("p", ()))):
            raise bad("seat")
        return make_view(end_link.end_view_state(public["E"], _public_state),
                         seat if private is not None else None)
    state = _public_state(public)
    if private is None:
        return make_view(state, None)
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        raise bad("seat")
    # links before issue 34 (the log as "L") carry the seat's times in milliseconds
    unit = public["u"] if "l" in public else 1
    return private_part.seat_view(state, seat, private, public["t"], unit)
