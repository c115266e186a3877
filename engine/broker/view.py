"""What one seat may see (rule book, "What players see"): the only door to hidden
information. Everything that leaves the host for a player or a bot is built from here.

Others' hands, others' pending orders, the seed (which would reveal the deal) and the
record's log never appear; others' random discards appear without the card.
"""


from ..core.clone import clone
from .cards import HUNDRED_OTHERS, parse_card
from .draft import worked_out
from .game import capital, check_seat
from ..core.errors import GameError, short


def _public_seat(state, i) -> dict:
    s = state["seats"][i]
    return {
        "name": state["players"][i],
        # Trades are pending until the update, so these are the round-start holdings.
        "cash": s["cash"],
        "shares": dict(s["shares"]),
        "capital": capital(state, i),
        "bankrupt": s["bankrupt"],
        "bankrupt_round": s["bankrupt_at"][0] if s["bankrupt"] else None,
        "played": [dict(p) for p in s["played"]],
        "cards_left": len(s["hand"]) if not s["bankrupt"] else 0,
        "saved": state["orders"][i] is not None,
    }


def _event_for(event, seat):
    if event["type"] == "discard" and event["seat"] != seat:
        return {"type": "discard", "seat": event["seat"]}
    return event


def view(state, seat=None, history=True, moves=True) -> dict:
    """The game as `seat` sees it (None: a spectator). `history=False` leaves out the
    round-by-round events and `moves=False` the legal moves, for bots, which decide from
    the hand, cash and prices they see anyway."""
    n = len(state["players"])
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise GameError("unknown_seat", "no such seat", seat=short(seat, 20))
    out = {
        "game": state["game"],
        "engine_version": state["engine_version"],
        "options": dict(state["options"]),
        "players": list(state["players"]),
        "round": state["round"],
        "rounds_total": state["rounds_total"],
        "rounds_played": len(state["history"]),
        "over": state["over"],
        "prices": dict(state["prices"]),
        "last": last_round(state),
        "seats": [_public_seat(state, i) for i in range(n)],
        "seat": seat,
        "ranking": list(state["ranking"]) if state["ranking"] else None,
    }
    if seat is not None:
        s = state["seats"][seat]
        out["hand"] = list(s["hand"])
        order = state["orders"][seat]
        out["order"] = {**order, "trades": dict(order["trades"])} if order else None
        if moves:
            out["legal"] = None if state["over"] or s["bankrupt"] else legal(state, seat)
    if history:
        out["price_history"] = [h["prices_before"] for h in state["history"]] + [dict(state["prices"])]
        out["history"] = [{**h, "events": [_event_for(e, seat) for e in h["events"]]}
                          for h in state["history"]]
    return out


def bot_view(state, seat) -> dict:
    """A bot decides from its seat's view without the history and legal moves it does not
    read (the random bot works its moves out from the view: `legal_moves`)."""
    out = view(state, seat, history=False, moves=False)
    # what the seat knows without the history: its own random discards (a human reads them
    # in the round results), which are no longer in anyone's hand
    out["discarded"] = [e["card"] for h in state["history"] for e in h["events"]
                        if e["type"] == "discard" and e["seat"] == seat]
    return out


def conceal(state, seat, rng) -> dict:
    """A copy of the state in which everything `seat` may not see is different: the seed,
    the other seats' hands and pending orders, their random discards, the record's log."""
    out = clone(state)
    out["seed"] = f"concealed-{rng.random()}"
    pool = sorted({c for s in state["seats"] for c in s["hand"]} | {"zero:blue", "half:red"})
    for i, s in enumerate(out["seats"]):
        if i == seat:
            continue
        s["hand"] = [rng.choice(pool) for _ in s["hand"]]
        if state["orders"][i] is not None:  # that an order is saved is public, not what it is
            out["orders"][i] = {"trades": {}, "card": s["hand"][0] if s["hand"] else None,
                                "choices": {}}
    for h in out["history"]:
        for e in h["events"]:
            if e["type"] == "discard" and e["seat"] != seat:
                e["card"] = rng.choice(pool)
    out["log"] = [{name: {"trades": {}, "card": None, "choices": {}} for name in logged}
                  for logged in out["log"]]
    out["setup"] = None
    return out


def round_link_parts(state, private_seats) -> dict:
    """What a round link carries (docs/multiplayer.md): the spectator view without history,
    the last round's events as a spectator sees them, and for each seat in `private_seats`
    its own hand and its own random discard of the last round (None for the other seats)."""
    spectator = view(state, None)
    events = spectator["history"][-1]["events"] if spectator["history"] else []
    del spectator["history"], spectator["price_history"]
    privates = []
    for i in range(len(state["players"])):
        if i not in private_seats:
            privates.append(None)
            continue
        own = view(state, i)
        discard = None
        if own["history"]:
            discard = next((e.get("card") for e in own["history"][-1]["events"]
                            if e["type"] == "discard" and e["seat"] == i), None)
        privates.append({"hand": own["hand"], "discard": discard})
    return {"view": spectator, "events": events, "privates": privates}


def last_round(state) -> dict | None:
    """The price table's "change in the last round" and its bonus or penalty per colour."""
    if not state["history"]:
        return None
    h = state["history"][-1]
    return round_summary(h["round"], [e for e in h["events"] if e["type"] == "price"])


def round_summary(round_number, prices) -> dict:
    """`last_round` from the round's price events (a round link's view builds it the same way)."""
    return {
        "round": round_number,
        "change": {e["colour"]: e["new_price"] - e["price"] for e in prices},
        "bonus": {e["colour"]: e["bonus"] for e in prices if e["bonus"]},
        # a stop sells every holder's shares first, so nobody pays the penalty below 10
        "penalty": {e["colour"]: e["penalty"] for e in prices if e["penalty"] and not e["stopped"]},
        "stopped": {e["colour"]: e["stop"] for e in prices if e["stopped"]},
    }


def legal(state, seat) -> dict:
    """What the seat may do this round, as data for a UI or a bot."""
    s = check_seat(state, seat)
    return legal_moves(state["round"], s["hand"], s["cash"], s["shares"], state["prices"])


def legal_moves(round_number, hand, cash: int, shares: dict, prices: dict) -> dict:
    """The moves of a seat with this hand, cash and holdings at these prices (also what a
    remote player's page builds from the view a round link carries)."""
    cards = []
    for card_id in dict.fromkeys(hand):
        card = parse_card(card_id)
        entry = {"card": card_id, "choice": card.choice}
        if card.choice == "others":
            entry["colours"], entry["values"] = card.other_colours, list(HUNDRED_OTHERS)
        elif card.choice == "other":
            entry["colours"] = card.other_colours
        cards.append(entry)
    return {"round": round_number, "cash": cash, "shares": dict(shares),
            "prices": dict(prices), "cards": cards,
            # selling is bounded by holdings, buying by cash at the round's prices
            "max_sell": dict(shares),
            "max_buy": {c: max(0, cash) // p for c, p in prices.items()},
            # the draft tool's answer for an untouched draft (no trades, no card): the page
            # draws it without asking (draft.py)
            "untouched": worked_out(prices, cash, shares)}
