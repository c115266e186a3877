"""Phase 2, the plant auction (base rules): in player order each player who has not bought
this round opens an auction on a current plant or passes (out of this phase; never in
round 1, when everyone buys). Bids rise by at least 1, clockwise among the players who have
not bought and not passed the phase; a pass leaves that auction; the last bidder buys.
Bought plants go to the hand (the variant has no hand limit).

Only the current bidder acts. [decision] A bidder whose Elektro cannot beat the bid passes
by itself, and so does a chooser who cannot afford any current plant.

state["auction"]: None, or {plant, bid, leader, bidders (clockwise, leader included), turn}.
"""

from ..core.errors import GameError
from ..core.game import unknown_action
from .market import current, fill
from .fields import check_fields, whole


def chooser(state):
    """The first player in order who has neither bought nor passed this phase."""
    done = set(state["bought"]) | set(state["out"])
    return next((i for i in state["order"] if i not in done), None)


def actor(state):
    a = state["auction"]
    return a["turn"] if a else chooser(state)


def _next(state, a, after):
    """The next bidder clockwise after seat `after`, other than the leader."""
    n = len(state["players"])
    for k in range(1, n + 1):
        s = (after + k) % n
        if s in a["bidders"] and s != a["leader"]:
            return s
    return None


def act(state, seat, action) -> list[dict]:
    kind = action["type"]
    a = state["auction"]
    events = []
    if a is None:
        if kind == "open":
            open_auction(state, seat, action, events)
        elif kind == "pass":
            check_fields(action, ())
            if state["round"] == 1:
                raise GameError("must_buy", "in round 1 every player buys a plant")
            state["out"].append(seat)
            events.append({"type": "pass", "seat": seat, "phase": "auction"})
        else:
            raise unknown_action(kind)
    elif kind == "bid":
        check_fields(action, ("amount",))
        amount = whole(action.get("amount"), "amount")
        if amount <= a["bid"]:
            raise GameError("bid_too_low", f"a bid must beat {a['bid']}", where="amount",
                            bid=a["bid"])
        if amount > state["seats"][seat]["cash"]:
            raise GameError("not_enough_money", f"only {state['seats'][seat]['cash']} Elektro",
                            where="amount", cash=state["seats"][seat]["cash"])
        a["bid"], a["leader"] = amount, seat
        events.append({"type": "bid", "seat": seat, "plant": a["plant"], "amount": amount})
        _move_on(state, seat, events)
    elif kind == "pass":
        check_fields(action, ())
        leave(state, seat, events, auto=False)
    else:
        raise unknown_action(kind)
    return events


def open_auction(state, seat, action, events) -> None:
    check_fields(action, ("plant", "bid"))
    plant = whole(action.get("plant"), "plant")
    if plant not in current(state):
        raise GameError("plant_not_offered", f"plant {plant} is not in the current market",
                        where="plant", plant=plant)
    bid = whole(action.get("bid", plant), "bid")
    if bid < plant:
        raise GameError("bid_too_low", f"the lowest bid for plant {plant} is {plant}", where="bid",
                        bid=plant)
    if bid > state["seats"][seat]["cash"]:
        raise GameError("not_enough_money", f"only {state['seats'][seat]['cash']} Elektro",
                        where="bid", cash=state["seats"][seat]["cash"])
    done = set(state["bought"]) | set(state["out"])
    n = len(state["players"])
    bidders = [(seat + k) % n for k in range(n) if (seat + k) % n not in done]
    a = {"plant": plant, "bid": bid, "leader": seat, "bidders": bidders, "turn": seat}
    state["auction"] = a
    events.append({"type": "open", "seat": seat, "plant": plant, "amount": bid})
    _move_on(state, seat, events)


def _move_on(state, after, events) -> None:
    a = state["auction"]
    nxt = _next(state, a, after)
    if nxt is None:
        sell(state, events)
    else:
        a["turn"] = nxt


def leave(state, seat, events, auto: bool) -> None:
    a = state["auction"]
    a["bidders"].remove(seat)
    events.append({"type": "pass", "seat": seat, "plant": a["plant"], **({"auto": True} if auto else {})})
    _move_on(state, seat, events)


def sell(state, events) -> None:
    a = state["auction"]
    winner, plant, price = a["leader"], a["plant"], a["bid"]
    seat = state["seats"][winner]
    seat["cash"] -= price
    seat["hand"].append(plant)
    seat["hand"].sort()
    state["market"].remove(plant)
    state["bought"].append(winner)
    state["auction"] = None
    events.append({"type": "sold", "seat": winner, "plant": plant, "price": price})
    fill(state, events)


def auto(state, events) -> bool:
    """A pass the rules leave no choice about; True if one happened."""
    a = state["auction"]
    if a:
        if state["seats"][a["turn"]]["cash"] <= a["bid"]:
            leave(state, a["turn"], events, auto=True)
            return True
        return False
    seat = chooser(state)
    if seat is None:
        return False
    offered = current(state)
    if not offered or min(offered) > state["seats"][seat]["cash"]:
        state["out"].append(seat)
        events.append({"type": "pass", "seat": seat, "phase": "auction", "auto": True})
        return True
    return False


def options(state, seat) -> dict:
    """The legal moves of the acting seat, for a UI or a bot."""
    cash = state["seats"][seat]["cash"]
    a = state["auction"]
    if a is None:
        return {"kind": "open", "cash": cash, "may_pass": state["round"] != 1,
                "plants": [{"plant": n, "min_bid": n} for n in current(state) if n <= cash]}
    return {"kind": "bid", "cash": cash, "plant": a["plant"], "bid": a["bid"], "leader": a["leader"],
            "min_bid": a["bid"] + 1, "max_bid": cash, "may_pass": True}
