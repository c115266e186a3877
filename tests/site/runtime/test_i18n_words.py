"""Words as a native speaker writes them (issue 27, item 5), over every catalog: the rules that
can be checked by reading the JSON (and, for lists, the JavaScript that joins words).

- A counted noun takes the language's plural forms: a plural object has every form CLDR gives
  the language for whole numbers, and a number followed by a word (a noun: "{count} игроков")
  is a plural object chosen by that number (`{count}`, or the placeholder its "by" names).
- No gender is guessed with "(а)" / "(a)": a sentence is written so any name reads right.
- A name is not put into a grammatical case (Russian: no name straight after a preposition,
  "для {name}"; "для игрока {name}" reads right for any name).
- The game's log, the history bar and a game's record file are three different words.
- In right-to-left text a game's foreign name keeps its direction (an isolate in the catalog),
  every isolate is closed, and a list is joined in the language's pattern (Intl.ListFormat,
  `list` in site/js/shell/i18n.js), never with a hard-coded ", ".
Plain pytest, no browser."""

from __future__ import annotations

import re

import pytest

from .test_i18n_catalogs import CATALOGS, JS, LANGS, PLACEHOLDER, catalog, texts

# CLDR's plural categories for whole numbers (Intl.PluralRules: Russian 1, 21 one; 2-4 few;
# 0, 5-20 many; Arabic 0 zero, 1 one, 2 two, 3-10 few, 11-99 many, 100-102 other), the forms a
# counted noun needs; "other" is always there (the fallback, and fractions).
INTEGER_FORMS = {
    "en": {"one", "other"},
    "es": {"one", "other"},  # "many" (a million) may be added
    "ru": {"one", "few", "many", "other"},
    "ar": {"zero", "one", "two", "few", "many", "other"},
}
CLDR_FORMS = {"en": {"one", "other"}, "es": {"one", "many", "other"}, "ru": {"one", "few", "many", "other"},
              "ar": {"zero", "one", "two", "few", "many", "other"}}

# placeholders that always carry a number of things (besides {count} and any "by")
COUNTS = {"count", "actions", "cards", "coins", "cycles", "games", "limit", "max", "min", "maximum",
          "minimum", "minutes", "moves", "needed", "place", "players", "rounds", "score", "selling", "sent",
          "living", "spies", "total", "available", "held", "room", "capacity", "used", "posted",
          "done", "zeros"}
# words after a number that are not a counted noun: "{done} of {total}", "{max} على الأكثر", units,
# mass nouns ("burns {count} coal")
NOT_NOUNS = {
    "en": {"of", "to", "and", "or", "more", "in", "on", "at", "with", "is", "are", "Elektro", "min", "coal"},
    "es": {"de", "del", "a", "y", "o", "más", "en", "con", "Elektro", "min"},
    "ru": {"из", "до", "и", "или", "в", "на", "по", "с", "Электро", "мин"},
    "ar": {"من", "إلى", "على", "و", "في", "أو", "مع", "فقط", "إلكترو"},
}
WORD_AFTER = re.compile(r"\{(\w+)\} ?([^\W\d_][\w-]*)")

NAMES = {"name", "names", "who", "target", "winner", "player", "by", "company", "city", "space", "region"}
RU_PREPOSITIONS = ("для", "за", "у", "к", "ко", "с", "со", "от", "о", "об", "обо", "по", "без", "про", "через",
                   "при", "над", "под", "на", "в", "во", "из", "до", "перед", "после", "между", "против")
RU_DECLINED = re.compile(rf"(?<![\w-])(?:{'|'.join(RU_PREPOSITIONS)})\s+«?\{{(?:{'|'.join(NAMES)})\}}", re.I)
GENDER_GUESS = re.compile(r"\w\((?:а|ла|ло|и|a|o|as|os|e|ة)\)|\w/(?:а|ла|a|o|as)\b")

ISOLATE_OPEN, PDI = "\u2066\u2067\u2068", "\u2069"
ARABIC = re.compile(r"[\u0600-\u06ff]")


def messages(lang, game):
    """(key, value) of a catalog, plural objects as they are."""
    return catalog(lang, game).items()


def plural_by(value):
    """The placeholder whose number chooses a plural object's form."""
    return value.get("by", "count")


