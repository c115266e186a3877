"""The grid game in the browser: starting a game, waiting for the seat's decision, acting
and waiting until the table moved on, and a quick player's choices for whole games."""

from __future__ import annotations

from ..hall import act_on, field_step, set_pace, start

GAME = "grid"
WAIT = 120_000
FIELD = "#by-panel .grid-field"
PLAYER_FIELD = "#by-play .grid-field"  # a remote player's page


def start_game(page, seats, pace="instant"):
    start(page, GAME, seats)
    if page.locator("#by-bot-speed").count():
        set_pace(page, pace)


def step(page):
    return field_step(page, FIELD)


def my_turn(page, timeout=WAIT):
    """Wait until this device's seat decides (its panel shows) or the game is over; the
    phase of the decision, or None at the end."""
    page.wait_for_selector(f"{FIELD}[data-acting='1'], .final", timeout=timeout)
    if page.locator(".final").count():
        return None
    return page.get_attribute(FIELD, "data-phase")


def act(page, click):
    """Play by `click()` and wait until the table has moved past this decision."""
    act_on(page, click, FIELD, WAIT)


def quick_turn(page, phase):
    """A quick player's decision: the first plant at its lowest bid when buying is a must,
    pass in auctions otherwise, buy nothing, build nothing, run what can run."""
    if phase == "auction":
        act(page, lambda: page.click("#grid-pass" if page.locator("#grid-pass").count() else "#grid-bid"))
    elif phase == "power":
        before = step(page)
        page.click("#grid-power")
        page.wait_for_function(
            f"""(before) => {{ const f = document.querySelector('{FIELD}');
                return document.querySelector('.final') || document.querySelector('#grid-power-saved')
                    || (f && f.dataset.step !== before); }}""",
            arg=before,
            timeout=WAIT,
        )
    else:
        act(page, lambda: page.click("#grid-done", timeout=10_000))
