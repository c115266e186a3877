"""The hall with a keyboard alone and with a touch screen 375 px wide: a round is played
from the lobby to the next round without a mouse."""

from __future__ import annotations

from ..hall import open_hall, set_seats, shot
from .helpers import no_horizontal_overflow, pick_card, round_number

MAX_TABS = 200  # a bound on Tab presses to reach a control, so a trap fails instead of hanging


def tab_to(page, selector: str, index: int | None = None):
    """Press Tab until the element matching the CSS selector (or its index-th match) has the
    focus: it must be reachable."""
    for _ in range(MAX_TABS):
        if page.evaluate("""([s, i]) => { const a = document.activeElement;
                return i === null ? !!a && a.matches(s) : document.querySelectorAll(s)[i] === a; }""",
                         [selector, index]):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} cannot be reached with the Tab key")


def focus_is_visible(page) -> bool:
    """The focused control draws an outline (the page's :focus-visible style)."""
    return page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0; }""")


def test_a_round_with_the_keyboard_alone(guard, site_server):
    page = open_hall(guard, site_server)
    set_seats(page, [("Kay", "human"), ("Ada", "easy")])  # the setup itself is tested below
    page.locator("body").focus()
    tab_to(page, "#by-start")
    assert focus_is_visible(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(".game-top")
    assert "1" in round_number(page)

    # the hand is a radio group with nothing chosen yet: Tab reaches its first card without
    # picking it, an arrow key moves on to the next card and picks it, and the focus stays
    # on the picked card
    tab_to(page, ".hand input[type=radio]")
    assert focus_is_visible(page)
    assert page.evaluate("[document.activeElement.value !== '', document.activeElement.checked]") == [True, False]
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.activeElement.matches('.hand input[type=radio]') "
                           "&& document.activeElement.value !== '' && document.activeElement.checked")
    chooser = page.locator("#broker-chooser")
    chooser.wait_for()
    if chooser.locator("input[name=other]").count():
        tab_to(page, "#broker-chooser input[name=other]")
        page.keyboard.press("Space")
    for i in range(chooser.locator("select").count()):
        tab_to(page, "#broker-chooser select", i)
        for _ in range(i + 1):  # -10, -20, -30 in order, by the arrow keys
            page.keyboard.press("ArrowDown")
    assert page.is_enabled("#broker-save")

    # a trade by keyboard: sell one share of the first colour with the minus button
    tab_to(page, ".trade-row button", 0)
    page.keyboard.press("Enter")
    assert page.locator("input.trade-input").first.input_value() == "-1"

    tab_to(page, "#broker-save")
    before = round_number(page)
    # the next round opens with the person typing an amount (focused in the same task as the
    # round's drawing, before the bot's quiet move 300 ms later): the bot's move does not
    # redraw the table under the typing, yet the log's "now" list says at once it is ready
    page.raw.evaluate("""(t) => new MutationObserver((_, seen) => {
        const title = document.querySelector('.game-top h2'), box = document.querySelector('input.trade-input');
        if (title && title.textContent !== t && box) { box.focus(); seen.disconnect(); }
      }).observe(document.body, { childList: true, subtree: true, characterData: true })""", before)
    page.keyboard.press("Enter")
    page.wait_for_function("(t) => document.querySelector('.game-top h2').textContent !== t", arg=before)
    assert "2" in round_number(page)
    assert page.evaluate("document.activeElement.matches('input.trade-input')")
    assert "Ada is ready" in page.text_content("#by-log .log-now")


def test_a_round_on_a_touch_screen(guard, site_server):
    context = guard.new_context(viewport={"width": 375, "height": 740}, has_touch=True,
                                is_mobile=True, device_scale_factor=2, locale="en-US")
    page = open_hall(guard, site_server, context=context)
    no_horizontal_overflow(page)
    set_seats(page, [("Tia", "human"), ("Ada", "easy")])
    page.tap("#by-start")
    page.wait_for_selector(".game-top")
    no_horizontal_overflow(page)
    pick_card(page, tap=True)
    # controls are large enough to hit with a finger (44 CSS px is the common guideline);
    # measured at one moment (a bot's quiet move may redraw the table between two reads)
    boxes = page.evaluate("""(sels) => sels.map((s) => {
        const r = document.querySelector(s).getBoundingClientRect(); return [s, r.width, r.height]; })""",
                          ["#broker-save", ".trade-row button", ".hand-card"])
    for selector, width, height in boxes:
        assert height >= 40 and width >= 40, f"{selector} is {width} x {height}"
    shot(page, "field-375-touch")
    before = round_number(page)
    page.tap("#broker-save")
    page.wait_for_function("(t) => document.querySelector('.game-top h2').textContent !== t", arg=before)
    assert "2" in round_number(page)
