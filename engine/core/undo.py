"""Undo within a turn (as Board Game Arena has it), for the hosted games of session.py: in a
sequential step a seat may take back its own actions of the current turn, one at a time,
until it ends the turn or the game reveals something new (a draw, another seat's answer).

A game opts in with the hook `keeps_turn(state, seat, events) -> bool`: after `seat`'s
action (its `events`), the seat's turn goes on and nothing new was revealed, so the action
may be taken back. Without the hook no action is undoable.

The session keeps, per hosted game, a stack of the states before each undoable action of
the seat now acting, each with the step the action led to. Every accepted action moves the
game's `step` on (engine/core/game.py), so an entry is good only while the game is still at
that step: any other move (a bot's, a remote seat's, the host's, another person's) leaves
the stack stale and it is dropped. Undoing restores the state before the action: the record
(its `actions`) with it, so what the page stores is the game without that action. The stack
lives in memory: a game reopened from its record starts with nothing to undo.

A seat played from another browser asks for its undo by naming the step its action was
made at (`made`, as the session showed that step: session.py lifts the steps past every
take-back, so no step is ever shown twice): the undo is good only while that action is
still the latest of the seat's that may be taken back. A request that names another step
(made before a take-back, another move since, a copy sent again) is refused (`undo_stale`).
"""


from .clone import clone
from .errors import GameError


def snapshot(game):
    """The state before a person's action, when the game can take actions back; else None."""
    return clone(game["state"]) if hasattr(game["module"], "keeps_turn") else None


def _good(game, seat, step) -> list:
    """The stack, emptied unless its top is `seat`'s and the game is still at `step`."""
    stack = game.setdefault("undo", [])
    if stack and (stack[-1]["seat"] != seat or stack[-1]["step"] != step):
        stack.clear()
    return stack


def record(game, seat, before, step_before, events, made=None) -> None:
    """After `seat`'s action (the state was `before`, at `step_before`; `made`: that step as
    the session showed it): keep it for an undo when the game says the turn goes on, else
    nothing of this turn can be taken back."""
    module, state = game["module"], game["state"]
    stack = _good(game, seat, step_before)
    if before is not None and not module.is_over(state) and module.keeps_turn(state, seat, events):
        stack.append({"seat": seat, "state": before, "step": module.to_act(state)["step"],
                      "made": step_before if made is None else made})
    else:
        stack.clear()


def undoable(game, seat) -> int:
    """How many of `seat`'s latest actions may be taken back now."""
    if seat is None:
        return 0
    return len(_good(game, seat, game["module"].to_act(game["state"])["step"]))


def latest(game) -> tuple[int, int] | None:
    """(seat, made) of the action that may be taken back now, or None."""
    stack = game.get("undo") or []
    if not stack or not undoable(game, stack[-1]["seat"]):
        return None
    return stack[-1]["seat"], stack[-1]["made"]


def undo(game, seat, made=None) -> None:
    """Take back `seat`'s latest action of this turn; with `made`, only if that action was
    made at that step (a remote seat's request)."""
    if not undoable(game, seat):
        raise GameError("nothing_to_undo", "there is nothing of this turn to take back")
    if made is not None and game["undo"][-1]["made"] != made:
        raise GameError("undo_stale", "that move can no longer be taken back: the game has moved on")
    game["state"] = game["undo"].pop()["state"]
