"""Ekonos's game state and its turn (rule book: "Rounds", "A turn", "Presidency", "End and
score"). The state is a plain JSON-able dict; a seat is an index into state["players"].

A turn moves through phases, each a decision point of one seat (to_act names it):

    play ──┬──────────────────────────────────────────────────┬──> sell ──┬─────────────┬──> buy ──> next
           └─> expand_or_wait ──> grow × 2 | 3 ──(confirm)───────┘            └─> successor ─┘
               (president, counter at 4; at 6 grow × 3 at once)                  (the seller)

A president deciding in another player's turn confirms the decision (`done`, phase
`confirm`) before the turn goes back, so a wait or the last tile may be taken back until then
(undo within a turn, hall.py `keeps_turn`; rules 2, see VERSION).

`apply` validates everything before it changes anything, so a refused action leaves the
state exactly as it was. Every accepted action moves `step` on by one.
"""

from ..core.errors import GameError, short
from ..core.game import check_action, check_seat, not_your_turn, unknown_action
from ..core.names import check_players
from ..core.record import older_rules
from ..core.rng import Stream
from .board import MAP_SIZE
from .cards import LETTERS
from .deal import check_setup, hands_for
from .options import (EXPAND_AT, FORCED_AT, GROWTH_ACTIONS, MAX_TILES, check_player_count,
                      hand_size, resolve_options, round_coins, rounds_for)
from . import rules

GAME = "ekonos"
# This engine's version: records name it, a newer record is refused, and an older record is
# played by the rules it was made with (`record_setup`; the state's `engine_version` says which).
#   1. A president's wait or last growth tile in another player's turn handed it back at once.
#   2. Issue 29, undo within a turn: that president confirms (`done`) first.
VERSION = 2

# what each phase accepts, and every key each action may carry
PHASE_ACTIONS = {"play": ("play",), "expand_or_wait": ("expand", "wait"), "grow": ("grow",),
                 "successor": ("successor",), "sell": ("sell", "pass"), "buy": ("buy", "pass"),
                 "confirm": ("done",)}
ACTION_KEYS = {"play": {"type", "card", "use", "company", "space"}, "expand": {"type"},
               "wait": {"type"}, "grow": {"type", "space"}, "successor": {"type", "seat"},
               "sell": {"type", "company"}, "buy": {"type", "company"}, "pass": {"type"},
               "done": {"type"}}
PRESIDENT_PHASES = ("expand_or_wait", "grow", "confirm")  # the expanding president decides


def check_seed(seed):
    if type(seed) is int or (isinstance(seed, str) and 0 < len(seed) <= 100):
        return seed
    raise GameError("bad_seed", "the seed must be a whole number or a short text", where="seed")


def record_setup(record) -> dict:
    """A record's setup (engine/core/record.py): a record of an older engine version is
    played by the rules it was made with."""
    return older_rules(record, VERSION)


def _check_rules(version) -> int:
    if type(version) is not int or not 1 <= version <= VERSION:
        raise GameError("bad_setup", f"no rules of engine version {short(version, 10)}",
                        where="setup.rules")
    return version


def rules_version(state) -> int:
    """The version of the rules this game is played by: this engine's, or an older record's."""
    return state["engine_version"]


def new_game(options=None, players=(), seed=0, **setup) -> dict:
    players = check_players(list(players) if isinstance(players, tuple) else players)
    check_player_count(len(players))
    seed = check_seed(seed)
    options = resolve_options(options)
    n = len(players)
    version = _check_rules(setup.pop("rules", VERSION))
    setup = check_setup(setup, n)
    if version < VERSION:  # kept in the setup, so the game's own record replays by them too
        setup = {**(setup or {"start": None, "deals": []}), "rules": version}
    start = setup["start"] if setup and setup["start"] is not None \
        else Stream(seed, "start").below(n)
    state = state_shape(players, options=options, seed=seed, setup=setup, engine_version=version,
                        first=start, start=start, turn=start)
    _start_round(state, start, [])
    return state


