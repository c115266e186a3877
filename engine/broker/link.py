"""Broker-Yard's compact state links and action codes (engine/core/links.py hooks,
docs/multiplayer.md): short card tokens and arrays instead of the view's named fields, so a
4-player round link stays well under 2,000 characters. `link_view` rebuilds the seat's view,
legal moves included, with the engine's own functions.

    card   "hundred:blue" -> "Hb"   "small:red:+30" -> "Sr+30"
    order  {"t": [blue, red, yellow, green net shares], "k": card token, "c": choices token}
    played a seat's cards in one string: "1Hb.ryg 2Sr+30.b 4Zy" (round, token, .choices)
    hand   the tokens in one string: "HbSr+30Zy" (links before issue 34 item 2: a list)
    events the last round's: a trade ["t", seat, colour letter, shares] (its price and cash
           are the round's), a card ["c", seat, token, a colour's letter or the choices as
           they are, 1 if void], a colour's update ["p", colour letter, price, effects, zeros]
           (the rest is the update's own: `price_event`), a holder's bonus, penalty or stop
           sale ["b" | "n" | "s", seat, colour letter, shares] (its price and cash are the
           colour's update's), any other as the spectator's view has it, without what the
           engine recomputes; each only when the engine gives back exactly what happened
"""

import json
import re
from collections import Counter

from ..core.errors import GameError
from .cards import COLOURS, card_effects, parse_card
from .game import holder_event, price_event
from .options import SUMMATIONS, resolve_options
from .update import update_colour
from .view import view as make_view, legal_moves, round_summary

BIG = {"hundred": "H", "minus-hundred": "M", "double": "D", "half": "V", "zero": "Z"}
BIG_BACK = {v: k for k, v in BIG.items()}
LETTER = {c: c[0] for c in COLOURS}
COLOUR = {v: k for k, v in LETTER.items()}
HAND = re.compile(f"S[{''.join(COLOUR)}][+-][0-9]{{1,3}}|[{''.join(BIG_BACK)}][{''.join(COLOUR)}]")
# fields of the last round's events that link_view recomputes, left out of the link
EVENT_TRIM = {"card": ("effects",), "price": ("after_cancel", "after_zero")}
TRADE = {"type", "seat", "colour", "shares", "price", "cash"}
CARD = {"type", "seat", "card", "choices", "void"}
PRICE = {"type", "colour", "price", "effects", "zeros", "after_cancel", "after_zero", "counted", "sum",
         "computed", "new_price", "bonus", "penalty", "stop", "stopped"}
HOLDER = {"bonus": "b", "penalty": "n", "stop_sale": "s"}  # what a colour's update pays or charges a holder
HOLDER_BACK = {v: k for k, v in HOLDER.items()}


def bad(where: str) -> GameError:
    return GameError("code_invalid", f"the link's {where} cannot be read", where=where)


def is_int(v) -> bool:
    return type(v) is int and abs(v) < 2**53


# ---------------------------------------------------------------- cards and choices
def card_token(card_id: str) -> str:
    card = parse_card(card_id)
    if card.kind == "small":
        return f"S{LETTER[card.colour]}{card.figure:+d}"
    return BIG[card.kind] + LETTER[card.colour]


def hand_token(cards) -> str:
    return "".join(card_token(c) for c in cards)


def hand_back(text) -> list:
    """A hand's card ids from its tokens in one string (or a list, as links made before)."""
    if isinstance(text, list):
        return [card_id(c) for c in text]
    tokens = HAND.findall(text) if isinstance(text, str) and len(text) <= 2000 else None
    if tokens is None or "".join(tokens) != text:
        raise bad("hand")
    return [card_id(c) for c in tokens]


def card_id(token) -> str:
    if not isinstance(token, str) or len(token) > 8:
        raise bad("card")
    try:
        if token[:1] == "S":
            card = f"small:{COLOUR[token[1]]}:{token[2:]}"
        else:
            card = f"{BIG_BACK[token[0]]}:{COLOUR[token[1]]}"
            if len(token) != 2:
                raise KeyError
        return parse_card(card).id
    except (KeyError, IndexError, GameError):
        raise bad("card") from None


def choices_token(choices):
    """{} -> "", {other: red} -> "r", {others: {red: -10, yellow: -20, green: -30}} -> "ryg";
    any other shape stays as it is (the engine judges it)."""
    if not choices:
        return ""
    if set(choices) == {"other"} and choices["other"] in LETTER:
        return LETTER[choices["other"]]
    others = choices.get("others") if set(choices) == {"others"} else None
    if isinstance(others, dict) and sorted(others.values(), reverse=True) == [-10, -20, -30] \
            and all(c in LETTER for c in others):
        return "".join(LETTER[c] for c, _ in sorted(others.items(), key=lambda kv: -kv[1]))
    return choices


