"""A game's history, step by step, for every game (docs/hall.md, "History and replays").

`step_views(record, seat)`: the table as `seat` saw it at the start of each step, and now,
rebuilt by replaying the record (never from stored snapshots): the hall's history
navigation. `public_replay(record)`: what a replay link carries, built from the spectator's
view alone (`view(state, None)`, the only door to hidden information): the first step's
public view and, for each later step, what changed in it (a patch). The public record of a
step is its public view's change: in a simultaneous game (Broker-Yard) a round's orders
and cards are public once the round is resolved, and its history entry and prices say so;
the deal, the hands, the seed and a pending round's orders are in no spectator view, so
never in a link. `replay_views(link)` rebuilds the frames from a link. A game may carry its
own public record instead and rebuild the frames with its own rules (hooks
`replay_public(view)`, `replay_frames(public)`: Broker-Yard's public orders of each round).
"""

import json
from .errors import GameError
from .game import get_game
from .record import apply_step, game_of, replay, start, steps

MAX_STEPS = 5000        # steps a replay link may hold (a whole game has far fewer)
MAX_DEPTH = 40          # nesting of a patch read from a link


def _walk(record):
    """(module, state) at the start of each step and at the end: the record replayed once."""
    module, state = start(record)
    yield module, state
    step = module.to_act(state)["step"]
    for where, seat, action in steps(module, record):
        apply_step(module, state, where, seat, action)
        now = module.to_act(state)["step"]
        if now != step or module.is_over(state):
            step = now
            yield module, state
    # the pending actions of the current step (saved orders) show in the last view


def _frame(module, state, seat) -> dict:
    """One step as the table draws it: the view (no legal moves: the past is not played),
    its step, and the result and final screen once over."""
    view = module.view(state, seat)
    view.pop("legal", None)
    over = module.is_over(state)
    return {"view": view, "step": module.to_act(state)["step"], "over": over,
            "result": module.result(state) if over else None,
            "final": (module.hall_final(state) if hasattr(module, "hall_final") else None) if over else None}


def step_views(record, seat=None) -> list[dict]:
    """The table at the start of each step of the record, and as it is now (the last)."""
    frames = []
    last = None
    for module, state in _walk(record):
        last = (module, state)
        frames.append(_frame(module, state, seat))
    module, state = last
    frames[-1] = _frame(module, state, seat)  # with the current step's saved actions
    return frames


# ---------------------------------------------------------------- patches
def diff(a, b):
    """A patch that turns `a` into `b` (b == a: None). A dict patches key by key ({key: patch},
    a removed key: []); a list is [b] (replace), ["+", tail] (append) or ["*", {index: patch}]."""
    if a == b and type(a) is type(b):
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        out = {k: [] for k in a if k not in b}
        for k, v in b.items():
            if k not in a:
                out[k] = [v]
            elif (p := diff(a[k], v)) is not None:
                out[k] = p
        return out
    options = [[b]]
    if isinstance(a, list) and isinstance(b, list):
        if len(b) > len(a) and b[:len(a)] == a:
            options.append(["+", b[len(a):]])
        if len(a) == len(b):
            options.append(["*", {str(i): p for i, (x, y) in enumerate(zip(a, b))
                                  if (p := diff(x, y)) is not None}])
    return min(options, key=lambda o: len(json.dumps(o, separators=(",", ":"))))


def _bad(where) -> GameError:
    return GameError("code_invalid", "the replay cannot be read", where=where)


def patch(a, p, depth=0):
    """`a` changed by the patch `p` (diff's); a patch of the wrong shape: GameError."""
    if depth > MAX_DEPTH:
        raise _bad("replay")
    if p is None:
        return a
    if isinstance(p, dict):
        if not isinstance(a, dict):
            raise _bad("replay")
        out = dict(a)
        for k, sub in p.items():
            if sub == []:
                out.pop(k, None)
            else:
                out[k] = patch(a.get(k), sub, depth + 1)
        return out
    if not isinstance(p, list) or len(p) not in (1, 2):
        raise _bad("replay")
    if len(p) == 1:
        return p[0]
    op, arg = p
    if op == "+" and isinstance(a, list) and isinstance(arg, list):
        return a + arg
    if op == "*" and isinstance(a, list) and isinstance(arg, dict):
        out = list(a)
        for k, sub in arg.items():
            if not (k.isdigit() and int(k) < len(out)):
                raise _bad("replay")
            out[int(k)] = patch(out[int(k)], sub, depth + 1)
        return out
    raise _bad("replay")


# ---------------------------------------------------------------- replay links
def public_replay(record) -> dict:
    """What a replay link carries, from the spectator's view alone: {game, version, public}
    (a game's own public record: hook `replay_public(view)`) or {game, version, steps:
    [first frame, patch, ...]} (any game: its public frames, each after the first as a patch)."""
    module = game_of(record)
    out = {"game": module.GAME, "version": module.VERSION}
    if hasattr(module, "replay_public"):  # Broker-Yard: engine/broker/public_record.py
        _, state = replay(record)
        return {**out, "public": module.replay_public(module.view(state, None))}
    frames = step_views(record, None)
    return {**out, "steps": [frames[0]] + [diff(a, b) for a, b in zip(frames, frames[1:])]}


def replay_views(link) -> list[dict]:
    """The frames of a replay link, each checked for the shape the table draws from."""
    if not isinstance(link, dict):
        raise _bad("replay")
    module = get_game(link.get("game"))
    version = link.get("version")
    if type(version) is not int or version > module.VERSION:
        raise GameError("newer_engine", f"this replay needs {module.GAME} engine version {version}",
                        where="version", game=module.GAME, needed=str(version)[:12], have=module.VERSION)
    if hasattr(module, "replay_frames"):
        frames = module.replay_frames(link.get("public"))
    else:
        steps = link.get("steps")
        if not isinstance(steps, list) or not steps or len(steps) > MAX_STEPS:
            raise _bad("steps")
        frames = [steps[0]]
        for p in steps[1:]:
            frames.append(patch(frames[-1], p))
    for i, f in enumerate(frames):
        if not (isinstance(f, dict) and isinstance(f.get("view"), dict)
                and isinstance(f["view"].get("players"), list) and type(f.get("step")) is int):
            raise _bad(f"steps[{i}]")
    return frames
