"""¿Quién es el Espía?'s game state and its days (rule book, "Cycles"): the deal, the
warm-up, each cycle's day 1 and vote day (merged into one day when few live), the Mayor's
window as the vote day's last step, the host's game-master actions, and the end.

The app is the game master. Every action carries the host's time `at` (ms; the engine
reads no clock). Each day is one simultaneous step: every living player acts secretly and
in any order, then says `done`; the host's `close_day` ends the day (the hall does it once
nobody is waiting, or at the deadline). Deaths are resolved only when a cycle's vote day
closes, by the priority chain (resolve.py).
"""

from ..core.errors import GameError, short
from ..core.game import check_action, check_seat, unknown_action
from ..core.names import check_players
from .actions import (SEAT_ACTIONS, SECRET_ACTS, MINUTE, living, seat_action, check_target,
                      window_opening)
from .deal import check_seed, deal_roles, check_given_roles, known_mates
from .options import resolve_options, setup_of
from .resolve import close_cycle, stalemate_warning

GAME = "spy"
VERSION = 1
MAX_TEXT = 1000  # last words


def new_game(options=None, players=(), seed=0, roles=None, **extra) -> dict:
    """A dealt game. `roles` (a record's setup) fixes the deal instead of the seed: one
    "role" or "role:team" per seat, matching the options' role counts."""
    if extra:
        name = sorted(extra)[0]
        raise GameError("bad_record", f"a record's setup has no field {short(name)!r}", where=short(name))
    players = check_players(list(players) if isinstance(players, tuple) else players)
    seed = check_seed(seed)
    n = len(players)
    options = resolve_options(options, n)
    setup = setup_of(options)
    cards = deal_roles(setup, n, seed) if roles is None else check_given_roles(roles, setup, n)
    state = {
        "game": GAME, "engine_version": VERSION, "options": options, "players": players,
        "seed": seed, "setup": {"roles": list(roles)} if roles is not None else None,
        "actions": [],
        "roles": cards,                 # secret: each seat's card
        "known": known_mates(cards),    # whom each seat knows from the start
        "alive": [True] * n,            # as announced: deaths happen at a cycle's close
        "cycle": 0, "day": "warmup", "warmup": 0, "window": False, "step": 0,
        "now": None,                    # the last action's time (secret ones too)
        "public_now": None,             # the last public action's time: what the table sees
        "deadline": None,
        "done": [False] * n, "excused": [],
        "acts": [],                     # this cycle's actions, in order (secret and public)
        "powers": [fresh_powers() for _ in range(n)],  # secret: each seat's power limits
        "mayor": None,                  # the seat of a Mayor who has revealed himself
        "log": [],                      # public announcements (structured events)
        "private": [[] for _ in range(n)],  # what each seat alone learns
        "history": [],                  # secret: each closed cycle's actions and chain
        "over": False, "winner": None, "winners": [],
    }
    if options["warmup_days"]:
        open_day(state, "warmup", None)
    else:
        start_cycle(state, None)
    return state


def fresh_powers() -> dict:
    return {"last_kill": None, "last_look": None, "looked": [], "lost": False,
            "add": None, "subtract": None, "trick_day": None}


# ---------------------------------------------------------------- days
def open_day(state, day: str, at, stalemate=None) -> None:
    """A new day: everybody living acts again; a timed game's deadline runs from now.
    A cycle's first day may announce how near the stalemate rule is (`stalemate`)."""
    state["day"] = day
    state["window"] = False
    state["done"] = [False] * len(state["players"])
    state["step"] += 1
    minutes = state["options"]["day_minutes"]
    state["deadline"] = at + minutes * MINUTE if minutes and at is not None else None
    if day == "warmup":
        state["warmup"] += 1
    event = {"type": "day", "cycle": state["cycle"], "day": day,
             "warmup": state["warmup"] if day == "warmup" else None,
             "at": at, "deadline": state["deadline"]}
    if stalemate:
        event["stalemate"] = stalemate
    state["log"].append(event)