@pytest.mark.parametrize("game", CATALOGS)
@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_the_languages_own(lang, game):
    """Every plural object has the language's forms for whole numbers, no form the language
    lacks, and chooses by a number its texts show."""
    en = catalog("en", game)
    for key, value in messages(lang, game):
        if not isinstance(value, dict):
            continue
        forms = set(value) - {"by"}
        assert INTEGER_FORMS[lang] <= forms, f"{lang}:{key} lacks the forms {sorted(INTEGER_FORMS[lang] - forms)}"
        assert forms <= CLDR_FORMS[lang], f"{lang}:{key} has forms {lang} lacks: {sorted(forms - CLDR_FORMS[lang])}"
        by = plural_by(value)
        shown = {p for text in texts(value) for p in PLACEHOLDER.findall(text)}
        assert by in shown or by == "count", f"{lang}:{key} chooses by {{{by}}}, which none of its texts shows"
        if isinstance(en.get(key), dict):
            assert by == plural_by(en[key]), f"{lang}:{key} chooses by {{{by}}}, English by {{{plural_by(en[key])}}}"


@pytest.mark.parametrize("game", CATALOGS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_counted_noun_has_plural_forms(lang, game):
    """A number followed by a noun ("{count} монет", "{max} seats") agrees with it: the message is
    a plural object chosen by that number."""
    wrong = []
    for key, value in messages(lang, game):
        by = plural_by(value) if isinstance(value, dict) else None
        for text in texts(value):
            for number, word in WORD_AFTER.findall(text):
                if (number in COUNTS or number == by) and word not in NOT_NOUNS[lang] and number != by:
                    wrong.append(f"{key}: {{{number}}} {word}")
    assert not wrong, f"{game or 'hall'}/{lang}: a counted noun without plural forms chosen by its number: {wrong}"


@pytest.mark.parametrize("game", CATALOGS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_gender_is_guessed(lang, game):
    """No "сыграл(а)", "listo/a": the sentence is written so that any player reads right."""
    wrong = [f"{key}: {text}" for key, value in messages(lang, game) for text in texts(value)
             if GENDER_GUESS.search(text)]
    assert not wrong, f"{game or 'hall'}/{lang}: {wrong}"


@pytest.mark.parametrize("game", CATALOGS)
def test_russian_names_stay_in_the_nominative(game):
    """A name after a Russian preposition would need a case it cannot take ("для Аня", "у
    Дельта"): a noun that declines stands between ("для игрока {name}", "у компании «{company}»")."""
    wrong = [f"{key}: {text}" for key, value in messages("ru", game) for text in texts(value)
             if RU_DECLINED.search(text)]
    assert not wrong, f"{game or 'hall'}/ru: {wrong}"


def words(text):
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", text)} - {"the", "game", "del", "las", "los", "игры"}


@pytest.mark.parametrize("lang", LANGS)
def test_log_history_and_record_are_different_words(lang):
    """The game's log (what happened, in sentences), the history bar (steps to look back at)
    and the record file (the moves, exported) never share a word."""
    hall = catalog(lang)
    logs = [hall["log.title"]]
    for game in CATALOGS[1:]:
        own, en = catalog(lang, game), catalog("en", game)
        logs += [own[k] for k in (f"{game}.tab.log", f"{game}.log.title") if "log" in en.get(k, "").lower()]
        # a game's "<game>.<key>" replaces the hall's text while it is open: not the bar's name
        assert f"{game}.history.title" not in own, f"{game}/{lang} renames the history bar"
    history, record = hall["history.title"], hall["lobby.export"]
    for log in logs:
        assert not words(log) & words(history), f"{lang}: log “{log}” and history “{history}”"
        assert not words(log) & words(record), f"{lang}: log “{log}” and record “{record}”"
    assert not words(history) & words(record), f"{lang}: history “{history}” and record “{record}”"


@pytest.mark.parametrize("game", CATALOGS)
def test_right_to_left_isolates(game):
    """Arabic text: a game's name in another script is an isolate of its own (so "¿Quién es el
    Espía?" keeps its marks), and every isolate opened is closed."""
    for key, value in messages("ar", game):
        for text in texts(value):
            depth = 0
            for ch in text:
                depth += ch in ISOLATE_OPEN
                depth -= ch == PDI
                assert depth >= 0, f"ar:{key} closes an isolate it did not open"
            assert depth == 0, f"ar:{key} leaves an isolate open"
        if re.fullmatch(r"game\.[\w-]+\.name", key) and not ARABIC.search(value):
            assert value[0] in ISOLATE_OPEN and value[-1] == PDI, f"ar:{key} “{value}” is not an isolate"


def test_lists_are_joined_in_the_languages_pattern():
    """Words are listed with Intl.ListFormat (`list`, `richList`), not with a comma in code
    (`.join(", ")`, `i ? ", " : ""`)."""
    joined = re.compile(r"""\.join\(\s*(?:["'`], ["'`]|tg?\(["'][\w.]*sep)|\?\s*["'`], ["'`]\s*:""")
    wrong = [f"{path.relative_to(JS)}:{n}" for path in JS.rglob("*.js")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if joined.search(line)]
    assert not wrong, f"lists joined by hand: {wrong}"