def choices_from(token):
    if isinstance(token, dict):
        return token
    if token in ("", None):
        return {}
    if isinstance(token, str) and len(token) == 1 and token in COLOUR:
        return {"other": COLOUR[token]}
    if isinstance(token, str) and len(token) == 3 and all(ch in COLOUR for ch in token):
        return {"others": {COLOUR[ch]: v for ch, v in zip(token, (-10, -20, -30))}}
    raise bad("choices")


# ---------------------------------------------------------------- action codes
def pack_action(action) -> dict:
    """An order (or a withdrawal) as an action code carries it."""
    if action.get("type") == "withdraw":
        return {"w": 1}
    out = {}
    trades = action.get("trades") or {}
    if trades:
        if isinstance(trades, dict) and set(trades) <= set(COLOURS):
            out["t"] = [trades.get(c, 0) for c in COLOURS]
        else:
            out["T"] = trades  # not ours to judge: the engine refuses it
    if action.get("card") is not None:
        try:
            out["k"] = card_token(action["card"])
        except GameError:
            out["K"] = action["card"]
        ch = choices_token(action.get("choices"))
        if ch != "":
            out["c"] = ch
    return out


def unpack_action(packed) -> dict:
    if not isinstance(packed, dict):
        raise bad("order")
    if packed.get("w") == 1:
        return {"type": "withdraw"}
    action = {"type": "order", "trades": {}}
    if "t" in packed:
        t = packed["t"]
        if not isinstance(t, list) or len(t) != 4 or not all(is_int(n) for n in t):
            raise bad("trades")
        action["trades"] = {c: n for c, n in zip(COLOURS, t) if n}
    if "T" in packed:
        action["trades"] = packed["T"]
    if "k" in packed or "K" in packed:
        action["card"] = card_id(packed["k"]) if "k" in packed else packed["K"]
        action["choices"] = choices_from(packed.get("c"))
    return action


# ---------------------------------------------------------------- state links
def short_options(options: dict, players: int) -> dict:
    """The options that the rule book's defaults would not give back (resolve_options fills
    in the rest): most games send none."""
    sent = {}
    for key, value in options.items():
        if resolve_options(dict(sent), players)[key] != value:
            sent[key] = value
    return sent if resolve_options(dict(sent), players) == options else dict(options)


def link_public(state) -> dict:
    """The spectator's view without history, and the last round's events as a spectator
    sees them, in arrays; the options only where they differ from the defaults."""
    v = make_view(state, None)
    events = v["history"][-1]["events"] if v["history"] else []
    return {
        "o": short_options(v["options"], len(v["players"])), "n": v["players"], "r": v["round"], "R": v["rounds_total"],
        "v": 1 if v["over"] else 0,
        "P": [v["prices"][c] for c in COLOURS],
        "S": [[s["cash"], [s["shares"][c] for c in COLOURS],
               (s["bankrupt_round"] or -1) if s["bankrupt"] else 0, s["cards_left"], _played(s["played"])]
              for s in v["seats"]],
        "k": v["ranking"],
        "e": [_event(e, events, v["options"]) for e in events],
    }


def _played(played):
    """A seat's played cards as one string (a list of [round, token, choices] when a choice
    has no token)."""
    out = [[p["round"], card_token(p["card"])] + ([ch] if (ch := choices_token(p["choices"])) != "" else [])
           for p in played]
    if any(len(x) == 3 and not isinstance(x[2], str) for x in out):
        return out
    return " ".join(f"{x[0]}{x[1]}" + (f".{x[2]}" if len(x) == 3 else "") for x in out)


def played_back(text) -> list:
    if isinstance(text, list):
        return text
    if not isinstance(text, str):
        raise bad("played")
    out = []
    for word in text.split():
        digits = len(word) - len(word.lstrip("0123456789"))
        token, _, choice = word[digits:].partition(".")
        if not digits:
            raise bad("played")
        out.append([int(word[:digits]), token] + ([choice] if choice else []))
    return out


def price_json(options, colour, price, effects, zeros) -> dict:
    """A colour's price event as the round's update makes it (game.py `price_event`), in
    JSON's shapes (a link's, a record's)."""
    played = Counter({(kind, delta): n for kind, delta, n in effects})
    return json.loads(json.dumps(price_event(options, colour, price, played, zeros)))


