"""A hosted game's turns, for any game of the registry: which seats are due and whether each
has finished, the steps the hall shows (`lift`), a clocked game's actions stamped with the
host's time, bots deciding from their own view, and a simultaneous step closing. The session
(engine/core/session.py) keeps the games and answers the page; this is what it does to one
game, `{"id", "module", "state", "kinds", "meta", "decided"}`.
"""


from .clone import clone
from .errors import GameError
from .game import catalog_of

HUMAN, BOT, REMOTE = "human", "bot", "remote"   # remote: played from another browser


def kind_of(game, seat) -> str:
    return game["kinds"][seat]["kind"]


# The steps the session shows run ahead of the engine's own by `lift` (kept in the record's
# meta, so a reload keeps it): a take-back brings the engine's step back, and every take-back
# lifts the shown steps past the step it left. So a step the hall shows never goes back and
# is never shown twice: a state link of a later step replaces an earlier one on a player's
# page, the host's inbox expects codes for the step it shows, and a remote seat's undo names
# the one step its action was made at (undo.py).
def lift(game) -> int:
    value = game["meta"].get("lift", 0)
    return value if type(value) is int and value >= 0 else 0


def step(game) -> int:
    return game["module"].to_act(game["state"])["step"] + lift(game)


def turn(game) -> dict:
    now = game["module"].to_act(game["state"])
    return {**now, "step": now["step"] + lift(game)}


def done(seat, turn) -> bool:
    """Has this human or remote seat finished its part of the current step?"""
    if seat not in turn["seats"]:
        return True
    if not turn["together"]:
        return False
    return seat not in turn["waiting"]


SECOND = 1000  # ms


def stamp(game, action, at):
    """The host's time in a clocked game's action (the engine never reads a clock), to the
    whole second: no rule times anything closer than a minute, and a game's times travel in
    every state link and replay link (a 20-player spy game's are a third shorter so)."""
    if not catalog_of(game["module"]).get("clock"):
        return action
    if type(at) is not int or at < 0:
        raise GameError("no_time", "this game needs the host's time with every action")
    return {**action, "at": at - at % SECOND} if isinstance(action, dict) else action


def apply(game, seat, action, at) -> list[dict]:
    return game["module"].apply(game["state"], seat, stamp(game, action, at))


def pending_bots(game, turn) -> list[int]:
    """Bot seats that `to_act` names and that have not acted in this step yet."""
    return [i for i in turn["seats"] if kind_of(game, i) == BOT
            and (not turn["together"] or (turn["step"], i) not in game["decided"])]


def bot_act(game, seat, turn, at) -> list[dict]:
    """One bot decides from its own view. A bot never should be refused; if it is, it plays
    a random legal action instead, and in a simultaneous step it then passes."""
    module, state = game["module"], game["state"]
    level = game["kinds"][seat]["level"]
    seen = module.bot_view(state, seat) if hasattr(module, "bot_view") else module.view(state, seat)
    seed = f"{game['id']}:{turn['step']}:{seat}"
    game["decided"].add((turn["step"], seat))
    for attempt in (level, "random"):
        actions = module.bot_action(attempt, seen, seed)
        if actions is None:
            return []
        try:
            events = []
            for action in actions if isinstance(actions, list) else [actions]:
                events += apply(game, seat, action, at)
            return events
        except GameError:
            if turn["together"] and attempt == "random":
                return []
    raise GameError("bot_stuck", "a bot found no action the game accepts",
                    player=state["players"][seat])


def settle(game, at) -> list[dict]:
    """A simultaneous step in which every human and remote seat has finished closes now:
    the bots still to decide do, then the host's `close` applies."""
    module, state = game["module"], game["state"]
    turn = module.to_act(state)
    if module.is_over(state) or not turn["together"] or turn["close"] is None:
        return []
    people = [i for i in turn["seats"] if kind_of(game, i) in (HUMAN, REMOTE)]
    if not all(done(i, turn) for i in people):
        return []
    if not people and pending_bots(game, turn):  # bots alone: each acts in its own bot_step
        return []
    return close(game, turn, at)


def close(game, turn, at) -> list[dict]:
    """The bots still due act, then the host's close (unless a bot's action already moved
    the game on)."""
    events = []
    for i in pending_bots(game, turn):
        events += bot_act(game, i, turn, at)
        if game["module"].to_act(game["state"])["step"] != turn["step"]:
            return events
    return events + apply(game, None, turn["close"], at)


def apply_turn(game, seat, actions: list, at) -> list[dict]:
    """A whole turn (several actions) applied entirely or not at all."""
    if not actions:
        raise GameError("bad_action", "no action", where="action")
    before = clone(game["state"]) if len(actions) > 1 else None
    events = []
    try:
        for action in actions:
            events += apply(game, seat, action, at)
    except GameError:
        if before is not None:
            game["state"] = before
        raise
    return events