def start_cycle(state, at) -> None:
    state["cycle"] += 1
    state["acts"] = []
    state["excused"] = []
    merged = len(living(state)) <= state["options"]["merge_at"]
    open_day(state, "merged" if merged else "day", at, stalemate_warning(state))


def needs_window(state) -> bool:
    """A vote day ends with the Mayor's window (its own step) when the setup has a Mayor
    who may still be alive as far as anybody knows (public facts only)."""
    mayor = state["mayor"]
    return state["options"]["mayor"] > 0 and not (mayor is not None and not state["alive"][mayor])


def close_day(state, at) -> list[dict]:
    """The host ends the current day (or the Mayor's window)."""
    day = state["day"]
    if day == "warmup":
        if state["warmup"] < state["options"]["warmup_days"]:
            open_day(state, "warmup", at)
        else:
            start_cycle(state, at)
        return [{"type": "day_closed", "day": day}]
    if day == "day":
        open_day(state, "vote", at)
        return [{"type": "day_closed", "day": day}]
    if not state["window"] and needs_window(state):
        # [decision] everybody done: the window opens now (`early`) and the Mayor may redirect
        # at once; else (the host ended the vote step sooner) only in the window's own
        # minutes (actions.window_opening)
        event = {"type": "window", "cycle": state["cycle"], "at": at}
        if all(state["done"][i] for i in living(state)):
            event["early"] = True
        state["window"] = True
        state["done"] = [False] * len(state["players"])
        state["step"] += 1
        state["log"].append(event)
        return [{"type": "window_opened"}]
    events = close_cycle(state, at)
    if not state["over"]:
        start_cycle(state, at)
    else:
        state["step"] += 1
    return events


# ---------------------------------------------------------------- the host's actions
def host_set_deadline(state, action, at) -> list[dict]:
    """The host sets, moves or clears the current day's deadline (the seed's GM could
    extend a day); a timed vote day has its Mayor's window in its last minutes."""
    _only(action, "deadline")
    deadline = action.get("deadline")
    if deadline is not None and (type(deadline) is not int or deadline <= at):
        raise GameError("bad_deadline", "a deadline is a time (ms) after now, or null",
                        where="action.deadline")
    state["deadline"] = deadline
    event = {"type": "deadline", "deadline": deadline, "at": at}
    state["log"].append(event)
    return [event]


def host_excuse(state, action, at) -> list[dict]:
    """The host excuses a player who will not vote this cycle (seed: "puedes avisarme")."""
    _only(action, "seat")
    if state["day"] == "warmup":
        raise GameError("no_vote_to_excuse", "there is no vote to excuse during the warm-up")
    seat = check_target(state, action.get("seat"), "seat")
    if seat in state["excused"]:
        raise GameError("already_excused", f"{state['players'][seat]} is already excused",
                        player=state["players"][seat])
    state["excused"].append(seat)
    event = {"type": "excused", "seat": seat, "cycle": state["cycle"], "at": at}
    state["log"].append(event)
    return [event]


def host_last_words(state, action, at) -> list[dict]:
    """A dead player's last words ("carta fúnebre"), published when the host decides."""
    _only(action, "seat", "text")
    seat = action.get("seat")
    if type(seat) is not int or not 0 <= seat < len(state["players"]) or state["alive"][seat]:
        raise GameError("not_dead", "only a dead player leaves last words", where="action.seat")
    if any(e["type"] == "last_words" and e["seat"] == seat for e in state["log"]):
        raise GameError("already_said", "these last words are already published", where="action.seat")
    text = action.get("text")
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        raise GameError("bad_text", f"last words are 1 to {MAX_TEXT} characters",
                        where="action.text", limit=MAX_TEXT)
    event = {"type": "last_words", "seat": seat, "text": text, "at": at}
    state["log"].append(event)
    return [event]


