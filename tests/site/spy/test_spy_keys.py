"""The spy game played to its end with the keyboard alone (issue 33): the fewest seats, four
instant bots. Each day Ann answers every question of her form — a target's radio reached by
Tab and checked with Space — then "Done for today" with Enter and its question with Enter,
until the final screen (or, killed, until the others end it). What a screen reader hears:
her card, the questions, the other seats' votes and deaths in the polite live region."""

from __future__ import annotations

import re
import time

from ..hall import open_hall
from ..keys import at, kept, open_by_keys, played_until, press, spoken, tab_to
from .helpers import PUBLIC, WAIT

SEATS = ["Ann", "Ada", "Boris", "Cleo", "Dan"]
SEED = 5


def answer_day(page):
    """Every open question answered with its first target, then Done and its confirmation."""
    for _ in range(8):
        open_ = [g.get_attribute("data-pick") for g in page.locator("#spy-day fieldset[data-pick]").all()
                 if g.get_attribute("data-pick") not in PUBLIC
                 and not g.locator(":scope > .spy-targets input:checked").count()]
        if not open_:
            break
        tab_to(page, f"#spy-day fieldset[data-pick='{open_[0]}'] .spy-targets input")
        press(page, "Space")
        assert at(page, f"#spy-day fieldset[data-pick='{open_[0]}'] .spy-targets input:checked")
    before = page.inner_text(".game-top h2")
    tab_to(page, "#spy-done")
    press(page, "Enter")
    assert at(page, "dialog[open] [data-ok]"), "the confirmation did not take the focus"
    press(page, "Enter")
    page.wait_for_function(
        """(t) => { const h = document.querySelector('.game-top h2');
            return document.querySelector('#spy-day.spy-done, .final, #spy-dead')
                || (h && h.textContent !== t); }""", arg=before, timeout=WAIT)


def test_spy_by_keyboard(guard, site_server):
    started = time.monotonic()
    page = open_hall(guard, site_server)
    open_by_keys(page, played_until("spy", {}, SEATS, SEED, lambda s: True))
    # her card (its role and team), the day's question with a radio for each other seat, and
    # where each of the others is (a bot that has decided quietly may already be ready)
    heard = spoken(page, "#app")
    assert 'region "Your card"' in heard and "- strong:" in heard, heard
    assert all(f'radio "{name}"' in heard for name in SEATS[1:]), heard
    assert all(re.search(f"listitem: {name} is (still thinking|ready)", heard) for name in SEATS[1:]), heard
    days, said = 0, []
    while True:
        page.wait_for_selector("#spy-day:not(.spy-done), .final, #spy-dead", timeout=WAIT)
        if page.locator(".final").count():
            break
        if page.locator("#spy-dead").count():
            page.wait_for_selector(".final", timeout=WAIT)
            break
        answer_day(page)
        days += 1
        kept(page, f"after day {days}")
        said.append(page.text_content("#by-announce") or "")
    kept(page, "on the final screen")
    # the other seats' moves were said as they came, in the polite live region
    assert days >= 1 and "Ada is ready" in said[0], said
    print(f"\nthe spy game by keyboard: {time.monotonic() - started:.1f} s, {days} days")
