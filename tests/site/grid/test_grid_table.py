"""The grid table as a player reads it (issue 30), from a recorded game opened where Ann
builds in round 3 (tests/fixtures/grid/ui-upgrade.json), in Russian at 1280 px and in Arabic
at 375 px on one page: places named in the player's language, a log that reads newest first
throughout, a map at least 700 px wide where the field allows with no name over another, tap
targets of 44 px on a phone, true previews, an upgrade taken back within the turn, the
power phase's choice of cities in Arabic, and what a player left with no money can still do. Screenshots go to
tests/site/screenshots/grid/."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.core.game import get_game
from engine.core.record import to_record
from engine.sim.play import play_out

from ..hall import SHOTS, import_record, no_horizontal_overflow, open_hall, shot
from .helpers import act
from .test_grid_hall import FIXTURES, FIELD

SITE_I18N = Path(__file__).resolve().parents[3] / "site" / "i18n"
NUMBER = re.compile(r"\d+")
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


OVERLAPS = """() => {
    // every pair of the map's names (cities, regions, their loads) drawn over each other, and
    // city names over a city's dot or a line's cost: [name, name or mark] (boxes as drawn,
    // 1 px slack). A region's name, drawn faint under the network as maps do, may pass under
    // lines, and a target's cost badge (building) over a name.
    const box = (el) => el.getBoundingClientRect();
    const map = 'svg.grid-map ';
    const names = [...document.querySelectorAll(
        `${map}.city-label, ${map}.region-label, ${map}.region-load`)];
    const marks = [...document.querySelectorAll(`${map}.city-dot, ${map}.link-cost circle`)];
    const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const out = [];
    names.forEach((a, i) => names.slice(i + 1).forEach((b) => {
        if (hit(box(a), box(b))) out.push([a.textContent, b.textContent]);
    }));
    for (const a of names.filter((n) => n.classList.contains('city-label')))
        for (const m of marks)
            if (m.closest('.city') !== a.closest('.city') && hit(box(a), box(m))) out.push([a.textContent, m.tagName]);
    return out;
}"""


def small_targets(page, selector):
    """The elements of `selector` shown narrower or lower than a finger's 44 px."""
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].filter((el) => el.offsetParent)
        .map((el) => [el.id || el.className.baseVal || el.className, el.getBoundingClientRect()])
        .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
        .map(([n, r]) => `${n} ${r.width}x${r.height}`)""", selector)


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
    # the layout: the map at least 700 px wide, no name over another, the list of cities to
    # build in with every name on one line
    assert page.locator("svg.grid-map").bounding_box()["width"] >= 700
    assert page.evaluate(OVERLAPS) == []
    wrapped = page.evaluate("""() => [...document.querySelectorAll('#grid-targets .city-name')]
        .filter((el) => el.getClientRects().length > 1).map((el) => el.textContent)""")
    assert page.locator("#grid-targets .city-name").count() > 5 and wrapped == []
    no_horizontal_overflow(page)
    shot(page, "grid/table-1280-ru")
    page.locator(".map-card").screenshot(path=str(SHOTS / "grid" / "map-1280-ru.png"))

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

    # previews that tell the truth: a plant built now holds no fuel and idles this round
    # (said before it is built), a line with its substation priced as line + 5 = its button
    page.click("#by-tab-table")
    page.check("input[name=grid-filter][value=plant]", force=True)
    page.locator("#grid-targets .target-item").first.click()
    plant = page.locator("#grid-proposal [data-kind=plant]").first
    plant.locator(".outlook").wait_for()
    assert "Простаивают в этом раунде (нет топлива): 10" in plant.inner_text()
    page.check("input[name=grid-filter][value=line]", force=True)
    page.locator("#grid-targets .target-item").first.click()
    line = page.locator("#grid-proposal [data-kind=line]").first
    line.locator(".outlook").wait_for()
    cost, sub, total = NUMBER.findall(line.locator("p.small", has_text="+").inner_text())[:3]
    button = line.locator("[data-action=line]").inner_text()
    assert int(cost) + int(sub) == int(total) == int(NUMBER.findall(button)[-1])
    assert "После этого" in line.inner_text()
    shot(page, "grid/line-preview-1280-ru")

    # undo within the turn: an upgrade (free) taken back with the top bar's button
    step = page.get_attribute(FIELD, "data-step")
    act(page, lambda: page.locator(".upgrades .upgrade-row[data-plant='4'] [data-action=upgrade]").click())
    assert page.locator(".upgrades .upgrade-row[data-plant='4']").count() == 0
    page.click("#by-undo")
    page.wait_for_function("(s) => document.querySelector('#by-panel .grid-field').dataset.step === s", arg=step)
    assert page.locator(".upgrades .upgrade-row[data-plant='4']").count() == 1
    assert page.locator("#by-undo").count() == 0

    page.click("#by-lobby")
    page.set_viewport_size({"width": 375, "height": 800})
    open_record(page, "ar")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    names_on_the_map(page, ARABIC)
    assert page.evaluate(OVERLAPS) == []
    no_horizontal_overflow(page)
    # a finger's 44 px: the zoom buttons, the list of cities, and a city once a tap zoomed in
    assert small_targets(page, ".map-zoom .btn, #grid-targets .target-item, #grid-done") == []
    svg = page.locator("svg.grid-map")
    svg.scroll_into_view_if_needed()
    target = page.locator("svg.grid-map .city.target").first
    dot = target.locator(".city-dot").bounding_box()
    page.mouse.click(dot["x"] + dot["width"] / 2, dot["y"] + dot["height"] / 2)
    assert small_targets(page, f"svg.grid-map .city[data-city='{target.get_attribute('data-city')}'] .city-hit") == []
    shot(page, "grid/table-375-ar")
    blocks = log_blocks(page)
    assert len(blocks) == 2
    no_horizontal_overflow(page)
    shot(page, "grid/log-375-ar")

    # the power phase: the player chooses the cities, the best choice preselected with its
    # income (a recorded hot-seat game stopped where Ann chooses)
    page.click("#by-lobby")
    page.set_input_files("#by-import-file", str(FIXTURES / "ui-power-hot.json"))
    item = page.locator("#by-running .game-item", has_text="2")
    item.nth(0).wait_for()
    page.locator("#by-running .game-item").nth(0).locator("[data-open]").click()
    page.click("#by-tab-table")
    page.wait_for_selector(f"{FIELD}[data-acting='1'][data-phase='power']")
    cities = page.locator("#grid-cities input[type=checkbox]")
    assert cities.count() >= 1 and page.locator("#grid-cities input:checked").count() >= 1
    assert page.locator("#grid-preview table.income-table tbody tr").count() >= 1
    names_on_the_map(page, ARABIC)
    no_horizontal_overflow(page)
    shot(page, "grid/power-375-ar")

    # no silent dead end: Ann (a weak player's moves, seed 1) has no Elektro left in round 7,
    # her plants idle; her row says plainly what she can still do (here nothing) and that
    # the game ends by itself when nobody makes progress
    grid = get_game("grid")
    state = grid.new_game({}, ["Ann", "Ada", "Boris"], 1)
    play_out(grid, state, ["easy", "normal", "normal"], "z",
             stop=lambda s: s["seats"][0]["cash"] == 0 and 0 in grid.to_act(s)["seats"])
    outlook = grid.view(state, 0)["outlook"]
    assert outlook["cash"] == 0 and outlook["can"] == [] and outlook["stall"] == 3
    bots = [{"kind": "bot", "level": "normal"}] * 2
    page.click("#by-lobby")
    import_record(page, to_record(state, {"seats": [{"kind": "human"}, *bots]}), "zero.json")
    page.locator("#by-running .game-item").first.locator("[data-open]").click()
    page.click("#by-tab-table")
    note = page.locator("#grid-zero p")
    note.first.wait_for()
    words = json.loads((SITE_I18N / "grid" / "ar.json").read_text())
    said = note.all_inner_texts()
    assert said[0] == words["grid.outlook.zero"]
    before, after = words["grid.outlook.can_nothing"]["few"].split("{count}")  # 3 rounds
    assert len(said) == 2 and said[1].startswith(before) and said[1].endswith(after), said
    no_horizontal_overflow(page)
    shot(page, "grid/zero-375-ar")