def _only(action, *keys) -> None:
    extra = sorted(set(action) - {"type", "at", *keys})
    if extra:
        raise GameError("bad_action", f"this action has no field {short(extra[0])!r}",
                        where=f"action.{short(extra[0])}")


HOST_ACTIONS = {"set_deadline": host_set_deadline, "excuse": host_excuse,
                "last_words": host_last_words}


# ---------------------------------------------------------------- the game protocol
def check_time(state, action) -> int:
    """The host's stamp: a time in ms, never earlier than the last action's."""
    at = action.get("at")
    if type(at) is not int or at < 0:
        raise GameError("no_time", "every action carries the host's time (at, in ms)",
                        where="action.at")
    if state["now"] is not None and at < state["now"]:
        raise GameError("time_backwards", "an action cannot be older than the one before",
                        where="action.at", at=at, now=state["now"])
    return at


def apply(state, seat, action) -> list[dict]:
    """A seat's action of the current day, or the host's (seat None): `close_day`,
    `set_deadline`, `excuse`, `last_words`. Refused actions change nothing."""
    kind = check_action(action)
    if state["over"]:
        raise GameError("game_over", "the game is over")
    at = check_time(state, action)
    if seat is None:
        if kind == "close_day":
            _only(action)
            events = close_day(state, at)
        elif kind in HOST_ACTIONS:
            events = HOST_ACTIONS[kind](state, action, at)
        elif kind in SEAT_ACTIONS:
            raise GameError("host_cannot_act", "the host does not play a seat's action")
        else:
            raise unknown_action(kind)
    else:
        check_seat(state, seat)
        if kind == "close_day" or kind in HOST_ACTIONS:
            raise GameError("host_only", "only the host does that", action=kind)
        if kind not in SEAT_ACTIONS:
            raise unknown_action(kind)
        events = seat_action(state, seat, kind, action, at)
    state["now"] = at
    if seat is None or kind not in SECRET_ACTS:
        # a secret action leaves no trace on the table, not even its time
        state["public_now"] = at
    state["actions"].append([seat, dict(action)])
    return events


def phase(state) -> str:
    if state["over"]:
        return "over"
    return "window" if state["window"] else state["day"]


def to_act(state) -> dict:
    """Every living player acts together each day; the host closes it (`close_day`).
    `waiting`: the living who have not said `done`. `window`: on a timed vote day, the
    Mayor's window (from, until); the vote step's deadline is its opening."""
    if state["over"]:
        return {"phase": "over", "seats": [], "together": False, "deadline": None,
                "step": state["step"], "waiting": [], "close": None, "cycle": state["cycle"],
                "window": None}
    seats = living(state)
    window = mayor_window(state)
    deadline = window["from"] if window and not state["window"] else state["deadline"]
    return {"phase": phase(state), "seats": seats, "together": True,
            "deadline": deadline, "step": state["step"],
            "waiting": [i for i in seats if not state["done"][i]],
            "close": {"type": "close_day"}, "cycle": state["cycle"], "window": window}


def mayor_window(state) -> dict | None:
    """The Mayor's window of a timed vote day: its last `mayor_window` minutes. The vote
    step's deadline is the window's opening, the window step's the day's end."""
    if state["day"] not in ("vote", "merged") or state["deadline"] is None or state["over"] \
            or not needs_window(state):
        return None
    return {"from": window_opening(state), "until": state["deadline"]}


def is_over(state) -> bool:
    return state["over"]


def result(state) -> dict:
    """Winners (the winning team's seats, dead or alive) first, scored 1; the rest 0.
    While playing, or when nobody won, every seat shares first place."""
    n = len(state["players"])
    winners = set(state["winners"])
    scores = [1 if i in winners else 0 for i in range(n)]
    ranking = sorted(range(n), key=lambda i: (-scores[i], i))
    places = [1 if scores[i] or not winners else 2 for i in range(n)]
    return {"over": state["over"], "ranking": ranking, "scores": scores, "places": places,
            "winner": state["winner"]}