def state_shape(players, **parts) -> dict:
    """The state's shape, written once: a game before its first deal, with `parts` given
    instead (a new game's seed and start; a state rebuilt from a view or a link, world.py
    and link.py). A name that is no part of the state is a mistake of the caller's."""
    n = len(players)
    state = {
        "game": GAME, "engine_version": VERSION, "options": {}, "players": list(players),
        "seed": None, "setup": None, "actions": [],
        "rounds_total": rounds_for(n), "hand_size": hand_size(n), "round_coins": round_coins(n),
        "round": 0, "first": 0, "start": 0, "turn": 0, "phase": "play", "step": 0,
        "hands": [[] for _ in range(n)], "coins": [0] * n,
        "shares": {c: [0] * n for c in LETTERS},
        "president": {c: None for c in LETTERS},
        "growth": {c: 0 for c in LETTERS},
        "map": [None] * MAP_SIZE,  # space 1 first: None or [company, protected]
        "expansion": None,  # {company, seat, size, left, base} while a president expands
        "successor": None,  # {company, candidates} while a seller chooses the new president
        "played": [],  # every card played: {round, seat, card, use, company[, space]}
        "log": [],  # per turn: {round, seat (None: the round's start or the end), events}
        "ranking": None, "scores": None, "places": None,
    }
    unknown = set(parts) - set(state)
    if unknown:
        raise KeyError(f"no such part of an Ekonos state: {sorted(unknown)}")
    state.update(parts)
    return state


def _emit(state, events, event) -> None:
    """An event of this action, also kept in the log's current entry (a play opens its
    turn's entry, a new round and the end open their own)."""
    events.append(event)
    state["log"][-1]["events"].append(event)


def _start_round(state, start: int, events: list) -> None:
    r = state["round"] = state["round"] + 1
    state["start"] = state["turn"] = start
    state["hands"] = hands_for(state, r)
    for i in range(len(state["players"])):
        state["coins"][i] += state["round_coins"]
    state["phase"] = "play"
    state["log"].append({"round": r, "seat": None, "events": []})
    _emit(state, events, {"type": "round", "round": r, "start": start,
                          "coins": state["round_coins"], "cards": state["hand_size"]})


# ---------------------------------------------------------------- who acts
def acting(state) -> int | None:
    """The one seat that decides now (None once the game is over)."""
    phase = state["phase"]
    if phase == "over":
        return None
    if phase in PRESIDENT_PHASES:
        return state["expansion"]["seat"]
    return state["turn"]


def to_act(state) -> dict:
    seat = acting(state)
    return {"phase": state["phase"], "seats": [] if seat is None else [seat], "together": False,
            "deadline": None, "step": state["step"], "waiting": [] if seat is None else [seat],
            "close": None}


def is_over(state) -> bool:
    return state["phase"] == "over"


def result(state) -> dict:
    ranking, scores, places = rules.standings(state)
    return {"over": is_over(state), "ranking": ranking, "scores": scores, "places": places}


# ---------------------------------------------------------------- checks
def _company(action, key="company") -> str:
    c = action.get(key)
    if c not in LETTERS:
        raise GameError("unknown_company", f"no company called {short(c, 10)!r}", where=key,
                        company=short(c, 10))
    return c


def _space(action) -> int:
    space = action.get("space")
    if not rules.check_space(space):
        raise GameError("unknown_space", f"no space {short(space, 10)!r} on the map", where="space",
                        space=short(space, 10))
    return space


def _check_play(state, seat, action) -> tuple:
    """(card, use, company, space, protect) of a valid play."""
    card = action.get("card")
    if card not in state["hands"][seat]:
        raise GameError("card_not_in_hand", f"{short(card, 10)!r} is not in the hand", where="card",
                        card=short(card, 10))
    use = action.get("use")
    if use == "top":
        company = card[0]
        if action.get("company", company) != company:
            raise GameError("not_top_company", f"the top of {card} is {company}", where="company",
                            card=card, company=company)
        space = _space(action)
        tile = state["map"][space - 1]
        if tile is None:
            if rules.tile_count(state, company) >= MAX_TILES:
                raise GameError("tile_limit", f"{company} has {MAX_TILES} tiles on the map",
                                where="space", company=company, limit=MAX_TILES)
            return card, use, company, space, False
        if tile[0] == company and not tile[1]:
            return card, use, company, space, True
        raise GameError("space_taken", f"space {space} is neither empty nor an unprotected "
                        f"{company} tile", where="space", space=space, company=company)
    if use == "bottom":
        company = _company(action)
        if company not in (card[1], card[2]):
            raise GameError("not_bottom_company", f"{company} is not at the bottom of {card}",
                            where="company", card=card, company=company)
        if "space" in action:
            raise GameError("bad_action", "a bottom company moves its counter, on no space",
                            where="space")
        return card, use, company, None, False
    raise GameError("bad_use", "use is top or bottom", where="use")


