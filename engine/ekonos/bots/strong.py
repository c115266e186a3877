"""placeholder"""
from .simple import normal

DEFAULT_WORLDS = 8


def decide(view, seed=0, worlds=DEFAULT_WORLDS):
    return normal(view, seed)
