"""The screens the hall's frame draws around every game, in English, Spanish, Russian and
Arabic at 375 and 1280 px: the lobby, a table's top bar with its menu open, the game log's
drawer, the hot-seat curtain and the final screen. Every button reaches WCAG AA contrast
(tests/site/contrast.py), and nothing is wider than the page, drawn over something else, or
broken inside a word (tests/site/fold.py). One page goes through the languages (the page's
own language menu); a screenshot of each screen, size and language goes to
tests/site/screenshots/frame/."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.record import replay as replay_record, to_record

from .contrast import contrasts
from .fold import measure, problems
from .hall import SHOTS, import_record, open_hall, start

LANGUAGES = ("en", "es", "ru", "ar")
SIZES = ((375, 740), (1280, 800))
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FINISHED = FIXTURES / "broker-yard" / "games" / "classic-3-3plus5-trump.record.json"


def look(page, screen, lang, failures, before=None):
    """Both sizes of the page as it is (`before(page)` once the size is set: a menu opened)."""
    (SHOTS / "frame").mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # a table is laid out again for a new width (data-width); the other pages by CSS alone
        page.wait_for_function("(w) => !document.querySelector('#app > .game-top')"
                               " || document.getElementById('app').dataset.width === String(w)", arg=width)
        if before:
            before(page)
        page.screenshot(path=str(SHOTS / "frame" / f"{screen}-{width}-{lang}.png"))
        where = f"{screen} {width}px {lang}"
        failures += [f"{where}: {line}" for line in problems(measure(page))]
        failures += [f"{where}: {c['text']!r} #{c['id']} {c['ratio']}:1 {c['fg']} on {c['bg']} < {c['need']}:1"
                     for c in contrasts(page) if c["ratio"] < c["need"]]
    page.set_viewport_size({"width": 1280, "height": 800})


def open_menu(page):
    if page.get_attribute("#by-menu", "open") is None:
        page.click("#by-menu-open")
    page.wait_for_selector("#by-menu[open] #by-howto-open")


def open_log(page):
    if page.locator("#by-log-toggle:visible").count() and page.get_attribute("#by-log", "open") is None:
        page.click("#by-log-toggle")
    page.wait_for_selector("#by-log[open]")


def test_frame_in_four_languages_at_two_widths(guard, site_server):
    page = open_hall(guard, site_server)
    # a finished game in the archive, for the final screen
    _, state = replay_record(json.loads(FINISHED.read_text()))
    record = to_record(state, {"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"},
                                         {"kind": "bot", "level": "easy"}]})
    import_record(page, record, "finished.json")
    page.wait_for_selector("#by-archive .game-item [data-open]")
    # "The game was imported." shows for 4 s over the lobby's foot, so whether a look meets it
    # would depend on the machine's pace: it is tapped away, as a player does
    page.evaluate("document.querySelectorAll('#by-notices .notice').forEach((n) => n.click())")
    # a hot-seat game: its curtain, then a seat's table
    page.evaluate("localStorage.setItem('by.v1.botSpeed', JSON.stringify('paused'))")
    start(page, "broker-yard", [("Ann", "human"), ("Bob", "human"), ("Ada", "easy")], [("deal", "3+5")])
    page.wait_for_selector("#by-curtain")
    game = page.evaluate("JSON.parse(localStorage.getItem('by.v1.games'))[0]")
    failures = []
    for lang in LANGUAGES:
        page.select_option("#by-lang", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        if page.locator("#by-lobby:visible").count():
            page.click("#by-lobby")
        page.wait_for_selector("#app > .lobby")
        look(page, "lobby", lang, failures)
        page.locator(f".game-item[data-game='{game}'] [data-open]").click()
        page.wait_for_selector("#by-curtain")
        look(page, "curtain", lang, failures)
        page.click("#by-reveal")
        page.wait_for_selector("#broker-orders")
        look(page, "table", lang, failures)
        look(page, "menu", lang, failures, before=open_menu)
        page.keyboard.press("Escape")
        look(page, "log", lang, failures, before=open_log)
        page.click("#by-lobby")
        page.locator("#by-archive .game-item [data-open]").first.click()
        page.wait_for_selector(".final")
        look(page, "final", lang, failures)
        # back behind the curtain for the next language
        page.click("#by-lobby")
        page.locator(f".game-item[data-game='{game}'] [data-open]").click()
        page.wait_for_selector(".game-top")
        if not page.locator("#by-curtain").count():
            open_menu(page)
            page.select_option("#by-seat-switch", "1")
            page.wait_for_selector("#by-curtain")
    assert not failures, "\n  ".join(["the frame:", *dict.fromkeys(failures)])
