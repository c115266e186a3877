"""One simulated game of any registered game: bots in every seat act when `to_act` names
them, each from its own seat's view; the host closes a simultaneous step once every seat
in it has acted. Returns the figures the report needs (and writes the game's record)."""

import json
import os

from ..core.errors import GameError
from ..core.game import get_game, game_part
from ..core.record import to_record
from ..core.stats import places_of

MAX_ACTIONS = 1_000_000  # a game that runs this long is stuck, not long


def seat_bots(bots: list[str], players: int, index: int, rotate: bool) -> list[str]:
    """The bot of every seat in game `index`: the list repeated to fill the seats, turned by
    one seat per game when `rotate` so that no strategy keeps one seat."""
    per_seat = [bots[i % len(bots)] for i in range(players)]
    if rotate:
        k = index % players
        per_seat = per_seat[-k:] + per_seat[:-k] if k else per_seat
    return per_seat


def game_seed(base, index: int) -> str:
    return f"sim{base}-{index}"


class Clock:
    """A simulated host clock for games whose actions carry the host's time (`catalog()
    ["clock"]`): every action is stamped one second after the one before."""

    def __init__(self, module, start: int = 1_700_000_000_000):
        self.on = bool(module.catalog().get("clock"))
        self.now = start

    def stamp(self, action):
        if not self.on or not isinstance(action, dict):
            return action
        self.now += 1000
        return {**action, "at": self.now}


def bot_acts(module, state, seat, bot: str, seed: str, clock: Clock) -> None:
    """The bot in `seat` acts from its own view (an action, a list of them, or nothing)."""
    seen = module.bot_view(state, seat) if hasattr(module, "bot_view") else module.view(state, seat)
    actions = module.bot_action(bot, seen, seed)
    for action in [] if actions is None else actions if isinstance(actions, list) else [actions]:
        module.apply(state, seat, clock.stamp(action))


def play_out(module, state, bots: list[str], seed: str, stop=None) -> int:
    """Play `state` to the end with these bots (or until `stop(state)` holds: a test's game
    near its end); returns how many steps it took."""
    steps = 0
    clock = Clock(module)
    while not module.is_over(state) and not (stop and stop(state)):
        turn = module.to_act(state)
        steps += 1
        if steps > MAX_ACTIONS:
            raise GameError("bot_stuck", "the simulated game does not end")
        if turn["together"]:
            for i in turn["seats"]:
                bot_acts(module, state, i, bots[i], f"{seed}:{turn['step']}:{i}", clock)
            if turn["close"] is not None and module.to_act(state)["step"] == turn["step"]:
                module.apply(state, None, clock.stamp(turn["close"]))
        elif turn["seats"]:
            i = turn["seats"][0]
            bot_acts(module, state, i, bots[i], f"{seed}:{turn['step']}:{i}", clock)
        else:
            module.apply(state, None, clock.stamp(turn["close"]))
    return steps


def play_game(task: dict) -> dict:
    """Play one game; returns its figures (and writes its record when task['records'])."""
    module = get_game(task["game"])
    index, n = task["index"], task["players"]
    bots = seat_bots(task["bots"], n, index, task["rotate"])
    seed = game_seed(task["seed"], index)
    players = [f"{b}-{i + 1}" for i, b in enumerate(bots)]
    state = module.new_game(task["options"], players, seed)
    sim = game_part(module, "sim")
    start = json.loads(json.dumps(state)) if sim is not None else None
    steps = play_out(module, state, bots, seed)
    res = module.result(state)
    if task.get("records"):
        path = os.path.join(task["records"], f"{index:06d}.json")
        record = to_record(state, meta={"simulation": task["seed"], "index": index, "bots": bots})
        with open(path, "w", encoding="utf-8") as f:
            json.dump(record, f, separators=(",", ":"))
    return {
        "index": index,
        "seed": seed,
        "bots": bots,
        "ranking": res["ranking"],
        "scores": res["scores"],
        "places": places_of(res),
        "winner": res["ranking"][0],
        "steps": steps,
        "metrics": sim.metrics(state, start) if sim is not None else {},
    }

