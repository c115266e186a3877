"""The simple bots of solo play, and the random one. All decide from the seat's view only.

random — any legal action, uniformly (the conformance test's and the simulator's).
easy   — plays a random card, placing its top next to the company's tiles when it can, or
         moving a bottom counter; always expands; buys a cheap share now and then; never sells.
normal — greedy one-step look-ahead: every legal action is tried in a model of the game
         rebuilt from the view (hidden hands sampled) and the one that most improves its
         projected score against the others' (bots/value.py) is taken.
"""

import random

from ..board import ADJACENT
from ..game import apply
from ..view import actions_of
from .value import advantage, projected, scores
from ..world import clone, sample_hands, world


def random_action(view, seed=0) -> dict:
    return random.Random(seed).choice(actions_of(view["legal"]))


def easy(view, seed=0) -> dict:
    rng = random.Random(seed)
    legal = view["legal"]
    phase = legal["phase"]
    if phase == "play":
        entry = rng.choice(legal["cards"])
        top = entry["top"]
        if (top["place"] or top["protect"]) and rng.random() < 0.6:
            own = {i + 1 for i, t in enumerate(view["map"]) if t and t["company"] == top["company"]}
            near = [s for s in top["place"] if any(n in own for n in ADJACENT[s])]
            space = rng.choice(near or top["place"] or top["protect"])
            return {"type": "play", "card": entry["card"], "use": "top", "space": space}
        b = rng.choice(entry["bottom"])
        return {"type": "play", "card": entry["card"], "use": "bottom", "company": b["company"]}
    if phase == "expand_or_wait":
        return {"type": "expand"}
    if phase == "sell":
        return {"type": "pass"}
    if phase == "buy":
        cheap = [e for e in legal["buy"] if e["cost"] <= 4]
        if cheap and rng.random() < 0.7:
            return {"type": "buy", "company": rng.choice(cheap)["company"]}
        return {"type": "pass"}
    return rng.choice(actions_of(legal))


def best_by_model(view, actions, rng, weights=None) -> dict:
    """The action whose result, in a model of the game, most improves the seat's advantage."""
    me = view["seat"]
    state = world(view, sample_hands(view, rng), f"model-{rng.random()}")
    best, best_key = None, None
    for a in actions:
        s = clone(state)
        apply(s, me, a)
        key = (advantage(s, me, weights), rng.random())
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def normal(view, seed=0) -> dict:
    rng = random.Random(seed)
    legal = view["legal"]
    phase = legal["phase"]
    if phase == "expand_or_wait":
        return {"type": "expand"}
    if phase == "successor":
        # hand the post to the candidate furthest behind
        state = world(view, sample_hands(view, rng), "model")
        s = scores(state, projected(state))
        return {"type": "successor", "seat": min(legal["candidates"], key=lambda i: (s[i], i))}
    return best_by_model(view, actions_of(legal), rng)
