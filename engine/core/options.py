"""What every game's options share (engine/core/game.py, `catalog`): the options a game is
given are its catalog's, each missing one taking the catalog's default. The values are the
game's own to check (engine/<game>/options.py)."""

from .errors import GameError, short


def resolve_options(catalog: dict, options, extra: dict | None = None) -> dict:
    """`options` (None: none given) with every option of `catalog` filled in with its default;
    `extra` holds the options a game takes beyond what its lobby offers, with their defaults
    (a record may set them). Refuses what is not an object and any key neither names."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise GameError("bad_option", "options must be an object", where="options")
    defaults = {spec["key"]: spec["default"] for spec in catalog["options"]} | (extra or {})
    unknown = sorted((key for key in options if key not in defaults), key=str)
    if unknown:
        raise GameError("unknown_option", f"unknown option {short(unknown[0])!r}",
                        where=f"options.{short(unknown[0])}", option=short(unknown[0]))
    return {**defaults, **options}
