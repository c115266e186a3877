"""A game's history, step by step, for every game (docs/hall.md, "History and replays").

`step_views(record, seat)`: the table as `seat` saw it at the start of each step, and now,
rebuilt by replaying the record (never from stored snapshots): the hall's history
navigation. `public_replay(record)`: what a replay link carries, public information only:
each game's *public record* (hook `replay_public(record)`: what became public, in the order
it did — Broker-Yard's orders of each resolved round, Ekonos's moves, grid's moves and the
plants as they were drawn, the spy game's announcements), from which `Replay(link)` rebuilds
every frame with the game's own rules (hook `replay_steps(public)`: a generator, so that the
page can ask for the frames a part at a time — a whole grid game's take seconds, and the tab
must answer in between), never from a stored snapshot. The deal, the hands, the seed and
what a step still being played hides are in no public record (tested per game:
tests/engine/core/test_replay.py).

Links made before every game had its public record carry the public frames as patches
(`steps`: the first frame, then what changed); they are still read, within bounds
(`MAX_STEPS`, `MAX_OUTPUT`), and the page refuses a long one before Python sees it
(site/js/hall/table/replay.js).
"""

import json

from .errors import GameError
from .game import get_game
from .names import check_players
from .record import apply_step, game_of, start, steps

MAX_STEPS = 1000        # frames an old (patch) replay link may hold: a whole game has fewer
MAX_DEPTH = 40          # nesting of a patch read from a link
MAX_OUTPUT = 16_000_000  # characters of JSON a replay link's frames may come to: a whole grid
                        # game's, the largest, are about 11 MB (its map rides in every frame)
# what one part of a replay (Replay.more) may cost: a whole grid game's frames take seconds to
# make, so the page asks for them a part at a time and the tab answers between two parts
PART_SIZE = 50_000      # characters of JSON (a grid frame is about 24,000)
PART_MOVES = 200        # moves applied or frames made
TICK = None             # what a replay's steps yield for a move that made no frame: work counted
NAMES_CHARACTERS = 480  # the seats' names of a replay link together, at most (`replay_names`)
NAME_CUT_AT_LEAST = 12  # ... but a name keeps this many characters at any table


class Last:
    """A frame that takes the place of the one made just before it (the step still being
    played, redrawn with what the record says of it once every move is in)."""

    def __init__(self, frame):
        self.frame = frame


def settled(steps):
    """`steps` (frames, TICKs and Last) as final frames and TICKs: a frame is passed on only
    once the next one comes (a Last takes its place)."""
    held = None
    for f in steps:
        if f is TICK:
            yield f
        elif isinstance(f, Last):
            held = f.frame
        else:
            if held is not None:
                yield held
            held = f
    if held is not None:
        yield held


def frame(module, state, seat) -> dict:
    """One step as the table draws it: the view (no legal moves: the past is not played),
    its step, and the result and final screen once over."""
    view = module.view(state, seat)
    view.pop("legal", None)
    over = module.is_over(state)
    return {"view": view, "step": module.to_act(state)["step"], "over": over,
            "result": module.result(state) if over else None,
            "final": (module.hall_final(state) if hasattr(module, "hall_final") else None) if over else None}


def iter_frames(module, state, moves, seat=None):
    """The table at the start of each step as `moves` ((where, seat, action), applied in
    place to `state` by the game's own `apply`) play on from `state`, and after the last
    (with the current step's saved actions, e.g. orders): the frames one at a time, a TICK
    for each move that made none, a Last for the final redraw (read them through settled)."""
    yield frame(module, state, seat)
    step = module.to_act(state)["step"]
    for where, who, action in moves:
        apply_step(module, state, where, who, action)
        now = module.to_act(state)["step"]
        if now != step or module.is_over(state):
            step = now
            yield frame(module, state, seat)
        else:
            yield TICK
    yield Last(frame(module, state, seat))


def frames_of(module, state, moves, seat=None) -> list[dict]:
    """iter_frames' frames, all at once."""
    return [f for f in settled(iter_frames(module, state, moves, seat)) if f is not TICK]


def step_views(record, seat=None) -> list[dict]:
    """The table at the start of each step of the record, and now (the last)."""
    module, state = start(record)
    return frames_of(module, state, steps(module, record), seat)


def rebuilt(steps):
    """A game's frames as `steps` (a generator) rebuilds them from its public record; any
    part of the wrong kind, or a move the game's rules refuse, makes the link unreadable
    (code_invalid)."""
    try:
        yield from steps
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