def _event(e: dict, events, options) -> list | dict:
    """One of the last round's events as the link carries it."""
    prices = {x["colour"]: x["price"] for x in events if x["type"] == "price"}
    if set(e) == TRADE and prices.get(e["colour"]) == e["price"] and e["cash"] == -e["shares"] * e["price"]:
        return ["t", e["seat"], LETTER[e["colour"]], e["shares"]]
    if e["type"] == "price" and set(e) == PRICE and e["colour"] in LETTER \
            and price_json(options, e["colour"], e["price"], e["effects"], e["zeros"]) == json.loads(json.dumps(e)):
        return ["p", LETTER[e["colour"]], e["price"], e["effects"], e["zeros"]]
    update = next((x for x in events if x["type"] == "price" and x["colour"] == e.get("colour")), None)
    if e["type"] in HOLDER and update is not None and set(e) >= {"seat", "colour", "shares"} \
            and e == holder_event(e["seat"], e["colour"], e["shares"], update):
        return [HOLDER[e["type"]], e["seat"], LETTER[e["colour"]], e["shares"]]
    if set(e) - {"effects"} == CARD:
        # three colours stay as they are: their order is the order of the card's effects
        ch = choices_token(e["choices"])
        ch = ch if isinstance(ch, str) and len(ch) < 2 else e["choices"]
        return ["c", e["seat"], card_token(e["card"]), ch] + ([1] if e["void"] else [])
    return {k: x for k, x in e.items() if k not in EVENT_TRIM.get(e["type"], ())}


def _events_back(rows, options) -> list[dict]:
    """The last round's events from the link's rows: the colours' updates first (a trade's
    price and a holder's payment are theirs)."""
    if not isinstance(rows, list):
        raise bad("events")
    updates = {}
    for x in rows:
        if isinstance(x, list) and x[:1] == ["p"]:
            if len(x) != 5 or x[1] not in COLOUR or not is_int(x[2]) or not is_int(x[4]) or not isinstance(x[3], list) \
                    or not all(isinstance(f, list) and len(f) == 3 and f[0] in ("delta", "double", "half")
                               and is_int(f[1]) and is_int(f[2]) and 0 < f[2] < 10**6 for f in x[3]) \
                    or not 0 <= x[4] < 10**6 or COLOUR[x[1]] in updates:
                raise bad("events")
            updates[COLOUR[x[1]]] = price_json(options, COLOUR[x[1]], x[2], x[3], x[4])
        elif isinstance(x, dict) and x.get("type") == "price":
            updates.setdefault(x.get("colour"), x)
    prices = {c: e.get("price") for c, e in updates.items()}
    return [updates[COLOUR[x[1]]] if isinstance(x, list) and x[:1] == ["p"] else _event_back(x, prices, updates)
            for x in rows]


def _event_back(x, prices, updates) -> dict:
    if isinstance(x, dict):
        return x
    if not isinstance(x, list) or len(x) < 4:
        raise bad("events")
    if x[0] in HOLDER_BACK and len(x) == 4 and is_int(x[1]) and is_int(x[3]) and x[2] in COLOUR \
            and isinstance(updates.get(COLOUR[x[2]]), dict):
        paid = holder_event(x[1], COLOUR[x[2]], x[3], updates[COLOUR[x[2]]])
        if paid["type"] != HOLDER_BACK[x[0]]:  # the colour's update says which it was
            raise bad("events")
        return paid
    if x[0] == "t" and len(x) == 4 and is_int(x[3]) and x[2] in COLOUR:
        colour = COLOUR[x[2]]
        return {"type": "trade", "seat": x[1], "colour": colour, "shares": x[3], "price": prices[colour],
                "cash": -x[3] * prices[colour]}
    if x[0] == "c" and len(x) in (4, 5):
        return {"type": "card", "seat": x[1], "card": card_id(x[2]), "choices": choices_from(x[3]),
                "void": len(x) == 5}
    raise bad("events")


def link_private(state, seat) -> dict:
    """The seat's hand, and its own random discard of the last round."""
    own = make_view(state, seat)
    part = {"h": hand_token(own["hand"])}
    if own["history"]:
        discard = next((e.get("card") for e in own["history"][-1]["events"]
                        if e["type"] == "discard" and e["seat"] == seat), None)
        if discard:
            part["d"] = card_token(discard)
    return part


def _full_events(events, options, own_discard) -> list[dict]:
    """The last round's events as the view has them: what EVENT_TRIM left out recomputed
    by the update's own functions, and the reader's own random discard (seat, card)."""
    try:
        prices = {e["colour"]: e["price"] for e in events if e["type"] == "price"}
        summed = SUMMATIONS[options["summation"]]
        out = []
        for e in events:
            e = dict(e)
            if e["type"] == "card":
                played = card_effects(parse_card(e["card"]), e["choices"], prices)
                e["effects"] = [list(x) for x in played]
            elif e["type"] == "price":
                played = Counter({(kind, delta): n for kind, delta, n in e["effects"]})
                again = update_colour(e["price"], played, e["zeros"], options["zero_cancels"], summed)
                e["after_cancel"], e["after_zero"] = again["after_cancel"], again["after_zero"]
            elif e["type"] == "discard" and own_discard and e.get("seat") == own_discard[0]:
                e["card"] = own_discard[1]
            out.append(e)
        return out
    except (KeyError, TypeError, ValueError, AttributeError, GameError):
        raise bad("events") from None


