"""Errors with a stable code, so the UI can translate them and tests can match them."""

import re

SHORT = 40  # a value quoted in a message: this many characters, then "…"
_LONG_WORD = re.compile(r"\S{%d,}" % (SHORT + 21))
MAX_MESSAGE = 300


def short(value, limit: int = SHORT) -> str:
    """A value as a message may quote it: text as it is, anything else as its repr, cut to
    `limit` characters and "…" (a record may hold a 5,000-character card or a 4,000-digit
    number; a message shows what it is, not all of it)."""
    if isinstance(value, str):
        text = value
    elif type(value) is int and value.bit_length() > 4 * limit:
        text = _int_head(value, limit)
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError):  # a structure too deep to write out
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"


def _int_head(value: int, limit: int) -> str:
    """The first digits of a number too long to write out in full (past Python's limit on
    converting ints to text, str() itself would fail)."""
    digits = value.bit_length() * 3 // 10  # a little under log10(2): never past the real count
    head = abs(value) // 10 ** max(0, digits - limit)
    return ("-" if value < 0 else "") + str(head)[:limit] + "…"


def shorten_text(message: str) -> str:
    """A message with any run of more than 60 characters without a space (a value a caller
    did not shorten) cut to its first 40, and the whole at most 300 characters."""
    message = _LONG_WORD.sub(lambda m: m.group()[:SHORT] + "…", message)
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE] + "…"


def _param(value):
    if isinstance(value, str) and len(value) > SHORT:
        return short(value)
    if type(value) is int and value.bit_length() > 4 * SHORT:
        return short(value)
    return value


class GameError(Exception):
    """A refused input: bad option, illegal order, mangled record or save string.

    `code` is a stable snake_case name, `params` fill the translated message, `where`
    says where in a record or request the problem is (e.g. "rounds[2].Ann.card"). Text
    parameters longer than 40 characters, and long runs in the message, are shortened.
    """

    def __init__(self, code: str, message: str, where: str | None = None, **params):
        message = shorten_text(message)
        super().__init__(message)
        self.code = code
        self.message = message
        self.where = shorten_text(where) if where else where
        self.params = {k: _param(v) for k, v in params.items()}

    def at(self, where: str) -> "GameError":
        """The same error, located (prefixing any location it already had)."""
        self.where = shorten_text(f"{where}.{self.where}" if self.where else where)
        return self

    def to_json(self) -> dict:
        out = {"code": self.code, "message": self.message, "params": self.params}
        if self.where:
            out["where"] = self.where
        return out

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message
