"""What a seat of Kuhn poker sees: its own card, the bets, the chips, the hands played (the
cards of the seats still in at a showdown, no card of a seat that folded nor of a hand won
by a fold) and its own card of each. The only door to the cards."""

import copy

from engine.core.game import not_your_turn

from .game import acting, deck, moves, is_over


def legal(state, seat) -> dict:
    if seat is None or seat != acting(state):
        raise not_your_turn(state, seat)
    return {"moves": list(moves(state))}


def view(state, seat) -> dict:
    out = {"game": state["game"], "players": list(state["players"]), "options": dict(state["options"]),
           "seat": seat, "hand": state["hand"], "hands": state["options"]["hands"],
           "bets": state["bets"], "to_act": acting(state), "chips": list(state["chips"]),
           "past": [{k: v for k, v in h.items() if k != "held"} for h in state["past"]],
           "over": is_over(state)}
    if seat is not None:
        out["mine"] = [h["held"][seat] for h in state["past"]]  # its own card of each hand played
    if seat is not None and state["cards"]:
        out["card"] = state["cards"][seat]
    if seat is not None and seat == acting(state):
        out["legal"] = legal(state, seat)
    return out


def conceal(state, seat, rng) -> dict:
    """A copy whose cards `seat` may not see are dealt again (and the seed): the others' now,
    and every card a past hand did not show but the seat's own."""
    hidden = copy.deepcopy(state)
    hidden["seed"] = f"concealed-{rng.random()}"
    for hand in hidden["past"]:
        known = [c if c is not None or i != seat else hand["held"][i] for i, c in enumerate(hand["cards"])]
        rest = [c for c in deck(state) if c not in known]
        rng.shuffle(rest)
        hand["held"] = [c if c is not None else rest.pop() for c in known]
    if hidden["cards"]:
        mine = hidden["cards"][seat] if seat is not None else None
        rest = [c for c in deck(state) if c != mine]
        rng.shuffle(rest)
        hidden["cards"] = [mine if i == seat else rest.pop() for i in range(len(hidden["cards"]))]
    return hidden
