"""The functions the page may call (site/js/shell/runtime.js `py.call`), for every game.

Each takes and returns JSON-able data and raises GameError when refused; bridge.py turns
the reply or the error into the JSON envelope. Games are named as the registry names them
(engine/core/game.py); a game's engine is imported when it is first used.
"""

import sys

from engine.core import fair, links, replay, session
from engine.core.errors import GameError
from engine.core.game import GAMES, get_game, hall_catalog, tags
from engine.core.names import check_players

FUNCTIONS = {}


def exposed(func):
    """Make ``func(**args)`` callable from JavaScript under its own name."""
    FUNCTIONS[func.__name__] = func
    return func


@exposed
def info():
    """What runs: Python, and the games this build knows (a game's engine arrives when the
    page installs it), with the short tags their links carry."""
    return {"python": sys.version.split()[0], "platform": sys.platform, "games": list(GAMES),
            "tags": tags()}


@exposed
def game_catalog(game: str):
    """The lobby's form for a game: players, options, bot levels (and its engine version,
    and what its action codes are padded to)."""
    return hall_catalog(get_game(game))


@exposed
def game_tool(game: str, tool: str, args: dict | None = None):
    """One of a game's own tools (its module's TOOLS: e.g. the spy game's balance hint for
    a setup, its fair-deal checks): a pure function of JSON-able arguments."""
    tools = getattr(get_game(game), "TOOLS", {})
    if tool not in tools:
        raise GameError("unknown_tool", f"{game} has no tool {str(tool)[:40]!r}", tool=str(tool)[:40])
    if args is not None and not isinstance(args, dict):
        raise GameError("bad_arguments", "a tool takes an object of arguments")
    return tools[tool](**(args or {}))


# ---------------------------------------------------------------- hosted games
@exposed
def hall_names(names: list):
    """The seats' names as the game will keep them (nothing invisible), or the refusal of a
    name that is empty, too long or looks like another (engine/core/names.py)."""
    return check_players(names)


# The hosted session (engine/core/session.py) as the page calls it: each function under its
# bridge name, its arguments and answer its own (its docstring says them).
FUNCTIONS.update({
    "hall_create": session.create,
    "hall_open": session.open_game,
    "hall_close": session.close,
    "hall_check_record": session.check_record,
    "hall_screen": session.screen,
    "hall_table": session.table,                # what the host's table draws, in one answer
    "hall_stored": session.stored,              # what the page keeps, whole
    "hall_act": session.act,
    "hall_undo": session.take_back,             # a seat's latest action of its turn taken back
    "hall_undo_remote": session.take_back_remote,  # a remote seat's, from its undo code
    "hall_act_remote": session.act_remote,
    "hall_host_act": session.host_act,
    "hall_bot_step": session.bot_step,
    "hall_close_step": session.close_step,
    "hall_play_out": session.play_out,
    "hall_export": session.export,
    "hall_history": session.history,          # the table at each step, replayed from the record
    "hall_replay_link": session.replay_link,  # a replay link's contents: public information only
    "net_link_input": session.link_input,
})


# ---------------------------------------------------------------- a fair deal
@exposed
def fair_commit(value: str):
    """A device's commitment to its random value (engine/core/fair.py)."""
    return fair.commitment(value)


@exposed
def fair_check(commitments: list, values: list):
    """{bad, seed}: the places whose value does not match its commitment, and the seed the
    values make (engine/core/fair.py)."""
    return fair.check(commitments, values)


@exposed
def fair_code(actions: list, nonce: str):
    """A device's commitment to the actions of one of its codes (engine/core/fair.py)."""
    return fair.code_commitment(actions, nonce)


# ---------------------------------------------------------------- links and codes
@exposed
def net_link_view(game: str, public, private=None, seat=None):
    """What a state link shows: {view, kinds, undo}, the view it gives (the seat's own when its
    private part opened), the seat kinds (which seats are bots) as the host's table has them,
    and the step the seat's latest action was made at when the host would take it back (else None)."""
    module = get_game(game)
    view = links.link_view(module, public, private, seat)
    players = view.get("players") if isinstance(view, dict) else None
    kinds = links.link_kinds(module, public, len(players) if isinstance(players, list) else 0)
    return {"view": view, "kinds": kinds, "undo": links.link_undo(public, seat)}


@exposed
def net_pack_action(game: str, action):
    """An action as an action code carries it, or a whole turn's list of them at once;
    refused here already if the shape is wrong."""
    actions = action if isinstance(action, list) else [action]
    if not actions or not all(isinstance(a, dict) for a in actions):
        raise GameError("bad_action", "an action must be an object")
    module = get_game(game)
    packed = [links.pack_action(module, a) for a in actions]
    return packed if isinstance(action, list) else packed[0]


@exposed
def net_plan(game: str, public, private, seat: int, actions: list):
    """A turn composed on a remote page, played ahead on the state its link describes (one
    rebuild a decision): {view, done, events}, and once the turn is complete (`done`) its
    actions as the action code carries them (`packed`), so sending it needs no other call."""
    module = get_game(game)
    out = links.link_plan(module, public, private, seat, actions)
    if out["done"]:
        out["packed"] = [links.pack_action(module, a) for a in actions]
    return out


# ---------------------------------------------------------------- history and replays
# the replay being read (one at a time: the page reads one link, a part after another)
_reading = {}


@exposed
def replay_start(link):
    """Begin reading a replay link (every game: engine/core/replay.py): its frames come a
    part at a time from replay_more, so that no call holds the page for long (a whole grid
    game's frames take seconds to make)."""
    _reading.clear()
    _reading[0] = replay.Replay(link)
    return {"id": 0}


@exposed
def replay_more(id: int):
    """The next part of the replay being read: {frames, done}."""
    if id not in _reading:
        raise GameError("code_invalid", "no replay is being read", where="replay")
    reading = _reading[id]
    frames = reading.more()
    if reading.done:
        del _reading[id]
    return {"frames": frames, "done": reading.done}


@exposed
def replay_of_record(record):
    """What a replay link of `record` carries: public information only (engine/core/replay.py),
    as the file a game still being played exports unless its host asks for the full record."""
    return replay.public_replay(record)
