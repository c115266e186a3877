"""A game's history, step by step, for every game (docs/hall.md, "History and replays").

`step_views(record, seat)`: the table as `seat` saw it at the start of each step, and now,
rebuilt by replaying the record (never from stored snapshots): the hall's history
navigation. `public_replay(record)`: what a replay link carries, public information only:
each game's *public record* (hook `replay_public(record)`: what became public, in the order
it did — Broker-Yard's orders of each resolved round, Ekonos's moves, grid's moves and the
plants as they were drawn, the spy game's announcements), from which `replay_views(link)`
rebuilds every frame with the game's own rules (hook `replay_frames(public)`), never from a
stored snapshot. The deal, the hands, the seed and what a step still being played hides are
in no public record (tested per game: tests/engine/core/test_replay.py).

Links made before every game had its public record carry the public frames as patches
(`steps`: the first frame, then what changed); they are still read, within bounds
(`MAX_STEPS`, `MAX_OUTPUT`), and the page refuses a long one before Python sees it
(site/js/hall/replay.js).
"""

import json

from .errors import GameError
from .game import get_game
from .record import apply_step, game_of, start, steps

MAX_STEPS = 1000        # frames an old (patch) replay link may hold: a whole game has fewer
MAX_DEPTH = 40          # nesting of a patch read from a link
MAX_OUTPUT = 16_000_000  # characters of JSON a replay link's frames may come to: a whole grid
                        # game's, the largest, are about 10 MB (its map rides in every frame)


def frame(module, state, seat) -> dict:
    """One step as the table draws it: the view (no legal moves: the past is not played),
    its step, and the result and final screen once over."""
    view = module.view(state, seat)
    view.pop("legal", None)
    over = module.is_over(state)
    return {"view": view, "step": module.to_act(state)["step"], "over": over,
            "result": module.result(state) if over else None,
            "final": (module.hall_final(state) if hasattr(module, "hall_final") else None) if over else None}


class Frames(list):
    """A replay link's frames as they are made, counted: a link whose frames come to more
    than MAX_OUTPUT characters is refused as soon as they do (a crafted public record may
    ask for many steps, each a whole table)."""

    size = 0

    def append(self, f) -> None:
        self.size += len(json.dumps(f))
        if self.size > MAX_OUTPUT:
            raise GameError("replay_too_long", "the replay's steps come to too much to show",
                            where="steps", limit=MAX_OUTPUT)
        super().append(f)


def frames_of(module, state, moves, seat=None, frames=None) -> list[dict]:
    """The table at the start of each step as `moves` ((where, seat, action), applied in
    place to `state` by the game's own `apply`) play on from `state`, and after the last
    (with the current step's saved actions, e.g. orders). `frames`: where to put them (a
    replay link's: `Frames()`)."""
    frames = [] if frames is None else frames
    frames.append(frame(module, state, seat))
    step = module.to_act(state)["step"]
    for where, who, action in moves:
        apply_step(module, state, where, who, action)
        now = module.to_act(state)["step"]
        if now != step or module.is_over(state):
            step = now
            frames.append(frame(module, state, seat))
    frames[-1] = frame(module, state, seat)
    return list(frames)


def step_views(record, seat=None) -> list[dict]:
    """The table at the start of each step of the record, and as it is now (the last)."""
    module, state = start(record)
    return frames_of(module, state, steps(module, record), seat)


def rebuilt(make):
    """`make()`: a game's frames rebuilt from its public record; any part of the wrong kind,
    or a move the game's rules refuse, makes the link unreadable (code_invalid)."""
    try:
        return make()
    except GameError as e:
        raise e if e.code in ("code_invalid", "replay_too_long") else _bad(e.where or "replay") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise _bad("replay") from None


# ---------------------------------------------------------------- patches (old links)
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


def patched_frames(steps) -> list:
    """The frames of an old link's patches. Frames share what did not change, but the page
    gets each whole: what they come to is counted as they are made, and a link whose frames
    pass MAX_OUTPUT characters is refused (a crafted link's patches can grow every frame)."""
    if not isinstance(steps, list) or not steps or len(steps) > MAX_STEPS:
        raise _bad("steps")
    frames = Frames()
    frames.append(steps[0])
    for p in steps[1:]:
        frames.append(patch(frames[-1], p))
    return list(frames)


# ---------------------------------------------------------------- replay links
def public_replay(record) -> dict:
    """What a replay link carries: {game, version, public}, the game's public record (a game
    without the hook: {game, version, steps})."""
    module = game_of(record)
    if not hasattr(module, "replay_public"):
        # a game with no public record of its own: its public frames, each after the first as
        # a patch (how every game's links were made before public records)
        frames = step_views(record)
        return {"game": module.GAME, "version": module.VERSION,
                "steps": [frames[0]] + [diff(a, b) for a, b in zip(frames, frames[1:])]}
    return {"game": module.GAME, "version": module.VERSION, "public": module.replay_public(record)}


def replay_views(link) -> list[dict]:
    """The frames of a replay link, each checked for the shape the table draws from."""
    if not isinstance(link, dict):
        raise _bad("replay")
    module = get_game(link.get("game"))
    version = link.get("version")
    if type(version) is not int or version > module.VERSION:
        raise GameError("newer_engine", f"this replay needs {module.GAME} engine version {version}",
                        where="version", game=module.GAME, needed=str(version)[:12], have=module.VERSION)
    if "public" in link:
        frames = module.replay_frames(link["public"])
    else:
        frames = patched_frames(link.get("steps"))
    for i, f in enumerate(frames):
        if not (isinstance(f, dict) and isinstance(f.get("view"), dict)
                and isinstance(f["view"].get("players"), list) and type(f.get("step")) is int):
            raise _bad(f"steps[{i}]")
    return frames
