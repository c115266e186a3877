"""The grid table as a player reads it (issue 30), from a recorded game opened where Ann
builds in round 3 (tests/fixtures/grid/ui-upgrade.json), in Russian at 1280 px and in Arabic
at 375 px on one page: places named in the player's language, a log that reads newest first
throughout. Screenshots go to tests/site/screenshots/grid/."""

from __future__ import annotations

import re

from ..hall import no_horizontal_overflow, open_hall, shot
from .test_grid_hall import FIXTURES, FIELD

CYRILLIC = re.compile(r"^[\u0400-\u04ff -]+$")
ARABIC = re.compile(r"^[\u0600-\u06ff -]+$")


def open_record(page, lang):
    """The lobby in `lang`, the record imported (once) and opened at Ann's building step."""
    page.select_option("#by-lang", lang)
    if not page.locator("#by-running .game-item").count():
        page.set_input_files("#by-import-file", str(FIXTURES / "ui-upgrade.json"))
    item = page.locator("#by-running .game-item").first
    item.wait_for()
    item.locator("[data-open]").click()
    page.click("#by-tab-table")  # the table remembers the tab last shown
    page.wait_for_selector(f"{FIELD}[data-acting='1'][data-phase='building']")


def names_on_the_map(page, script):
    labels = page.locator("svg.grid-map .city-label").all_text_contents()
    regions = page.locator("svg.grid-map .region-label").all_text_contents()
    assert len(labels) == 42 and len(regions) == 6
    assert all(script.match(x) for x in labels + regions), labels + regions


def log_blocks(page):
    """The log tab's rounds as shown, top first: [(heading, [line, ...])]."""
    page.click("#by-tab-log")
    page.wait_for_selector(".grid-log h4")
    return page.evaluate("""() => [...document.querySelectorAll('.grid-log h4')].map((h) =>
        [h.textContent, [...h.nextElementSibling.querySelectorAll(':scope > li')].map((li) => li.innerText)])""")


def test_places_in_the_players_language_and_a_log_newest_first(guard, site_server):
    page = open_hall(guard, site_server, width=1280)
    open_record(page, "ru")
    names_on_the_map(page, CYRILLIC)
    assert "Морроу" in page.locator("svg.grid-map .city-label").all_text_contents()
    shot(page, "grid/table-1280-ru")

    # the log: round 3 on top, and the new round's lines from the settle under round 3
    blocks = log_blocks(page)
    assert [b[0] for b in blocks] == ["Раунд 3", "Раунд 2"]
    (_, newer), (_, older) = blocks
    assert not any("Раунд 3" in line for line in older), older
    # newest first, line by line: the building phase began last, so it is on top
    lines = [line for block in newer for line in block.split("\n")]
    began = [line for line in lines if line.startswith("Раунд 3:")]
    assert began == ["Раунд 3: Строительство.", "Раунд 3: Покупка ресурсов.", "Раунд 3: Аукцион станций."], lines
    assert "Сначала новое" in page.inner_text(".grid-log")
    shot(page, "grid/log-1280-ru")

    page.click("#by-lobby")
    page.set_viewport_size({"width": 375, "height": 800})
    open_record(page, "ar")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    names_on_the_map(page, ARABIC)
    no_horizontal_overflow(page)
    shot(page, "grid/table-375-ar")
    blocks = log_blocks(page)
    assert len(blocks) == 2
    no_horizontal_overflow(page)
    shot(page, "grid/log-375-ar")
