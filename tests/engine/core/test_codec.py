"""engine/core/codec.py: the save-string format shared with site/js/net/codec.js."""

import base64
import zlib

import pytest

from engine.core.codec import MAX_DEPTH, decode, encode, nesting
from engine.core.errors import GameError

# made by site/js/net/codec.js (CompressionStream): encode("o", 1, {a: 1, b: "x"})
FROM_BROWSER = "o1.q1ZKVLIy1FFKUrJSqlCqBQD3I_-9"


def code_of(text, kinds=None):
    with pytest.raises(GameError) as info:
        decode(text, kinds or {"o": 1})
    return info.value.code


def test_round_trip_and_browser_compatibility():
    value = {"a": 1, "text": "Ünïcödé ✓ عربي", "list": [1, 2], "n": None}
    s = encode("r", 1, value)
    assert decode(s, {"r": 1}) == ("r", 1, value)
    assert decode("https://example.org/#" + s[:9] + "\n " + s[9:], {"r": 1})[2] == value
    assert decode(FROM_BROWSER, {"o": 1}) == ("o", 1, {"a": 1, "b": "x"})


def test_refusals():
    s = FROM_BROWSER
    assert code_of(s, {"r": 1}) == "code_wrong_kind"
    assert code_of("o2." + s[3:]) == "code_newer_version"
    assert code_of("r1." + s[3:], {"r": 1}) == "code_damaged"          # relabelled: CRC
    assert code_of(s[:-3]) == "code_damaged"
    assert code_of(s[:-1] + ("B" if s[-1] == "A" else "A")) == "code_damaged"
    assert code_of(s[:-1] + "V") == "code_damaged"                     # non-canonical tail
    assert code_of("o1.a+b") == "code_damaged"
    assert code_of("  ") == "code_empty"
    assert code_of("hello") == "code_unknown_kind"
    assert code_of("o1." + "A" * 9000) == "code_too_long"
    for i in range(3, len(s)):
        for c in "AQg_-z":
            mutated = s[:i] + c + s[i + 1:]
            if mutated != s:
                assert code_of(mutated) in ("code_damaged", "code_too_long")



def encode_text(letter, version, text):
    """A save string around any JSON text (encode only takes a value)."""
    prefix = f"{letter}{version}.".encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode()) + packer.flush()
    body = packed + zlib.crc32(prefix + packed).to_bytes(4, "big")
    return prefix.decode() + base64.urlsafe_b64encode(body).decode().rstrip("=")


def test_deep_json_is_refused_before_it_is_parsed():
    """No link part of any game nests past 7 levels; a forgery nested thousands deep (it fits
    in 64 KiB) overflowed the parser's stack (issue 14)."""
    for depth in (MAX_DEPTH, 1000, 30_000):
        deep = encode_text("r", 2, '{"p":' + "[" * depth + "]" * depth + "}")
        assert code_of(deep, {"r": 2}) == "code_invalid"
    fine = {"p": [[[[[[[{"x": "[[[{{"}]]]]]]]}
    assert decode(encode("r", 2, fine), {"r": 2})[2] == fine
    assert nesting('{"a": "[[[", "b": [{"c": "\\"[["}]}') == 3
