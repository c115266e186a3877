"""A large table's public part (a mass start of up to 40 seats): what keeps a seat's own link
under 2,000 characters (issue 34, docs/multiplayer.md "Sizes").

Every seat's cards of every round were 40 % of a 40-seat link's public part (up to 990 bytes
deflated); a table of more than `PLAYED_IN_FULL` seats carries each seat's cards of the last
round only (`L`: that round), and its table shows those ("played_from" in the view). The last
round's events that the engine gives back from the rest are left out too, and `expand`
rebuilds link.py's rows from the engine's own functions:
    a card           from its seat's card of round L (void when that seat went bankrupt in
                     debt this round), among the discards in seat order, before the updates
    a colour update  ["p", colour, price]: its effects and zeros are the round's cards'
    a bonus, penalty every holder of the colour after its update (a stop sale stays a row:
                     its holders sold)
    the game's end   the ranking `k` and every seat's capital from the seats' figures
    a toss           ["T", order...]: its seats are the order's, its capital theirs
    a bankruptcy     ["x", seat, "d" | "b" (debt | broke), [shares withdrawn per colour]]: its
                     cash is the seat's
`large` makes the form only when `expand` gives back the full form's rows exactly; else the
link carries the full form, as links made before do (they still open).
"""

import json
from collections import Counter

from ..core.errors import GameError
from . import link
from .cards import COLOURS, card_effects, parse_card
from .game import holder_event, worth
from .link import COLOUR, HOLDER, bad, card_id, choices_from, is_int, played_back, price_json
from .options import resolve_options
from .update import ranked

PLAYED_IN_FULL = 8  # the lobby's largest table: every seat's every card, as before
REASON = {"debt": "d", "broke": "b"}
REASON_BACK = {v: k for k, v in REASON.items()}


def large(full: dict, last: int) -> dict:
    """The large table's form of `full` (link.py's public part), `last` the last round
    played; `full` itself when the form would not give it back."""
    if len(full["n"]) <= PLAYED_IN_FULL or last < 1 or any(not isinstance(s[4], str) for s in full["S"]):
        return full
    rows = []
    for e in full["e"]:
        kind = e[0] if isinstance(e, list) else e.get("type")
        if kind in ("c", "game_over"):
            continue
        if kind == "toss":
            e = ["T", *e["order"]]
        elif kind == "bankrupt" and e.get("reason") in REASON and isinstance(e.get("withdrawn"), dict):
            e = ["x", e["seat"], REASON[e["reason"]], [e["withdrawn"].get(c, 0) for c in COLOURS]]
        elif kind in ("b", "n"):
            continue
        elif kind == "p":
            e = e[:3]
        rows.append(e)
    out = {**full, "S": [s[:4] + [_last(s[4], last)] for s in full["S"]], "e": rows, "L": last}
    try:
        same = _json(expand(out)["e"]) == _json(full["e"])
    except (KeyError, TypeError, ValueError, IndexError, GameError):
        same = False
    return out if same else full


def link_public(state) -> dict:
    """link.py's public part, in the large table's form when it has one."""
    full = link.link_public(state)
    return large(full, len(state["history"]))


def link_view(public, private, seat) -> dict:
    """link.py's view; a large table's seats with their cards from round `L` on."""
    if not (isinstance(public, dict) and "L" in public):
        return link.link_view(public, private, seat)
    try:
        full = expand(public)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise bad("events") from None
    except GameError as error:
        if error.code == "code_invalid":
            raise
        raise bad("options") from None  # resolve_options refused them
    out = link.link_view(full, private, seat)
    out["played_from"] = public["L"]
    return out


def _json(x) -> str:
    return json.dumps(x, separators=(",", ":"))


def _last(played: str, last: int) -> str:
    return " ".join(w for w in played.split() if played_back(w)[0][0] == last)


