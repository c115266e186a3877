"""Broker-Yard's compact links and action codes (engine/broker/link.py): what a state link
and an action code carry must come back exactly as the engine made it.

These checks ran in the browser while the compaction was JavaScript (net/links.js); the
browser now seals and carries the parts unchanged (tests/site/test_net_codes.py checks that)."""

import itertools
import json
import random

import pytest

from engine.broker import conceal, new_game, resolve, submit, view
from engine.broker.cards import COLOURS, big_pack, small_pack
from engine.broker.link import (card_id, card_token, choices_from, choices_token, link_private,
                                link_public, link_view, pack_action, unpack_action)
from engine.core.errors import GameError

from .helpers import random_order, random_rounds

ALL_CARDS = sorted(set(big_pack("classic") + big_pack("duel") + small_pack()))
# what a view has that a link leaves out: the engine's version and the price history (the
# host's chart), and the rounds before the last one
NOT_IN_LINKS = ("engine_version", "price_history")


def carried(value):
    """A value as it comes out of a link: JSON there and back."""
    return json.loads(json.dumps(value))


def refused(call, *args):
    with pytest.raises(GameError) as info:
        call(*args)
    assert info.value.code == "code_invalid", info.value.code


# ---------------------------------------------------------------- cards and choices
def test_every_card_round_trips_through_a_short_token():
    tokens = [card_token(c) for c in ALL_CARDS]
    assert len(ALL_CARDS) == 5 * 4 + 8 * 4     # five big kinds (the duel adds none), eight small
    assert all(len(t) <= 5 and ":" not in t for t in tokens)
    assert len(set(tokens)) == len(tokens)
    assert [card_id(carried(t)) for t in tokens] == ALL_CARDS


@pytest.mark.parametrize("token", [None, 7, "", "H", "Hx", "Hbb", "Xb", "S", "Sb", "Sb+31", "Sb30",
                                   "Sq+30", "hundred:blue", "Sb+30000000", ["Hb"]])
def test_a_token_that_is_no_card_is_refused(token):
    refused(card_id, token)


def choice_shapes():
    shapes = [{}, *({"other": c} for c in COLOURS)]
    for colours in itertools.combinations(COLOURS, 3):
        for values in itertools.permutations((-10, -20, -30)):
            shapes.append({"others": dict(zip(colours, values))})
    return shapes


def test_every_choice_shape_round_trips():
    shapes = choice_shapes()
    assert len(shapes) == 1 + 4 + 4 * 6
    for choices in shapes:
        token = choices_token(choices)
        assert isinstance(token, str) and len(token) <= 3, choices
        assert choices_from(carried(token)) == choices
    assert choices_from(choices_token(None)) == {}


@pytest.mark.parametrize("odd", [
    {"other": "purple"}, {"others": {"blue": -10, "red": -20}}, {"others": {"blue": -10, "red": -10, "green": -30}},
    {"others": {"blue": -10, "red": -20, "green": -30}, "other": "red"}, {"x": 1}, {"others": "ryg"},
])
def test_a_choice_the_engine_must_judge_travels_as_it_is(odd):
    assert choices_token(odd) == odd
    assert choices_from(carried(choices_token(odd))) == odd


@pytest.mark.parametrize("token", ["x", "rr r", "rygb", 5, ["r"]])
def test_a_choices_token_that_is_none_is_refused(token):
    refused(choices_from, token)


# ---------------------------------------------------------------- orders
ORDERS = [
    # (the action as the page makes it, the action an action code gives the host)
    ({"type": "order", "trades": {}, "card": None, "choices": {}}, {"type": "order", "trades": {}}),
    ({"type": "order", "trades": {"blue": -1, "green": 3}, "card": "hundred:red",
      "choices": {"others": {"green": -10, "blue": -20, "yellow": -30}}},
     {"type": "order", "trades": {"blue": -1, "green": 3}, "card": "hundred:red",
      "choices": {"others": {"green": -10, "blue": -20, "yellow": -30}}}),
    ({"type": "order", "trades": {"red": 2}, "card": "small:yellow:-40", "choices": {"other": "blue"}},
     {"type": "order", "trades": {"red": 2}, "card": "small:yellow:-40", "choices": {"other": "blue"}}),
    ({"type": "order", "trades": {}, "card": "zero:green", "choices": {}},
     {"type": "order", "trades": {}, "card": "zero:green", "choices": {}}),
    ({"type": "order", "trades": {"blue": 1, "red": -2, "yellow": 3, "green": -4}},
     {"type": "order", "trades": {"blue": 1, "red": -2, "yellow": 3, "green": -4}}),
    ({"trades": {"red": 0, "green": 5}, "card": "double:blue", "choices": {"other": "green"}},
     {"type": "order", "trades": {"green": 5}, "card": "double:blue", "choices": {"other": "green"}}),
    ({"type": "withdraw"}, {"type": "withdraw"}),
    # not ours to judge: they travel as they are, and the engine refuses them
    ({"type": "order", "trades": {"purple": 1}, "card": "joker:blue", "choices": {"other": "pink"}},
     {"type": "order", "trades": {"purple": 1}, "card": "joker:blue", "choices": {"other": "pink"}}),
    ({"type": "order", "trades": {"blue": 1.5}},
     None),   # refused on the way back: a share count is a whole number
]


