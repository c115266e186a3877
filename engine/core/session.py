"""The games one page hosts, for any game of the registry: live states kept in memory by
game id, which seats are humans, bots or remote players, and what the page stores to get a
game back after a reload (docs/hall.md).

The truth of a hosted game is its record: `open_game` replays it. Bots act when `to_act`
names them, each from its own seat's view only; the page asks for one bot action at a time
(`bot_step`) so that a person can follow them. A simultaneous step closes by itself once
every human and remote seat has finished; the host may close it earlier (`close_step`).
How one game's turn goes (the seats due, a bot deciding, a step closing) is turns.py's.

Per-game parts are hooks of the game module (engine/core/game.py): `hall_summary`,
`hall_final`, `hall_secret`. Everything here takes and returns JSON-able data, so the site's
bridge exposes it one-to-one.
"""

from . import links
from . import replay as replays
from . import reply as replies
from . import stats
from . import turns
from . import undo
from .errors import GameError, short
from .game import catalog_of, check_player_count, get_game
from .record import game_of, replay, to_record
from .turns import BOT, HUMAN, REMOTE

_GAMES: dict[str, dict] = {}


# ---------------------------------------------------------------- seats
def check_kind(module, seat, where: str) -> dict:
    """A seat's kind: {"kind": "human"}, {"kind": "remote"} or {"kind": "bot", "level"}."""
    kind = seat.get("kind", HUMAN) if isinstance(seat, dict) else None
    if kind in (HUMAN, REMOTE):
        return {"kind": kind}
    if kind == BOT:
        levels = catalog_of(module)["bots"]
        level = seat.get("level", levels[len(levels) // 2] if levels else None)
        if level not in levels:
            raise GameError("bad_seat", f"bot level must be one of {', '.join(levels)}",
                            where=where, level=short(level, 20))
        return {"kind": BOT, "level": level}
    raise GameError("bad_seat", "a seat is a human, a remote player or a bot", where=where)


def _kinds_from_meta(module, meta, players: int) -> list[dict]:
    seats = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(seats, list) or len(seats) != players:
        return [{"kind": HUMAN} for _ in range(players)]
    try:
        return [check_kind(module, s, f"meta.seats[{i}]") for i, s in enumerate(seats)]
    except GameError:
        return [{"kind": HUMAN} for _ in range(players)]


def _hosted(game_id) -> dict:
    game = _GAMES.get(game_id)
    if game is None:
        raise GameError("game_not_open", "this game is not open", game=short(game_id))
    return game


# ---------------------------------------------------------------- opening and storing
def create(id: str, game: str, options: dict, seats: list, seed, meta: dict | None = None) -> dict:
    """A new hosted game. seats: [{"name", "kind": "human"|"bot"|"remote", "level"}]."""
    module = get_game(game)
    if not isinstance(seats, list):
        raise GameError("bad_players", "seats must be a list", where="seats")
    check_player_count(module, len(seats), "seats")
    names, kinds = [], []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise GameError("bad_seat", "a seat is an object", where=f"seats[{i}]")
        names.append(s.get("name"))
        kinds.append(check_kind(module, s, f"seats[{i}]"))
    if not any(k["kind"] in (HUMAN, REMOTE) for k in kinds):
        raise GameError("no_human", "at least one seat must be a human player", where="seats")
    state = module.new_game(options, names, seed)
    _GAMES[id] = {"id": id, "module": module, "state": state, "kinds": kinds,
                  "meta": {**(meta or {}), "seats": kinds}, "decided": set()}
    return stored(id)


def _from_record(record) -> tuple[object, dict, dict, list]:
    module = game_of(record)
    _, state = replay(record)
    meta = dict(record.get("meta") or {})
    kinds = _kinds_from_meta(module, meta, len(state["players"]))
    meta["seats"] = kinds
    return module, state, meta, kinds


def open_game(id: str, record: dict) -> dict:
    """Rebuild a game from its record (the actions of the current step included)."""
    module, state, meta, kinds = _from_record(record)
    _GAMES[id] = {"id": id, "module": module, "state": state, "kinds": kinds, "meta": meta,
                  "decided": set()}
    return stored(id)


def check_record(record) -> dict:
    """An imported record, validated by replaying it: what the lobby lists about it."""
    module, state, meta, kinds = _from_record(record)
    return {"record": to_record(state, meta), "summary": _summary(module, state, kinds)}


def close(id: str) -> None:
    _GAMES.pop(id, None)


def _summary(module, state, kinds) -> dict:
    """What the lobby shows about a game without opening it."""
    res = module.result(state)  # the final ranking, or the current standing by the same rules
    turn = module.to_act(state)
    out = {"game": module.GAME, "players": list(state["players"]), "kinds": kinds,
           "over": module.is_over(state), "ranking": res["ranking"], "scores": res["scores"],
           "places": res.get("places"), "phase": turn["phase"], "step": turn["step"],
           "options": dict(state["options"])}
    if hasattr(module, "hall_summary"):
        out.update(module.hall_summary(state))
    return out


def stored(id: str) -> dict:
    """What the page keeps to rebuild the game: the record, and a summary for the lobby; once
    the game is over, its statistics entry (engine/core/stats.py), which the page adds to
    this device's statistics when the game ends here. The host's table holds this record
    now (a new game, a game opened, or read again): its next moves' answers say what changed."""
    game = _hosted(id)
    out = _stored(game, to_record(game["state"], game["meta"]))
    game["kept"] = replies.copy_of(out["record"])
    return out


def _stored(game, record) -> dict:
    module, state = game["module"], game["state"]
    return {"id": game["id"], "game": module.GAME, "record": record,
            "summary": _summary(module, state, game["kinds"]),
            "stats": stats.entry(module, state, game["kinds"], game["meta"])}


def _kept(game) -> dict:
    """`stored` for the host's table after a move: the record as its `tail`, the change from
    the one the table holds (engine/core/reply.py), or whole when more than its actions changed."""
    out = _stored(game, to_record(game["state"], game["meta"]))
    change, game["kept"] = replies.tail(game.get("kept"), out["record"])
    if change is not None:
        del out["record"]
        out["tail"] = change
    return out


def export(id: str) -> dict:
    game = _hosted(id)
    return to_record(game["state"], game["meta"])


# ---------------------------------------------------------------- what a seat sees
def screen(id: str, seat: int | None = None) -> dict:
    """Everything the table shows to `seat` (None: the public part only)."""
    game = _hosted(id)
    return _screen(game, _shown(game, seat))


def table(id: str, show: int | None = None) -> dict:
    """What the host's table draws, in one answer: `screen` (the public screen), `mine` (the
    view of `show`, the human seat the page shows, as what it has apart from the public view:
    engine/core/reply.py `apart`; None when `show` is no human seat, and `shown` names the
    seat or is None), when seats play from afar `link` (what their state link carries:
    link_input), and `answer`, its number among the table's answers of this game."""
    game = _hosted(id)
    return _table(game, _showable(game, show))


def _showable(game, seat) -> int | None:
    """`seat` if the table may show it (a human seat), else None: the page then reads the
    seat it shows on its own (a page's kept seat is never trusted to be one)."""
    ok = type(seat) is int and 0 <= seat < len(game["kinds"]) and turns.kind_of(game, seat) == HUMAN
    return seat if ok else None


def _shown(game, seat) -> int | None:
    """A seat the table may show (a human one), or None; anything else is refused."""
    if seat is not None and _showable(game, seat) is None:
        raise GameError("not_your_seat", "only a human seat can be shown", seat=short(seat, 20))
    return seat


def _table(game, show) -> dict:
    module, state = game["module"], game["state"]
    public = _screen(game, None)
    mine = None if show is None else replies.apart(module.view(state, show), public["view"])
    # answers are numbered in the order they were made: the page draws none older than the
    # one it drew (two moves' answers, a bot's and a person's, may reach the table crosswise);
    # `undo`: how many of the shown seat's actions of this turn it may take back (undo.py)
    game["answers"] = game.get("answers", 0) + 1
    out = {"screen": public, "shown": show, "mine": mine, "answer": game["answers"],
           "undo": undo.undoable(game, show)}
    if any(kind["kind"] == REMOTE for kind in game["kinds"]):
        out["link"] = _link_input(game)
    return out


def _screen(game, seat) -> dict:
    module, state = game["module"], game["state"]
    turn = turns.turn(game)
    over = module.is_over(state)
    humans = [i for i in turn["seats"] if turns.kind_of(game, i) == HUMAN]
    remotes = [i for i in turn["seats"] if turns.kind_of(game, i) == REMOTE]
    done = {str(i): turns.done(i, turn) for i in humans + remotes}
    return {
        "id": game["id"],
        "game": module.GAME,
        "view": module.view(state, seat),
        "kinds": game["kinds"],
        "to_act": turn,
        "humans": humans,
        "waiting": [i for i in humans if not done[str(i)]],
        "remote": remotes,
        "remote_waiting": [i for i in remotes if not done[str(i)]],
        "bots": [i for i in turn["seats"] if turns.kind_of(game, i) == BOT],
        "done": done,
        "result": module.result(state) if over else None,
        "final": (module.hall_final(state) if hasattr(module, "hall_final") else None) if over else None,
        "undo": undo.undoable(game, seat),  # the seat's actions of this turn it may take back
        # the seats whose screen holds what another may not see (None: any seat's may)
        "secret": module.hall_secret(state) if hasattr(module, "hall_secret") else None,
    }


# ---------------------------------------------------------------- acting
def _reply(game, events, step_before, table) -> dict:
    """A move's answer: what it did (`events`, whether the step `moved`) and what the page
    keeps (`stored`). The host's table asks with `table` = {"show": the seat it shows,
    "quiet": true for a bot acting unseen in a simultaneous step}: then `stored` says what
    changed (_kept), and the answer carries what the table draws now (`screen`, `shown`,
    `mine`, `link`: as `table` gives them; a quiet bot's only when its move shows: an event,
    the step moved on), so one call is all a move costs."""
    turn = turns.turn(game)
    moved = turn["step"] != step_before
    out = {"events": events, "step_before": step_before, "step": turn["step"], "moved": moved}
    if table is None:
        out["stored"] = _stored(game, to_record(game["state"], game["meta"]))
        return out
    out["stored"] = _kept(game)
    if not table.get("quiet") or moved or events:
        out.update(_table(game, _showable(game, table.get("show"))))
    return out


def _asked(table) -> dict | None:
    """A move's `table` argument (see _reply), checked before the move is made."""
    if table is not None and not isinstance(table, dict):
        raise GameError("bad_arguments", "table is an object: {show, quiet}", where="table")
    return table


def _seat_of_kind(game, seat, kind: str, message: str) -> int:
    if type(seat) is not int or not 0 <= seat < len(game["kinds"]) or turns.kind_of(game, seat) != kind:
        raise GameError("not_your_seat", message, seat=short(seat, 20))
    return seat


def act(id: str, seat: int, action, at: int | None = None, table: dict | None = None) -> dict:
    """A human seat acts: one action, or a list of them (a whole turn, applied entirely or
    not at all, as a remote seat's may be); a simultaneous step that every person has
    finished then closes. Every move below takes `table` as _reply says."""
    game = _hosted(id)
    _seat_of_kind(game, seat, HUMAN, "only a human seat can act here")
    table = _asked(table)
    return _act(game, seat, action if isinstance(action, list) else [action], at, table)


def _act(game, seat, actions: list, at, table) -> dict:
    """A person's turn (act, act_remote), kept for an undo when the game says so."""
    raw, step = game["module"].to_act(game["state"])["step"], turns.step(game)
    before = undo.snapshot(game)
    events = turns.apply_turn(game, seat, actions, at)
    undo.record(game, seat, before, raw, events, step)
    return _reply(game, events + turns.settle(game, at), step, table)


def take_back(id: str, seat: int, table: dict | None = None) -> dict:
    """A human seat takes back its latest action of the current turn (engine/core/undo.py);
    the answer's `undone` says so (the game went back, it did not move on)."""
    game = _hosted(id)
    _seat_of_kind(game, seat, HUMAN, "only a human seat can act here")
    return _take_back(game, seat, None, _asked(table))


def take_back_remote(id: str, seat: int, made: int, table: dict | None = None) -> dict:
    """A remote seat's undo (an undo code, or one sent over a live channel, that the host's
    inbox has checked): its latest action of the turn is taken back if it is the one made at
    step `made` and may still be taken back (undo.py: `undo_stale`, `nothing_to_undo`)."""
    game = _hosted(id)
    _seat_of_kind(game, seat, REMOTE, "that seat is not played from another browser")
    if type(made) is not int:
        raise GameError("bad_arguments", "an undo names the step of its move", where="made")
    return _take_back(game, seat, made, _asked(table))


def _take_back(game, seat, made, table) -> dict:
    raw, step = game["module"].to_act(game["state"])["step"], turns.step(game)
    undo.undo(game, seat, made)
    # the shown step goes on past the one the take-back left (turns.py: `lift`)
    game["meta"]["lift"] = turns.lift(game) + raw - game["module"].to_act(game["state"])["step"] + 1
    return {**_reply(game, [], step, table), "moved": False, "undone": True}


def act_remote(id: str, seat: int, packed, at: int | None = None, table: dict | None = None) -> dict:
    """What came from a remote seat (an action code or a live message the host's inbox has
    checked), in the game's packed form: one action, or a list of them (a whole turn) that
    is applied entirely or not at all."""
    game = _hosted(id)
    module = game["module"]
    _seat_of_kind(game, seat, REMOTE, "that seat is not played from another browser")
    table = _asked(table)
    actions = [links.unpack_action(module, p) for p in (packed if isinstance(packed, list) else [packed])]
    return _act(game, seat, actions, at, table)


def host_act(id: str, action: dict, at: int | None = None, table: dict | None = None) -> dict:
    """The host as game master plays one of the game's own host actions (`apply` with seat
    None), beyond closing a step: e.g. the spy game's deadline, excuse and last words."""
    game = _hosted(id)
    table = _asked(table)
    step = turns.step(game)
    return _reply(game, turns.apply(game, None, action, at), step, table)


def bot_step(id: str, at: int | None = None, table: dict | None = None) -> dict:
    """One bot that `to_act` names acts now (the page calls this while humans think, and to
    show bots' turns one at a time); `acted` is its seat, or None when no bot is due.
    `pending` counts the bots still due in this step."""
    game = _hosted(id)
    module, state = game["module"], game["state"]
    table = _asked(table)
    turn = module.to_act(state)
    step = turns.step(game)
    todo = [] if module.is_over(state) else turns.pending_bots(game, turn)
    if not todo:
        return {**_reply(game, turns.settle(game, at), step, table), "acted": None, "pending": 0}
    events = turns.bot_act(game, todo[0], turn, at)
    events += turns.settle(game, at)
    after = module.to_act(state)
    return {**_reply(game, events, step, table), "acted": todo[0],
            "pending": 0 if module.is_over(state) else len(turns.pending_bots(game, after))}


def close_step(id: str, at: int | None = None, table: dict | None = None) -> dict:
    """The host ends the current step now (the round, the day): bots still to act decide,
    seats that gave nothing take the game's default."""
    game = _hosted(id)
    module, state = game["module"], game["state"]
    table = _asked(table)
    turn = module.to_act(state)
    if module.is_over(state):
        raise GameError("game_over", "the game is over")
    if turn["close"] is None:
        raise GameError("host_cannot_act", "the host has nothing to decide now")
    step = turns.step(game)
    return _reply(game, turns.close(game, turn, at), step, table)


def play_out(id: str, at: int | None = None, table: dict | None = None) -> dict:
    """Finish a game in which no human or remote seat acts any more: bots and the host's
    closes until the end (or until a person is named again)."""
    game = _hosted(id)
    module, state = game["module"], game["state"]
    table = _asked(table)
    step = turns.step(game)
    events = []
    while not module.is_over(state):
        turn = module.to_act(state)
        if any(turns.kind_of(game, i) != BOT for i in turn["seats"]):
            break
        todo = turns.pending_bots(game, turn)
        if todo:
            events += turns.bot_act(game, todo[0], turn, at)
        elif turn["close"] is not None:
            events += turns.close(game, turn, at)
        else:
            raise GameError("bot_stuck", "nobody can move the game on")
    return _reply(game, events, step, table)


# ---------------------------------------------------------------- remote seats
def link_input(id: str) -> dict:
    """What the host's state link carries: the public part (with the bot seats, so remote
    pages mark them) and the remote seats' parts."""
    return _link_input(_hosted(id))


def _link_input(game) -> dict:
    remote = {i for i, kind in enumerate(game["kinds"]) if kind["kind"] == REMOTE}
    bots = {i: kind["level"] for i, kind in enumerate(game["kinds"]) if kind["kind"] == BOT}
    latest = undo.latest(game)
    undoable = latest if latest is not None and latest[0] in remote else None
    parts = links.link_parts(game["module"], game["state"], remote, bots, undoable)
    return {**parts, "step": parts["step"] + turns.lift(game)}


# ---------------------------------------------------------------- history and replays
def history(id: str, seat: int | None = None) -> list[dict]:
    """The table at the start of each step and now, as `seat` saw it (None: the public
    view), rebuilt by replaying the game's record (engine/core/replay.py)."""
    game = _hosted(id)
    if seat is not None:
        _seat_of_kind(game, seat, HUMAN, "only a human seat can be shown")
    return replays.step_views(to_record(game["state"], game["meta"]), seat)


def replay_link(id: str) -> dict:
    """What a replay link of this game (so far) carries: public information only."""
    game = _hosted(id)
    return replays.public_replay(to_record(game["state"], game["meta"]))
