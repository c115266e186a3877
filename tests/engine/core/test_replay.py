"""A game's history step by step, and replay links (engine/core/replay.py): the frames a
link gives back are the spectator's tables the record replays to, for every game, and a
link holds nothing a spectator could not see."""

import glob
import json
import random

import pytest

from engine.broker.public_record import public_of
from engine.core import replay, session
from engine.core.errors import GameError
from engine.core.game import GAMES, get_game
from engine.core.record import replay as replay_record, start, steps, to_record

from engine.sim.play import play_out

from .test_conformance import playout
from .test_session import first_card

FIXTURES = sorted(glob.glob("tests/fixtures/broker-yard/games/*.record.json")) + [
    "tests/fixtures/broker-yard/example-classic.json"]


def through_json(value):
    return json.loads(json.dumps(value))


def frames_of(record, seat=None):
    return through_json(replay.step_views(record, seat))


@pytest.mark.parametrize("path", FIXTURES)
def test_broker_link_gives_back_every_public_table(path):
    record = json.load(open(path))
    link = through_json(replay.public_replay(record))
    frames = frames_of(record)
    assert replay.replay_views(link) == frames
    _, state = replay_record(record)
    module = get_game(record["game"])
    assert frames[-1]["view"] == through_json(module.view(state, None))
    assert len(frames) == len(state["history"]) + 1  # the start of each round, and now
    if state["over"]:
        assert frames[-1]["final"] == through_json(module.hall_final(state))


def test_step_views_replay_the_record_to_each_step():
    _, state = replay_record(json.load(open("tests/fixtures/broker-yard/games/classic-4.record.json")))
    record = to_record(state)
    frames = frames_of(record, 1)
    module = get_game("broker-yard")
    for k, frame in enumerate(frames):
        assert frame["step"] == k
        assert "legal" not in frame["view"], "the past is never played"
        n = next(n for n in range(len(record["actions"]) + 1)
                 if len(replay_record(record, n)[1]["history"]) == k)
        _, state = replay_record(record, n)
        assert frame["view"]["hand"] == module.view(state, 1)["hand"]


def _game_with_pending_order():
    session.create("r1", "broker-yard", {}, [{"name": "Ann", "kind": "human"},
                                             {"name": "Bob", "kind": "human"}], "hidden-seed")
    for _ in range(3):
        for seat in (0, 1):
            session.act("r1", seat, {"type": "order", "trades": {}, "card": None, "choices": {}})
    scr = session.screen("r1", 0)
    order = first_card(scr, {"green": -1})
    reply = session.act("r1", 0, order)
    assert not reply["moved"]
    return reply["stored"]["record"], scr["view"]["hand"]


def test_a_game_so_far_shows_no_hand_no_seed_no_pending_order():
    record, hand = _game_with_pending_order()
    link = replay.public_replay(record)
    text = json.dumps(link)
    assert "hidden-seed" not in text and "hand" not in text
    public = link["public"]
    assert len(public["r"]) == 3 and public["s"] == [0]  # that Ann saved is public, not what
    frames = replay.replay_views(through_json(link))
    assert frames == frames_of(record)
    last = frames[-1]["view"]
    assert last["seats"][0]["saved"] and "hand" not in last and "order" not in last
    # the three random discards are public as "a discard", never as the card
    discards = [e for h in last["history"] for e in h["events"] if e["type"] == "discard"]
    assert len(discards) == 6 and all(set(e) == {"type", "seat"} for e in discards)
    _, state = replay_record(record)
    assert replay.public_replay(record)["public"] == public_of(get_game("broker-yard").view(state, None))


