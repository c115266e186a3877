"""¿Quién es el Espía? on one device, through the hall: a whole pass-and-play game (three
people and two bots behind the hall's curtain, every seat's secret step the same screens and
clicks, a reload mid-day), the lobby's setup editor with the shipped and a computed balance
hint, a timed day closed by the host's table at its deadline, the Arabic table at a phone's
width, and the stalemate rule as a named option in Spanish. Engine rules are tested in
tests/engine/spy; these drive the page."""

from __future__ import annotations

import random
import re
import time

from ..conftest import wait_started
from ..hall import in_menu, no_horizontal_overflow, open_hall, pick_game, set_pace, set_seats, shot
from .helpers import TITLE, WAIT, answer_day, start_spy

PEOPLE = [("Ann", "human"), ("Bob", "human"), ("Cy", "human"), ("Ada", "normal"), ("Boris", "normal")]
TWO_POWERS = ("double_agent", "trickster")   # may have two secret questions on one day
CYCLE = re.compile(r"Cycle (\d+)")


def test_pass_and_play_a_whole_game(guard, site_server):
    rnd = random.Random(3)
    page = open_hall(guard, site_server)
    start_spy(page, PEOPLE)
    set_pace(page, "instant")
    steps, reloaded, roles, curtains = 0, False, {}, []
    while True:
        page.wait_for_selector("#by-curtain, .spy-final", timeout=WAIT)
        if page.locator(".spy-final").count():
            break
        # nothing secret behind the curtain, on any tab
        assert page.locator("#spy-card, #spy-day").count() == 0
        page.click("#by-tab-players")
        assert page.locator(".spy-badge-mate, .badge-you").count() == 0
        page.click("#by-tab-day")
        page.wait_for_selector("#by-curtain, .spy-final", timeout=WAIT)
        if page.locator(".spy-final").count():
            break
        curtain = page.inner_text("#by-curtain")
        name = next(n for n, _ in PEOPLE if f"Pass the device to {n}" in curtain)
        curtains.append((page.inner_text(TITLE), name, page.locator("#by-curtain #spy-flash").count()))
        page.click("#by-reveal")
        page.wait_for_selector("#spy-card")
        role = page.get_attribute("#spy-card strong[data-role]", "data-role")
        assert roles.setdefault(name, role) == role                  # the same card every day
        if steps == 0:
            shot(page, "spy-hot-seat-1280-en")
        answered = answer_day(page, rnd)
        # every seat: one question of its own (a power, or the private note), the vote on a
        # vote day, "Done for today" and its confirmation
        own = [a for a in answered if a != "vote"]
        assert len(own) == 1 or role in TWO_POWERS, (name, role, answered)
        steps += 1
        if steps == 2 and not reloaded:
            # a reload mid-day: the game comes back where it was, behind the curtain
            day = page.inner_text(TITLE)
            page.reload()
            wait_started(page)
            page.wait_for_selector("#by-curtain", timeout=WAIT)
            assert page.inner_text(TITLE) == day
            page.click("#by-tab-players")
            assert page.locator(".spy-player[data-seat='0'] [data-state='done']").count() == 1
            page.click("#by-tab-day")
            reloaded = True
        assert steps < 80
    assert page.locator("#spy-winner").count() == 1
    assert page.locator("#spy-roles li").count() == 5                # every role, shown to all
    assert page.locator("#spy-account .spy-cycle").count() >= 1
    # a cycle's news show on the first curtain of the next cycle (when the game goes on to one:
    # its bots are seeded by the game's id, so a game may also end at its first close)
    cycle = [int(CYCLE.search(title).group(1)) for title, _, _ in curtains]
    firsts = [flash for i, (_, _, flash) in enumerate(curtains) if i and cycle[i] > cycle[i - 1]]
    assert all(firsts), curtains
    shot(page, "spy-hot-final-1280-en")
    page.click("#by-tab-log")
    assert page.locator("#spy-account").count() == 1


