"""Checking the fields of an action: every refusal is a GameError with a stable code."""

from ..core.errors import GameError, short
from .map import CITIES


def check_fields(action: dict, allowed) -> None:
    """An action carries its type and the fields of its kind, nothing else."""
    extra = sorted(set(action) - {"type", *allowed})
    if extra:
        raise GameError("bad_field", f"a {action['type']} action has no field {short(extra[0])!r}",
                        where=short(extra[0]), field=short(extra[0]))


def whole(value, where: str, low: int = 0, high: int = 10**6) -> int:
    if type(value) is not int or not low <= value <= high:
        raise GameError("bad_number", f"{where} must be a whole number from {low} to {high}",
                        where=where, low=low, high=high)
    return value


def city(value, where: str = "city") -> str:
    if not isinstance(value, str) or value not in CITIES:
        raise GameError("unknown_city", f"no city {short(value, 20)!r} on the map", where=where,
                        city=short(value, 20))
    return value
