"""Ekonos's compact state links and action codes (engine/core/links.py hooks,
docs/multiplayer.md). The default link — the spectator's view with its static map and
whole log — passes 1,800 characters within a few turns of a 4-player game, so the link
carries the table in short strings and only the last turns' log; `link_view` rebuilds the
state those parts describe and asks the engine's own `view` (legal moves included).

    map     36 characters, space 1 first: "." empty, "A" a tile, "a" a protected tile
    shares  one 6-digit string per seat, companies in the order A B G D E O
    played  "<seat><card><t|b><space|company>", e.g. "2ABEt12", "0DGObO"
    action  "p<card><t|b><space|company>", "e" expand, "w" wait, "g<space>", "s<seat>",
            "x<company>" sell, "b<company>" buy, "-" pass, "d" done
"""

import random

from ..core.errors import GameError
from .cards import CARDS, LETTERS
from .board import MAP_SIZE
from .game import state_shape
from .options import rounds_for
from .rules import standings
from .tools import play_ahead
from .view import view as make_view
from .world import deal_others

# a phase's code is its place here: a new phase goes at the end, so older links still read
PHASES = ("play", "expand_or_wait", "grow", "successor", "sell", "buy", "over", "confirm")
HIDDEN = "?"  # a card in another player's hand
SHORT = {"expand": "e", "wait": "w", "pass": "-", "done": "d"}
LONG = {v: k for k, v in SHORT.items()}


def bad(where: str) -> GameError:
    return GameError("code_invalid", f"the link's {where} cannot be read", where=where)


def _int(v, lo=0, hi=10**6) -> bool:
    return type(v) is int and lo <= v <= hi


def log_turns(state) -> int:
    """How many of the log's last entries a link carries: enough for a player to see every
    turn since their own last one (and the round's start)."""
    return len(state["players"]) + 2


# ---------------------------------------------------------------- action codes
def pack_action(action):
    """An action as a short string; anything else goes as it is (the engine judges it)."""
    if not isinstance(action, dict):
        return {"raw": action}
    kind, keys = action.get("type"), set(action)
    try:
        if kind in SHORT and keys == {"type"}:
            return SHORT[kind]
        if kind == "grow" and keys == {"type", "space"} and _int(action["space"], 1, MAP_SIZE):
            return f"g{action['space']}"
        if kind == "successor" and keys == {"type", "seat"} and _int(action["seat"], 0, 9):
            return f"s{action['seat']}"
        if kind in ("sell", "buy") and keys == {"type", "company"} and action["company"] in LETTERS:
            return ("x" if kind == "sell" else "b") + action["company"]
        if kind == "play" and action.get("card") in CARDS:
            if action.get("use") == "top" and keys == {"type", "card", "use", "space"} \
                    and _int(action["space"], 1, MAP_SIZE):
                return f"p{action['card']}t{action['space']}"
            if action.get("use") == "bottom" and keys == {"type", "card", "use", "company"} \
                    and action["company"] in LETTERS:
                return f"p{action['card']}b{action['company']}"
    except TypeError:
        pass
    return {"raw": action}


def unpack_action(packed) -> dict:
    if isinstance(packed, dict) and set(packed) == {"raw"} and isinstance(packed["raw"], dict):
        return packed["raw"]
    if not isinstance(packed, str) or not packed or len(packed) > 12:
        raise bad("action")
    head, rest = packed[0], packed[1:]
    if packed in LONG:
        return {"type": LONG[packed]}
    if head == "g" and rest.isdigit():
        return {"type": "grow", "space": int(rest)}
    if head == "s" and rest.isdigit():
        return {"type": "successor", "seat": int(rest)}
    if head in "xb" and rest in LETTERS:
        return {"type": "sell" if head == "x" else "buy", "company": rest}
    if head == "p" and len(rest) >= 5 and rest[:3] in CARDS:
        card, use, what = rest[:3], rest[3], rest[4:]
        if use == "t" and what.isdigit():
            return {"type": "play", "card": card, "use": "top", "space": int(what)}
        if use == "b" and what in LETTERS:
            return {"type": "play", "card": card, "use": "bottom", "company": what}
    raise bad("action")


# ---------------------------------------------------------------- state links
def _played(p) -> str:
    what = p["space"] if p["use"] == "top" else p["company"]
    return f"{p['seat']}{p['card']}{p['use'][0]}{what}"


def link_public(state) -> dict:
    r = state["round"]
    x, u = state["expansion"], state["successor"]
    return {
        "n": list(state["players"]), "r": r, "f": state["first"], "s": state["start"],
        "t": state["turn"], "h": PHASES.index(state["phase"]), "k": state["step"],
        "m": "".join("." if t is None else t[0].lower() if t[1] else t[0] for t in state["map"]),
        "c": list(state["coins"]),
        "S": ["".join(str(state["shares"][c][i]) for c in LETTERS)
              for i in range(len(state["players"]))],
        "g": "".join(str(state["growth"][c]) for c in LETTERS),
        "P": "".join("-" if state["president"][c] is None else str(state["president"][c])
                     for c in LETTERS),
        "H": [len(h) for h in state["hands"]],
        "x": None if x is None else [x["company"], x["seat"], x["size"], x["left"],
                                     None if x["base"] is None else list(x["base"])],
        "u": None if u is None else [u["company"], list(u["candidates"])],
        "p": [_played(p) for p in state["played"] if p["round"] == r],
        "L": state["log"][-log_turns(state):],
    }


def link_private(state, seat) -> dict:
    return {"h": "".join(state["hands"][seat])}


