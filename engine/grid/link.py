"""The grid game's compact state links (engine/core/links.py hooks, docs/multiplayer.md).

The default link carries the spectator's view, static map included: 4-6 KB encoded for 4
players. Here the public part is the public state (view.public) in arrays and short keys,
and `link_view` rebuilds a state from it and asks the engine for the seat's view, legal
moves, prices and city figures included; the map comes from the engine's own data. A
seat's private part is its pending power choice.

A city is one letter (its place on the map's list: a-z, A-P), so a line is a word.

    seat   [cash, hand, plants [[n, city, [coal, oil, garbage, uranium], displaced]],
            "substations", ["line", ...], powered, earned, saved]
    income per seat [run, burned[4], cities [[city, halves, rule, plant, leg]], gross halves,
            rounded, penalties [[city, to, paid]], received, cash];
            leg = [owner, "path", cost, own cost or -1]
    regions: the one left out (2 players) or ""
    log: the last LOG entries as [round, seat or -1, events], without the QUIET events; an
         event of the entry's seat as [type, its EVENT_KEYS' values (+ an object of the
         rest)], a city as its letter, a line's path as a word, a resource as its place;
         the end of the game as ["game_over"] when the public state's end, seats' cities
         powered and cash give it back (links before issue 34 item 2: each event as the view
         has it)
"""

import string

from ..core.errors import GameError
from . import plants as P
from .bureaucracy import ENDS, game_over
from .game import PHASES
from .version import VERSION
from .map import CITIES, DEAREST, REGIONS
from .view import public, state_from_public, view as make_view

LETTER = dict(zip(CITIES, string.ascii_letters))
CITY = {v: k for k, v in LETTER.items()}


def word(cities) -> str:
    return "".join(LETTER[c] for c in cities)


def unword(text: str) -> list[str]:
    return [CITY[ch] for ch in text]

RULES = ("home", "home_by_network", "cheapest", "capped")
KEEP = 8  # rounds of history a link carries (the table's recent trend)
LOG = 6  # entries of the log a link carries: what the last actions did
# events a link's log leaves out: the income (the income part has it) and what the table
# itself shows (the phase, the order, skips, the market's draws and refill); an entry left
# with nothing is not carried
QUIET = {"income", "phase", "order", "skip", "done", "refill", "draw", "plant_under_stack",
         "plant_removed", "power_saved"}


# the fields of the frequent events of a link's log, in order: the seat is the entry's
EVENT_KEYS = {"buy": ("plant", "resource", "amount", "cost"), "bid": ("plant", "amount"),
              "open": ("plant", "amount"), "sold": ("plant", "price"), "pass": ("phase",),
              "build": ("plant", "city", "cost", "displaced"),
              "line": ("path", "cost", "substation", "total", "extends")}


# An action code is padded to this many bytes (engine/core/links.py, `code_bytes`): a power
# choice (secret until the host settles) fits whatever it runs and burns, and so does nearly
# every public move (only a line along a dozen cities is longer, and it is public anyway).
CODE_BYTES = 192

def bad(where: str) -> GameError:
    return GameError("code_invalid", f"the link's {where} cannot be read", where=where)


def _res(res: dict) -> list:
    return [res.get(r, 0) for r in P.RESOURCES]


def _res_back(values) -> dict:
    return {r: k for r, k in zip(P.RESOURCES, values) if k}


def _seat(s: dict) -> list:
    return [s["cash"], s["hand"], [[p["n"], LETTER[p["city"]], _res(p["res"]), p.get("displaced", [])]
                                   for p in s["plants"]],
            word(s["substations"]), [word(line) for line in s["lines"]],
            s["powered"], s["earned"], 1 if s["saved"] else 0]


def _figure(c: dict) -> list:
    out = [LETTER[c["city"]], int(c["amount"] * 2), RULES.index(c["rule"]), c["plant"]]
    if "leg" in c:
        leg = c["leg"]
        out.append([leg["owner"], word(leg["path"]), leg["cost"], c.get("own_cost", -1)])
    return out


def _income(e: dict) -> list:
    return [e["run"], _res(e["burned"]), [_figure(c) for c in e["cities"]], int(e["gross"] * 2),
            e["rounded"], [[LETTER[p["city"]], -1 if p["to"] is None else p["to"], p["paid"]]
                           for p in e["penalties"]],
            e["received"], e["cash"]]


