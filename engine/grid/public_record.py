"""The grid game's replay links (engine/core/replay.py hooks, docs/hall.md "History and
replays"): the public record of a game, and its tables rebuilt from it by the engine's own
rules.

What the table learns, in order: every bid, purchase and build as it is made (the auction
is open, the map and the stores are on the table), each seat's power choice once the host
settles (the income shows what ran and burned; before, only that a choice is saved), and
each plant as it is drawn from the stack. The stack's order, the plants removed face down
at the start and the seed are never public, and never in a link.

    {"n": names, "O": the first round's order, "R": the region left out (2 players) or "",
     "a": moves in order, "V": the rules of an older engine version (absent: this engine's)}

A move is a short string, what it did to the stack after an "@" ("-@27.31": a pass that
ended the auctions and drew 27 then 31; "s" the «Step 3» card drawn, "+40" plant 40 put
under the stack, "|" the stack shuffled at Step 3's start), or a list for a power choice:
[seat, run, mix] made public at the settle, [seat] still secret (a saved choice). The seat
of every other move is the engine's to say (`to_act`).

    o13 / o13.15   open the auction of plant 13 (at 15)      b16   bid 16
    -   pass       d  done       s  the host's settle
    r3o2   buy 2 oil for plant 3 (c coal, o oil, g garbage, u uranium)
    B3g    build plant 3 in city g (cities are letters: engine/grid/link.py)
    U4.10  upgrade plant 4 with 10        Sg  a substation in city g
    Lgkm   a line along the cities g, k, m (/x: extending the line that hangs via x)
    m8.10c2   move 2 coal from plant 8 to plant 10

To rebuild the tables the viewer starts a game of its own seed with the public order and
regions, face-down stand-ins for the stack and the removed plants, and before each move
lays the plants that move will draw where it will draw them (at Step 3's shuffle: a stand-in
seed whose shuffle deals them), so every draw, market and figure is the engine's.
"""

import re

from ..core.errors import GameError
from ..core.game import get_game
from ..core.record import start, steps
from ..core.replay import iter_frames, rebuilt
from ..core.rng import Stream
from . import plants as P
from .game import new_game, to_act
from .link import CITY, LETTER, unword, word
from .map import REGIONS
from .view import PLACEHOLDER  # a face-down plant

RES = {"c": P.COAL, "o": P.OIL, "g": P.GARBAGE, "u": P.URANIUM}
LETTER_OF = {v: k for k, v in RES.items()}
STEP3 = "s"           # the «Step 3» card drawn from the stack
MAX_MOVES = 4000      # a whole 4-player game makes 400-700; MAX_ROUNDS bounds a real one
MAX_OPS = 200         # what one move may do to the stack (a move that plays out rounds by itself)


def _bad(where) -> GameError:
    return GameError("code_invalid", "the replay cannot be read", where=where)


# ---------------------------------------------------------------- moves as text
def move_text(action) -> str | None:
    """A move as its short text (None for a move no rule of the engine takes)."""
    kind, a = action["type"], action
    keys = set(a) - {"type"}
    if kind in ("pass", "done", "settle") and not keys:
        return {"pass": "-", "done": "d", "settle": "s"}[kind]
    if kind == "open" and keys <= {"plant", "bid"}:
        bid = a.get("bid", a["plant"])
        return f"o{a['plant']}" + ("" if bid == a["plant"] else f".{bid}")
    if kind == "bid" and keys == {"amount"}:
        return f"b{a['amount']}"
    if kind == "buy" and keys == {"plant", "resource", "amount"} and a["resource"] in LETTER_OF:
        return f"r{a['plant']}{LETTER_OF[a['resource']]}{a['amount']}"
    if kind == "build" and keys == {"plant", "city"}:
        return f"B{a['plant']}{LETTER[a['city']]}"
    if kind == "upgrade" and keys == {"plant", "with"}:
        return f"U{a['plant']}.{a['with']}"
    if kind == "substation" and keys == {"city"}:
        return f"S{LETTER[a['city']]}"
    if kind == "line" and keys <= {"from", "to", "path", "via"} and a.get("path"):
        return f"L{word(a['path'])}" + (f"/{LETTER[a['via']]}" if a.get("via") else "")
    if kind == "move" and keys == {"from", "to", "resources"} and set(a["resources"]) <= set(LETTER_OF):
        cargo = "".join(f"{LETTER_OF[r]}{k}" for r, k in a["resources"].items())
        return f"m{a['from']}.{a['to']}{cargo}"
    return None


