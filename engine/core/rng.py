"""Counter-based random streams derived from a game's seed.

Each draw is SHA-256(seed, labels, counter): a draw depends only on its labels, never on how
many draws came before, so the state carries nothing but the seed and CPython and Pyodide
produce the same games.
"""

import hashlib
import json


class Stream:
    def __init__(self, seed, *labels):
        self._prefix = json.dumps([seed, *labels], separators=(",", ":")).encode()
        self._counter = 0

    def _next64(self) -> int:
        digest = hashlib.sha256(self._prefix + b"#" + str(self._counter).encode()).digest()
        self._counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection so that no value is favoured."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> list:
        """Fisher–Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def choice(self, items):
        return items[self.below(len(items))]
