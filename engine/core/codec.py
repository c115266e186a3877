"""Save strings (DESIGN.md): ``<letter><version>.`` + base64url(raw deflate(JSON) + CRC-32).

The same format as site/js/net/codec.js (docs/multiplayer.md): the CRC-32 (zlib's, big-endian,
the last 4 bytes) covers the prefix and the compressed bytes. Base64url without padding, and
only the canonical encoding is accepted. Every refusal is a GameError with the codec's code.
"""

import base64
import json
import re
import zlib

from .errors import GameError

MAX_TEXT = 8000
MAX_JSON = 64 * 1024
MAX_DEPTH = 32  # arrays and objects within each other: a game's deepest link part is 7 levels
_PREFIX = re.compile(r"^([a-z])([1-9][0-9]{0,2})\.([A-Za-z0-9_-]*)$")


def encode(letter: str, version: int, value) -> str:
    prefix = f"{letter}{version}."
    raw = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    body = packed + zlib.crc32(prefix.encode() + packed).to_bytes(4, "big")
    return prefix + base64.urlsafe_b64encode(body).decode().rstrip("=")


def extract(text) -> str:
    if not isinstance(text, str):
        raise GameError("code_empty", "nothing was given")
    if len(text) > MAX_TEXT:
        raise GameError("code_too_long", "far too long to be a code", limit=MAX_TEXT)
    s = re.sub(r"\s+", "", text)
    s = s[s.rfind("#") + 1:]
    if not s:
        raise GameError("code_empty", "nothing was given")
    return s


def decode(text, kinds: dict) -> tuple[str, int, object]:
    """(letter, version, value) of a save string whose letter is in ``kinds`` (letter ->
    the version this build reads)."""
    s = extract(text)
    m = _PREFIX.match(s)
    if not m:
        if re.match(r"^[a-z][0-9]+\.", s):
            raise GameError("code_damaged", "the code is damaged", reason="alphabet")
        raise GameError("code_unknown_kind", "not a code of this hall")
    letter, digits, body = m.groups()
    version = int(digits)
    if letter not in kinds:
        raise GameError("code_wrong_kind", "a different kind of code", got=letter,
                        expected="".join(kinds))
    if version != kinds[letter]:
        code = "code_newer_version" if version > kinds[letter] else "code_old_version"
        raise GameError(code, f"a version {version} code", version=version, supported=kinds[letter])
    if len(body) % 4 == 1:
        raise GameError("code_damaged", "the code is damaged", reason="base64")
    data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    if base64.urlsafe_b64encode(data).decode().rstrip("=") != body or len(data) < 6:
        raise GameError("code_damaged", "the code is damaged", reason="base64")
    if zlib.crc32(f"{letter}{digits}.".encode() + data[:-4]) != int.from_bytes(data[-4:], "big"):
        raise GameError("code_damaged", "the code is damaged", reason="crc")
    unpacker = zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(data[:-4], MAX_JSON + 1)
    except zlib.error:
        raise GameError("code_damaged", "the code is damaged", reason="inflate") from None
    if len(raw) > MAX_JSON:
        raise GameError("code_too_long", "far too long to be a code", limit=MAX_JSON)
    if not unpacker.eof or unpacker.unused_data:
        raise GameError("code_damaged", "the code is damaged", reason="inflate")
    try:
        text = raw.decode("utf-8")
    except ValueError:
        raise GameError("code_damaged", "the code is damaged", reason="json") from None
    if nesting(text, MAX_DEPTH) > MAX_DEPTH:
        raise GameError("code_invalid", "no code of this hall nests so deeply", where="nesting")
    try:
        value = json.loads(text)
    except ValueError:
        raise GameError("code_damaged", "the code is damaged", reason="json") from None
    return letter, version, value


def nesting(text: str, stop: float = float("inf")) -> int:
    """The deepest nesting of arrays and objects in a JSON text, without recursion (the
    parser's own would overflow first); it stops counting once past `stop`."""
    depth = deepest = 0
    quoted = escaped = False
    for ch in text:
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest
