"""Broker-Yard's game state: the deal, the players' orders, the update of a round,
bankruptcy and the end (rule book: "A round", "The update", "The end").

The state is a plain JSON-able dict and a seat is an index into state["players"].
`submit`, `withdraw` and `resolve` change the state in place, and only after every
check has passed: a refused order leaves the state as it was.
"""

from collections import Counter

from ..core.errors import GameError, short
from ..core.game import check_action, check_seat as check_index, not_your_turn, unknown_action
from ..core.names import check_players, clean_name
from ..core.rng import Stream
from .cards import COLOURS, BIG_PACKS, big_pack, pack_kind, small_pack, parse_card, check_choices, card_effects
from .options import DEALS, SUMMATIONS, resolve_options, rounds_for
from .update import update_colour

GAME = "broker-yard"
VERSION = 1  # this engine's version: records name it, a newer record is refused
START_PRICE = 100
START_SHARES = 1
# Shares in one trade. Capital can grow a thousandfold in a game (all-in at 10, then +100),
# so the bound is generous, yet keeps every amount (250 × 10**12) exact in JavaScript,
# whose numbers are exact only below 2**53.
MAX_TRADE = 10**12


def check_seed(seed):
    if type(seed) is int or (isinstance(seed, str) and 0 < len(seed) <= 100):
        return seed
    raise GameError("bad_seed", "the seed must be a whole number or a short text", where="seed")


# ---------------------------------------------------------------- the deal
def deal(options: dict, players: int, seed) -> list[list[str]]:
    """Shuffle the packs in play (big and small apart) and deal each hand."""
    big_n, small_n = DEALS[options["deal"]]
    kind = pack_kind(options["mode"])
    bigs = Stream(seed, "deal", "big").shuffle(big_pack(kind) * options["packs"])
    smalls = Stream(seed, "deal", "small").shuffle(small_pack() * options["packs"])
    return [bigs[i * big_n:(i + 1) * big_n] + smalls[i * small_n:(i + 1) * small_n]
            for i in range(players)]


def check_hands(hands, players: list[str], options: dict) -> list[list[str]]:
    """Hands given by a record: every player has the deal's number of big and small cards,
    and all hands together fit in the packs in play."""
    if isinstance(hands, dict):  # keyed by the names as written: read them as the names kept
        named = {clean_name(k): v for k, v in hands.items()}
        hands = named if len(named) == len(hands) else None
    if not isinstance(hands, dict) or set(hands) != set(players):
        raise GameError("bad_hands", "hands must give one hand for every player, by name",
                        where="hands")
    big_n, small_n = DEALS[options["deal"]]
    kind = pack_kind(options["mode"])
    available = Counter(big_pack(kind) * options["packs"] + small_pack() * options["packs"])
    out = []
    for name in players:
        hand = hands[name]
        where = f"hands.{name}"
        if not isinstance(hand, list):
            raise GameError("bad_hands", "a hand must be a list of cards", where=where)
        for j, card_id in enumerate(hand):
            try:
                card = parse_card(card_id)
            except GameError as e:
                raise e.at(f"{where}[{j}]")
            if card.big and card.kind not in BIG_PACKS[kind]:
                raise GameError("card_not_in_pack", f"{card_id} is not in the {kind} pack",
                                where=f"{where}[{j}]", card=card_id)
            available[card_id] -= 1
            if available[card_id] < 0:
                raise GameError("card_not_in_pack",
                                f"{card_id} is dealt more often than the {options['packs']} "
                                f"pack(s) in play hold it", where=f"{where}[{j}]", card=card_id)
        bigs = sum(parse_card(c).big for c in hand)
        if (bigs, len(hand) - bigs) != (big_n, small_n):
            raise GameError("bad_hands", f"a {options['deal']} hand has {big_n} big and "
                            f"{small_n} small cards, this one {bigs} and {len(hand) - bigs}",
                            where=where, big=bigs, small=len(hand) - bigs)
        out.append(list(hand))
    return out


def new_game(options=None, players=(), seed=0, hands=None) -> dict:
    players = check_players(list(players) if isinstance(players, tuple) else players)
    seed = check_seed(seed)
    options = resolve_options(options, len(players))
    dealt = deal(options, len(players), seed) if hands is None else check_hands(hands, players, options)
    return {
        "game": GAME,
        "engine_version": VERSION,
        "options": options,
        "players": players,
        "seed": seed,
        "round": 1,
        "rounds_total": rounds_for(options["deal"]),
        "prices": {c: START_PRICE for c in COLOURS},
        "seats": [{"cash": 0, "shares": {c: START_SHARES for c in COLOURS}, "hand": hand,
                   "bankrupt": False, "bankrupt_at": None, "played": []} for hand in dealt],
        "orders": [None] * len(players),
        "history": [],
        "log": [],  # the orders of every resolved round, as a record keeps them
        "setup": {"hands": {p: list(h) for p, h in zip(players, dealt)}} if hands is not None else None,
        "over": False,
        "ranking": None,
    }