@pytest.mark.parametrize("action, back", ORDERS)
def test_every_order_shape_round_trips(action, back):
    packed = carried(pack_action(action))
    if back is None:
        refused(unpack_action, packed)
    else:
        assert unpack_action(packed) == back


def test_every_card_with_every_choice_round_trips_as_an_order():
    rng = random.Random(4)
    for card in ALL_CARDS:
        kind = card.split(":")[0]
        shapes = ([{}] if kind == "zero" else
                  [c for c in choice_shapes() if "others" in c] if kind == "hundred" else
                  [c for c in choice_shapes() if "other" in c])
        for choices in shapes:
            trades = {c: rng.randint(-5, 5) for c in rng.sample(COLOURS, rng.randint(0, 4))}
            action = {"type": "order", "trades": trades, "card": card, "choices": choices}
            packed = carried(pack_action(action))
            assert "K" not in packed and "T" not in packed
            assert unpack_action(packed) == {**action, "trades": {c: n for c, n in trades.items() if n}}


@pytest.mark.parametrize("packed", [
    None, [], "order", {"t": [1, 2, 3]}, {"t": [1, 2, 3, "4"]}, {"t": [1, 2, 3, 2**60]}, {"t": "1234"},
    {"k": "Hx"}, {"k": 5}, {"k": "Sr+30", "c": "xyz"}, {"k": "Hb", "c": "rr"},
])
def test_a_malformed_packed_action_is_refused(packed):
    refused(unpack_action, packed)


# ---------------------------------------------------------------- state links
GAMES = [
    ({"mode": "classic", "deal": "4+6", "stop_loss": True}, 4),
    ({"mode": "classic", "deal": "3+5", "summation": "trump", "zero_cancels": 4}, 3),
    ({"mode": "duel", "deal": "3+5"}, 2),
    ({"mode": "mass", "deal": "3+5", "stop_loss": True, "spread": 50}, 9),
]


def played_games():
    """(game, state) at the start of every round and at the end, of games with random legal
    orders (and seats that play nothing, so random discards happen)."""
    for options, players in GAMES:
        for state in random_rounds(options, players, f"link-{options['mode']}", random.Random(players)):
            yield options, state


def expected_view(state, seat):
    """The seat's own view as a link gives it: the last round only, without NOT_IN_LINKS."""
    v = view(state, seat)
    v["history"] = v["history"][-1:]
    for key in NOT_IN_LINKS:
        del v[key]
    return v


def test_link_view_is_the_seats_own_view_in_every_round():
    """The public part and a seat's private part give that seat's own view, legal moves and
    the last round's events included (its own random discard with its card); the public
    part alone gives the spectator's view."""
    seen = {"discard": 0, "zeros": 0, "over": 0, "bankrupt": 0, "stopped": 0, "cancelled": 0}
    for options, state in played_games():
        public = carried(link_public(state))
        spectator = link_view(public, None, None)
        assert "hand" not in spectator and "legal" not in spectator
        assert spectator == expected_view(state, None), (options, state["round"])
        for seat in range(len(state["players"])):
            got = link_view(public, carried(link_private(state, seat)), seat)
            own = expected_view(state, seat)
            events = own["history"][-1]["events"] if own["history"] else []
            discard = next((e["card"] for e in events if e["type"] == "discard" and e["seat"] == seat), None)
            assert got.pop("discard") == discard
            assert got == own, (options, state["round"], seat)
            seen["discard"] += discard is not None
            seen["bankrupt"] += own["seats"][seat]["bankrupt"]
        last = spectator["history"][-1]["events"] if spectator["history"] else []
        prices = [e for e in last if e["type"] == "price"]
        seen["zeros"] += any(e["zeros"] for e in prices)
        seen["stopped"] += any(e["stopped"] for e in prices)
        seen["cancelled"] += any(e["after_cancel"] != e["effects"] for e in prices)
        seen["over"] += state["over"]
    # the games went through what the link must rebuild
    assert all(seen.values()), seen


