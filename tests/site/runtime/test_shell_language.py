"""The page shell speaks the player's language before Python is up, and its error screen
too: the catalog's texts replace the English written in index.html."""

from __future__ import annotations

import json
from pathlib import Path

from ..conftest import wait_started
from ..hall import open_hall, start

CATALOGS = Path(__file__).resolve().parents[3] / "site" / "i18n"


def catalog(code):
    return json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))


def test_loading_shell_in_spanish_and_arabic(guard, site_server):
    for locale, code, direction in (("es-ES", "es", "ltr"), ("ar", "ar", "rtl")):
        context = guard.new_context(locale=locale)
        page = context.new_page()
        page.goto(site_server.url)
        text = catalog(code)["shell.loading"]
        page.wait_for_function("(t) => document.getElementById('by-loading-text').textContent === t",
                               arg=text)
        assert page.evaluate("document.documentElement.dir") == direction
        wait_started(page)
        context.close()


def test_error_screen_in_russian(guard, broken_engine_server):
    guard.allow_console(r"Failed to load resource|not a zip|BadZipFile|unpack")
    page = guard.new_page(service_workers="block", locale="ru-RU")
    page.goto(broken_engine_server.url)
    wait_started(page, expect="failed")
    ru = catalog("ru")
    page.wait_for_function("(t) => document.querySelector('#by-error h2').textContent === t",
                           arg=ru["shell.error_title"])
    message = page.text_content("#by-error-message")
    assert message in (ru["shell.error_generic"], ru["shell.error_engine"])
    assert page.text_content("#by-retry") == ru["shell.retry"]


def test_the_page_names_the_game_shown(guard, site_server):
    """The window's title and the table's top bar say which game is open (an Ekonos link does
    not open on a page titled with another game's name); the header always names the hall, in
    the chosen language."""
    page = open_hall(guard, site_server)
    en, ar = catalog("en"), catalog("ar")
    assert page.inner_text(".by-title") == en["app.title"]
    start(page, "ekonos", [("Ana", "human"), ("Ada", "easy"), ("Boris", "easy")])
    name = en["game.ekonos.name"]
    assert page.inner_text("#by-game-name") == name
    assert page.inner_text(".by-title") == en["app.title"]
    assert page.title() == f"{name} — {en['app.title']}"
    page.select_option("#by-lang", "ar")
    page.wait_for_function("(t) => document.title === t", arg=f"{ar['game.ekonos.name']} — {ar['app.title']}")
    assert page.inner_text("#by-game-name") == ar["game.ekonos.name"]
    assert page.inner_text(".by-title") == ar["app.title"]
    page.click("#by-lobby")
    page.wait_for_function("(t) => document.title === t", arg=f"{ar['app.title']} — {ar['nav.lobby']}")
    assert page.inner_text(".by-title") == ar["app.title"]
