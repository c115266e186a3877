from .random_bot import random_action


def strong(view, seed=0):
    return random_action(view, seed)