_MOVE = re.compile(r"^(?:(?P<simple>[-ds])|o(?P<open>\d+)(?:\.(?P<bid>\d+))?|b(?P<amount>\d+)"
                   r"|r(?P<rp>\d+)(?P<res>[cogu])(?P<k>\d+)|B(?P<bp>\d+)(?P<bc>[A-Za-z])"
                   r"|U(?P<old>\d+)\.(?P<new>\d+)|S(?P<sc>[A-Za-z])|L(?P<path>[A-Za-z]{2,})(?:/(?P<via>[A-Za-z]))?"
                   r"|m(?P<mf>\d+)\.(?P<mt>\d+)(?P<cargo>(?:[cogu]\d+)+))$")


def move_of(text: str) -> dict:
    m = _MOVE.match(text)
    if not m:
        raise _bad("a")
    g = m.groupdict()
    if g["simple"]:
        return {"type": {"-": "pass", "d": "done", "s": "settle"}[g["simple"]]}
    if g["open"]:
        return {"type": "open", "plant": int(g["open"]), "bid": int(g["bid"] or g["open"])}
    if g["amount"]:
        return {"type": "bid", "amount": int(g["amount"])}
    if g["rp"]:
        return {"type": "buy", "plant": int(g["rp"]), "resource": RES[g["res"]], "amount": int(g["k"])}
    if g["bp"]:
        return {"type": "build", "plant": int(g["bp"]), "city": CITY[g["bc"]]}
    if g["old"]:
        return {"type": "upgrade", "plant": int(g["old"]), "with": int(g["new"])}
    if g["sc"]:
        return {"type": "substation", "city": CITY[g["sc"]]}
    if g["path"]:
        path = unword(g["path"])
        out = {"type": "line", "from": path[0], "to": path[-1], "path": path}
        return {**out, "via": CITY[g["via"]]} if g["via"] else out
    cargo = re.findall(r"([cogu])(\d+)", g["cargo"])
    return {"type": "move", "from": int(g["mf"]), "to": int(g["mt"]),
            "resources": {RES[r]: int(k) for r, k in cargo}}


# ---------------------------------------------------------------- the public record
def _draws(events, in_market: bool) -> tuple[list, bool]:
    """What a move did to the stack, in order, from its events: each card drawn (a plant;
    STEP3 for the «Step 3» card), "+n" for plant n put under it, "|" where it was shuffled
    at Step 3's start; `in_market`: whether the «Step 3» card waits in the market."""
    out = []
    for e in events:
        if e["type"] == "draw":
            out.append(STEP3 if e["plant"] == P.STEP3 else e["plant"])
            in_market = in_market or e["plant"] == P.STEP3
        elif e["type"] == "plant_under_stack":
            out.append(f"+{e['plant']}")
        elif e["type"] == "stage" and e["stage"] == 3:
            if not in_market:  # drawn outside the auctions: Step 3 at once
                out.append(STEP3)
            in_market = False
            out.append("|")
    return out, in_market


def replay_public(record) -> dict:
    """The public record of the game so far: its moves and the plants as they were drawn;
    the power choices of the last settled round, and only who saved one since."""
    module, state = start(record)
    public = {"n": list(state["players"]), "O": list(state["order"]),
              "R": "".join(r for r in REGIONS if r not in state["regions"]), "a": []}
    if "rules" in state:  # a record of an older engine version: its rules order the turns
        public["V"] = state["rules"]
    moves, in_market = public["a"], False
    for where, seat, action in steps(module, record):
        if action.get("type") == "settle":  # the choices become public now, as they ran
            moves += [[i, s["power"]["run"], s["power"]["mix"]] if s["power"]["mix"] else
                      [i, s["power"]["run"]] for i, s in enumerate(state["seats"]) if s["power"]]
        deck = list(state["deck"])
        events = module.apply(state, seat, action)
        if action.get("type") == "power":
            continue
        drawn, in_market = _draws(events, in_market)
        if "|" in drawn:
            _can_lay(deck, drawn, where)
        text = move_text(_as_made(action, events))
        if text is None:
            raise GameError("replay_unavailable", "this game's replay cannot be made", where=where)
        moves.append(text + ("@" + ".".join(map(str, drawn)) if drawn else ""))
    moves += [[i] for i, s in enumerate(state["seats"]) if s["power"] is not None]
    return public


def _can_lay(deck, drawn, where) -> None:
    """The viewer can lay this move's draws (see `_lay`). It cannot when a move that plays
    rounds out by itself (nobody able to act) draws after the Step 3 shuffle several of the
    plants it put under the stack itself: no stand-in shuffle deals those back in order."""
    try:
        _lay({"deck": [c if c == P.STEP3 else PLACEHOLDER for c in deck], "seed": None}, drawn)
    except GameError:
        raise GameError("replay_unavailable", "this game's replay cannot be made", where=where) from None


