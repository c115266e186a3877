"""What every game's browser tests share: the hall opened in a guarded page, screenshots for
people to look at (tests/site/screenshots/, git-ignored), the page fitting a phone's width,
and a new game started from the lobby with chosen seats and options."""

from __future__ import annotations

import base64
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import build

from .conftest import wait_started
from .still import Still, settle

SHOTS = Path(__file__).resolve().parent / "screenshots"
HALL_TIMEOUT = 120_000
EVIL = "<img src=x onerror=alert(1)>"


def open_hall(guard, site_server, width=1280, locale="en-US", context=None):
    """The hall, ready, in `context` or a warm context of its own (conftest.py, warm.py)."""
    context = context or guard.new_context(warm=True, viewport={"width": width, "height": 900}, locale=locale)
    page = context.new_page()
    page.on("dialog", lambda d: (guard.problems.append(f"unexpected dialog: {d.message}"), d.dismiss()))
    page.goto(site_server.url)
    wait_started(page)
    page.wait_for_function("document.documentElement.dataset.hall === 'ready'", timeout=HALL_TIMEOUT)
    # the lobby, a hosted game's table or a remote player's page, drawn
    page.wait_for_selector("#app > .lobby, #app > .game-top, #app > .play")
    settle(page)
    return page


def import_record(page, record, name="game.json"):
    """Import the game `record` (a dict) through the lobby's file input, as a saved file."""
    page.set_input_files("#by-import-file", {"name": name, "mimeType": "application/json",
                                             "buffer": json.dumps(record).encode()})


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def glyph_x(page, selector):
    """The left edge of each character of the element's text as drawn: {char: x}."""
    return page.evaluate("""(sel) => {
        // its first text node, wherever it sits (a compact amount wraps the figure in a span)
        const walk = document.createTreeWalker(document.querySelector(sel), NodeFilter.SHOW_TEXT);
        let node = walk.nextNode();
        while (node && !node.data.trim()) node = walk.nextNode();
        const out = {};
        for (let i = 0; i < node.data.length; i++) {
            const r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            const box = r.getBoundingClientRect();
            if (box.width) out[node.data[i]] = out[node.data[i]] ?? box.left;
        }
        return out;
    }""", selector)


def no_horizontal_overflow(page, inner=None):
    """The page is no wider than the screen; `inner` (a CSS selector) must fit its box too."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"page is {width}px wide"
    if inner:
        spill = page.evaluate("""(sel) => { const t = document.querySelector(sel);
            return t && t.offsetParent ? t.scrollWidth - t.parentElement.clientWidth : 0; }""", inner)
        assert spill <= 0, f"{inner} is {spill}px wider than its box"


def in_menu(page, act):
    """`act(page)` with the table's top-bar menu open (its occasional controls: the bots'
    pace, the hot-seat switch, "end this step now", How to play, Share and embed, Export
    record), closed again after unless `act` closed it (a button of it does)."""
    if page.get_attribute("#by-menu", "open") is None:
        page.click("#by-menu-open")
    page.wait_for_selector("#by-menu[open]")
    out = act(page)
    if page.locator("#by-menu[open]").count():
        page.click("#by-menu-open")
    return out


def set_pace(page, pace):
    """The bots' pace, chosen in the table's menu."""
    in_menu(page, lambda p: p.select_option("#by-bot-speed", pace))


def switch_seat(page, seat):
    """The hot-seat switch, in the table's menu: seat `seat`'s screen (behind its curtain)."""
    in_menu(page, lambda p: p.select_option("#by-seat-switch", str(seat)))


def pick_game(page, game):
    """Choose a game in the lobby's picker and wait for its options form."""
    if page.get_attribute("#by-new-game", "data-game") != game:
        page.check(f"input[name=game][value='{game}']", force=True)
        page.wait_for_selector(f"#by-new-game[data-game='{game}']")


