"""The message catalogs: the hall's (site/i18n/<lang>.json) and each game's
(site/i18n/<game>/<lang>.json, keys starting "<game>."). Every language has every key English
has, with the same placeholders; every key the UI asks for and every engine error code has
an English text. Plain pytest, no browser.

Words in a game's own modules: `tg("key")` is the game's "<game>.key", `t("key")` the hall's."""

from __future__ import annotations

import json
import re
from fnmatch import fnmatch
from pathlib import Path

import pytest

from engine.core.game import GAMES

ROOT = Path(__file__).resolve().parents[3]
I18N = ROOT / "site" / "i18n"
JS = ROOT / "site" / "js"
LANGS = ("en", "es", "ru", "ar")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
CATALOGS = [None, *GAMES]   # None: the hall's own


def catalog(lang, game=None):
    path = I18N / game / f"{lang}.json" if game else I18N / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def texts(value):
    """A message's texts: its plural forms (not the "by" that names the number choosing one)."""
    return [v for k, v in value.items() if k != "by"] if isinstance(value, dict) else [value]


def placeholders(value):
    return {name for text in texts(value) for name in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("game", CATALOGS)
@pytest.mark.parametrize("lang", LANGS[1:])
def test_catalog_has_every_english_key_with_its_placeholders(lang, game):
    en, other = catalog("en", game), catalog(lang, game)
    missing = sorted(set(en) - set(other))
    assert not missing, f"{game or 'hall'}/{lang} misses {missing}"
    extra = sorted(set(other) - set(en))
    assert not extra, f"{game or 'hall'}/{lang} has keys English lacks: {extra}"
    wrong = {k: (sorted(placeholders(en[k])), sorted(placeholders(other[k])))
             for k in en if placeholders(en[k]) != placeholders(other[k])}
    assert not wrong, f"{game or 'hall'}/{lang} placeholders differ (en, {lang}): {wrong}"


@pytest.mark.parametrize("game", CATALOGS)
@pytest.mark.parametrize("lang", LANGS)
def test_texts_are_non_empty_and_plurals_have_other(lang, game):
    for key, value in catalog(lang, game).items():
        if game:
            assert key.startswith(f"{game}."), f"{game}/{lang}: {key} lacks the game's prefix"
        if isinstance(value, dict):
            assert "other" in value, f"{lang}:{key} plural forms need 'other'"
            assert set(value) <= {"zero", "one", "two", "few", "many", "other", "by"}, f"{lang}:{key}"
        for text in texts(value):
            assert isinstance(text, str) and text.strip(), f"{lang}:{key} is empty"


def keys_used(path: Path) -> tuple[set[str], set[str]]:
    """(the hall's keys, the game's keys without prefix) a module asks for by a literal."""
    source = path.read_text(encoding="utf-8")
    hall = set(re.findall(r"""\bt\(\s*"([a-z_.0-9-]+)\"""", source))
    hall |= set(re.findall(r"""text\("by-[a-z-]+",\s*"([a-z_.]+)"\)""", source))
    own = set(re.findall(r"""\b[tr]g\(\s*"([a-z_.0-9-]+)\"""", source))
    own |= set(re.findall(r"""line\(\s*(?:[^"]*\?\s*)?"(event\.[a-z_]+)\"""", source))
    own |= set(re.findall(r"""\["(results\.[a-z_]+)",""", source))
    return hall, own


def test_every_key_the_hall_uses_is_in_english():
    en = catalog("en")
    keys = set()
    for path in JS.rglob("*.js"):
        keys |= keys_used(path)[0]
    assert len(keys) > 100
    missing = sorted(k for k in keys if k not in en)
    assert not missing, f"en.json misses keys the hall uses: {missing}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_key_a_game_uses_is_in_its_english(game):
    en = catalog("en", game)
    keys = set()
    for path in (JS / "games" / game).rglob("*.js"):
        keys |= keys_used(path)[1]
    assert keys, f"site/js/games/{game} asks for no words of its own"
    missing = sorted(k for k in keys if f"{game}.{k}" not in en)
    assert not missing, f"{game}/en.json misses keys its table uses: {missing}"
    for key in ("name", "blurb"):
        assert f"game.{game}.{key}" in catalog("en"), f"the hall's catalog names the game: game.{game}.{key}"


def error_codes(folder: Path, pattern="*.py") -> set[str]:
    codes = set()
    for path in folder.rglob(pattern):
        codes |= set(re.findall(r"""GameError\(\s*"([a-z_]+)\"""", path.read_text(encoding="utf-8")))
        codes |= set(re.findall(r"""_error\(\s*"([a-z_]+)\"""", path.read_text(encoding="utf-8")))
    return codes


def test_every_error_code_has_a_message():
    en = catalog("en")
    shared = error_codes(ROOT / "engine" / "core") | error_codes(ROOT / "site" / "py")
    assert {"bad_action", "not_your_turn", "unknown_game", "game_not_loaded"} <= shared
    missing = sorted(c for c in shared if f"error.{c}" not in en)
    assert not missing, f"en.json has no message for the hall's errors {missing}"
    for game, entry in GAMES.items():
        own = catalog("en", game)
        codes = error_codes(ROOT / "engine" / entry.package.split(".")[1])
        assert codes, game
        missing = sorted(c for c in codes if f"error.{c}" not in en and f"{game}.error.{c}" not in own)
        assert not missing, f"no message for {game}'s errors {missing}"


# ---------------------------------------------------------------- "you" forms
# A message about a seat takes "<key>.you_<placeholder>" when that seat is the reader's (the
# shell's t() and rich(), site/js/shell/i18n.js): "You get a bonus" for "{player} gets a bonus".
SEAT_PLACEHOLDERS = {"player", "name", "who", "winner", "target", "by"}
YOU_FORM = re.compile(rf"^(.+)\.you_({'|'.join(SEAT_PLACEHOLDERS)})$")
# messages whose seat is never the reader's, so they need no "you" form
THIRD_PERSON = [
    # nobody's screen is shown: the lobby, the hot-seat curtain before a seat is revealed
    "lobby.finished_title", "error.duplicate_name", "error.lookalike_name", "curtain.*", "*.curtain.*",
    "stats.*",
    # seats that play from afar or are bots, named on the host's page and in invites
    "net.*", "live.*", "fair.*", "error.code_*", "error.seat_other_device", "error.fair_reveal_mismatch",
    "game.bot_turn", "game.remote_turn", "board.too_fast",
    # the name a message is written under (an identity, not a sentence about the seat)
    "board.write",
    # another seat decides while the reader waits
    "ekonos.expand.other_turn", "ekonos.wait.*", "grid.wait.turn",
    # spoken to the reader already; the seat named is another (or the reader's own name)
    "spy.day.*", "spy.confirm.*", "spy.private.look_*",
    # the president confirms in another seat's turn and hands it back to that seat
    "ekonos.confirm.text",
]


@pytest.mark.parametrize("game", CATALOGS)
@pytest.mark.parametrize("lang", LANGS)
def test_you_forms_match_their_message(lang, game):
    """A "you" form names a seat placeholder of its message, takes no placeholder the message
    lacks, and has plural forms when the message has."""
    texts_of = catalog(lang, game)
    for key, value in texts_of.items():
        m = YOU_FORM.match(key)
        if not m:
            continue
        base, seat = m.groups()
        assert base in texts_of, f"{lang}:{key} has no message {base}"
        assert seat in placeholders(texts_of[base]), f"{lang}:{key}: no seat {{{seat}}} in {base}"
        assert placeholders(value) <= placeholders(texts_of[base]), f"{lang}:{key}"
        assert isinstance(value, dict) == isinstance(texts_of[base], dict), f"{lang}:{key}: plural forms differ"


@pytest.mark.parametrize("game", CATALOGS)
def test_every_message_about_a_seat_speaks_to_its_reader(game):
    """Each message with a seat's name has the "you" form of that seat, or is one whose seat
    is never the reader's (THIRD_PERSON)."""
    en = catalog("en", game)
    missing = [f"{key}:{seat}" for key, value in en.items() if not YOU_FORM.match(key)
               for seat in sorted(placeholders(value) & SEAT_PLACEHOLDERS)
               if f"{key}.you_{seat}" not in en and not any(fnmatch(key, p) for p in THIRD_PERSON)]
    assert not missing, f"{game or 'hall'}: messages about a seat with no 'you' form: {missing}"