def _as_made(action, events) -> dict:
    """A line as it was built (its path is public): a record may leave the path to the engine."""
    if action.get("type") == "line" and not action.get("path"):
        path = next(e["path"] for e in events if e["type"] == "line")
        return {**action, "path": path}
    return action


# ---------------------------------------------------------------- the tables rebuilt
def _start(public) -> dict:
    names, order, left = public["n"], public["O"], public["R"]
    state = new_game({}, names, "stand-in", **({"rules": public["V"]} if "V" in public else {}))
    n = len(names)
    if not (isinstance(order, list) and sorted(order) == list(range(n))) or \
            left not in ("", *REGIONS) or (left != "") != (n == 2):
        raise _bad("O")
    state["order"] = list(order)
    state["regions"] = [r for r in REGIONS if r != left]
    state["deck"] = [c if c == P.STEP3 else PLACEHOLDER for c in state["deck"]]
    state["removed"] = [PLACEHOLDER] * len(state["removed"])
    return state


SEARCH = 2000  # stand-in seeds tried for a Step 3 shuffle that deals the drawn plants


def _lay(state, ops: list) -> None:
    """The stack before a move that did `ops` to it (_draws): the plants it drew laid where
    the move will draw them, face-down stand-ins elsewhere (the «Step 3» card kept if still
    to come). The stack is followed as slots: the stand-ins' own (free to lay) and the plants
    the engine itself puts under it. At a Step 3 shuffle, a stand-in seed is chosen whose
    shuffle brings a plant the move draws from the engine's own slots only where it is that
    plant."""
    deck = state["deck"]
    slots = [("own", j) for j in range(len(deck))]
    laid = {}
    for i, op in enumerate(ops):
        if op == "|":
            seed, slots = _shuffle(slots, laid, ops[i + 1:])
            state["seed"] = seed
        elif isinstance(op, str) and op.startswith("+") and op[1:].isdigit():
            slots.append(("engine", int(op[1:])))
        else:
            card = P.STEP3 if op == STEP3 else op
            if not slots or (card != P.STEP3 and card not in P.PLANTS):
                raise _bad("a")
            kind, what = slots.pop(0)
            if kind == "engine" and what != card or kind == "own" and laid.setdefault(what, card) != card:
                raise _bad("a")
    cards = [laid.get(j, PLACEHOLDER) for j in range(len(deck))]
    if (P.STEP3 in deck) != (P.STEP3 in cards):
        free = [j for j in range(len(deck)) if j not in laid]
        if P.STEP3 not in deck or not free or "|" in ops:
            raise _bad("a")
        cards[free[-1]] = P.STEP3
    state["deck"] = cards


def _shuffle(slots, laid, rest) -> tuple[str, list]:
    """A stand-in seed for the Step 3 shuffle of `slots`, and the slots it leaves: the draws
    after it (`rest`) must find an own slot, or the engine's slot of that very plant."""
    drawn = [P.STEP3 if op == STEP3 else op for op in rest if not isinstance(op, str) or op == STEP3]
    for k in range(SEARCH):
        seed = f"stand-in-{k}"
        order = Stream(seed, "step3").shuffle(list(range(len(slots))))
        after = [slots[j] for j in order]
        if all(kind == "own" and laid.get(what, card) == card or kind == "engine" and what == card
               for (kind, what), card in zip(after, drawn)):
            return seed, after
    raise _bad("a")


def _moves(state, moves):
    for i, entry in enumerate(moves):
        where = f"a[{i}]"
        if isinstance(entry, list):  # a power choice
            if not entry or len(entry) > 3:
                raise _bad(where)
            choice = {"run": entry[1], **({"mix": entry[2]} if len(entry) > 2 else {})} \
                if len(entry) > 1 else {"run": []}  # [seat]: saved, not yet public
            yield where, entry[0], {"type": "power", **choice}
            continue
        if not isinstance(entry, str):
            raise _bad(where)
        text, _, drawn = entry.partition("@")
        action = move_of(text)
        drawn = [int(d) if d.isdigit() else d for d in drawn.split(".")] if drawn else []
        if len(drawn) > MAX_OPS:
            raise _bad(where)
        _lay(state, drawn)
        seat = None if action["type"] == "settle" else next(iter(to_act(state)["seats"]), None)
        yield where, seat, action


def replay_steps(public):
    """The table at the start of each decision, and now, rebuilt from the public record, one
    at a time (engine/core/replay.py reads them)."""
    def make():
        moves = public["a"]
        if not isinstance(moves, list) or len(moves) > MAX_MOVES:
            raise _bad("a")
        state = _start(public)
        yield from iter_frames(get_game("grid"), state, _moves(state, moves))
    return rebuilt(make())
