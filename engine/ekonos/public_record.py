"""Ekonos's replay links (engine/core/replay.py hooks, docs/hall.md "History and replays"):
the public record of a game, and its tables rebuilt from it by the engine's own rules.

Every move of Ekonos is public as it is made (the card played and how, a growth space, a
president's choice, a sale or a purchase): only the hands are hidden. So the public record
is the first start player and the moves in order, each as an action code carries it
(engine/ekonos/link.py: "pABEt12", "e", "g5", "xA", "bB", "-" ...). The acting seat is the
engine's to say, so no move names one.

    {"n": names, "f": the first round's start player, "a": "pABEt12 e g5 d xA -" (the moves),
     "v": the engine version whose rules the game follows, only when older than this one}

To rebuild the tables the viewer deals stand-in hands (any deal of the engine's, from a
seed of its own) and, before each play, puts the card played into the player's hand (from
another hand or from the undealt cards): a spectator sees hand sizes only, and those are
the engine's. The deal, the hands and the seed are never in a link.
"""

from ..core.errors import GameError
from ..core.game import get_game
from ..core.record import replay
from ..core.replay import iter_frames, rebuilt
from .game import VERSION, acting, new_game
from .link import pack_action, unpack_action
from .options import rounds_for, hand_size

# play, expand or wait, three growths, done, sell, successor, buy: the most of one turn
MOVES_PER_TURN = 9


def _bad(where) -> GameError:
    return GameError("code_invalid", "the replay cannot be read", where=where)


def _move(action) -> str:
    """A recorded move as its code: the keys the engine reads, nothing else."""
    kind = action["type"]
    if kind == "play":
        where = {"space": action["space"]} if action["use"] == "top" else {"company": action["company"]}
        action = {"type": kind, "card": action["card"], "use": action["use"], **where}
    packed = pack_action(action)
    if not isinstance(packed, str):  # a move the engine applied always has its code
        raise _bad("a")
    return packed


def replay_public(record) -> dict:
    """The public record of the game so far: every move is public."""
    _, state = replay(record)
    out = {"n": list(state["players"]), "f": state["first"],
           "a": " ".join(_move(action) for _, action in state["actions"])}
    if state["engine_version"] < VERSION:
        out["v"] = state["engine_version"]
    return out


def _hold(state, seat, card) -> None:
    """Before a play: the card into the player's stand-in hand, swapped for one of its own
    (given to the hand that held the card, or put back among the undealt)."""
    hands = state["hands"]
    if card in hands[seat] or not hands[seat]:
        return
    mine = hands[seat].pop()
    holder = next((h for h in hands if card in h), None)
    if holder is not None:
        holder[holder.index(card)] = mine
    hands[seat].append(card)


def _moves(state, tokens):
    for i, token in enumerate(tokens):
        action = unpack_action(token)
        if not isinstance(action, dict) or not isinstance(token, str):
            raise _bad(f"a[{i}]")
        seat = acting(state)
        if action["type"] == "play" and seat is not None:
            _hold(state, seat, action["card"])
        yield f"a[{i}]", seat, action


def replay_steps(public):
    """The table at the start of each move, and now, rebuilt from the public record, one at a
    time (engine/core/replay.py reads them)."""
    def make():
        names, first, moves = public["n"], public["f"], public["a"]
        if not isinstance(moves, str) or not isinstance(names, list):
            raise _bad("a")
        state = new_game({}, names, "stand-in", start=first, rules=public.get("v", VERSION))
        tokens = moves.split()
        n = len(names)
        if len(tokens) > rounds_for(n) * n * hand_size(n) * MOVES_PER_TURN:
            raise _bad("a")
        yield from iter_frames(get_game(state["game"]), state, _moves(state, tokens))
    return rebuilt(make())