# ---------------------------------------------------------------- the turn
def _play(state, seat, action, events):
    card, use, company, space, protect = _check_play(state, seat, action)
    r = state["round"]
    state["hands"][seat].remove(card)
    played = {"round": r, "seat": seat, "card": card, "use": use, "company": company}
    if space is not None:
        played["space"] = space
    state["played"].append(played)
    state["log"].append({"round": r, "seat": seat, "events": []})
    _emit(state, events, {"type": "play", "seat": seat, "card": card, "use": use,
                          "company": company})
    if use == "top":
        if protect:
            state["map"][space - 1][1] = True
            _emit(state, events, {"type": "protect", "company": company, "space": space,
                                  "growth": False})
        else:
            state["map"][space - 1] = [company, False]
            _emit(state, events, {"type": "place", "company": company, "space": space,
                                  "replaced": None, "growth": False})
        return _enter_sell(state, events)
    g = state["growth"][company] = state["growth"][company] + 1
    _emit(state, events, {"type": "counter", "company": company, "value": g})
    president = state["president"][company]
    if g == EXPAND_AT:
        if president is None:
            # [decision] no president: reaching 4 counts as waiting
            _emit(state, events, {"type": "wait", "company": company, "seat": None})
            return _enter_sell(state, events)
        state["expansion"] = {"company": company, "seat": president, "size": GROWTH_ACTIONS[g],
                              "left": GROWTH_ACTIONS[g], "base": None}
        state["phase"] = "expand_or_wait"
        return
    if g >= FORCED_AT:
        if president is None:
            # [decision] no president: reaching 6 returns the counter to 0, no expansion
            state["growth"][company] = 0
            _emit(state, events, {"type": "reset", "company": company})
            _emit(state, events, {"type": "counter", "company": company, "value": 0})
            return _enter_sell(state, events)
        return _begin_expansion(state, company, president, GROWTH_ACTIONS[FORCED_AT], events,
                                decided=False)
    _enter_sell(state, events)


def _begin_expansion(state, company, president, size, events, decided=True):
    # the base of every growth action: the tiles as they were when the expansion began
    state["expansion"] = {"company": company, "seat": president, "size": size, "left": size,
                          "base": rules.tiles_of(state, company)}
    state["phase"] = "grow"
    _emit(state, events, {"type": "expand", "company": company, "seat": president, "actions": size})
    _grow_or_skip(state, events, decided)


def _grow_or_skip(state, events, decided=True):
    """An action with no legal choice is skipped (and so are the ones after it: nothing
    changes between them); the expansion then ends. `decided`: the president made this
    action (not a forced expansion that could not grow at all)."""
    x = state["expansion"]
    if x["left"] > 0:
        place, protect = rules.grow_options(state, x["company"], x["base"])
        if place or protect:
            return
        _emit(state, events, {"type": "grow_skipped", "company": x["company"],
                              "left": x["left"]})
    state["growth"][x["company"]] = 0
    _emit(state, events, {"type": "counter", "company": x["company"], "value": 0})
    _hand_back(state, events, decided)


def _hand_back(state, events, decided=True):
    """The president's decision is over: the turn goes on with its player — after the
    president confirms it (rules 2) when the president decided in another player's turn."""
    if decided and state["expansion"]["seat"] != state["turn"] and rules_version(state) >= 2:
        state["phase"] = "confirm"
        return
    state["expansion"] = None
    _enter_sell(state, events)


def _expand(state, seat, action, events):
    x = state["expansion"]
    _begin_expansion(state, x["company"], seat, x["size"], events)


def _wait(state, seat, action, events):
    _emit(state, events, {"type": "wait", "company": state["expansion"]["company"], "seat": seat})
    _hand_back(state, events)


def _done(state, seat, action, events):
    state["expansion"] = None
    _enter_sell(state, events)


def _grow(state, seat, action, events):
    x = state["expansion"]
    company = x["company"]
    space = _space(action)
    place, protect = rules.grow_options(state, company, x["base"])
    if space in protect:
        state["map"][space - 1][1] = True
        _emit(state, events, {"type": "protect", "company": company, "space": space,
                              "growth": True})
    elif space in place:
        tile = state["map"][space - 1]
        state["map"][space - 1] = [company, False]
        _emit(state, events, {"type": "place", "company": company, "space": space,
                              "replaced": tile[0] if tile else None, "growth": True})
    else:
        raise GameError("cannot_grow_there", f"{company} cannot grow on space {space}",
                        where="space", company=company, space=space)
    x["left"] -= 1
    _grow_or_skip(state, events)


def _enter_sell(state, events):
    """Selling is optional; [decision] a player with no share to sell goes straight on."""
    seat = state["turn"]
    state["phase"] = "sell"
    if not any(state["shares"][c][seat] for c in LETTERS):
        _enter_buy(state, events)


def _enter_buy(state, events):
    """Buying is optional; [decision] a player who can afford no share ends the turn."""
    seat = state["turn"]
    state["phase"] = "buy"
    coins = state["coins"][seat]
    if not any((cost := rules.buy_cost(state, c)) is not None and cost <= coins for c in LETTERS):
        _end_turn(state, events)