def test_a_link_made_before_the_compact_events_and_hand_still_opens():
    """Links made before issue 34 item 2 carried the colours' updates and the holders'
    payments as the view has them, and a hand as a list; players' pages keep such links."""
    rows = {"p": 0, "b": 0, "n": 0, "s": 0}
    for _, state in played_games():
        public = carried(link_public(state))
        events = view(state, None)["history"][-1]["events"] if state["history"] else []
        for row in public["e"]:
            if isinstance(row, list) and row[0] in rows:
                rows[row[0]] += 1
        def before(row, event):
            if not isinstance(row, list) or row[0] in ("t", "c"):
                return row
            return carried({k: v for k, v in event.items() if k not in ("after_cancel", "after_zero")})
        old = {**public, "e": [before(x, e) for x, e in zip(public["e"], events)]}
        part = carried(link_private(state, 0))
        old_part = {**part, "h": [card_token(c) for c in view(state, 0)["hand"]]}
        assert link_view(old, old_part, 0) == link_view(public, part, 0)
    # every kind of row was made
    assert all(rows.values()), rows


def test_the_public_part_tells_nothing_hidden():
    """Hidden information changed (conceal) leaves the public part, and every other seat's
    private part, exactly as they were."""
    for _, state in played_games():
        rng = random.Random(f"conceal:{state['round']}")
        assert link_public(conceal(state, None, rng)) == link_public(state)
        for seat in range(len(state["players"])):
            assert link_private(conceal(state, seat, rng), seat) == link_private(state, seat)


def test_the_public_part_is_the_same_while_orders_come_in():
    state = new_game({"mode": "classic", "deal": "4+6"}, ["A", "B", "C"], "orders")
    before = link_public(state)
    rng = random.Random(2)
    for seat in range(3):
        submit(state, seat, random_order(state, seat, rng) or {"trades": {}})
        assert link_public(state) == before


def tweak(value, rng):
    """One change deep inside a JSON value."""
    if isinstance(value, list) and value and rng.random() < 0.8:
        out, i = list(value), rng.randrange(len(value))
        if rng.random() < 0.15:
            del out[i]
        else:
            out[i] = tweak(out[i], rng)
        return out
    if isinstance(value, dict) and value and rng.random() < 0.85:
        out, key = dict(value), rng.choice(sorted(value))
        if rng.random() < 0.1:
            del out[key]
        else:
            out[key] = tweak(out[key], rng)
        return out
    if type(value) is int and rng.random() < 0.6:
        return value + rng.choice([1, -1, 1000, -value - 1])
    return rng.choice([None, -1, 0, 1, 2, 1e300, -0.5, "", "x", "Hb", True, [], {}, [1, 2], {"a": 1},
                       2**53, [["delta", 10, 2**62]], {"type": "price"}])


def test_a_malformed_link_is_refused_and_nothing_else_is_raised():
    state = new_game({"mode": "classic", "deal": "4+6", "stop_loss": True}, ["A", "B", "C", "D"], "fuzz")
    rng = random.Random(9)
    for _ in range(3):
        for seat in range(4):
            submit(state, seat, random_order(state, seat, rng) or {"trades": {}})
        resolve(state)
    public, private = carried(link_public(state)), carried(link_private(state, 1))
    refusals = 0
    for n in range(3000):
        p, x, seat = public, private, 1
        if n % 3:
            p = tweak(public, rng)
        else:
            x = tweak(private, rng)
        try:
            link_view(p, x, seat)
        except GameError as error:
            assert error.code == "code_invalid"
            refusals += 1
    assert refusals > 1000
    for p in (None, [], {}, {**public, "n": []}, {**public, "r": 0}, {**public, "r": public["R"] + 1},
              {**public, "P": [10, 20, 30]}, {**public, "S": public["S"][:3]}, {**public, "e": [{"type": "price"}]},
              {**public, "v": 2}, {**public, "o": []},
              # the ranking comes with the end, every seat once (a spectator's table lists it)
              {**public, "k": [0, 1, 2, 3]}, {**public, "v": 1, "k": None}, {**public, "v": 1, "k": [0, 1, 2, 9]},
              {**public, "v": 1, "k": [0, 1, 1, 2]}, {**public, "v": 1, "k": [0, 1, 2]}):
        refused(link_view, p, None, None)
    for x, seat in ((private, 4), (private, -1), (private, None), ({"h": "Hx"}, 1), ({"h": "HbS"}, 1),
                    ({"h": 5}, 1), ({"h": ["Hx"]}, 1),
                    ({**private, "d": "Hx"}, 1), ([], 1)):
        refused(link_view, public, x, seat)