# ---------------------------------------------------------------- orders
def check_seat(state, seat) -> dict:
    """The seat's data if that seat may act now."""
    check_index(state, seat)
    if state["over"]:
        raise GameError("game_over", "the game is over")
    s = state["seats"][seat]
    if s["bankrupt"]:
        raise GameError("player_bankrupt", f"{state['players'][seat]} is bankrupt and takes no "
                        "further part", player=state["players"][seat])
    return s


def check_trades(cash: int, shares: dict, prices: dict, trades, name: str) -> tuple[dict, int]:
    """A round's trades checked against holdings and cash at the round's prices: the clean
    trades (no zeros) and the cash they leave. Also the page's check before Ready (draft.py)."""
    trades = trades or {}
    if not isinstance(trades, dict):
        raise GameError("bad_trades", "trades must map colours to share counts", where="trades")
    clean = {}
    for colour, n in trades.items():
        if colour not in COLOURS:
            raise GameError("unknown_colour", f"unknown colour {short(colour)!r}", where="trades",
                            colour=short(colour, 20))
        if type(n) is not int:
            raise GameError("bad_trades", "a trade is a whole number of shares",
                            where=f"trades.{colour}", colour=colour)
        if abs(n) > MAX_TRADE:
            raise GameError("trade_too_large", f"at most {MAX_TRADE} shares of a colour in one round",
                            where=f"trades.{colour}", colour=colour, limit=MAX_TRADE)
        if n < 0 and -n > shares[colour]:
            raise GameError("sell_more_than_held", f"{name} sells {-n} {colour} but holds "
                            f"{shares[colour]}", where=f"trades.{colour}", player=name,
                            colour=colour, selling=-n, held=shares[colour])
        if n:
            clean[colour] = n
            cash -= n * prices[colour]
    if clean and cash < 0:
        raise GameError("negative_cash", f"after these trades {name} would have {cash} cash",
                        where="trades", player=name, cash=cash)
    return clean, cash


def check_order(state, seat, order) -> dict:
    """An order validated against the seat's hand, holdings and cash; normalised."""
    s = check_seat(state, seat)
    name = state["players"][seat]
    if not isinstance(order, dict):
        raise GameError("bad_order", "an order must be an object")
    unknown = sorted(set(order) - {"trades", "card", "choices"})
    if unknown:
        raise GameError("bad_order", f"an order has no part {short(unknown[0])!r}", where=short(unknown[0]))

    clean, _cash = check_trades(s["cash"], s["shares"], state["prices"], order.get("trades"), name)

    card_id = order.get("card")
    choices = order.get("choices")
    if card_id is None:
        if choices:
            raise GameError("bad_choices", "choices given without a card", where="choices")
        return {"trades": clean, "card": None, "choices": {}}
    try:
        card = parse_card(card_id)
    except GameError as e:
        raise e.at("card")
    if card_id not in s["hand"]:
        raise GameError("card_not_in_hand", f"{card_id} is not in {name}'s hand", where="card",
                        player=name, card=card_id)
    return {"trades": clean, "card": card_id, "choices": check_choices(card, choices)}


def submit(state, seat, order) -> dict:
    """Validate and store the seat's orders for this round (replacing earlier ones)."""
    clean = check_order(state, seat, order)
    state["orders"][seat] = clean
    return clean


def withdraw(state, seat) -> None:
    """Cancel the seat's pending orders: it then plays no card unless it submits again."""
    check_seat(state, seat)
    state["orders"][seat] = None


# ---------------------------------------------------------------- the update
def worth(cash: int, shares: dict, prices: dict) -> int:
    """A capital: cash + each colour's shares at its price (the rule book's "The end")."""
    return cash + sum(n * prices[c] for c, n in shares.items())


def capital(state, seat) -> int:
    s = state["seats"][seat]
    return worth(s["cash"], s["shares"], state["prices"])