def link_view(public, private, seat) -> dict:
    """The view a link gives: the spectator's, or with `private` the seat's own, with its
    legal moves. Refuses anything malformed (code_invalid)."""
    if not isinstance(public, dict):
        raise bad("public part")
    p = public
    n, r, total, over = p.get("n"), p.get("r"), p.get("R"), p.get("v")
    if not isinstance(n, list) or not n or len(n) > 200 or not all(isinstance(x, str) for x in n):
        raise bad("players")
    if not is_int(r) or not is_int(total) or not 1 <= r <= total or over not in (0, 1):
        raise bad("round")
    prices_list, seats_list, options = p.get("P"), p.get("S"), p.get("o")
    if not isinstance(prices_list, list) or len(prices_list) != 4 or not all(is_int(x) and x > 0 for x in prices_list):
        raise bad("prices")
    if not isinstance(seats_list, list) or len(seats_list) != len(n):
        raise bad("seats")
    if not isinstance(options, dict):
        raise bad("options")
    try:
        options = resolve_options(dict(options), len(n))
    except GameError:
        raise bad("options") from None
    try:
        events = _events_back(p.get("e"), options)
    except (KeyError, TypeError, ValueError, GameError):
        raise bad("events") from None
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in events):
        raise bad("events")
    # the ranking comes with the end: every seat once
    ranking = p.get("k")
    if (ranking is None) != (over == 0) or ranking is not None and not (
            isinstance(ranking, list) and all(is_int(i) for i in ranking) and sorted(ranking) == list(range(len(n)))):
        raise bad("ranking")
    prices = dict(zip(COLOURS, prices_list))
    seats = []
    for i, s in enumerate(seats_list):
        if not (isinstance(s, list) and len(s) == 5 and is_int(s[0]) and isinstance(s[1], list)
                and len(s[1]) == 4 and all(is_int(x) for x in s[1]) and is_int(s[2]) and is_int(s[3])
                and isinstance(s[4], (list, str))):
            raise bad(f"seats[{i}]")
        shares = dict(zip(COLOURS, s[1]))
        played = []
        for x in played_back(s[4]):
            if not isinstance(x, list) or len(x) not in (2, 3) or not is_int(x[0]):
                raise bad(f"seats[{i}].played")
            played.append({"round": x[0], "card": card_id(x[1]),
                           "choices": choices_from(x[2] if len(x) == 3 else "")})
        seats.append({"name": n[i], "cash": s[0], "shares": shares,
                      "capital": s[0] + sum(shares[c] * prices[c] for c in COLOURS),
                      "bankrupt": s[2] != 0, "bankrupt_round": s[2] if s[2] > 0 else None,
                      "played": played, "cards_left": s[3], "saved": False})
    played_rounds = r if over else r - 1
    discard = private.get("d") if isinstance(private, dict) and is_int(seat) else None
    events = _full_events(events, options, None if discard is None else (seat, card_id(discard)))
    price_events = [e for e in events if e["type"] == "price"]
    try:
        last = None if played_rounds < 1 else round_summary(played_rounds, price_events)
        history = [] if last is None else [{
            "round": played_rounds, "events": events,
            "prices_before": {e["colour"]: e["price"] for e in price_events},
            "prices_after": {e["colour"]: e["new_price"] for e in price_events}}]
    except (KeyError, TypeError):
        raise bad("events") from None
    out = {"game": "broker-yard", "options": options, "players": list(n), "round": r,
           "rounds_total": total, "rounds_played": played_rounds, "over": over == 1,
           "prices": prices, "last": last, "seats": seats, "seat": None,
           "ranking": ranking, "history": history}
    if private is None:
        return out
    if not isinstance(private, dict) or not isinstance(private.get("h"), (list, str)) \
            or not is_int(seat) or not 0 <= seat < len(n):
        raise bad("hand")
    hand = hand_back(private["h"])
    me = seats[seat]
    out.update(seat=seat, hand=hand, order=None,
               discard=card_id(private["d"]) if private.get("d") else None)
    out["legal"] = None if out["over"] or me["bankrupt"] else \
        legal_moves(r, hand, me["cash"], me["shares"], prices)
    return out
