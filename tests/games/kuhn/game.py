"""Kuhn poker's state and rules (OpenSpiel's, for two or three players: one card more than
players, J Q K, and A with three). The state: the options, players, seed and actions every
game keeps, the hand being played (`hand`, its `cards`, its `bets` so far: "c" a check, "b" a
bet or a call, "f" a fold), each seat's `chips` won or lost, and the hands played (`past`)."""

from engine.core.errors import GameError
from engine.core.game import check_action, check_seat, not_your_turn, unknown_action
from engine.core.names import check_players
from engine.core.rng import Stream

from .options import resolve_options

GAME = "kuhn"
VERSION = 1
CARDS = ("J", "Q", "K", "A")  # lowest first; a game deals the first players + 1
ANTE = 1
MOVES = {"check": "c", "bet": "b", "call": "b", "fold": "f"}
OPENING = ("check", "bet")  # nobody has bet yet this hand
ANSWER = ("call", "fold")   # a bet waits for every other seat's answer


def new_game(options, players, seed, **setup) -> dict:
    if setup:
        raise GameError("bad_record", "Kuhn poker takes no setup", where="setup")
    names = check_players(players)
    if not 2 <= len(names) <= 3:
        raise GameError("bad_players", "Kuhn poker is played by two or three", where="players")
    state = {"game": GAME, "options": resolve_options(options), "players": names, "seed": seed,
             "setup": None, "actions": [], "hand": 0, "cards": None, "bets": "",
             "chips": [0] * len(names), "past": [], "step": 0}
    _deal(state)
    return state


def deck(state) -> list[str]:
    return list(CARDS[:len(state["players"]) + 1])


def _deal(state) -> None:
    """The next hand's cards, one a seat, from the seed and the hand's number alone."""
    cards = Stream(state["seed"], "deal", state["hand"]).shuffle(deck(state))
    state["cards"] = cards[:len(state["players"])]
    state["bets"] = ""


def first(state) -> int:
    return state["hand"] % len(state["players"])


def acting(state) -> int | None:
    """The seat to move in the hand, or None once the game is over."""
    if is_over(state):
        return None
    return (first(state) + len(state["bets"])) % len(state["players"])


def moves(state) -> tuple:
    return ANSWER if "b" in state["bets"] else OPENING


def to_act(state) -> dict:
    seat = acting(state)
    seats = [] if seat is None else [seat]
    return {"phase": "over" if seat is None else "bet", "seats": seats, "together": False,
            "deadline": None, "step": state["step"], "waiting": list(seats), "close": None}


def is_over(state) -> bool:
    return state["hand"] >= state["options"]["hands"]


def apply(state, seat, action) -> list[dict]:
    kind = check_action(action)
    if kind not in MOVES:
        raise unknown_action(kind)
    if seat is not None:
        check_seat(state, seat)
    if seat is None or seat != acting(state):
        raise not_your_turn(state, seat)
    if kind not in moves(state):
        raise GameError("not_now", f"{kind} is not a move now", where="action.type", action=kind)
    state["bets"] += MOVES[kind]
    state["actions"].append([seat, dict(action)])
    state["step"] += 1
    events = [{"type": kind, "seat": seat}]
    n = len(state["players"])
    bets = state["bets"]
    # every seat checked, or every other seat answered the bet
    if bets == "c" * n or ("b" in bets and len(bets) - bets.index("b") == n):
        events.append(_settle(state))
    return events


def _settle(state) -> dict:
    """The pot to the best card still in (every seat when nobody bet; else the bettor and
    those who called), the hand kept (the cards of those still in are shown), the next dealt."""
    n, bets, starter = len(state["players"]), state["bets"], first(state)
    seat_of = [(starter + k) % n for k in range(len(bets))]
    paid = [ANTE] * n
    for seat, move in zip(seat_of, bets):
        if move == "b":
            paid[seat] += 1
    betting = {seat for seat, move in zip(seat_of, bets) if move == "b"}
    inside = sorted(betting) if betting else list(range(n))
    winner = max(inside, key=lambda s: CARDS.index(state["cards"][s]))
    pot = sum(paid)
    for s in range(n):
        state["chips"][s] += (pot if s == winner else 0) - paid[s]
    shown = [state["cards"][s] if s in inside and len(inside) > 1 else None for s in range(n)]
    hand = {"hand": state["hand"], "bets": bets, "winner": winner, "won": pot - paid[winner], "cards": shown}
    state["past"].append({**hand, "held": list(state["cards"])})
    state["hand"] += 1
    if is_over(state):
        state["cards"], state["bets"] = None, ""
    else:
        _deal(state)
    return {"type": "hand", **hand}


def result(state) -> dict:
    chips = state["chips"]
    seats = range(len(chips))
    ranking = sorted(seats, key=lambda i: -chips[i])
    places = [1 + sum(c > chips[i] for c in chips) for i in seats]
    return {"over": is_over(state), "ranking": ranking, "scores": list(chips), "places": places}