def link_public(state) -> dict:
    pub = public(state)
    a = pub["auction"]
    income = pub["income"]
    # a game of an older engine's rules (version.py) says which: its player's page plays by them
    older = {"V": pub["rules"]} if "rules" in pub else {}
    return {
        **older,
        "n": pub["players"], "o": pub["options"], "r": pub["round"], "g": pub["stage"],
        "h": PHASES.index(pub["phase"]), "d": pub["decision"], "O": pub["order"], "c": pub["cursor"],
        "R": "".join(r for r in REGIONS if r not in pub["regions"]),
        "m": [0 if x == P.STEP3 else x for x in pub["market"]],
        "k": [pub["deck_size"], 1 if pub["step3_in_deck"] else 0, pub["removed_size"]], "x": pub["gone"],
        "q": _res(pub["resources"]),
        "a": [a["plant"], a["bid"], a["leader"], a["bidders"], a["turn"]] if a else 0,
        "b": pub["bought"], "u": pub["out"],
        "e": [1 if pub["final"] else 0, 1 if pub["over"] else 0, ENDS.index(pub["end"]), pub["ranking"]],
        "S": [_seat(s) for s in pub["seats"]],
        "I": [income["round"], [_income(e) for e in income["seats"]]] if income else 0,
        "H": [[h["round"], h["stage"], h["covered"], h["powered"], h["earned"], h["cash"]]
              for h in pub["history"][-KEEP:]],
        "L": _log(pub.get("log", []), game_over(pub["seats"], pub["end"]) if pub["over"] else None),
    }


def _log(log, ended=None) -> list:
    """The log's last entries; the end of the game as ["game_over"] when it is what the
    public state's end gives (`ended`)."""
    entries = ([e["round"], -1 if e["seat"] is None else e["seat"],
                [x for x in e["events"] if x["type"] not in QUIET]] for e in log)
    return [[r, seat, [["game_over"] if x == ended else _event(x, seat) for x in events]]
            for r, seat, events in entries if events][-LOG:]


def _event(e: dict, seat: int):
    """An event of the log as a row when it is of the entry's seat and its fields are the
    usual ones; else as it is."""
    keys = EVENT_KEYS.get(e["type"])
    if keys is None or e.get("seat") != seat or not set(keys) <= set(e):
        return e
    try:
        row = [e["type"]] + [_field(k, e[k]) for k in keys]
    except (KeyError, ValueError, TypeError):
        return e
    rest = {k: v for k, v in e.items() if k not in keys and k not in ("type", "seat")}
    return row + [rest] if rest else row


def _field(key, value):
    if key == "resource":
        return P.RESOURCES.index(value)
    if key == "city":
        return LETTER[value]
    if key == "path":
        return word(value)
    return value


def _field_back(key, value):
    if key == "resource":
        if type(value) is not int or not 0 <= value < len(P.RESOURCES):
            raise bad("log")
        return P.RESOURCES[value]
    if key == "city":
        return CITY[value]
    if key == "path":
        return unword(value)
    return value


def _event_back(x, seat: int) -> dict:
    if isinstance(x, dict):
        return x
    if not isinstance(x, list) or not x or x[0] not in EVENT_KEYS or seat == -1:
        raise bad("log")
    keys = EVENT_KEYS[x[0]]
    if len(x) not in (len(keys) + 1, len(keys) + 2) or (len(x) == len(keys) + 2 and not isinstance(x[-1], dict)):
        raise bad("log")
    out = {"type": x[0], "seat": seat}
    if len(x) == len(keys) + 2:
        out.update({k: v for k, v in x[-1].items() if k not in ("type", "seat")})
    out.update({k: _field_back(k, v) for k, v in zip(keys, x[1:])})
    return out


def link_private(state, seat) -> dict:
    """The seat's own power choice, while it is pending."""
    choice = state["seats"][seat]["power"]
    return {"p": choice} if choice else {}


# ---------------------------------------------------------------- reading a link
def _seat_back(x) -> dict:
    cash, hand, plants, subs, lines, powered, earned, saved = x
    return {"cash": cash, "hand": list(hand),
            "plants": [{"n": n, "city": CITY[c], "res": _res_back(r), "displaced": list(d)}
                       for n, c, r, d in plants],
            "substations": unword(subs), "lines": [unword(line) for line in lines],
            "power": None, "powered": powered, "earned": earned, "saved": bool(saved)}


def _figure_back(x) -> dict:
    city = CITY[x[0]]
    out = {"city": city, "amount": x[1] / 2, "rule": RULES[x[2]], "plant": x[3]}
    if len(x) > 4:
        owner, path, cost, own = x[4]
        out.update(leg={"owner": owner, "path": unword(path), "cost": cost}, cap=DEAREST[city] / 2)
        if own != -1:
            out["own_cost"] = own
    return out


def _income_back(seat: int, x) -> dict:
    run, burned, cities, gross, rounded, penalties, received, cash = x
    return {"type": "income", "seat": seat, "run": run, "burned": _res_back(burned),
            "cities": [_figure_back(c) for c in cities], "powered": len(cities), "gross": gross / 2,
            "rounded": rounded, "penalties": [{"city": CITY[c], "to": None if to == -1 else to,
                                               "amount": 5, "paid": k} for c, to, k in penalties],
            "received": received, "cash": cash}


