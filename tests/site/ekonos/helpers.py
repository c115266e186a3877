"""Ekonos in the browser: starting a game, waiting for the seat's decision, acting and
waiting until the table moved on, and a quick player's choices for whole games."""

from __future__ import annotations

import json

from ..hall import act_on, field_step, set_pace, start

GAME = "ekonos"
WAIT = 120_000
FIELD = "#by-panel .ek-field"
PLAYER_FIELD = "#by-play .ek-field"  # a remote player's page


def start_game(page, seats, pace="instant"):
    start(page, GAME, seats)
    if page.locator("#by-bot-speed").count():
        set_pace(page, pace)


def step(page, field=FIELD):
    return field_step(page, field)


def my_turn(page, timeout=WAIT, field=FIELD):
    """Wait until this device's seat decides (its panel shows) or the game is over; the
    phase of the decision, or None at the end."""
    page.wait_for_selector(f"{field}[data-acting='1'], .final, #by-curtain", timeout=timeout)
    if page.locator(".final").count():
        return None
    if page.locator("#by-curtain").count():
        return "curtain"
    return page.get_attribute(field, "data-phase")


def act(page, click, field=FIELD, rest=True):
    """Play by `click()` and wait until the table has moved past this decision."""
    act_on(page, click, field, WAIT, rest)


def quick_click(page, phase):
    """What a quick player clicks for `phase`: the first card's first bottom company, expand,
    the first growth space, confirm, the first successor, pass on selling, the first share chosen and
    bought (ending the turn)."""
    if phase == "play":
        page.locator(".ek-hand button.ek-card").first.click()
        return "#ek-play [data-bottom]"
    if phase == "expand_or_wait":
        return "#ek-expand"
    if phase == "grow":
        return "#ek-spaces .space-choice"
    if phase == "confirm":
        return "#ek-done"
    if phase == "successor":
        return "[data-successor]"
    if phase == "buy":
        if not page.locator("[data-buy]").count():
            return "#ek-pass"
        page.locator("[data-buy]").first.click()  # the share chosen; the turn ends on confirming
        return "#ek-end-turn"
    return "#ek-pass"


def quick_turn(page, phase, field=FIELD, rest=True):
    selector = quick_click(page, phase)
    act(page, lambda: page.locator(selector).first.click(), field, rest)


def stored(page, key):
    """A value of the page's storage (site/js/shell/store.js)."""
    return json.loads(page.evaluate("(k) => localStorage.getItem('by.v1.' + k)", key) or "null")


def store(page, key, value):
    page.evaluate("([k, v]) => localStorage.setItem('by.v1.' + k, JSON.stringify(v))", [key, value])
