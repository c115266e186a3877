"""The strong bot: determinised Monte Carlo from its own view only.

1. Every legal action is scored by the one-step model of the normal bot (bots/simple.py) in
   one sampled world, and the best `width` are kept.
2. In each of `worlds` sampled worlds — the other hands dealt at random from the cards this
   seat has not seen, as many as the view shows each player holding — every kept action
   is played, then every player follows the fast rollout policy (bots/rollout.py) for
   `horizon` turns, and the position is valued (bots/value.py). The same world and the
   same rollout dice serve every action, so they are compared on equal terms.
3. The action with the best mean advantage is taken.
"""

import random

from ..game import HANDLERS, apply
from ..view import actions_of
from . import rollout
from .simple import normal
from .value import advantage
from ..world import clone, sample_hands, world

DEFAULT_WORLDS = 32
WIDTH = 5  # actions kept for the look-ahead
HORIZON = 12  # turns played out after the decision


def playout(state, me, turns, rng) -> float:
    """Play on from `state` (changed in place) by the rollout policy until `turns` more
    cards have been played and the next turn is about to begin (or the game ends); the
    position's value for `me`."""
    played = state["played"]
    stop = len(played) + turns
    events = []
    while state["phase"] != "over" and not (state["phase"] == "play" and len(played) >= stop):
        seat, action = rollout.act(state, rng)
        # the engine's own handler of the action, without apply's checks of who acts and of
        # the action's shape: the rollout policy only makes legal actions (a test plays it
        # through apply), and a decision takes thousands of them
        HANDLERS[action["type"]](state, seat, action, events)
        events.clear()
    return advantage(state, me)


def decide(view, seed=0, worlds=DEFAULT_WORLDS, width=WIDTH, horizon=HORIZON) -> dict:
    rng = random.Random(seed)
    legal = view["legal"]
    actions = actions_of(legal)
    if len(actions) == 1:
        return actions[0]
    if legal["phase"] == "successor":
        return normal(view, seed)
    me = view["seat"]
    first = world(view, sample_hands(view, rng), f"strong-{seed}")
    ranked = []
    for a in actions:
        s = clone(first)
        apply(s, me, a)
        ranked.append((advantage(s, me) + rng.random() * 1e-6, a))
    ranked.sort(key=lambda x: -x[0])
    kept = [a for _, a in ranked[:width]]
    if len(kept) == 1:
        return kept[0]
    totals = [0.0] * len(kept)
    for w in range(worlds):
        state = first if w == 0 else world(view, sample_hands(view, rng), f"strong-{seed}-{w}")
        dice = rng.random()
        for k, a in enumerate(kept):
            s = clone(state)
            apply(s, me, a)
            totals[k] += playout(s, me, horizon, random.Random(dice))
    best = max(range(len(kept)), key=lambda k: (totals[k], -k))
    return kept[best]
