"""The grid game's state and its rounds (rule book docs/rules/grid.md): the order
(phase 1), the plant auction (2), resources (3), building (4) and bureaucracy (5).

The state is a plain JSON-able dict; a seat is an index into state["players"]. `apply`
validates and plays an action on a copy and only then puts the result in place, so a
refused action leaves the state exactly as it was. Between the players' decisions the
engine moves on by itself (`advance`): a bidder who cannot raise passes, a player with
nothing to buy or build is skipped ([decision]: no empty `done` asked for; a `skip` event
says so), phases end and rounds turn over.
"""

import json

from ..core.errors import GameError, short
from ..core.game import check_action, check_seat, not_your_turn, unknown_action
from ..core.names import check_players
from ..core.record import older_rules
from ..core.rng import Stream
from . import auction, building, bureaucracy, purchase
from . import plants as P
from .map import REGIONS
from .market import new_deck, largest_plant, remove_lowest, fill, start_step3
from .options import resolve_options
from .outlook import outlook
from .version import VERSION, rules

GAME = "grid"
START_CASH = 75  # the variant's 75 Elektro (the base game: 50)
# The phases a round waits in, as the state's `phase` names them (phase 1, the order, is
# set by the engine), and "over" at the end; phases 3 and 4 run in reverse player order.
PHASES = ("auction", "resources", "building", "power", "over")
REVERSE = ("resources", "building")
# the round as a table shows it: each phase with the rule book's number
ROUND = tuple({"phase": p, "number": i + 2, "reverse": p in REVERSE} for i, p in enumerate(PHASES[:-1]))


def check_seed(seed):
    if type(seed) is int or (isinstance(seed, str) and 0 < len(seed) <= 100):
        return seed
    raise GameError("bad_seed", "the seed must be a whole number or a short text", where="seed")


def regions_in_play(seed, players: int) -> list[str]:
    """All six regions with 3-4 players; with 2, five. [decision] The region left out is
    drawn from the seed (the map guarantees any five regions form one land)."""
    regions = list(REGIONS)
    if players == 2:
        regions.pop(Stream(seed, "regions").below(len(regions)))
    return regions


def record_setup(record) -> dict:
    """A record's setup (engine/core/record.py): a record of an older engine version is
    played by the rules it was made with."""
    return older_rules(record, VERSION)


def check_setup(setup: dict):
    """The one setup a record may fix: `rules`, an older engine version's rules."""
    extra = sorted(set(setup) - {"rules"})
    if extra:
        raise GameError("bad_setup", f"this game takes no setup {short(extra[0])!r}", where="setup")
    version = setup.get("rules", VERSION)
    if type(version) is not int or not 1 <= version <= VERSION:
        raise GameError("bad_setup", f"no rules of engine version {short(version, 10)}",
                        where="setup.rules")
    return version


def new_game(options=None, players=(), seed=0, **setup) -> dict:
    players = check_players(list(players) if isinstance(players, tuple) else players)
    if not 2 <= len(players) <= 4:
        raise GameError("bad_player_count", "the grid game is for 2 to 4 players",
                        where="players", players=len(players), minimum=2, maximum=4)
    options = resolve_options(options)
    seed = check_seed(seed)
    version = check_setup(setup)
    n = len(players)
    deck, removed = new_deck(seed, n)
    state = {
        "game": GAME, "engine_version": VERSION, "options": options, "players": players,
        "seed": seed, "setup": {"rules": version} if version < VERSION else None, "actions": [],
        "round": 1, "stage": 1, "phase": "auction", "decision": 0,
        # phase 1 of round 1: a random order, sorted again after the first auctions
        "order": Stream(seed, "order").shuffle(list(range(n))),
        "regions": regions_in_play(seed, n),
        "market": list(P.OPENING), "deck": deck, "removed": removed, "gone": [],
        "resources": dict(P.START_MARKET),
        "seats": [{"cash": START_CASH, "hand": [], "plants": [], "substations": [], "lines": [],
                   "power": None, "powered": 0, "earned": 0} for _ in players],
        "auction": None, "bought": [], "out": [], "cursor": 0,
        "final": False, "over": False, "end": None, "ranking": None,
        "income": None,  # the last bureaucracy, explained city by city
        "history": [],
        "log": [],  # what the actions of this round and the last did (see `keep_log`)
    }
    if version < VERSION:
        state["rules"] = version  # public (views, tools, bots); absent: this engine's rules
    advance(state, [])
    return state