def _go_bankrupt(state, seat, stage, reason, events):
    s = state["seats"][seat]
    withdrawn = {c: n for c, n in s["shares"].items() if n}
    s["shares"] = {c: 0 for c in COLOURS}
    s["bankrupt"] = True
    s["bankrupt_at"] = [state["round"], stage]
    events.append({"type": "bankrupt", "seat": seat, "reason": reason, "cash": s["cash"],
                   "withdrawn": withdrawn})


def price_update(options: dict, price: int, effects: list, zeros: int) -> dict:
    """One colour's update under the game's options (update.py's stages) and its stop order
    (step 4): `stop` is the stop-loss price, `stopped` whether the computed price fell below
    it, which sells every holder's shares at `stop` instead of a penalty."""
    result = update_colour(price, effects, zeros, options["zero_cancels"], SUMMATIONS[options["summation"]])
    stop = price - options["spread"] if options["stop_loss"] and price > options["spread"] else None
    result["stop"] = stop
    result["stopped"] = stop is not None and result["computed"] < stop
    return result


def price_event(options: dict, colour: str, price: int, effects, zeros: int) -> dict:
    """A colour's price event of a round's update (link.py rebuilds it from a link's row)."""
    return {"type": "price", "colour": colour, **price_update(options, price, effects, zeros)}


def holder_event(seat: int, colour: str, shares: int, update: dict) -> dict:
    """What a colour's update (its price event) sells, pays or charges one holder of `shares`:
    a stop sale at the stop price, else the bonus less the penalty per share (link.py
    rebuilds it from a link's row)."""
    if update["stopped"]:
        return {"type": "stop_sale", "seat": seat, "colour": colour, "shares": shares,
                "price": update["stop"], "cash": shares * update["stop"]}
    per_share = update["bonus"] - update["penalty"]
    return {"type": "bonus" if per_share > 0 else "penalty", "seat": seat, "colour": colour, "shares": shares,
            "per_share": abs(per_share), "cash": shares * per_share}


def resolve(state) -> list[dict]:
    """The update of the current round with the pending orders; returns its events."""
    if state["over"]:
        raise GameError("game_over", "the game is over")
    r = state["round"]
    options, seats, orders = state["options"], state["seats"], state["orders"]
    prices_before = dict(state["prices"])
    events = []
    taking_part = [i for i, s in enumerate(seats) if not s["bankrupt"]]

    # Trades at the round's prices; only the net result of the round counts.
    for i in taking_part:
        order = orders[i]
        if order and order["trades"]:
            s = seats[i]
            for colour, n in order["trades"].items():
                cost = n * prices_before[colour]
                s["shares"][colour] += n
                s["cash"] -= cost
                events.append({"type": "trade", "seat": i, "colour": colour, "shares": n,
                               "price": prices_before[colour], "cash": -cost})

    # Cash below 0 at the start of the update: bankrupt, shares withdrawn, card void.
    for i in taking_part:
        if seats[i]["cash"] < 0:
            _go_bankrupt(state, i, 0, "debt", events)

    # Cards: their effects, or the random discard for a player who chose none. A mass start
    # plays thousands of cards but few different ones: each (card, choice) is worked out
    # once, and equal effects are counted, not listed (the update only needs their counts).
    tally = {}  # (colour, kind, delta) -> how many, in the order first played
    known = {}  # (card, choice) -> its effects
    for i in taking_part:
        s, order = seats[i], orders[i]
        if order and order["card"]:
            card_id, choices = order["card"], order["choices"]
            choice = choices.get("other") or choices.get("others")
            key = (card_id, choice if type(choice) is not dict else tuple(choice.items()))
            played = known.get(key)
            if played is None:
                played = known[key] = card_effects(parse_card(card_id), choices, prices_before)
            s["hand"].remove(card_id)
            s["played"].append({"round": r, "card": card_id, "choices": choices})
            void = s["bankrupt"]
            events.append({"type": "card", "seat": i, "card": card_id, "choices": choices,
                           "effects": list(map(list, played)), "void": void})
            if not void:
                for effect in played:
                    tally[effect] = tally.get(effect, 0) + 1
        elif not s["bankrupt"] and s["hand"]:
            j = Stream(state["seed"], "discard", r, i).below(len(s["hand"]))
            events.append({"type": "discard", "seat": i, "card": s["hand"].pop(j)})
    effects = {c: {} for c in COLOURS}  # (kind, delta) -> count
    zeros = dict.fromkeys(COLOURS, 0)
    for (colour, kind, delta), n in tally.items():
        if kind == "zero":
            zeros[colour] += n
        else:
            effects[colour][(kind, delta)] = n

    # Each colour: the price update, stop orders, bonuses and penalties.
    for colour in COLOURS:
        result = price_event(options, colour, prices_before[colour], effects[colour], zeros[colour])
        events.append(result)
        if not (result["stopped"] or result["bonus"] or result["penalty"]):
            state["prices"][colour] = result["new_price"]
            continue
        for i in taking_part:
            n = seats[i]["shares"][colour]
            if n > 0:
                paid = holder_event(i, colour, n, result)
                if result["stopped"]:
                    seats[i]["shares"][colour] = 0
                seats[i]["cash"] += paid["cash"]
                events.append(paid)
        state["prices"][colour] = result["new_price"]

    # Left with less than 10 cash and no shares: bankrupt too.
    for i in taking_part:
        s = seats[i]
        if not s["bankrupt"] and s["cash"] < 10 and not any(s["shares"].values()):
            _go_bankrupt(state, i, 1, "broke", events)

    names = state["players"]
    state["log"].append({names[i]: order for i, order in enumerate(orders) if order is not None})
    state["orders"] = [None] * len(seats)
    solvent = sum(not s["bankrupt"] for s in seats)
    # [decision] When at most one solvent player remains, the game ends at once.
    if r >= state["rounds_total"] or solvent <= 1:
        ranking, tosses = standings(state)
        events.extend(tosses)
        events.append({"type": "game_over", "ranking": ranking,
                       "capital": [capital(state, i) for i in range(len(seats))]})
        state["over"], state["ranking"] = True, ranking
    else:
        state["round"] = r + 1
    state["history"].append({"round": r, "prices_before": prices_before,
                             "prices_after": dict(state["prices"]), "events": events})
    return events


