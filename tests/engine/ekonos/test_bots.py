"""The bots: they decide from a seat's view only, never make an action the engine refuses,
are deterministic given a seed, and the levels are ordered."""

import random

import pytest

from engine import ekonos
from engine.ekonos import apply, bot_action, bot_view, is_over, new_game, result, to_act, view
from engine.ekonos.bots import LEVELS, get_bot
from engine.ekonos.world import sample_hands, unseen_cards, world
from engine.sim.play import play_out

from .helpers import NAMES


def test_the_lobby_levels():
    assert LEVELS == ("easy", "normal", "strong")
    assert get_bot("strong:3") is not None and get_bot("random") is not None
    with pytest.raises(ValueError):
        get_bot("grandmaster")
    assert ekonos.catalog()["bots"] == ["easy", "normal", "strong"]


@pytest.mark.parametrize("bots", [["easy", "normal"], ["strong:2", "easy", "random"],
                                  ["normal", "easy", "normal", "random", "easy"],
                                  ["easy", "random", "normal", "easy", "random", "easy"]])
def test_bots_play_whole_games_with_legal_actions(bots):
    state = new_game({}, NAMES[:len(bots)], len(bots))
    play_out(ekonos, state, bots, "legal")  # apply raises on any refused action
    assert is_over(state)


def test_the_strong_bot_decides_every_kind_of_step():
    state = new_game({}, NAMES[:4], 77)
    phases = set()
    while not is_over(state) and len(phases) < 5:
        seat = to_act(state)["seats"][0]
        phases.add(state["phase"])
        apply(state, seat, bot_action("strong:2", bot_view(state, seat), state["step"]))
    assert {"play", "buy"} <= phases


def test_bots_are_deterministic_given_a_seed():
    state = new_game({}, NAMES[:4], 11)
    v = bot_view(state, state["turn"])
    for level in LEVELS + ("random",):
        assert bot_action(level, v, "s") == bot_action(level, v, "s")


def test_bots_never_read_hidden_information():
    """Two games that look the same from the acting seat (the other hands swapped) get the
    same decisions from that seat's bots."""
    a = new_game({}, NAMES[:3], 5)
    b = new_game({}, NAMES[:3], 5)
    me = a["turn"]
    x, y = [i for i in range(3) if i != me]
    b["hands"][x], b["hands"][y] = b["hands"][y], b["hands"][x]
    assert bot_view(a, me) == bot_view(b, me)
    for level in LEVELS:
        assert bot_action(level, bot_view(a, me), 1) == bot_action(level, bot_view(b, me), 1)


def test_a_bot_has_nothing_to_decide_out_of_turn():
    state = new_game({}, NAMES[:3], 5)
    other = (state["turn"] + 1) % 3
    assert bot_action("normal", bot_view(state, other), 1) is None


def test_sampled_hands_agree_with_the_view():
    state = new_game({}, NAMES[:4], 31)
    rng = random.Random(2)
    for _ in range(9):  # a few turns in
        seat = to_act(state)["seats"][0]
        apply(state, seat, bot_action("easy", bot_view(state, seat), rng.random()))
    me = 1
    v = bot_view(state, me)
    played = {p["card"] for p in v["played"]}
    for k in range(20):
        hands = sample_hands(v, random.Random(k))
        assert hands[me] == state["hands"][me]
        assert [len(h) for h in hands] == [len(h) for h in state["hands"]]
        flat = [c for h in hands for c in h]
        assert len(flat) == len(set(flat)) and not played & set(flat)
    assert set(state["hands"][0]) <= set(unseen_cards(v))


def test_the_bots_model_is_the_game_as_the_seat_sees_it():
    state = new_game({}, NAMES[:4], 41)
    rng = random.Random(3)
    for _ in range(30):
        seat = to_act(state)["seats"][0]
        apply(state, seat, bot_action("normal", bot_view(state, seat), rng.random()))
    seat = to_act(state)["seats"][0]
    model = world(bot_view(state, seat), [list(h) for h in state["hands"]], "model")
    for key in ("map", "shares", "coins", "president", "growth", "hands", "turn", "phase",
                "round", "start", "expansion", "successor", "step"):
        assert model[key] == state[key], key
    assert view(model, seat, log=False, board=False) == {**view(state, seat, log=False, board=False),
                                                         "played": []}


def test_normal_beats_easy_and_easy_beats_random():
    wins = {"normal": 0, "easy": 0}
    for k in range(6):
        for pair, key in ((["normal", "easy"], "normal"), (["easy", "random"], "easy")):
            bots = pair * 2 if k % 2 else pair[::-1] * 2
            state = new_game({}, NAMES[:4], 100 + k)
            play_out(ekonos, state, bots, f"strength-{k}")
            wins[key] += bots[result(state)["ranking"][0]] == key
    assert wins["normal"] >= 5 and wins["easy"] >= 4


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_rollout_policy_only_makes_legal_actions(players):
    """The strong bot's look-ahead calls the engine's handlers directly; through `apply`
    every action of its policy is accepted, whole games long."""
    from engine.ekonos.bots import rollout
    state = new_game({}, NAMES[:players], players)
    rng = random.Random(players)
    while not is_over(state):
        seat, action = rollout.act(state, rng)
        assert to_act(state)["seats"] == [seat]
        apply(state, seat, action)