@pytest.mark.parametrize("bad", [
    None, [], {"game": "broker-yard"},
    {"game": "ekonos", "version": 1, "public": {"n": ["A", "B"], "f": 0, "a": "pXXXt1"}},
    {"game": "ekonos", "version": 1, "public": {"n": ["A", "B"], "f": 0, "a": "- " * 5000}},
    {"game": "ekonos", "version": 1, "public": {"n": "AB", "f": 0, "a": ""}},
    {"game": "grid", "version": 1, "public": {"n": ["A", "B", "C"], "O": [0, 1, 1], "R": "", "a": []}},
    {"game": "grid", "version": 1, "public": {"n": ["A", "B", "C"], "O": [0, 1, 2], "R": "", "a": ["o99"]}},
    {"game": "grid", "version": 1, "public": {"n": ["A", "B", "C"], "O": [0, 1, 2], "R": "", "a": ["o3@3.|9"]}},
    {"game": "grid", "version": 1, "public": {"n": ["A", "B", "C"], "O": [0, 1, 2], "R": "", "a": [[7, [3]]]}},
    {"game": "spy", "version": 1, "public": {"o": {}, "r": [1, 0, 0, 0, 0, 0, 0, 0], "p": ["A", "B", "C", "D", "E"],
                                            "a": [["d", 5], [0, "v", 9, 1]], "f": "00000"}},
    {"game": "spy", "version": 1, "public": {"o": {}, "r": [1, 0, 0, 0, 0, 0, 0, 0], "p": ["A", "B", "C", "D", "E"],
                                            "a": [["d", [["death", 1]], 5]], "f": "00000"}},
    {"game": "spy", "version": 1, "public": {"o": {}, "r": [1, 0, 0, 0, 0, 0, 0, 0], "p": ["A", "B", "C", "D", "E"],
                                            "a": [], "f": "0"}},
    {"game": "broker-yard", "version": 1, "public": {"n": ["a"]}},
    {"game": "broker-yard", "version": 1, "public": {"o": {}, "n": ["A", "B"], "r": [[[["x"], "", ""], 0]]}},
    {"game": "broker-yard", "version": 1, "public": {"o": {}, "n": ["A", "B"], "r": [[[[9, 1], "", ""], 0]]}},
    {"game": "broker-yard", "version": 1, "public": {"o": {}, "n": ["A", "B"], "r": [[[[], "Q9", ""], 0]]}},
    {"game": "broker-yard", "version": 99, "public": {}},
    {"game": "grid", "version": 1, "steps": [{"view": {}}, ["*", {"7": [1]}]]},
    {"game": "grid", "version": 1, "steps": "x"},
    {"game": "nope", "version": 1},
])
def test_a_bad_link_is_refused_with_a_clear_error(bad):
    with pytest.raises(GameError) as e:
        replay.replay_views(bad)
    assert e.value.code in ("code_invalid", "newer_engine", "unknown_game")


def test_patches_round_trip():
    pairs = [({"a": 1, "b": [1, 2]}, {"a": 2, "b": [1, 2, 3], "c": None}),
             ([{"x": 1}, {"y": 2}], [{"x": 1}, {"y": 3}]), ({"a": [1]}, {}), (1, "1"), ([1, 2], [2])]
    for a, b in pairs:
        assert replay.patch(a, through_json(replay.diff(a, b))) == b


# ---------------------------------------------------------------- every game's link is public
SECRET_SEED = "a-seed-nobody-may-see"
OTHER_GAMES = [g for g in GAMES if g != "broker-yard"]


def game_so_far(name, fraction):
    """A whole game of the catalog's bots cut after `fraction` of its actions: (module,
    record, state at the cut, the replay link's value as it travels)."""
    module = get_game(name)
    players = max(module.catalog()["players"]["min"], 3)
    record = bot_game(name, players, SECRET_SEED, fraction)
    _, state = replay_record(record)
    return module, record, state, through_json(replay.public_replay(record))


def dicts(value):
    """Every dict inside a JSON value."""
    if isinstance(value, dict):
        yield value
        value = list(value.values())
    if isinstance(value, list):
        for item in value:
            yield from dicts(item)


def lists(value):
    """Every list inside a JSON value."""
    if isinstance(value, list):
        yield value
    for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else []:
        yield from lists(item)


@pytest.mark.parametrize("fraction", [0.5, 1.0])
@pytest.mark.parametrize("name", OTHER_GAMES)
def test_any_game_link_holds_no_seed_and_no_seats_secret(name, fraction):
    module, record, state, link = game_so_far(name, fraction)
    assert SECRET_SEED not in json.dumps(link) and "meta" not in link
    # what only a seat sees (its hand, its role, its legal moves) is in no step of the link
    seats = range(len(state["players"]))
    only_seats = set().union(*(set(module.view(state, s)) for s in seats)) - set(module.view(state, None))
    assert only_seats
    for frame in replay.replay_views(link):
        assert frame["view"]["seat"] is None and not set(frame["view"]) & only_seats


def test_ekonos_link_holds_no_card_of_a_hand():
    """Every round deals all 36 cards anew: a card in a hand now may have been played in an
    earlier round (public then). The link names cards only as they were played."""
    _, _, state, link = game_so_far("ekonos", 0.5)
    text = link["public"]["a"]
    plays = [m[1:4] for m in text.split() if m.startswith("p")]
    assert plays == [p["card"] for p in state["played"]]
    now = [p["card"] for p in state["played"] if p["round"] == state["round"]]
    held = {c for hand in state["hands"] for c in hand}
    assert held and not held & set(now)
    from engine.ekonos.cards import DECK
    assert sum(text.count(c) for c in DECK) == len(plays)  # no card but the played ones


SPY_SECRETS = ("victim", "kill", "look", "add_votes", "subtract_vote", '"protect"')


