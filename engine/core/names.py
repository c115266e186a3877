"""Player names: anything a person types, made safe to keep and show."""

import unicodedata

from .errors import GameError

MAX_NAME_LENGTH = 40


def check_players(players) -> list[str]:
    """Names are trimmed text of 1..40 characters, no control characters, all different."""
    if not isinstance(players, list) or not players:
        raise GameError("bad_players", "players must be a non-empty list of names", where="players")
    seen = set()
    for i, name in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(name, str):
            raise GameError("bad_name", "a player name must be text", where=where)
        if name != name.strip() or not name:
            raise GameError("bad_name", "a player name must be non-empty with no spaces around it",
                            where=where, name=name)
        if len(name) > MAX_NAME_LENGTH:
            raise GameError("name_too_long", f"a player name has at most {MAX_NAME_LENGTH} characters",
                            where=where, name=name[:MAX_NAME_LENGTH], limit=MAX_NAME_LENGTH)
        if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
            raise GameError("bad_name", "a player name may not contain control characters",
                            where=where)
        if name in seen:
            raise GameError("duplicate_name", f"two players are called {name!r}", where=where, name=name)
        seen.add(name)
    return list(players)
