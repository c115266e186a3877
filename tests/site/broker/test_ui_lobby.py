"""The lobby's number options (Broker-Yard's stop-loss spread): every value the engine takes
starts a game; a value it refuses gets the hall's own message next to the field, in the
player's language, and starts nothing — the browser's own validation (its English bubble)
never steps in."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..hall import open_hall, pick_game, shot
from .helpers import GAME

I18N = Path(__file__).resolve().parents[3] / "site" / "i18n"
SPREAD = "[data-option=spread] input"
# the browser's own validation refuses a form by firing `invalid` (and shows its bubble)
COUNT_INVALID = ("document.addEventListener('invalid', "
                 "() => { window.nativeInvalid = (window.nativeInvalid || 0) + 1 }, true)")


def stop_loss_form(page):
    pick_game(page, GAME)
    if not page.is_checked("#by-stop-loss"):
        page.check("#by-stop-loss", force=True)
    page.wait_for_selector(f"{SPREAD}:not([disabled])")
    page.evaluate(COUNT_INVALID)


def games_kept(page):
    return page.evaluate("JSON.parse(localStorage.getItem('by.v1.games') || '[]').length")


def test_stop_loss_starts_at_every_spread_the_engine_takes(guard, site_server):
    page = open_hall(guard, site_server)
    for spread in (30, 40, 35, 1, 240):
        stop_loss_form(page)
        page.fill(SPREAD, str(spread))
        page.click("#by-start")
        page.wait_for_selector(".game-top")
        record = page.evaluate("""() => { const ids = JSON.parse(localStorage.getItem('by.v1.games'));
            return JSON.parse(localStorage.getItem('by.v1.game.' + ids[0])).record; }""")  # newest first
        assert record["options"]["stop_loss"] is True and record["options"]["spread"] == spread
        assert page.evaluate("window.nativeInvalid || 0") == 0
        page.click("#by-lobby")
        page.wait_for_selector("#app > .lobby")


def test_a_refused_spread_gets_our_message_in_arabic(guard, site_server):
    page = open_hall(guard, site_server, locale="ar")
    stop_loss_form(page)
    words = json.loads((I18N / "ar.json").read_text())["lobby.bad_number"]
    label = json.loads((I18N / GAME / "ar.json").read_text())[f"{GAME}.option.spread"]
    kept = games_kept(page)
    for typed in ("0", "241", "12.5", "", "abc"):
        field = page.locator(SPREAD)
        field.fill("")
        if typed:
            field.press_sequentially(typed)  # as a person types: "abc" into a number box too
        page.click("#by-start")
        message = page.locator("[data-option=spread] .field-error")
        message.wait_for()
        text = message.inner_text()
        # the catalog's words around the placeholders, with the option's own name
        assert label in text and all(part.strip() in text for part in re.split(r"\{\w+\}", words)), text
        assert field.get_attribute("aria-invalid") == "true"
        assert page.evaluate("document.activeElement.closest('[data-option=spread]') !== null")
        assert page.locator(".game-top").count() == 0 and games_kept(page) == kept, f"{typed!r} started a game"
    assert page.evaluate("window.nativeInvalid || 0") == 0, "the browser's own validation stepped in"
    shot(page, "lobby-spread-refused-1280-ar")
    page.set_viewport_size({"width": 375, "height": 900})
    shot(page, "lobby-spread-refused-375-ar")
    page.set_viewport_size({"width": 1280, "height": 900})
    # corrected, the message goes and the game starts
    page.fill(SPREAD, "30")
    assert page.locator("[data-option=spread] .field-error").count() == 0
    assert page.locator(SPREAD).get_attribute("aria-invalid") is None
    page.click("#by-start")
    page.wait_for_selector(".game-top")
    assert games_kept(page) == kept + 1


def test_mass_start_turns_stop_loss_30_on_and_says_why(guard, site_server):
    # the catalog's defaults per mode (engine/broker/options.py MODE_DEFAULTS) reach the form
    from engine.broker import catalog

    mode = next(o for o in catalog()["options"] if o["key"] == "mode")
    assert mode["defaults"]["mass"] == {"stop_loss": True, "spread": 30}
    page = open_hall(guard, site_server)
    pick_game(page, GAME)
    assert not page.is_checked("#by-stop-loss")
    page.check("[data-option=mode] input[value=mass]", force=True)
    page.wait_for_selector("#by-stop-loss:checked")
    assert page.input_value(SPREAD) == "30"
    # the chosen mode is drawn chosen, the others not (an option's tooltip puts its hidden
    # description right after the radio button, between it and the pill's words)
    pills = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-option=mode] .radio-pill')]
        .map((l) => [l.querySelector('input').value,
                     getComputedStyle(l.querySelector('span:not([hidden])')).backgroundColor]))""")
    assert pills["mass"] != pills["classic"] == pills["duel"] == "rgb(255, 255, 255)", pills
    hint = page.locator("[data-option=mode] .hint").inner_text()
    assert "Stop-loss (spread 30) is on by default" in hint and "bankrupt" in hint
    shot(page, "lobby-mass-default-1280")
    page.set_viewport_size({"width": 375, "height": 900})
    shot(page, "lobby-mass-default-375")
    # a classic game started afterwards keeps what the player left set (no silent reset)
    page.check("[data-option=mode] input[value=classic]", force=True)
    page.wait_for_selector("[data-option=mode] input[value=classic]:checked")
    assert page.is_checked("#by-stop-loss")
