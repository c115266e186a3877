"""The spy game in the browser: starting a game from the lobby, a seat's day answered the
way a person would (one answer in every question, "Done for today", the confirmation),
codes and links passed between pages, and the fair deal's values chosen for a known deal."""

from __future__ import annotations

import contextlib
import json
import random

from engine.core.fair import seed_from
from engine.spy.deal import deal_roles
from engine.spy.options import resolve_options, setup_of

from ..hall import code_text, pick_game, set_pace, set_seats, shot  # noqa: F401  (the spy tests' import)

GAME = "spy"
WAIT = 120_000
TITLE = ".game-top h2"
PUBLIC = ("protect_public", "redirect")


def start_spy(page, seats, counts=None):
    """A new spy game from the lobby; `counts` sets role counts with the setup editor's
    steppers (role key -> number)."""
    pick_game(page, GAME)
    set_seats(page, seats)
    for key, value in (counts or {}).items():
        row = page.locator(f".spy-setup-row[data-role='{key}']")
        for _ in range(20):
            now = int(row.locator("output").inner_text())
            if now == value:
                break
            row.locator("button").nth(0 if now > value else 1).click()
            page.wait_for_function("([k, n]) => document.querySelector(`[data-count='${k}']`).textContent !== n",
                                   arg=[key, str(now)])
    page.click("#by-start")
    page.wait_for_selector(".game-top, [data-pending]", timeout=WAIT)


def answer_day(page, rnd: random.Random, vote=True):
    """Answer every question of the seat's day form (a random choice in each), then "Done
    for today" and its confirmation. Returns the names of the questions answered."""
    answered = []
    for _ in range(8):
        # the public powers (the Priest's public protection, the Mayor's redirection) have
        # buttons of their own and are left alone here
        open_ = [g for g in page.locator("#spy-day fieldset[data-pick]").all()
                 if g.get_attribute("data-pick") not in PUBLIC
                 and not g.locator(":scope > .spy-targets input:checked").count()]
        if not open_ or (not vote and open_[0].get_attribute("data-pick") == "vote" and len(open_) == 1):
            break
        group = open_[0] if vote or open_[0].get_attribute("data-pick") != "vote" else open_[1]
        name = group.get_attribute("data-pick")
        choices = group.locator(":scope > .spy-targets .spy-target")
        choices.nth(rnd.randrange(choices.count())).click()
        page.wait_for_selector(f"#spy-day fieldset[data-pick='{name}'] input:checked")
        answered.append(name)
    before = page.inner_text(TITLE)
    page.click("#spy-done")
    page.click("dialog[open] [data-ok]")
    # the seat is done (hot-seat: the curtain for the next), or the day has moved on already
    page.wait_for_function(
        """(t) => { const h = document.querySelector('.game-top h2');
            return document.querySelector('#spy-day.spy-done, .spy-final, #spy-dead, #by-curtain')
                || (h && h.textContent !== t); }""",
        arg=before, timeout=WAIT)
    return answered


def paste(page, name, text):
    page.locator(f"textarea[data-paste='{name}']").first.fill(text)
    page.locator(f"[data-submit='{name}']").first.click()


def stored(page, key):
    """A value of the page's storage (site/js/shell/store.js)."""
    return json.loads(page.evaluate("(k) => localStorage.getItem('by.v1.' + k)", key) or "null")


def store(page, key, value):
    page.evaluate("([k, v]) => localStorage.setItem('by.v1.' + k, JSON.stringify(v))", [key, value])


def values_for(host_value, options, players, remote, want):
    """Values for the `remote` devices (in seat order) that, with the host's, make a seed
    whose deal satisfies `want(cards)`: a test's way to a known deal through the real
    exchange (each device's value is its own choice)."""
    setup = setup_of(resolve_options(options, players))
    for i in range(10_000):
        values = [f"t{i}-{k}" for k in range(remote)]
        if want(deal_roles(setup, players, seed_from([host_value, *values]))):
            return values
    raise AssertionError("no values give the wanted deal")


def end_the_game(host):
    """The host ends the days (its bots decide at once) until the game is over."""
    host.click("#by-tab-day")
    set_pace(host, "instant")
    for _ in range(40):
        host.wait_for_selector("#by-end-round, .spy-final", state="attached", timeout=WAIT)
        if host.locator(".spy-final").count():
            break
        # clicked in the page at once: the bots move the day on by themselves, and a button
        # found by one read may be gone by the next (then the next round of the loop looks again)
        before = host.evaluate("""() => { const b = document.getElementById('by-end-round');
            if (!b) return null;
            const t = document.querySelector('.game-top h2').textContent; b.click(); return t; }""")
        if before is not None:
            host.click("dialog[open] [data-ok]")
            host.wait_for_function(
                "(t) => { const h = document.querySelector('.game-top h2'); return h && h.textContent !== t; }",
                arg=before, timeout=WAIT)
    host.wait_for_selector(".spy-final", timeout=WAIT)


def wait_moved(page, before):
    """The page's heading is no longer `before` (the day moved on), or the game is over."""
    page.wait_for_function(
        """(t) => { const h = document.querySelector('.game-top h2');
            return document.querySelector('.spy-final') || (h && h.textContent !== t); }""",
        arg=before, timeout=WAIT)


@contextlib.contextmanager
def shots_on_failure(name, pages):
    """Screenshots of every page (tests/site/screenshots/<name>-fail-<k>.png) when the block
    fails: a live game's failure is hard to read from one page's error."""
    try:
        yield
    except BaseException:
        for k, page in enumerate(pages):
            try:
                shot(page, f"{name}-fail-{k}")
            except Exception:  # noqa: BLE001  (a closed page: nothing to show)
                pass
        raise