def test_lobby_setup_editor_and_balance_hint(guard, site_server):
    page = open_hall(guard, site_server)
    pick_game(page, "spy")
    set_seats(page, [("You", "human")] + [(f"B{i}", "normal") for i in range(7)])
    # eight seats: the preset for 8 (brothers, a Mayor) and its shipped hint of 1,000 games
    assert page.inner_text("[data-count='brothers']") == "1"
    assert page.get_attribute("#spy-hint", "data-shipped") == "1"
    assert page.get_attribute("#spy-hint", "data-games") == "1000"
    shot(page, "spy-lobby-1280-en")
    # one spy more: a setup of one's own, whose hint is played here on demand
    page.locator(".spy-setup-row[data-role='spies'] button").nth(1).click()
    page.wait_for_selector("[data-count='spies']:has-text('2')")
    page.click("#spy-hint-run")
    started = time.monotonic()
    page.wait_for_selector("#spy-hint-progress progress", timeout=WAIT)
    page.wait_for_function(
        """() => document.querySelector('#spy-hint[data-shipped="0"]')
            && !document.querySelector('#spy-hint-progress')""", timeout=WAIT)
    games = int(page.get_attribute("#spy-hint", "data-games"))
    print(f"balance hint in the browser, 8 players: {games} games in {time.monotonic() - started:.1f} s")
    assert games >= 40 and "Spies win" in page.inner_text("#spy-hint")
    # too many roles for the seats: the engine says why, in words
    for _ in range(2):
        page.locator(".spy-setup-row[data-role='spies'] button").nth(1).click()
        page.wait_for_selector("#spy-hint-run")
    page.wait_for_selector("[data-count='spies']:has-text('4')")
    page.click("#spy-hint-run")
    page.wait_for_selector("#spy-hint-error", timeout=WAIT)
    assert "need 10 seats" in page.inner_text("#spy-hint-error")
    page.click("#spy-setup-preset")
    page.wait_for_selector("[data-count='spies']:has-text('1')")
    assert page.get_attribute("#spy-hint", "data-shipped") == "1"


def test_a_timed_day_closes_at_its_deadline(guard, site_server):
    context = guard.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.clock.install()
    page.goto(site_server.url)
    wait_started(page)
    page.wait_for_function("document.documentElement.dataset.hall === 'ready'", timeout=WAIT)
    page.wait_for_selector("#app > .lobby")
    pick_game(page, "spy")
    page.fill("[data-option='day_minutes'] input", "90")
    page.locator("[data-option='day_minutes'] input").dispatch_event("change")
    # three people who never answer (a hot-seat table) and one spy: the cycle's close kills
    # at most one by the spies' pick and one by the vote, whatever the deal, so at least one
    # of them lives to be removed for not voting
    start_spy(page, [("Ann", "human"), ("Bea", "human"), ("Cid", "human"), ("Ada", "normal"),
                     ("Boris", "normal")], counts={"vigilante": 0, "priest": 0, "psychic": 0})
    # the host's table gives the first day its deadline; the countdown shows it
    page.click("#by-reveal")
    page.wait_for_selector("#spy-clock", timeout=WAIT)
    # (the clock runs meanwhile: a loaded machine may take a while to read it)
    assert "1:30:00" in page.inner_text("#spy-clock") or "1:29:" in page.inner_text("#spy-clock")
    shot(page, "spy-timed-1280-en")
    # Ann does nothing; at the deadline the day closes by itself and the vote day opens
    page.clock.fast_forward("01:31:00")
    page.wait_for_function("document.querySelector('.game-top h2').textContent.includes('Vote day')",
                           timeout=WAIT)
    page.click("#by-reveal")
    assert "1:30:00" in page.inner_text("#spy-clock") or "1:29:" in page.inner_text("#spy-clock")
    # the host's page is closed through the vote's deadline: opened again, it closes the day
    # at once, and whoever of the three did not die otherwise is removed for not voting
    page.click("#by-lobby")
    page.wait_for_selector("#by-running [data-open]")
    page.clock.fast_forward("02:00:00")
    page.click("#by-running [data-open]")
    page.wait_for_function(
        """() => { const h = document.querySelector('.game-top h2');
            return document.querySelector('.spy-final') || (h && !h.textContent.includes('Vote day')); }""",
        timeout=WAIT)
    if page.locator(".spy-final").count():
        # over at this close or at the next (whichever team won): the final rows say who was
        # removed; the account opens only the last cycle, which may be the next one
        assert "removed for not voting (cycle 1)" in page.inner_text("#spy-final-rows")
    else:
        page.click("#by-tab-players")
        for seat in range(3):
            assert page.locator(f".spy-player[data-seat='{seat}'] [data-state='dead']").count() == 1
        texts = [page.inner_text(f".spy-player[data-seat='{seat}']") for seat in range(3)]
        assert any("not voting" in text for text in texts), texts