def set_seats(page, seats):
    """seats: [(name, kind)] with kind "human", "remote" or a bot level."""
    rows = page.locator(".seat-row")
    while rows.count() < len(seats):
        page.click("#by-add-bot")
    while rows.count() > len(seats):
        rows.nth(rows.count() - 1).get_by_role("button").click()
    for i, (name, kind) in enumerate(seats):
        row = page.locator(".seat-row").nth(i)
        row.locator("input.seat-name").fill(name)
        row.locator("select.seat-kind").select_option(kind)


def start(page, game, seats, choices=()):
    """A new game of `game` from the lobby: `choices` are (option, value) radio buttons."""
    pick_game(page, game)
    for option, value in choices:
        page.check(f"input[name={option}][value='{value}']", force=True)
    set_seats(page, seats)
    page.click("#by-start")
    page.wait_for_selector(".game-top")


def field_step(page, field):
    """The engine's decision counter a game's field shows (`data-step`; None: no field shown)."""
    return page.evaluate("(sel) => { const f = document.querySelector(sel); return f ? f.dataset.step : null; }", field)


def act_on(page, click, field, timeout=HALL_TIMEOUT, rest=True):
    """Play by `click()` and wait until the table has moved past this decision (the field's
    step changed), or a curtain or the final screen shows, and the page is at rest (`rest`;
    else only no longer busy: a test that acts while bots play)."""
    before = field_step(page, field)
    click()
    done = "document.documentElement.dataset.settled" if rest else "!document.documentElement.dataset.busy"
    page.wait_for_function(
        f"""(before) => {{ const f = document.querySelector('{field}');
            return {done} && (document.querySelector('.final')
                || document.querySelector('#by-curtain') || (f && f.dataset.step !== before)); }}""",
        arg=before,
        timeout=timeout,
    )


def picture_rows(svg_text):
    """The text lines of a result's picture (site/js/hall/table/picture.js), top to bottom."""
    root = ET.fromstring(svg_text.split("?>", 1)[1])
    return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


def show_picture(guard, svg_text, name):
    """A result's picture alone, drawn as an image (as a chat or a forum shows the file): it
    draws at its width, and the screenshot `name` is for people to look at."""
    view = guard.new_context(viewport={"width": 660, "height": 400}).new_page()
    view.set_content("<body style='margin:0'><img id='pic' src='data:image/svg+xml;base64,"
                     + base64.b64encode(svg_text.encode()).decode() + "'></body>")
    view.wait_for_function("document.getElementById('pic').complete")
    assert view.evaluate("document.getElementById('pic').naturalWidth") == 640
    shot(view, name)


BLOCK_STORAGE = """
if (location.port === %r) {
  for (const name of ["localStorage", "sessionStorage", "indexedDB", "caches"]) {
    Object.defineProperty(window, name, {
      configurable: true, get() { throw new DOMException("blocked", "SecurityError"); } });
  }
}
"""


def parent_page(guard, tmp_path, site_server, src, width=300, locale="en-US"):
    """A page of another origin (localhost on another port: a wiki's) with the embedded frame
    `src` in an iframe `width` px wide, every storage blocked inside the frame; (page, frame
    locator, the parent's server: shut it down after)."""
    (tmp_path / "parent.html").write_text(
        f'<!doctype html><html lang="en"><body style="margin:0"><h1>A wiki page</h1>'
        f'<iframe id="by" src="{src}" style="width:{width}px;height:700px;border:0"></iframe></body></html>')
    server = build.start(tmp_path)
    port = str(site_server.server_address[1])
    context = guard.new_context(viewport={"width": 1000, "height": 900}, locale=locale)
    context.add_init_script(BLOCK_STORAGE % port)
    page = context.new_page()
    page.goto(f"http://localhost:{server.server_address[1]}/parent.html")
    frame = page.frame_locator("#by")
    return page, frame, server


def code_text(page, name):
    """The code (a link, an invitation, an answer) shown in the page's box `name`."""
    return page.locator(f"textarea[data-code='{name}']").input_value()


def embed_frame(page):
    """The embedded frame of a parent page (parent_page), as a Frame whose actions and reads wait
    until the frame's own page is at rest (the parent, a wiki's page, always is)."""
    return Still(next(f for f in page.frames if "embed.html" in f.url))