# ---------------------------------------------------------------- who acts
def actor(state):
    """The one seat whose decision the game waits for (None in the power phase and at the end)."""
    phase = state["phase"]
    if phase == "auction":
        return auction.actor(state)
    if phase in REVERSE:
        return reverse_order(state)[state["cursor"]] if state["cursor"] < len(state["order"]) else None
    return None


def reverse_order(state) -> list[int]:
    """Phases 3 and 4 run in reverse player order."""
    return state["order"][::-1]


def to_act(state) -> dict:
    step = state["decision"]
    phase = state["phase"]
    if phase == "over":
        return {"phase": "over", "seats": [], "together": False, "deadline": None, "step": step,
                "waiting": [], "close": None}
    if phase == "power":
        seats = bureaucracy.choosers(state)
        return {"phase": "power", "seats": seats, "together": True, "deadline": None, "step": step,
                "waiting": [i for i in seats if state["seats"][i]["power"] is None],
                "close": {"type": "settle"}}
    seat = actor(state)
    return {"phase": phase, "seats": [seat], "together": False, "deadline": None, "step": step,
            "waiting": [seat], "close": None}


# ---------------------------------------------------------------- acting
HANDLERS = {"auction": auction.act, "resources": purchase.act, "building": building.act,
            "power": bureaucracy.act}


def apply(state, seat, action) -> list[dict]:
    """The protocol's one entry: a seat's decision, or the host's `settle` that closes the
    power phase (seats that chose nothing run every plant they can)."""
    kind = check_action(action)
    if state["over"]:
        raise GameError("game_over", "the game is over")
    if seat is None:
        if kind != "settle" or state["phase"] != "power":
            raise not_your_turn(state, None)
    else:
        check_seat(state, seat)
        if seat not in to_act(state)["seats"]:
            raise not_your_turn(state, seat)
        if kind == "settle":
            raise GameError("host_only", "only the host settles the power phase")
    if kind not in KNOWN:
        raise unknown_action(kind)
    actions = state["actions"]
    work = working_copy(state)
    phase = work["phase"]
    events = HANDLERS[phase](work, seat, action)
    if not (kind == "power"):
        work["decision"] += 1
    advance(work, events, acted=(phase, seat) if kind != "done" else None)
    work["log"] = keep_log(state, work["round"], seat, events)
    work["actions"] = actions
    actions.append([seat, json.loads(json.dumps(action))])
    state.clear()
    state.update(work)
    return events


def quote(state, seat, action) -> dict:
    """What `action` would cost the seat now, without playing it: {"ok": True, "cost",
    "events", "outlook"} or {"ok": False, "error"} (a table prices a proposed line, path and
    all, before the player confirms it; in phases 3 and 4 `outlook` is the next
    bureaucracy after it: outlook.py)."""
    try:
        check_action(action)
        if seat is None or seat not in to_act(state)["seats"]:
            raise not_your_turn(state, seat)
        work = working_copy(state)
        before = work["seats"][seat]["cash"]
        events = HANDLERS[work["phase"]](work, seat, action)
    except GameError as e:
        return {"ok": False, "error": e.to_json()}
    out = {"ok": True, "cost": before - work["seats"][seat]["cash"], "events": events}
    if state["phase"] in REVERSE:  # what the next bureaucracy would bring after it
        out["outlook"] = outlook(work, seat)
    return out