def _ints(x, n=None) -> bool:
    return isinstance(x, list) and all(type(v) is int for v in x) and (n is None or len(x) == n)


def _check(p) -> None:
    """The link's shape: what the engine reads must be of the kind it expects."""
    if not (isinstance(p.get("n"), list) and 2 <= len(p["n"]) <= 4 and all(isinstance(x, str) for x in p["n"])):
        raise bad("players")
    n = len(p["n"])
    if not all(type(p.get(k)) is int for k in ("r", "g", "h", "d", "c")) or not 0 <= p["h"] < len(PHASES) \
            or p["g"] not in (1, 2, 3):
        raise bad("round")
    if not (_ints(p.get("O"), n) and sorted(p["O"]) == list(range(n))):
        raise bad("order")
    if not (_ints(p.get("m")) and _ints(p.get("k"), 3) and _ints(p.get("x")) and _ints(p.get("q"), 4)
            and all(v == 0 or v in P.PLANTS for v in p["m"])):
        raise bad("market")
    if not (isinstance(p.get("S"), list) and len(p["S"]) == n and all(isinstance(x, list) and len(x) == 8
                                                                       for x in p["S"])):
        raise bad("seats")
    if not (isinstance(p.get("R"), str) and (p["R"] == "" or p["R"] in REGIONS)):
        raise bad("regions")
    if "V" in p and not (type(p["V"]) is int and 1 <= p["V"] < VERSION):
        raise bad("rules")


def _public_back(p) -> dict:
    _check(p)
    n = len(p["n"])
    a = p["a"]
    final, over, end, ranking = p["e"]
    deck, step3, removed = p["k"]
    seats = [_seat_back(s) for s in p["S"]]
    return {
        "game": "grid", "engine_version": VERSION, "options": dict(p["o"]), "players": list(p["n"]),
        "round": p["r"], "stage": p["g"], "phase": PHASES[p["h"]], "decision": p["d"],
        "order": list(p["O"]), "cursor": p["c"], "regions": [r for r in REGIONS if r != p["R"]],
        "market": [P.STEP3 if x == 0 else x for x in p["m"]], "deck_size": deck,
        "step3_in_deck": bool(step3), "removed_size": removed, "gone": list(p["x"]),
        "resources": dict(zip(P.RESOURCES, p["q"])),
        "seats": seats,
        "auction": {"plant": a[0], "bid": a[1], "leader": a[2], "bidders": list(a[3]), "turn": a[4]} if a else None,
        "bought": list(p["b"]), "out": list(p["u"]),
        "final": bool(final), "over": bool(over), "end": ENDS[end], "ranking": ranking,
        "income": {"round": p["I"][0], "seats": [_income_back(i, x) for i, x in enumerate(p["I"][1])]}
        if p["I"] else None,
        "history": [{"round": r, "stage": g, "covered": c, "powered": pw, "earned": e, "cash": cash}
                    for r, g, c, pw, e, cash in p["H"]],
        "log": [_entry_back(x, n, seats, ENDS[end] if over else None) for x in p.get("L", [])],
        **({"rules": p["V"]} if "V" in p else {}),
    }


def _entry_back(x, n: int, seats, end) -> dict:
    """A log entry; its events are shown as text only, so their shape is checked lightly."""
    r, seat, events = x
    if type(r) is not int or seat not in range(-1, n) or not isinstance(events, list):
        raise bad("log")
    if ["game_over"] in events and end is None:
        raise bad("log")
    events = [game_over(seats, end) if e == ["game_over"] else _event_back(e, seat) for e in events]
    if not all(isinstance(e.get("type"), str) for e in events):
        raise bad("log")
    return {"round": r, "seat": None if seat == -1 else seat, "events": events}


def link_view(public_part, private, seat) -> dict:
    """The view a link gives: the spectator's, or with `private` the seat's own with its
    legal moves. Anything malformed is refused (code_invalid)."""
    if not isinstance(public_part, dict) or (private is not None and not isinstance(private, dict)):
        raise bad("link")
    try:
        pub = _public_back(public_part)
        n = len(pub["players"])
        if len(pub["seats"]) != n or (seat is not None and (type(seat) is not int or not 0 <= seat < n)):
            raise bad("seats")
        if private is not None and seat is not None and private.get("p"):
            pub["seats"][seat]["power"] = private["p"]
        state = state_from_public(pub)
        return make_view(state, seat if private is not None else None)
    except GameError as e:
        if e.code == "code_invalid":
            raise
        raise bad("state") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise bad("state") from None
