"""Broker-Yard's replay links (engine/core/replay.py hooks, docs/hall.md "History and
replays"): the public record of a game, and its public tables rebuilt from it by the
engine's own update.

A round's public record is what the spectator's view shows once the round is resolved: each
seat's trades and card (with its choices), or that it discarded at random (not which card),
and the seeded tosses of the end. The deal, the hands, the seed and a pending round's orders
are not public and not in it. To rebuild the tables, each round's orders go through
`resolve` with stand-in hands: the card a seat played, else blanks (a random discard takes a
blank; the spectator never sees which card it was), so every public figure is the engine's.

    {"o": options (only those off the defaults), "n": players, "r": rounds, "s": seats that
     saved orders for the current round, "x": tosses, "k": final ranking}
    a round: one entry per seat: 0 (bankrupt, nothing), 1 (a random discard),
             or [[colour index, net shares, ...], card token or "", choices token (, 1: a
             random discard)], trades in the order the seat gave them
"""

from ..core.errors import GameError
from ..core.record import replay
from ..core.replay import Last, rebuilt
from .cards import COLOURS
from .game import new_game, resolve, result
from .hall import hall_final
from .link import card_id, card_token, choices_from, choices_token, short_options, is_int
from .options import DEALS, resolve_options
from .view import view as make_view

BLANK = "zero:blue"  # a stand-in card: never played, only discarded at random


def replay_public(record) -> dict:
    """The public record of the game so far, from the spectator's view of it."""
    _, state = replay(record)
    return public_of(make_view(state, None))


def public_of(view: dict) -> dict:
    """The public record a spectator's view (`view(state, None)`) shows."""
    n = len(view["players"])
    rounds = []
    for h in view["history"]:
        seats = [0] * n
        for e in h["events"]:
            kind, i = e["type"], e.get("seat")
            if kind == "trade":
                if not isinstance(seats[i], list):
                    seats[i] = [[], "", ""]
                seats[i][0] += [COLOURS.index(e["colour"]), e["shares"]]
            elif kind == "card":
                if not isinstance(seats[i], list):
                    seats[i] = [[], "", ""]
                seats[i][1], seats[i][2] = card_token(e["card"]), _choices(e["choices"])
            elif kind == "discard":
                seats[i] = [seats[i][0], "", "", 1] if isinstance(seats[i], list) else 1
        rounds.append(seats)
    out = {"o": short_options(view["options"], n), "n": view["players"], "r": rounds,
           "s": [i for i, s in enumerate(view["seats"]) if s["saved"]],
           "x": [e for h in view["history"] for e in h["events"] if e["type"] == "toss"]}
    if view["over"]:
        out["k"] = view["ranking"]
    return out


def _choices(choices):
    """A choice of one colour as its letter; the hundred's three colours as they are (their
    order is the order of the card's effects)."""
    token = choices_token(choices)
    return token if isinstance(token, dict) or len(token) < 2 else choices


def _bad(where) -> GameError:
    return GameError("code_invalid", "the replay cannot be read", where=where)


def _orders(state, entries, r):
    """The round's orders and stand-in hands from its public entries."""
    if not isinstance(entries, list) or len(entries) != len(state["players"]):
        raise _bad(f"r[{r}]")
    orders = []
    for i, entry in enumerate(entries):
        seat = state["seats"][i]
        left = len(seat["hand"])
        if entry == 0 or entry == 1:
            orders.append(None)
            seat["hand"] = [BLANK] * left
            continue
        if not (isinstance(entry, list) and len(entry) in (3, 4) and isinstance(entry[0], list)
                and len(entry[0]) % 2 == 0 and all(is_int(x) for x in entry[0])
                and all(0 <= c < 4 for c in entry[0][::2])):
            raise _bad(f"r[{r}][{i}]")
        card = card_id(entry[1]) if entry[1] else None
        trades = entry[0]
        orders.append({"trades": {COLOURS[c]: x for c, x in zip(trades[::2], trades[1::2])}, "card": card,
                       "choices": choices_from(entry[2]) if card else {}})
        seat["hand"] = ([card] if card else []) + [BLANK] * (left - (1 if card else 0))
    state["orders"] = orders


def _frame(state) -> dict:
    over = state["over"]
    view = make_view(state, None)
    return {"view": view, "step": len(state["history"]), "over": over,
            "result": result(state) if over else None, "final": hall_final(state) if over else None}


def replay_steps(public):
    """The table at the start of each round, and now, rebuilt from the public record, one at
    a time (engine/core/replay.py reads them)."""
    return rebuilt(_steps(public))


def _steps(public):
    n = public["n"]
    state = new_game(resolve_options(dict(public["o"]), len(n)), n, 0)
    big, small = DEALS[state["options"]["deal"]]
    for seat in state["seats"]:
        seat["hand"] = [BLANK] * (big + small)
    rounds = public["r"]
    if not isinstance(rounds, list) or len(rounds) > state["rounds_total"]:
        raise _bad("r")
    yield _frame(state)
    for r, entries in enumerate(rounds):
        if state["over"]:
            raise _bad(f"r[{r}]")
        _orders(state, entries, r)
        resolve(state)
        if state["over"] and "k" in public:  # the seeded tosses as they fell
            _tosses(state, public)
        yield _frame(state)
    saved = public.get("s") or []
    if not state["over"] and saved:
        state["orders"] = [{"trades": {}, "card": None, "choices": {}} if i in saved else None
                           for i in range(len(n))]
        yield Last(_frame(state))


def _tosses(state, public):
    """The end's ties were broken by tosses of the real seed: the record's, not ours."""
    ranking, tosses = public["k"], public["x"]
    if sorted(ranking) != list(range(len(state["players"]))) or not isinstance(tosses, list):
        raise _bad("k")
    events = state["history"][-1]["events"]
    kept = [e for e in events if e["type"] not in ("toss", "game_over")]
    over = next(e for e in events if e["type"] == "game_over")
    state["history"][-1]["events"] = kept + [dict(t) for t in tosses] + [{**over, "ranking": list(ranking)}]
    state["ranking"] = list(ranking)