def _parse_played(text, r, n) -> dict:
    if not isinstance(text, str) or len(text) < 6 or not text[0].isdigit():
        raise bad("played")
    seat, card, use, what = int(text[0]), text[1:4], text[4], text[5:]
    if seat >= n or card not in CARDS or use not in "tb":
        raise bad("played")
    out = {"round": r, "seat": seat, "card": card, "use": "top" if use == "t" else "bottom"}
    if use == "t":
        if not what.isdigit():
            raise bad("played")
        out.update(company=card[0], space=int(what))
    else:
        if what not in LETTERS:
            raise bad("played")
        out["company"] = what
    return out


def state_of(public) -> dict:
    """The state a public part describes, other hands as hidden placeholders."""
    p = public
    if not isinstance(p, dict):
        raise bad("public part")
    names = p.get("n")
    if not isinstance(names, list) or not 2 <= len(names) <= 6 or \
            not all(isinstance(x, str) for x in names):
        raise bad("players")
    n = len(names)
    r, phase = p.get("r"), p.get("h")
    if not _int(r, 1, rounds_for(n)) or not _int(phase, 0, len(PHASES) - 1):
        raise bad("round")
    if not all(_int(p.get(k), 0, n - 1) for k in ("f", "s", "t")) or not _int(p.get("k")):
        raise bad("turn")
    m, coins, shares, growth, pres, hands = (p.get(k) for k in "mcSgPH")
    if not isinstance(m, str) or len(m) != MAP_SIZE or any(ch != "." and ch.upper() not in LETTERS
                                                     for ch in m):
        raise bad("map")
    if not isinstance(coins, list) or len(coins) != n or not all(_int(c) for c in coins):
        raise bad("coins")
    if not isinstance(shares, list) or len(shares) != n or not all(
            isinstance(s, str) and len(s) == 6 and all(ch in "012345678" for ch in s) for s in shares):
        raise bad("shares")
    if not isinstance(growth, str) or len(growth) != 6 or not all(ch in "0123456" for ch in growth):
        raise bad("growth")
    if not isinstance(pres, str) or len(pres) != 6 or \
            not all(ch == "-" or ch.isdigit() and int(ch) < n for ch in pres):
        raise bad("presidents")
    if not isinstance(hands, list) or len(hands) != n or not all(_int(h, 0, 6) for h in hands):
        raise bad("hands")
    x, u, played, log = p.get("x"), p.get("u"), p.get("p"), p.get("L")
    if x is not None and not (isinstance(x, list) and len(x) == 5 and x[0] in LETTERS
                              and _int(x[1], 0, n - 1) and x[2] in (2, 3) and _int(x[3], 0, 3)
                              and (x[4] is None or isinstance(x[4], list)
                                   and all(_int(s, 1, MAP_SIZE) for s in x[4]))):
        raise bad("expansion")
    if u is not None and not (isinstance(u, list) and len(u) == 2 and u[0] in LETTERS
                              and isinstance(u[1], list) and all(_int(s, 0, n - 1) for s in u[1])):
        raise bad("successor")
    if not isinstance(played, list) or not isinstance(log, list) or not all(
            isinstance(e, dict) and isinstance(e.get("events"), list) for e in log):
        raise bad("log")
    state = state_shape(
        names, round=r, first=p["f"], start=p["s"], turn=p["t"], phase=PHASES[phase],
        step=p["k"], hands=[[HIDDEN] * h for h in hands], coins=list(coins),
        shares={c: [int(s[k]) for s in shares] for k, c in enumerate(LETTERS)},
        president={c: None if ch == "-" else int(ch) for c, ch in zip(LETTERS, pres)},
        growth={c: int(ch) for c, ch in zip(LETTERS, growth)},
        map=[None if ch == "." else [ch.upper(), ch.islower()] for ch in m],
        expansion=None if x is None else {"company": x[0], "seat": x[1], "size": x[2],
                                          "left": x[3], "base": x[4]},
        successor=None if u is None else {"company": u[0], "candidates": list(u[1])},
        played=[_parse_played(t, r, n) for t in played], log=log)
    if state["phase"] == "over":
        state["ranking"], state["scores"], state["places"] = standings(state)
    return state


def link_view(public, private, seat) -> dict:
    """The view a link gives: the spectator's, or with `private` the seat's own, with its
    legal moves. Refuses anything malformed (code_invalid)."""
    if private is None:
        return make_view(state_of(public), None)
    return make_view(seat_state(public, private, seat), seat)


def seat_state(public, private, seat) -> dict:
    """The state a seat's link describes: the public part's, the seat's own hand from its
    part (the other hands hidden placeholders)."""
    state = state_of(public)
    if not isinstance(private, dict) or not isinstance(private.get("h"), str) \
            or not _int(seat, 0, len(state["players"]) - 1):
        raise bad("hand")
    text = private["h"]
    hand = [text[i:i + 3] for i in range(0, len(text), 3)]
    if len(hand) != len(state["hands"][seat]) or not all(c in CARDS for c in hand):
        raise bad("hand")
    state["hands"][seat] = hand
    return state


def link_plan(public, private, seat, actions) -> dict:
    """A turn composed on a remote seat's page, played ahead on the state its link describes
    (rebuilt once, as for its view): `ahead`'s answer (tools.py), the other hands a sample of
    the cards the seat cannot place (they matter only after this turn, when planning stops)."""
    if not isinstance(actions, list):
        raise GameError("bad_arguments", "a plan is a list of actions")
    state = seat_state(public, private, seat)
    state["hands"] = deal_others(seat, state["hands"][seat], state["played"],
                                 [len(h) for h in state["hands"]], random.Random(0))
    state["seed"] = "ahead"  # deals the rounds to come, in the plan's imagination
    return play_ahead(state, seat, actions)