def _sell(state, seat, action, events):
    company = _company(action)
    if state["shares"][company][seat] < 1:
        raise GameError("no_share_to_sell", f"no share of {company} to sell", where="company",
                        company=company)
    pays = rules.column(state, company)
    president = state["president"][company]
    successors = rules.successors_after_sell(state, company, seat) if president == seat else []
    state["coins"][seat] += pays
    state["shares"][company][seat] -= 1
    _emit(state, events, {"type": "sell", "seat": seat, "company": company, "coins": pays})
    if president == seat:
        if len(successors) == 1:
            _new_president(state, company, successors[0], events)
        elif successors:
            state["successor"] = {"company": company, "candidates": successors}
            state["phase"] = "successor"
            return
        elif state["shares"][company][seat] == 0:
            # [decision] nobody holds a share any more: the company has no president
            _new_president(state, company, None, events)
    _enter_buy(state, events)


def _successor(state, seat, action, events):
    s = state["successor"]
    chosen = action.get("seat")
    if chosen not in s["candidates"] or type(chosen) is not int:
        raise GameError("not_a_successor", "choose one of the players tied for most shares",
                        where="seat", candidates=list(s["candidates"]))
    state["successor"] = None
    _new_president(state, s["company"], chosen, events, chosen_by=seat)
    _enter_buy(state, events)


def _new_president(state, company, seat, events, chosen_by=None):
    event = {"type": "president", "company": company, "seat": seat,
             "previous": state["president"][company]}
    if chosen_by is not None:
        event["chosen_by"] = chosen_by
    state["president"][company] = seat
    _emit(state, events, event)


def _buy(state, seat, action, events):
    company = _company(action)
    cost = rules.buy_cost(state, company)
    if cost is None:
        raise GameError("column_full", f"the column of {company} is full", where="company",
                        company=company)
    if cost > state["coins"][seat]:
        raise GameError("not_enough_coins", f"a share of {company} costs {cost}", where="company",
                        company=company, cost=cost, coins=state["coins"][seat])
    president = rules.president_after_buy(state, company, seat)
    state["coins"][seat] -= cost
    state["shares"][company][seat] += 1
    _emit(state, events, {"type": "buy", "seat": seat, "company": company, "cost": cost})
    if president != state["president"][company]:
        _new_president(state, company, president, events)
    _end_turn(state, events)


def _pass(state, seat, action, events):
    _emit(state, events, {"type": "pass", "seat": seat, "phase": state["phase"]})
    if state["phase"] == "sell":
        return _enter_buy(state, events)
    _end_turn(state, events)


def _end_turn(state, events):
    seat = state["turn"]
    if any(state["hands"]):
        state["turn"] = (seat + 1) % len(state["players"])
        state["phase"] = "play"
    elif state["round"] < state["rounds_total"]:
        # [decision, from the seed] the player who took the last turn starts the next round
        _start_round(state, seat, events)
    else:
        _game_over(state, events)


def _game_over(state, events):
    ranking, scores, places = rules.standings(state)
    state["phase"] = "over"
    state["ranking"], state["scores"], state["places"] = ranking, scores, places
    state["log"].append({"round": state["round"], "seat": None, "events": []})
    _emit(state, events, {"type": "game_over", "ranking": ranking, "scores": scores,
                          "places": places})


HANDLERS = {"play": _play, "expand": _expand, "wait": _wait, "grow": _grow,
            "successor": _successor, "sell": _sell, "buy": _buy, "pass": _pass, "done": _done}


def apply(state, seat, action) -> list[dict]:
    """The protocol's one entry: the acting seat's action in the current phase."""
    kind = check_action(action)
    if state["phase"] == "over":
        raise GameError("game_over", "the game is over")
    if seat is None:
        raise not_your_turn(state, None)
    check_seat(state, seat)
    if kind not in HANDLERS:
        raise unknown_action(kind)
    if seat != acting(state):
        raise not_your_turn(state, seat)
    if kind not in PHASE_ACTIONS[state["phase"]]:
        raise GameError("wrong_phase", f"no {kind} now: the phase is {state['phase']}",
                        where="action.type", action=kind, phase=state["phase"])
    extra = set(action) - ACTION_KEYS[kind]
    if extra:
        key = sorted(map(str, extra))[0]
        raise GameError("bad_action", f"a {kind} action has no part {key[:40]!r}", where=key[:40])
    events = []
    HANDLERS[kind](state, seat, action, events)
    state["actions"].append([seat, dict(action)])
    state["step"] += 1
    return [dict(e) for e in events]