# ---------------------------------------------------------------- the end
def standings(state) -> tuple[list[int], list[dict]]:
    """Seats from first to last, and the seeded tosses that broke ties.

    Solvent players by capital; bankrupt players below them, the later bankrupt above the
    earlier. [decision] Players bankrupt in the same update are ordered by a toss too.
    """
    n = len(state["players"])
    caps = [capital(state, i) for i in range(n)]
    keyed = {}
    for i, s in enumerate(state["seats"]):
        key = (1, s["bankrupt_at"][0], s["bankrupt_at"][1]) if s["bankrupt"] else (2, caps[i], 0)
        keyed.setdefault(key, []).append(i)
    ranking, tosses = [], []
    for key in sorted(keyed, reverse=True):
        group = keyed[key]
        if len(group) > 1:
            order = Stream(state["seed"], "toss", state["round"], *group).shuffle(list(group))
            tosses.append({"type": "toss", "seats": group, "order": order,
                           "capital": caps[group[0]]})
            group = order
        ranking.extend(group)
    return ranking, tosses


# ---------------------------------------------------------------- the game protocol
def to_act(state) -> dict:
    """Every solvent player gives orders together; the host closes the round (`resolve`).
    The step is the number of rounds resolved, so it moves on at every update."""
    step = len(state["history"])
    if state["over"]:
        return {"phase": "over", "seats": [], "together": False, "deadline": None,
                "step": step, "waiting": [], "close": None}
    seats = [i for i, s in enumerate(state["seats"]) if not s["bankrupt"]]
    return {"phase": "orders", "seats": seats, "together": True, "deadline": None, "step": step,
            "waiting": [i for i in seats if state["orders"][i] is None],
            "close": {"type": "resolve"}}


def apply(state, seat, action) -> list[dict]:
    """The protocol's one entry: a seat's `order` (replacing an earlier one this round) or
    `withdraw`, or the host's `resolve` that runs the update."""
    kind = check_action(action)
    if seat is None:
        if kind != "resolve":
            raise not_your_turn(state, None)
        return resolve(state)
    check_seat(state, seat)
    if kind == "order":
        order = {k: v for k, v in action.items() if k != "type"}
        submit(state, seat, order)
        return [{"type": "order", "seat": seat}]
    if kind == "withdraw":
        withdraw(state, seat)
        return [{"type": "withdraw", "seat": seat}]
    if kind == "resolve":
        raise GameError("host_only", "only the host closes a round")
    raise unknown_action(kind)


def is_over(state) -> bool:
    return state["over"]


def result(state) -> dict:
    ranking = state["ranking"] if state["over"] else standings(state)[0]
    capitals = [capital(state, i) for i in range(len(state["players"]))]
    return {"over": state["over"], "ranking": ranking, "scores": capitals, "capital": capitals}
