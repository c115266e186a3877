"""The protocol every game module follows, and the registry that finds a game by name.

A game is a package `engine/<game>/` whose top-level module provides the names below. A
state is a plain JSON-able dict, a seat is an int index into `state["players"]`, an action
is a JSON object with a `"type"`. Nothing reads a clock: where time matters (deadlines, the
order of votes) the host stamps it into the action as `"at"` (ms since the epoch).

Required:

- `GAME`: the registry name, as records and links name the game.
- `VERSION`: this game's engine version; a record from a newer version is refused.
- `new_game(options, players, seed, **setup)`: a fresh state; missing options take the rule
  book's defaults; `setup` holds what a record may fix beyond the seed (e.g. given hands).
- `to_act(state)`: who may act now, `{phase, seats, together, deadline, step, waiting, close}`.
- `legal(state, seat)`: what `seat` may do now, as data; a seat that `to_act` does not name
  gets a GameError.
- `view(state, seat)`: all that `seat` may see (`None`: a spectator), with `"legal"` when the
  seat may act: the only door to hidden information.
- `apply(state, seat, action)`: do it, in place, and return the events; `seat=None` is the
  host acting as game master (closing a round, a timed day). A refused action raises
  GameError and leaves the state exactly as it was.
- `is_over(state)`, `result(state)`: the end; `result` gives `{over, ranking, scores}` (seats
  best first, a number per seat) and may add `places` (per seat too: 1-based, ties share).
- `catalog()`: what the lobby offers: players (min, max), the options with their values and
  defaults, bot levels (below).
- `bot_action(level, view, seed)`: a bot's action from the seat's view alone; level
  `"random"` plays a random legal action (conformance test, simulator).
- `conceal(state, seat, rng)`: a copy of the state with everything `seat` may not see
  changed (others' hands, the seed, the deck): the conformance test checks that `view` does
  not change.

`to_act(state)`:
- `phase`: the game's own name of the current step (`"orders"`, `"turn"`, `"auction"`, ...);
- `seats`: the seats that may act now (sequential games: one);
- `together`: True for a simultaneous step (every named seat acts, in any order);
- `deadline`: when the host closes the step (a time the host stamped in), or None;
- `step`: an int that grows whenever the game moves past a decision point; links and action
  codes key on it, so an answer made for an older step is refused;
- `waiting`: the named seats whose input the step still waits for;
- `close`: the host's action that ends the step now (`apply(state, None, close)`), or None
  when only the seats' own actions move the game on.

State fields every game keeps, so records and the hall work alike: `game`, `options`,
`players`, `seed`, `setup` (the `**setup` given, or None) and `actions`: the `[seat, action]`
list that replays to this state (a game may keep it shorter than what was applied, e.g. only
the last order of a seat in a round, by providing `record_actions(state)`).

Optional hooks, each with a default in engine/core:
- `record_steps(record)` reads older record formats (default: `record["actions"]`);
- `hall_summary(state)`, `hall_final(state)`: the lobby's line and the final screen
  (engine/core/session.py; a person has finished a simultaneous step when `to_act`'s
  `waiting` no longer names the seat);
- `hall_secret(state)`: the seats whose own screen now holds something another person may
  not see, so that a hot-seat curtain covers only those (default: any seat's may);
- `keeps_turn(state, seat, events)`: undo within a turn (engine/core/undo.py): True when,
  after `seat`'s action (its `events`), the seat's turn goes on and nothing new was revealed
  (no draw, no other seat's answer), so the hosted session lets the seat take it back
  (default: no action is undoable; Ekonos and the grid game opt in);
- `link_public(state)`, `link_private(state, seat)`, `link_view(public, private, seat)`,
  `pack_action(action)`, `unpack_action(packed)`: compact state links and action codes
  (engine/core/links.py; default: the views and actions as they are); `link_plan(public,
  private, seat, actions)`: a turn composed on a remote seat's page, played ahead on the
  state its link describes ({view, done, events});
- `describe(state)`: the command line's readable account of a game (`python3 -m engine replay`),
  `summary(state)`: its `--json` brief;
- `bot_view(state, seat)`: a lighter view for bots (default: `view`); `check_bot(name)`:
  the bot names the simulator accepts beyond the catalog's levels and `random`;
- `TOOLS`: a dict of a game's own pure functions the page may call (`game_tool` in
  site/py/api.py), e.g. a balance hint for a setup; JSON-able arguments and results;
- `howto()`: what the hall's "How to play" page shows beyond the rule text (Broker-Yard: its
  cards and a worked round the engine plays); build.py ships it as the catalog's `howto`;
- a module `engine/<game>/sim.py` with `metrics(state, start)`, `report(games, config)`,
  `lines(report)`, `charts(report)`: the game's own figures in the simulator's report.

`catalog()` returns `{"players": {"min", "max", "limit"}, "options": [spec, ...], "bots":
[level, ...], "clock": bool}` (`max`: the most seats the lobby offers; `limit`, when more: the
most a record or the simulator may seat, docs/records.md), each option spec `{"key", "kind":
"choice"|"bool"|"int", "default", "values": [...] (choice), "min", "max", "step" (int), "chip":
bool}`; it may add `"stats_by"`: the key of the option whose value splits the device's
statistics (engine/core/stats.py; Broker-Yard: `mode`). The site translates
`<game>.option.<key>` and `<game>.option.<key>.<value>` from the game's catalogs; `chip`
options are shown as chips beside a game in the lobby; `clock` says the host must stamp `at`.
"""