def test_arabic_at_a_phones_width(guard, site_server):
    page = open_hall(guard, site_server, width=375, locale="ar")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    pick_game(page, "spy")
    no_horizontal_overflow(page)
    shot(page, "spy-lobby-375-ar")
    set_seats(page, [("أنا", "human"), ("Bob", "human"), ("Ada", "normal"), ("Boris", "normal"), ("Carmen", "normal")])
    page.click("#by-start")
    page.wait_for_selector("#by-curtain", timeout=WAIT)
    page.click("#by-reveal")
    page.wait_for_selector("#spy-day")
    no_horizontal_overflow(page)
    # by keyboard: the question's answers are one radio group (arrow keys move the choice)
    group = page.locator("#spy-day fieldset[data-pick]").first
    name = group.get_attribute("data-pick")
    group.locator("input").first.focus()
    page.keyboard.press("Space")
    page.wait_for_selector(f"#spy-day fieldset[data-pick='{name}'] input:checked")
    first = page.eval_on_selector(f"#spy-day fieldset[data-pick='{name}'] input:checked", "e => e.value")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("([n, v]) => { const c = document.querySelector(`#spy-day fieldset[data-pick='${n}'] "
                           "input:checked`); return c && c.value !== v; }", arg=[name, first])
    assert page.is_enabled("#spy-done")
    shot(page, "spy-day-375-ar")
    for tab in ("players", "log", "master"):
        page.click(f"#by-tab-{tab}")
        no_horizontal_overflow(page)
    shot(page, "spy-master-375-ar")


def test_the_stalemate_rule_is_a_named_option_in_spanish(guard, site_server):
    """The stalemate rule (not the rule book's, on by default) has its own label in the
    lobby, a hint when it is off, and a chip on the table that names it."""
    seats = [("Ana", "human"), ("Ada", "normal"), ("Boris", "normal"), ("Carmen", "normal"), ("Dora", "normal")]
    page = open_hall(guard, site_server, locale="es")
    pick_game(page, "spy")
    field = "[data-option='stall_cycles']"
    assert page.locator(f"{field} input").input_value() == "3"
    assert "Estancamiento" in page.inner_text(field)
    page.fill(f"{field} input", "0")
    page.reload()                               # the form is drawn again, with the value kept
    wait_started(page)
    page.wait_for_selector("#app > .lobby", timeout=WAIT)
    pick_game(page, "spy")
    page.wait_for_selector(f"{field} .hint")
    assert page.locator(f"{field} input").input_value() == "0"
    assert "Desactivado" in page.inner_text(f"{field} .hint")
    page.fill(f"{field} input", "2")
    start_spy(page, seats)
    page.wait_for_selector(".game-top", timeout=WAIT)
    # the options' chips are in the table's menu
    chips = in_menu(page, lambda p: p.inner_text(".game-top .chips"))
    assert "Estancamiento tras 2 ciclos" in chips
