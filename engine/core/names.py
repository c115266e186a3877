"""Player names: anything a person types, made safe to keep and show, and told apart the way
people tell them apart — by how they look.

`clean_name` is the name as kept and shown: control, format and bidi-control characters
(categories Cc, Cf, Cs: zero-width spaces and joiners, the bidi embeddings, overrides and
isolates, the soft hyphen, tag characters) are dropped, so nothing invisible hides in a name
or reorders the text around it; every run of spaces (and blank fillers) becomes one space.

`name_key` is what two names must not share: the clean name under NFKC (fullwidth "Ａｎｎ"
is "Ann"), without case, without variation selectors, and with the letters of other scripts
that are drawn like a Latin letter (Cyrillic "А", Greek "Ο") read as that letter. "Ann",
"ANN", "A\u200bnn", "Ａｎｎ" and Cyrillic "Аnn" share one key; the lobby, the session and
every record go through `check_players`, so the rule lives only here.
"""

import unicodedata

from .errors import GameError

MAX_NAME_LENGTH = 40
MAX_RAW_LENGTH = 400  # what is read at all: far more than 40 visible characters ever need

DROPPED = ("Cc", "Cf", "Cs")  # controls, format characters (zero-width, bidi), lone surrogates
# letters that draw nothing but are not in DROPPED: the combining grapheme joiner, Khmer's
# invisible vowels
INVISIBLE = {"\u034f", "\u17b4", "\u17b5"}
# characters drawn as an empty space though not spaces: the Hangul fillers, the blank braille cell
BLANKS = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}
# what changes a glyph's style, never the letter: variation selectors, Mongolian's free ones
STYLE = {chr(c) for c in [*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0), 0x180B, 0x180C, 0x180D, 0x180F]}

# letters of other scripts drawn like a Latin letter (after casefold, so each small letter
# stands for its capital too: Cyrillic "Н" folds to "н" and reads as "h")
LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "ë", "і": "i", "ї": "ï", "ј": "j", "к": "k",
    "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s",
    "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ү": "y",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ω": "w", "ϳ": "j",
    # Armenian, and Latin letters drawn like plainer ones
    "օ": "o", "ս": "u", "հ": "h", "ո": "n", "ı": "i", "ɑ": "a", "ɡ": "g",
})


def clean_name(name: str) -> str:
    """The name as kept and shown: nothing invisible, one space between words, none around."""
    kept = []
    for ch in name:
        if ch.isspace() or ch in BLANKS:
            kept.append(" ")
        elif unicodedata.category(ch) not in DROPPED and ch not in INVISIBLE:
            kept.append(ch)
    return " ".join("".join(kept).split())


def name_key(name: str) -> str:
    """What two players' names must not share: how the name looks, whatever its case,
    width, invisible characters or script of look-alike letters."""
    key = unicodedata.normalize("NFKC", clean_name(name)).casefold()
    key = "".join(ch for ch in unicodedata.normalize("NFKC", key) if ch not in STYLE)
    return " ".join(unicodedata.normalize("NFC", key.translate(LOOKALIKES)).split())


def check_name(name, where: str) -> str:
    """One player's name, cleaned: text of 1..40 characters once nothing invisible is left."""
    if not isinstance(name, str):
        raise GameError("bad_name", "a player name must be text", where=where)
    if len(name) > MAX_RAW_LENGTH:
        raise GameError("name_too_long", f"a player name has at most {MAX_NAME_LENGTH} characters",
                        where=where, name=name[:MAX_NAME_LENGTH], limit=MAX_NAME_LENGTH)
    clean = clean_name(name)
    if not clean:
        raise GameError("bad_name", "a player name needs a visible character", where=where)
    if len(clean) > MAX_NAME_LENGTH:
        raise GameError("name_too_long", f"a player name has at most {MAX_NAME_LENGTH} characters",
                        where=where, name=clean[:MAX_NAME_LENGTH], limit=MAX_NAME_LENGTH)
    return clean


def check_players(players) -> list[str]:
    """The players' names, cleaned, each looking different from every other."""
    if not isinstance(players, list) or not players:
        raise GameError("bad_players", "players must be a non-empty list of names", where="players")
    names, seen = [], {}
    for i, raw in enumerate(players):
        where = f"players[{i}]"
        name = check_name(raw, where)
        key = name_key(name)
        if key in seen:
            same = names[seen[key]]
            if same == name:
                raise GameError("duplicate_name", f"two players are called {name!r}", where=where, name=name)
            raise GameError("lookalike_name", f"{name!r} looks the same as {same!r}", where=where,
                            name=name, same=same)
        seen[key] = i
        names.append(name)
    return names
