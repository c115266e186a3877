"""Errors with a stable code, so the UI can translate them and tests can match them."""


class GameError(Exception):
    """A refused input: bad option, illegal order, mangled record or save string.

    `code` is a stable snake_case name, `params` fill the translated message, `where`
    says where in a record or request the problem is (e.g. "rounds[2].Ann.card").
    """

    def __init__(self, code: str, message: str, where: str | None = None, **params):
        super().__init__(message)
        self.code = code
        self.message = message
        self.where = where
        self.params = params

    def at(self, where: str) -> "GameError":
        """The same error, located (prefixing any location it already had)."""
        self.where = f"{where}.{self.where}" if self.where else where
        return self

    def to_json(self) -> dict:
        out = {"code": self.code, "message": self.message, "params": self.params}
        if self.where:
            out["where"] = self.where
        return out

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message
