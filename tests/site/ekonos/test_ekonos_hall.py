"""Ekonos through the hall in a real browser: one human and three bots play a whole game to
the final screen (a card played for its top on a space lit on the map, for a bottom
company, shares bought and sold, an expansion when Ann presides; the log; the score broken
down); hot-seat from a recorded game where Bob, president of Gamma, decides in the middle
of Ann's turn (a curtain before each person's hand, none between one person's steps); a
phone in Arabic played by keyboard and taps. Screenshots go to tests/site/screenshots/.

Rules are tested in tests/engine/ekonos; these drive the page only. The bots' pace is
instant; the whole game's duration is printed (the CI budget).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ..conftest import wait_started
from ..hall import SHOTS, no_horizontal_overflow, open_hall, set_pace, shot
from .helpers import FIELD, WAIT, act, my_turn, quick_turn, start_game, step

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ekonos"


def play_top_on_map(page):
    """The first card for its top: the legal spaces light up on the map; one is clicked."""
    page.locator(".ek-hand button.ek-card").first.click()
    if page.is_disabled("#ek-use-top"):
        return None
    page.click("#ek-use-top")
    targets = page.locator("svg.ek-map .space.target")
    assert targets.count() == page.locator("#ek-spaces .space-choice").count() > 0
    target = targets.first
    space = target.get_attribute("data-space")
    protect = "target-protect" in target.get_attribute("class")
    act(page, lambda: target.click())
    tile = page.locator(f"svg.ek-map .space[data-space='{space}']")
    assert tile.get_attribute("data-company")
    if protect:
        assert tile.get_attribute("data-protected") == "1"
    return space


@pytest.mark.long
def test_solo_game_against_three_bots_to_the_end(guard, site_server):
    """Long because it plays a whole game against three bots through the page: the only test
    that meets every phase of an Ekonos game as a player does."""
    started = time.monotonic()
    page = open_hall(guard, site_server)
    start_game(page, [("Ann", "human"), ("Ada", "normal"), ("Boris", "normal"), ("Cleo", "easy")])
    done = set()
    decisions = 0
    while (phase := my_turn(page)) is not None:
        decisions += 1
        assert decisions < 300
        assert phase != "curtain"  # one person at this device: never a curtain
        if phase == "play" and "top" not in done:
            shot(page, "ekonos-play-1280-en")
            if play_top_on_map(page):
                done.add("top")
                continue
        if phase == "play":
            # a bottom company: the one that makes Ann's own company expand if there is one
            page.locator(".ek-hand button.ek-card").first.click()
            mine = page.locator("#ek-play [data-bottom].expands-choice, #ek-play [data-bottom].expands-forced")
            done.add("bottom")
            pick = mine.first if mine.count() else page.locator("#ek-play [data-bottom]").first
            act(page, pick.click)
            continue
        if phase == "expand_or_wait":
            assert "You are" in page.inner_text("#ek-expand-panel")
            shot(page, "ekonos-expand-1280-en")
            done.add("expand")
            act(page, lambda: page.click("#ek-expand"))
            continue
        if phase == "grow":
            targets = page.locator("svg.ek-map .space.target")
            assert targets.count() >= 1
            if "grow" not in done:
                shot(page, "ekonos-grow-1280-en")
            done.add("grow")
            act(page, targets.first.click)
            continue
        if phase == "sell" and "sell" not in done and page.locator("[data-sell]").count():
            row = page.locator("[data-sell]").first
            company = row.get_attribute("data-sell")
            before = int(page.get_attribute(".ek-seats .seat-card[data-seat='0'] [data-coins]", "data-coins"))
            act(page, row.click)
            after = int(page.get_attribute(".ek-seats .seat-card[data-seat='0'] [data-coins]", "data-coins"))
            assert after > before, company
            done.add("sell")
            continue
        if phase == "buy" and page.locator("[data-buy]").count():
            done.add("buy")
        quick_turn(page, phase)
    elapsed = time.monotonic() - started
    assert {"top", "bottom", "buy"} <= done, done
    shot(page, "ekonos-final-1280-en")
    rows = page.locator(".ek-final .ranking .rank-row")
    assert rows.count() == 4
    assert {rows.nth(i).locator(".seat-name bdi").inner_text() for i in range(4)} == {"Ann", "Ada", "Boris", "Cleo"}
    scores = [int(rows.nth(i).locator("[data-score]").get_attribute("data-score")) for i in range(4)]
    assert scores == sorted(scores, reverse=True)
    assert page.locator(".ek-final .breakdown .coins").count() == 4
    page.click("#by-tab-log")
    newest = page.locator(".ek-log .log-entry").count()
    assert newest > 10  # the last round's turns
    assert "The game is over." in page.inner_text(".ek-log")
    assert page.locator(".ek-log .played-list li").count() == 24  # the last round's cards, 6 each
    # the rounds before the last are folded (neither built nor laid out: the tab opens at once
    # late in a game), each opened by a click on its heading, and left open across a redraw
    past = page.locator(".ek-log > details.log-past")
    assert past.count() == 2 and page.locator(".ek-log > details.log-past[open]").count() == 0
    assert "Round 1 begins" not in page.inner_text(".ek-log")
    page.click(".ek-log > details[data-place='ek-log-past-1'] > summary")
    assert "Round 1 begins" in page.inner_text(".ek-log")
    assert page.locator(".ek-log .log-entry").count() > newest + 10  # and its turns
    page.click("#by-tab-table")
    page.click("#by-tab-log")
    page.wait_for_selector(".ek-log > details[data-place='ek-log-past-1'][open]")
    assert page.locator(".ek-log > details.log-past[open]").count() == 1
    # (its list is laid out once scrolled to: content-visibility, ekonos.css)
    assert "Round 1 begins" in page.text_content(".ek-log > details[data-place='ek-log-past-1'] > .log-list")
    page.click("#by-lobby")
    assert page.locator("#by-archive .game-item").count() == 1
    print(f"whole ekonos game through the UI: {decisions} decisions of the human, {elapsed:.0f} s, done {sorted(done)}")


def reveal(page, name):
    """The curtain names `name` and hides every hand until lifted."""
    page.wait_for_selector("#by-curtain")
    assert f"Pass the device to {name}" in page.inner_text("#by-curtain")
    assert page.locator(".ek-hand, .ek-card").count() == 0
    page.click("#by-reveal")
    page.wait_for_selector(f"{FIELD}[data-acting='1']")


def test_hot_seat_president_decides_in_anothers_turn(guard, site_server):
    """Ann plays a card for Gamma at growth 3; Bob presides Gamma: the device passes to him
    (curtain), he expands, the page reloads, he places the tiles and confirms, then it passes
    back to Ann for her shares."""
    page = open_hall(guard, site_server)
    page.set_input_files("#by-import-file", str(FIXTURES / "ui-president.json"))
    item = page.locator("#by-running .game-item", has_text="Round 3")
    item.wait_for()
    item.locator("[data-open]").click()
    reveal(page, "Ann")
    card = page.locator(".ek-hand button.ek-card").filter(has=page.locator(".card-bottom [data-company='G']")).first
    card.click()
    use = page.locator("#ek-play [data-bottom='G']")
    assert "expands-choice" in use.get_attribute("class")
    assert "its president decides" in use.inner_text()
    shot(page, "ekonos-hot-ann-1280-en")
    act(page, lambda: use.click())

    reveal(page, "Bob")
    panel = page.locator("#ek-expand-panel")
    assert "It is Ann's turn" in panel.inner_text()
    assert page.locator(".ek-seats .seat-card[data-seat='1'].acting").count() == 1
    assert page.locator(".ek-seats .seat-card[data-seat='0'].turn").count() == 1
    shot(page, "ekonos-hot-bob-expands-1280-en")
    act(page, lambda: page.click("#ek-expand"))
    # the page reloads in the middle of Bob's expansion: the record replays, his step again
    page.reload()
    wait_started(page)
    reveal(page, "Bob")
    assert page.get_attribute(FIELD, "data-phase") == "grow"
    grown = 0
    while page.locator(f"{FIELD}[data-acting='1'][data-phase='grow']").count():
        assert page.locator("#by-curtain").count() == 0  # Bob's own next step: no curtain
        # the first growth tile by the map, the next by the list of spaces
        target = page.locator("svg.ek-map .space.target" if grown == 0 else "#ek-spaces .space-choice").first
        act(page, target.click)
        grown += 1
    assert grown >= 1
    # his decision ends when he confirms it, with the turn handed back to Ann; until then his
    # last tile may be taken back (and placed again)
    assert "back to Ann" in page.inner_text("#ek-confirm-panel")
    page.click("#by-undo")
    page.wait_for_selector(f"{FIELD}[data-acting='1'][data-phase='grow']")
    act(page, page.locator("#ek-spaces .space-choice").first.click)
    act(page, lambda: page.click("#ek-done"))
    page.click("#by-tab-log")
    log = page.inner_text(".ek-log")
    assert "Bob expands Gamma (2 actions)." in log and "Ann plays" in log
    page.click("#by-tab-table")

    # back to Ann for selling and buying: one curtain, then none between her own steps
    reveal(page, "Ann")
    phases = []
    while page.locator(f"{FIELD}[data-acting='1']").count() and page.get_attribute(FIELD, "data-seat") == "0":
        phase = page.get_attribute(FIELD, "data-phase")
        if phase == "play":
            break
        phases.append(phase)
        assert phase in ("sell", "buy")
        act(page, lambda: page.click("#ek-pass"))
    assert phases and phases[-1] == "buy", phases
    # the next person at this device (Bob) is behind a curtain again
    page.wait_for_selector("#by-curtain")
    assert "Pass the device to Bob" in page.inner_text("#by-curtain")
    assert page.locator(".ek-hand").count() == 0
    print(f"hot-seat: Bob placed {grown} growth tiles in Ann's turn; Ann then decided {phases}")


def test_phone_in_arabic_by_keyboard_and_taps(guard, site_server):
    """375 px, Arabic (right to left): a card chosen with the arrow keys, its top played
    with Enter on a space of the map; a bottom use and the share steps by taps on the lists;
    nothing wider than the screen, every tab."""
    context = guard.new_context(viewport={"width": 375, "height": 800}, locale="ar", has_touch=True)
    page = open_hall(guard, site_server, context=context)
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    start_game(page, [("Ann", "human"), ("Ada", "easy")])
    assert my_turn(page) == "play"
    no_horizontal_overflow(page)
    # the first screen, where the page put it on arriving: the whole hand and the map's top
    seen = page.evaluate("""() => ({
        hand: document.querySelector('.ek-hand').getBoundingClientRect().toJSON(),
        map: document.querySelector('.map-frame').getBoundingClientRect().toJSON(),
        height: innerHeight })""")
    print(f"phone's first screen (800 px): hand {seen['hand']['top']:.0f}-{seen['hand']['bottom']:.0f}, "
          f"map from {seen['map']['top']:.0f}")
    page.screenshot(path=str(SHOTS / "ekonos" / "ekonos-first-screen-375-ar.png"))
    assert 0 <= seen["hand"]["top"] and seen["hand"]["bottom"] <= seen["height"]
    assert seen["map"]["top"] <= seen["height"] - 200, "less than 200 px of the map on the first screen"
    shot(page, "ekonos-play-375-ar")
    first = page.locator(".ek-hand button.ek-card").first
    first.focus()
    page.keyboard.press("ArrowLeft")  # right to left: the left arrow goes on along the row
    second = page.locator(".ek-hand button.ek-card").nth(1)
    assert page.evaluate("(e) => document.activeElement === e", second.element_handle())
    page.keyboard.press("Enter")
    assert second.get_attribute("aria-pressed") == "true"
    page.focus("#ek-use-top")
    page.keyboard.press("Enter")
    target = page.locator("svg.ek-map .space.target").first
    space = target.get_attribute("data-space")
    assert target.get_attribute("tabindex") == "0" and target.get_attribute("aria-label")
    target.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # and back
    assert page.evaluate("() => document.activeElement.dataset.space") == space
    no_horizontal_overflow(page)
    shot(page, "ekonos-targets-375-ar")
    page.locator(".map-card").screenshot(path=str(SHOTS / "ekonos-map-375-ar.png"))
    page.locator(".ek-hand").screenshot(path=str(SHOTS / "ekonos-hand-375-ar.png"))
    act(page, lambda: page.keyboard.press("Enter"))
    assert page.locator(f"svg.ek-map .space[data-space='{space}']").get_attribute("data-company")
    # no share yet, coins in hand: the next question is buying, and the keyboard's focus is on it
    assert my_turn(page) == "buy"
    assert page.evaluate("() => document.activeElement.id") == "ek-act-title"
    # the next decisions by taps on the lists (tap targets at least 40 px high)
    for _ in range(6):
        phase = my_turn(page)
        if phase == "play":
            break
        buttons = page.locator("#ek-pass, [data-buy], [data-sell]")
        assert min(b.bounding_box()["height"] for b in buttons.all()) >= 40
        quick_turn(page, phase)
    assert my_turn(page) == "play"
    page.locator(".ek-hand button.ek-card").first.tap()
    assert page.locator("#ek-play [data-bottom]").first.bounding_box()["height"] >= 40
    act(page, lambda: page.locator("#ek-play [data-bottom]").first.tap())
    for tab in ("log", "table"):
        page.click(f"#by-tab-{tab}")
        page.wait_for_selector(f"#by-tab-{tab}[aria-selected=true]")
        no_horizontal_overflow(page)
        shot(page, f"ekonos-{tab}-375-ar")


def test_a_press_is_not_lost_to_a_bots_move(guard, site_server):
    """Bots play at the slow pace while Ann presses the Log tab and holds it: no bot's move
    redraws the table under the press (it would replace the tab and lose the click), the
    click goes through, and the bots go on after it."""
    page = open_hall(guard, site_server)
    start_game(page, [("Ann", "human"), ("Ada", "easy"), ("Bob", "easy"), ("Cy", "easy")])
    phase = my_turn(page)                               # the bots before Ann play at once
    set_pace(page, "slow")       # from now on a bot's move every 1.6 s
    # from here the test acts while the bots play, on purpose: it reads the page as it is
    # (still.py), not once it is at rest (which would be after every bot's move)
    page = page.raw
    while phase is not None:
        quick_turn(page, phase, rest=False)
        if not page.locator(f"{FIELD}[data-acting='1'], .final").count():
            break                                       # Ann's turn is over: the bots' now
        phase = my_turn(page)
    assert page.locator(".final").count() == 0
    # in the middle of the screen (the header is sticky), and nothing else there
    # (read at one moment: a bot's move may redraw the table until the press)
    x, y = page.evaluate("""() => { document.getElementById('by-notices').replaceChildren();
        const tab = document.getElementById('by-tab-log'); tab.scrollIntoView({block: 'center'});
        const r = tab.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }""")
    page.mouse.move(x, y)
    page.mouse.down()
    # the step and the mark at one moment, once the press holds the table (a bot's move may
    # have come between the last reading and the press)
    before = page.evaluate(f"""() => {{ document.getElementById('by-panel').dataset.mark = '1';
        const f = document.querySelector('{FIELD}'); return f ? f.dataset.step : null; }}""")
    page.wait_for_timeout(4000)     # two and a half bots' moves at this pace
    assert page.locator("#by-panel[data-mark='1']").count() == 1, "the table was redrawn under the press"
    assert step(page) == before
    page.mouse.up()
    page.wait_for_selector("#by-tab-log[aria-selected='true']")
    page.click("#by-tab-table")
    page.wait_for_function(f"(b) => {{ const f = document.querySelector('{FIELD}');"
                           " return document.querySelector('.final') || (f && f.dataset.step !== b); }",
                           arg=before, timeout=WAIT)     # the bots went on