def test_spy_link_of_a_game_so_far_holds_no_hidden_role_and_no_secret_act():
    _, _, state, link = game_so_far("spy", 0.5)
    assert not state["over"]
    public = link["public"]
    assert not {"h", "v"} & set(public)  # the account and what each learned: at the end only
    text = json.dumps(public)
    from engine.spy.roles import ROLES
    assert not [r for r in ROLES if f'"{r}' in text], "no role while the game runs (reveal: none)"
    assert not [k for k in SPY_SECRETS if k in text]
    for frame in replay.replay_views(link):
        assert not {"roles", "privates", "history"} & set(frame["view"])
    # a secret act leaves no trace, not even its time: the acts' times are the public ones
    public_times = sorted(e["at"] for e in state["log"] if e.get("at") is not None)
    assert sorted(a["at"] for a in _spy_public_acts(state)) == sorted(
        t for t in public_times if t in {a["at"] for a in _spy_public_acts(state)})
    secret_times = {a[1]["at"] for a in state["actions"] if a[1]["type"] in ("victim", "kill", "look", "protect")}
    assert secret_times
    at, seen = 0, set()
    for act in public["a"]:
        at += act[-1]
        seen.add(at)
    assert not seen & secret_times


def _spy_public_acts(state):
    return [a for a in state["acts"] if a["type"] in ("vote", "redirect", "protect_public")]


def test_spy_link_of_a_whole_game_tells_what_the_final_table_shows():
    module, record, state, link = game_so_far("spy", 1.0)
    assert state["over"]
    frames = replay.replay_views(link)
    last = frames[-1]["view"]
    assert last["roles"] == through_json(state["roles"]) and last["history"] == through_json(state["history"])
    assert last["privates"] == through_json(state["private"])
    assert SECRET_SEED not in json.dumps(link)


def test_grid_link_holds_no_deck_and_no_removed_plant():
    _, record, state, link = game_so_far("grid", 0.5)
    assert state["deck"] and state["removed"]
    keys = {k for d in dicts(link) for k in d}
    assert not {"deck", "removed", "setup", "seed"} & keys
    # the plants in the link are those drawn, in the order they were drawn (the table saw
    # each one come); none removed at the start, and not the stack's next ones
    drawn = [int(d) for m in link["public"]["a"] if isinstance(m, str) and "@" in m
             for d in m.split("@")[1].split(".") if d.isdigit()]
    shown = set()
    for frame in replay.replay_views(link):
        v = frame["view"]
        shown |= set(v["market"]) | set(v["gone"]) | ({v["auction"]["plant"]} if v["auction"] else set())
        for seat in v["seats"]:
            shown |= set(seat["hand"]) | {p["n"] if isinstance(p, dict) else p for p in seat["plants"]}
    assert len(drawn) > 8 and set(drawn) <= shown
    assert not shown & set(state["removed"])
    module, game = start(record)
    seen = [e["plant"] for where, seat, action in steps(module, record)
            for e in module.apply(game, seat, action) if e["type"] == "draw" and e["plant"] != "step3"]
    assert drawn == seen  # the draws as the table saw them, in order: nothing of the stack's rest


def test_grid_link_tells_a_saved_power_choice_only_as_saved():
    module = get_game("grid")
    state, _ = playout(module, 3, SECRET_SEED, random.Random("grid-power"))
    record = to_record(state)
    for cut in range(len(record["actions"])):
        if record["actions"][cut][1]["type"] == "power":
            break
    record["actions"] = record["actions"][: cut + 1]
    link = through_json(replay.public_replay(record))
    seat, action = record["actions"][cut]
    assert link["public"]["a"][-1] == [seat] and action.get("run")
    frames = replay.replay_views(link)
    assert frames[-1]["view"]["seats"][seat]["saved"] and frames == frames_of(record)


# ---------------------------------------------------------------- every frame, every game
def bot_game(name, players, seed, cut=None):
    """A game of the catalog's bots (a spy game with the host's own acts too): its record,
    cut after `cut` of its actions."""
    module = get_game(name)
    bots = module.catalog()["bots"]
    state = module.new_game(SPY_OPTIONS.get(name, {}), [f"Player {i + 1}" for i in range(players)], seed)
    if name == "spy":
        spy_with_host(state, bots, seed)
    else:
        play_out(module, state, [bots[i % len(bots)] for i in range(players)], seed)
    record = to_record(state)
    if cut is not None:
        record["actions"] = record["actions"][: int(len(record["actions"]) * cut)]
    return record


SPY_OPTIONS = {"spy": {"reveal": "role", "warmup_days": 1, "day_minutes": 60, "tie": "random", "mayor": 1}}