def expand(p: dict) -> dict:
    """The full form's public part from a large table's (refuses a malformed one), the
    seats' cards of round `L` only."""
    last, seats, rows = p.get("L"), p.get("S"), p.get("e")
    if not is_int(last) or last < 1 or not isinstance(seats, list) or not isinstance(rows, list):
        raise bad("events")
    cards, debts, out = [], set(), []
    for x in rows:
        if isinstance(x, list) and x[:1] == ["x"]:
            if len(x) != 4 or not is_int(x[1]) or not 0 <= x[1] < len(seats) or x[2] not in REASON_BACK \
                    or not isinstance(x[3], list) or len(x[3]) != 4 or not all(is_int(n) for n in x[3]):
                raise bad("events")
            if x[2] == "d":
                debts.add(x[1])
            x = {"type": "bankrupt", "seat": x[1], "reason": REASON_BACK[x[2]], "cash": seats[x[1]][0],
                 "withdrawn": {c: n for c, n in zip(COLOURS, x[3]) if n}}
        elif isinstance(x, list) and x[:1] == ["T"]:
            order = x[1:]
            if not order or not all(is_int(i) and 0 <= i < len(seats) for i in order):
                raise bad("events")
            x = {"type": "toss", "seats": sorted(order), "order": order, "capital": _capital(p, min(order))}
        out.append(x)
    for i, s in enumerate(seats):
        if not isinstance(s, list) or len(s) != 5:
            raise bad(f"seats[{i}]")
        for x in played_back(s[4]):
            if len(x) not in (2, 3) or x[0] != last:
                raise bad(f"seats[{i}].played")
            ch = x[2] if len(x) == 3 else ""
            cards.append(["c", i, x[1], ch if len(ch) < 2 else _others(ch)] + ([1] if i in debts else []))
    # the cards and the discards in seat order, after the trades and the bankruptcies in debt
    first = next((j for j, x in enumerate(out) if _kind(x) == "price"), len(out))
    block = sorted(cards + [x for x in out[:first] if _kind(x) == "discard"], key=_seat)
    rows = [x for x in out[:first] if _kind(x) != "discard"] + block
    options = resolve_options(dict(p["o"]), len(seats))
    effects, zeros = _tally(cards, {x[1]: x[2] for x in out[first:] if isinstance(x, list) and x[:1] == ["p"]})
    for x in out[first:]:
        if isinstance(x, list) and x[:1] == ["p"] and len(x) == 3:
            colour = COLOUR[x[1]]
            rows.append(x + [ranked(effects[colour]), zeros[colour]])
            rows.extend(_holders(p, options, colour, rows[-1]))
        else:
            rows.append(x)
    if p.get("v") == 1:
        capitals = [_capital(p, i) for i in range(len(seats))]
        rows.append({"type": "game_over", "ranking": p.get("k"), "capital": capitals})
    return {k: v for k, v in p.items() if k != "L"} | {"e": rows}


def _tally(cards, prices) -> tuple[dict, dict]:
    """Each colour's effects (kind, delta) -> how many, and its zeros, from the round's
    cards that counted (not void), in the order played (game.py `resolve`)."""
    prices = {COLOUR[c]: v for c, v in prices.items()}
    effects, zeros = {c: Counter() for c in COLOURS}, dict.fromkeys(COLOURS, 0)
    for x in cards:
        if len(x) == 5:
            continue
        for colour, kind, delta in card_effects(parse_card(card_id(x[2])), choices_from(x[3]), prices):
            if kind == "zero":
                zeros[colour] += 1
            else:
                effects[colour][(kind, delta)] += 1
    return effects, zeros


def _holders(p, options, colour, row) -> list:
    """A colour's bonuses or penalties: every holder of it after the update (a stop sale's
    holders sold theirs, so the link names them)."""
    update = price_json(options, colour, row[2], row[3], row[4])
    if update["stopped"] or not (update["bonus"] or update["penalty"]):
        return []
    k = COLOURS.index(colour)
    # bonus or penalty as the engine's own holder event says (game.py `holder_event`)
    return [[HOLDER[holder_event(i, colour, s[1][k], update)["type"]], i, row[1], s[1][k]]
            for i, s in enumerate(p["S"]) if s[1][k] > 0]


def _others(token: str) -> dict:
    """A hundred's three colours as the engine keeps them (cards.py `check_choices`): in
    the colours' order, whatever order their values go."""
    given = choices_from(token)["others"]
    return {"others": {c: given[c] for c in COLOURS if c in given}}


def _kind(x) -> str:
    if isinstance(x, dict):
        return x.get("type")
    return {"p": "price", "c": "card"}.get(x[0], x[0]) if isinstance(x, list) and x else None


def _seat(x):
    return x[1] if isinstance(x, list) else x.get("seat")


def _capital(p, i) -> int:
    s = p["S"][i]
    return worth(s[0], dict(zip(COLOURS, s[1])), dict(zip(COLOURS, p["P"])))