def keep_log(state, now: int, seat, events) -> list[dict]:
    """The table's log: one entry per action ({round, seat, events}; seat None for the
    host's settle) of the round `now` and the one before; older entries drop out."""
    old = [e for e in state.get("log") or () if e["round"] >= now - 1]
    return old + [{"round": state["round"], "seat": seat, "events": events}]


MUTABLE = ("seats", "market", "deck", "removed", "gone", "resources", "auction", "bought", "out",
           "order")


def working_copy(state) -> dict:
    """A copy to play an action on: the parts an action changes are copied, the record and
    the past rounds (only ever appended to or replaced) are shared until it succeeds."""
    work = dict(state)
    for key in MUTABLE:
        work[key] = json.loads(json.dumps(state[key]))
    work["history"] = list(state["history"])
    work["actions"] = None
    return work


KNOWN = {"open", "bid", "pass", "buy", "done", "build", "upgrade", "move", "line",
         "substation", "power", "settle"}


def advance(state, events, acted=None) -> None:
    """Move the game on until a player must decide: automatic passes and skips, the end of
    each phase, and the next round. [decision] A seat with nothing to buy or build is
    skipped, unless it is the seat that just `acted` (phase, seat) in this phase's turn
    (rules 3): that one says `done` itself, so its last action can still be taken back
    (undo within a turn)."""
    while True:
        phase = state["phase"]
        if phase == "auction":
            if auction.auto(state, events):
                continue
            if auction.actor(state) is not None:
                return
            end_auctions(state, events)
        elif phase in REVERSE:
            seat = actor(state)
            if seat is None:
                if phase == "resources":
                    start_phase(state, "building", events)
                else:
                    building.end_phase(state, events)
                    start_phase(state, "power", events)
                continue
            options = purchase.options if phase == "resources" else building.has_options
            if options(state, seat) or ((phase, seat) == acted and rules(state) >= 3):
                return
            events.append({"type": "skip", "seat": seat, "phase": phase})
            state["cursor"] += 1
        elif phase == "power":
            if bureaucracy.choosers(state):
                return
            bureaucracy.settle(state, events)
        elif phase == "round_end":
            new_round(state, events)
        else:
            return


def start_phase(state, phase, events) -> None:
    state["phase"] = phase
    state["cursor"] = 0
    events.append({"type": "phase", "phase": phase, "round": state["round"]})


def end_auctions(state, events) -> None:
    """After phase 2: no plant sold removes the lowest; a «Step 3» card drawn during the
    auctions starts Step 3 now; round 1's order is sorted by the plants just bought."""
    if not state["bought"]:
        remove_lowest(state, events, "none_bought")
        fill(state, events)
    if P.STEP3 in state["market"]:
        start_step3(state, events)
    if state["round"] == 1:
        sort_order(state, events)
    start_phase(state, "resources", events)


def sort_order(state, events) -> None:
    """Phase 1: most cities (plants + substations) first, ties by the largest plant
    ([decision] in hand or built), then as before."""
    seats = state["seats"]
    before = state["order"]
    state["order"] = sorted(before, key=lambda i: (-len(seats[i]["plants"]) - len(seats[i]["substations"]),
                                                   -largest_plant(seats[i]), before.index(i)))
    events.append({"type": "order", "order": list(state["order"])})


def new_round(state, events) -> None:
    state["round"] += 1
    state["bought"], state["out"], state["auction"] = [], [], None
    sort_order(state, events)
    start_phase(state, "auction", events)


# ---------------------------------------------------------------- the end
def is_over(state) -> bool:
    return state["over"]


def result(state) -> dict:
    ranking, places = bureaucracy.standing(state)
    return {"over": state["over"], "ranking": ranking, "places": places,
            "scores": [s["powered"] for s in state["seats"]],
            "elektro": [s["cash"] for s in state["seats"]], "end": state["end"]}