def spy_with_host(state, bots, seed):
    """A timed spy game of bots in which the host also moves a deadline, excuses a player and
    publishes the last words of the dead."""
    spy = get_game("spy")
    now = 1_700_000_000_000
    while not state["over"]:
        turn = spy.to_act(state)
        for seat in turn["seats"]:
            seen = spy.bot_view(state, seat)
            for a in spy.bot_action(bots[seat % len(bots)], seen, f"{seed}:{turn['step']}:{seat}") or []:
                now += 1000
                spy.apply(state, seat, {**a, "at": now})
        now += 1000
        if turn["phase"] == "day" and state["cycle"] == 1:
            spy.apply(state, None, {"type": "set_deadline", "deadline": now + 120_000, "at": now})
            spy.apply(state, None, {"type": "excuse", "seat": turn["seats"][-1], "at": now})
        dead = [i for i, a in enumerate(state["alive"]) if not a]
        said = {e["seat"] for e in state["log"] if e["type"] == "last_words"}
        for i in dead:
            if i not in said:
                spy.apply(state, None, {"type": "last_words", "seat": i, "text": f"adiós {i}", "at": now})
        spy.apply(state, None, {"type": "close_day", "at": now})


ROUND_TRIPS = [(name, players, cut) for name, sizes in
               (("ekonos", (2, 6)), ("grid", (2, 4)), ("spy", (5, 12)), ("broker-yard", (3, 8)))
               for players in sizes for cut in (0.4, None)]


@pytest.mark.parametrize("name,players,cut", ROUND_TRIPS)
def test_every_frame_of_a_replay_link_is_the_spectators_table(name, players, cut):
    """A game (so far, or whole) through its replay link: every frame the viewer rebuilds
    from the public record is the spectator's view of the record replayed to that step."""
    record = bot_game(name, players, f"round-trip-{players}", cut)
    link = through_json(replay.public_replay(record))
    assert set(link) == {"game", "version", "public"}
    frames = replay.replay_views(link)
    assert frames == frames_of(record)
    _, state = replay_record(record)
    assert frames[-1]["view"] == through_json(get_game(name).view(state, None))
    assert len(frames) >= 2


def test_a_grid_game_whose_draws_no_viewer_can_lay_says_so():
    """Random moves leave everyone without money: rounds then play out by themselves inside
    one move, which puts plants under the stack and draws them back after the Step 3
    shuffle. The viewer's stand-in shuffle cannot deal them in that order: the host is told
    plainly instead of sharing a link that would not open. (A game by rules 1: rules 2 end a
    stalled game after three rounds; none of 120 random games by rules 2 came to such a shuffle.)"""
    state, _ = playout(get_game("grid"), 3, SECRET_SEED, random.Random("grid-1.0"), rules=1)
    with pytest.raises(GameError) as e:
        replay.public_replay(to_record(state))
    assert e.value.code == "replay_unavailable"


def test_a_grid_game_through_step_3_round_trips():
    """The «Step 3» card drawn and the stack shuffled: the viewer lays the drawn plants under
    its own seed's shuffle."""
    record = bot_game("grid", 3, "round-trip-3")
    link = through_json(replay.public_replay(record))
    assert any("|" in m for m in link["public"]["a"] if isinstance(m, str))
    assert replay.replay_views(link) == frames_of(record)


# ---------------------------------------------------------------- links made before (patches)
def old_link(record) -> dict:
    """A replay link as the hall made it before every game had a public record: the public
    frames, each after the first as a patch."""
    frames = frames_of(record)
    module = get_game(record["game"])
    return through_json({"game": module.GAME, "version": module.VERSION,
                         "steps": [frames[0]] + [replay.diff(a, b) for a, b in zip(frames, frames[1:])]})


@pytest.mark.parametrize("name", OTHER_GAMES)
def test_an_old_link_still_opens(name):
    record = bot_game(name, get_game(name).catalog()["players"]["min"], "old-link", cut=0.3)
    assert replay.replay_views(old_link(record)) == frames_of(record)


def test_an_old_link_whose_frames_grow_is_refused_before_it_costs_much():
    """Each patch appends to a list every frame carries whole: 900 steps of 4 KB make
    frames of gigabytes. Refused once they pass MAX_OUTPUT, without building them all."""
    first = {"view": {"players": ["A"], "x": []}, "step": 0, "over": False, "result": None, "final": None}
    grow = {"view": {"x": ["+", ["y" * 4000]]}}
    link = {"game": "grid", "version": 1, "steps": [first] + [grow] * 900}
    with pytest.raises(GameError) as e:
        replay.replay_views(link)
    assert e.value.code == "replay_too_long"
    with pytest.raises(GameError) as e:
        replay.replay_views({**link, "steps": [first] * (replay.MAX_STEPS + 1)})
    assert e.value.code == "code_invalid"
