"""A copy of JSON-shaped data (a state, a view, an action): dicts, lists and tuples copied,
everything else shared (numbers, strings, None and booleans never change in place).

Two to three times faster than copy.deepcopy on our states (measured on the fixtures: a
mass start 1.7 -> 0.6 ms, a grid game 1.9 -> 0.9 ms): deepcopy keeps a memo of every object
it met so that shared parts stay shared, which a state never has (it is JSON: a save and a
reload make every part its own)."""


def clone(value):
    """A deep copy of `value`, which holds no cycles and no object it needs shared."""
    kind = type(value)
    if kind is dict:
        return {key: clone(item) for key, item in value.items()}
    if kind is list:
        return [clone(item) for item in value]
    if kind is tuple:
        return tuple(clone(item) for item in value)
    return value