import contextlib
import functools
import importlib
from typing import Any, NamedTuple, Protocol

from .errors import GameError, short


class Game(Protocol):
    GAME: str
    VERSION: int

    def new_game(self, options: dict | None, players: list[str], seed: Any, **setup) -> dict: ...
    def to_act(self, state: dict) -> dict: ...
    def legal(self, state: dict, seat: int) -> dict: ...
    def view(self, state: dict, seat: int | None) -> dict: ...
    def apply(self, state: dict, seat: int | None, action: dict) -> list[dict]: ...
    def is_over(self, state: dict) -> bool: ...
    def result(self, state: dict) -> dict: ...
    def catalog(self) -> dict: ...
    def bot_action(self, level: str, view: dict, seed: Any) -> dict: ...
    def conceal(self, state: dict, seat: int | None, rng) -> dict: ...


class Entry(NamedTuple):
    """A game of the registry: its package, and the short tag its invites and state links
    carry (every character counts in a link that goes through a chat): one per game, never
    given to another game later."""
    package: str
    tag: str


# name -> its entry; the order is the lobby's
GAMES: dict[str, Entry] = {
    "broker-yard": Entry("engine.broker", "b"),
    "ekonos": Entry("engine.ekonos", "e"),
    "spy": Entry("engine.spy", "s"),
    "grid": Entry("engine.grid", "g"),
}


def tags() -> dict[str, str]:
    """Each game's tag, by name."""
    return {name: entry.tag for name, entry in GAMES.items()}


def check_entry(name: str, entry: Entry) -> None:
    """A name and a tag of their own: the tag 1-3 letters or digits (ValueError if not)."""
    tag = entry.tag
    if not (isinstance(tag, str) and tag.isascii() and tag.isalnum() and 1 <= len(tag) <= 3):
        raise ValueError(f"a game's tag is 1-3 letters or digits, not {tag!r}")
    if name in GAMES or tag in tags().values():
        raise ValueError(f"{name!r} or its tag {tag!r} is taken")


@contextlib.contextmanager
def registered(name: str, package: str, tag: str):
    """The registry with one more game while the block runs (a game of the tests' own)."""
    entry = Entry(package, tag)
    check_entry(name, entry)
    GAMES[name] = entry
    try:
        yield entry
    finally:
        del GAMES[name]


def get_game(name) -> Game:
    """The module of the game called `name` (as records and save strings name it)."""
    if not isinstance(name, str) or name not in GAMES:
        raise GameError("unknown_game", f"unknown game {short(name)!r}", where="game",
                        game=short(name))
    try:
        return importlib.import_module(GAMES[name].package)
    except ImportError:
        # in the browser a game's engine arrives on demand (site/py/api.py, game_install)
        raise GameError("game_not_loaded", f"the engine of {name} is not loaded", game=name)


@functools.cache
def catalog_of(module) -> dict:
    """A game's catalog, read once (it never changes while the engine runs): what the session
    reads at every action (its clock, its bot levels) costs nothing then. Not to be changed."""
    return module.catalog()


def hall_catalog(module) -> dict:
    """A game's catalog as the hall's page reads it: with its name, its engine's version and
    what its action codes are padded to (engine/core/links.py, `code_bytes`)."""
    from .links import code_bytes
    return {**catalog_of(module), "game": module.GAME, "version": module.VERSION,
            "code_bytes": code_bytes(module)}


def player_limit(module) -> int:
    """The most players a game of `module` may have: its catalog's `players.limit`, else `max`."""
    seats = catalog_of(module)["players"]
    return seats.get("limit", seats["max"])


def check_player_count(module, n: int, where: str = "players") -> None:
    """Refuse more players than the game's limit before any name is read (a record with
    100,000 players is refused at once, not after checking each one)."""
    limit = player_limit(module)
    if n > limit:
        raise GameError("too_many_players", f"{module.GAME} has at most {limit} players, not {n}",
                        where=where, players=n, maximum=limit)


def check_action(action) -> str:
    """The action's type, or GameError: every action is an object with a text "type"."""
    if not isinstance(action, dict):
        raise GameError("bad_action", "an action must be an object", where="action")
    kind = action.get("type")
    if not isinstance(kind, str):
        raise GameError("bad_action", "an action needs a type", where="action.type")
    return kind


def unknown_action(kind) -> GameError:
    return GameError("unknown_action", f"no action called {short(kind)!r} here",
                     where="action.type", action=short(kind))


def check_seat(state, seat) -> int:
    """A seat index of this game, or GameError."""
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        raise GameError("unknown_seat", "no such seat", seat=short(seat, 20))
    return seat


def not_your_turn(state, seat) -> GameError:
    """The error for a seat (or the host, seat None) that `to_act` does not name now."""
    if seat is None:
        return GameError("host_cannot_act", "the host has nothing to decide now")
    return GameError("not_your_turn", f"it is not {state['players'][seat]}'s turn",
                     player=state["players"][seat])


def game_part(module, name: str):
    """A game's optional part `engine/<game>/<name>.py` (e.g. `sim`), or None."""
    try:
        return importlib.import_module(f"{module.__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{module.__name__}.{name}":
            raise
        return None
