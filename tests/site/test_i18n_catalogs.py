"""The message catalogs (site/i18n/*.json): every language has every key English has, with
the same placeholders; every key the UI asks for and every engine error code is in English.
Plain pytest, no browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "site" / "i18n"
LANGS = ("en", "es", "ru", "ar")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalog(lang):
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


def texts(value):
    return list(value.values()) if isinstance(value, dict) else [value]


def placeholders(value):
    return {name for text in texts(value) for name in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("lang", LANGS[1:])
def test_catalog_has_every_english_key_with_its_placeholders(lang):
    en, other = catalog("en"), catalog(lang)
    missing = sorted(set(en) - set(other))
    assert not missing, f"{lang}.json misses {missing}"
    extra = sorted(set(other) - set(en))
    assert not extra, f"{lang}.json has keys English lacks: {extra}"
    wrong = {k: (sorted(placeholders(en[k])), sorted(placeholders(other[k])))
             for k in en if placeholders(en[k]) != placeholders(other[k])}
    assert not wrong, f"{lang}.json placeholders differ (en, {lang}): {wrong}"


@pytest.mark.parametrize("lang", LANGS)
def test_texts_are_non_empty_and_plurals_have_other(lang):
    for key, value in catalog(lang).items():
        if isinstance(value, dict):
            assert "other" in value, f"{lang}:{key} plural forms need 'other'"
            assert set(value) <= {"zero", "one", "two", "few", "many", "other"}, f"{lang}:{key}"
        for text in texts(value):
            assert isinstance(text, str) and text.strip(), f"{lang}:{key} is empty"


def ui_keys():
    keys = set()
    for path in (ROOT / "site" / "js").glob("*.js"):
        source = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"""\bt\(\s*"([a-z_.0-9]+)\"""", source))
        keys |= set(re.findall(r"""line\(\s*(?:[^"]*\?\s*)?"(event\.[a-z_]+)\"""", source))
        keys |= set(re.findall(r"""\["(results\.[a-z_]+)",""", source))
        keys |= set(re.findall(r"""text\("by-[a-z-]+",\s*"([a-z_.]+)"\)""", source))
    return keys


def test_every_key_the_ui_uses_is_in_english():
    en = catalog("en")
    keys = ui_keys()
    assert len(keys) > 100
    missing = sorted(k for k in keys if k not in en)
    assert not missing, f"en.json misses keys the UI uses: {missing}"


def test_every_engine_error_code_has_a_message():
    codes = set()
    for path in (ROOT / "engine").rglob("*.py"):
        codes |= set(re.findall(r"""GameError\(\s*"([a-z_]+)\"""", path.read_text(encoding="utf-8")))
    for path in (ROOT / "site" / "py").glob("*.py"):  # the bridge's own codes
        codes |= set(re.findall(r"""_error\(\s*"([a-z_]+)\"""", path.read_text(encoding="utf-8")))
    assert {"negative_cash", "choices_incomplete", "no_human"} <= codes
    en = catalog("en")
    missing = sorted(c for c in codes if f"error.{c}" not in en)
    assert not missing, f"en.json has no message for engine errors {missing}"