def patched_steps(steps):
    """The frames of an old link's patches, one at a time. Frames share what did not change,
    but the page gets each whole: what they come to is counted as they are read (Replay), and
    a link whose frames pass MAX_OUTPUT characters is refused (a crafted link's patches can
    grow every frame)."""
    if not isinstance(steps, list) or not steps or len(steps) > MAX_STEPS:
        raise _bad("steps")
    last = steps[0]
    yield last
    for p in steps[1:]:
        last = patch(last, p)
        yield last


# ---------------------------------------------------------------- replay links
def replay_names(players: list) -> list:
    """The seats' names as a replay link carries them: together they take at most
    NAMES_CHARACTERS, so that a whole game at the largest table with the longest names
    stays under the viewer's limit (site/js/hall/table/replay.js MAX_TEXT; docs/hall.md,
    "History and replays"). Each name keeps at most max(12, 480 ÷ seats) characters — every
    name (at most 40) whole up to 12 seats, 24 at 20, 12 at 40 —, a longer one cut to one
    less and "…". When cutting makes two names look alike (engine/core/names.py), every cut
    name ends in its seat's number instead: "Alexander…7"."""
    cap = max(NAME_CUT_AT_LEAST, NAMES_CHARACTERS // max(1, len(players)))
    cut = [p if len(p) <= cap else p[:cap - 1] + "…" for p in players]
    try:
        check_players(cut)
        return cut
    except GameError:
        return [p if len(p) <= cap else f"{p[:cap - 1 - len(str(i + 1))]}…{i + 1}" for i, p in enumerate(players)]


def public_replay(record) -> dict:
    """What a replay link carries: {game, version, public}, the game's public record (a game
    without the hook: {game, version, steps}); the names as `replay_names` gives them."""
    if isinstance(record, dict) and isinstance(record.get("players"), list) \
            and all(isinstance(p, str) for p in record["players"]):
        record = {**record, "players": replay_names(record["players"])}
    module = game_of(record)
    if not hasattr(module, "replay_public"):
        # a game with no public record of its own: its public frames, each after the first as
        # a patch (how every game's links were made before public records)
        frames = step_views(record)
        return {"game": module.GAME, "version": module.VERSION,
                "steps": [frames[0]] + [diff(a, b) for a, b in zip(frames, frames[1:])]}
    return {"game": module.GAME, "version": module.VERSION, "public": module.replay_public(record)}


class Replay:
    """A replay link's frames, made a part at a time: `more()` gives the next frames, each
    checked for the shape the table draws from, at most about PART_SIZE characters of JSON and
    PART_MOVES moves' work a part (a crafted link cannot make one part long either); `done`
    once every frame is made. A link whose frames come to more than MAX_OUTPUT characters is
    refused as soon as they do."""

    def __init__(self, link):
        if not isinstance(link, dict):
            raise _bad("replay")
        module = get_game(link.get("game"))
        version = link.get("version")
        if type(version) is not int or version > module.VERSION:
            raise GameError("newer_engine", f"this replay needs {module.GAME} engine version {version}",
                            where="version", game=module.GAME, needed=str(version)[:12], have=module.VERSION)
        if "public" in link:
            self.steps = settled(module.replay_steps(link["public"]))
        else:
            self.steps = patched_steps(link.get("steps"))
        self.made, self.size, self.done = 0, 0, False

    def more(self, size=PART_SIZE, moves=PART_MOVES) -> list[dict]:
        out, got, work = [], 0, 0
        for f in self.steps:
            work += 1
            if f is not TICK:
                if not (isinstance(f, dict) and isinstance(f.get("view"), dict)
                        and isinstance(f["view"].get("players"), list) and type(f.get("step")) is int):
                    raise _bad(f"steps[{self.made}]")
                n = len(json.dumps(f))
                self.size += n
                if self.size > MAX_OUTPUT:
                    raise GameError("replay_too_long", "the replay's steps come to too much to show",
                                    where="steps", limit=MAX_OUTPUT)
                out.append(f)
                self.made += 1
                got += n
            if got >= size or work >= moves:
                return out
        self.done = True
        return out


def replay_views(link) -> list[dict]:
    """Every frame of a replay link at once (the page reads them a part at a time: Replay)."""
    replay, out = Replay(link), []
    while not replay.done:
        out += replay.more(float("inf"), float("inf"))
    return out
