"""Undo within a turn at the hall's table (site/js/hall/table/tableundo.js over
engine/core/undo.py): a grid player's city built, then taken back with Ctrl+Z; an Ekonos
player's card played, then taken back with the Undo button; each time the table and the
stored record are as before the action, and a turn ended leaves no Undo."""

from __future__ import annotations

import json

from .ekonos.helpers import FIELD as EK_FIELD, my_turn as ek_turn, quick_turn as ek_quick
from .grid.helpers import FIELD as GRID_FIELD, act as grid_act, my_turn as grid_turn, quick_turn as grid_quick
from .hall import field_step, open_hall, start

RECORD = ("() => JSON.parse(localStorage.getItem('by.v1.game.'"
          " + JSON.parse(localStorage.getItem('by.v1.games'))[0])).record")


def record(page):
    return page.evaluate(RECORD)


def taken_back(page):
    """The stored record after a take-back, but for how far its steps shown were lifted past
    the take-back (engine/core/session.py `_lift`: a step is never shown twice)."""
    after = record(page)
    assert after["meta"].pop("lift") >= 2
    return after


def test_a_city_built_is_taken_back_with_ctrl_z(guard, site_server):
    page = open_hall(guard, site_server)
    start(page, "grid", [("Ann", "human"), ("Ada", "easy")])
    for _ in range(200):
        phase = grid_turn(page)
        assert phase is not None, "the game ended before Ann could build"
        targets = page.locator("#grid-targets .target-item")
        if phase == "building" and targets.count():
            targets.first.click()
            build = page.locator("#grid-proposal [data-action=build]:not([disabled])")
            if build.count():
                break
        assert page.locator("#by-undo").count() == 0  # nothing of this turn yet
        grid_quick(page, phase)
    else:
        raise AssertionError("Ann never could build")
    before, step = record(page), field_step(page, GRID_FIELD)
    grid_act(page, build.first.click)
    assert page.locator("svg.grid-map .plant-badge.seat-0").count() == 1
    assert len(record(page)["actions"]) == len(before["actions"]) + 1
    page.wait_for_selector("#by-undo")
    page.locator("#by-panel").click(position={"x": 2, "y": 2})  # the focus outside any field
    page.keyboard.press("Control+z")
    page.wait_for_function("(s) => document.querySelector('#by-panel .grid-field').dataset.step === s", arg=step)
    assert page.locator("svg.grid-map .plant-badge.seat-0").count() == 0
    assert json.dumps(taken_back(page), sort_keys=True) == json.dumps(before, sort_keys=True)
    assert page.locator("#by-undo").count() == 0
    # the turn ended: nothing to take back
    grid_act(page, lambda: page.click("#grid-done"))
    assert page.locator("#by-undo").count() == 0


def test_a_card_played_is_taken_back_with_the_button(guard, site_server):
    page = open_hall(guard, site_server)
    start(page, "ekonos", [("Ann", "human"), ("Ada", "easy")])
    for _ in range(100):
        phase = ek_turn(page)
        assert phase is not None, "the game ended before Ann's turn went on after a card"
        if phase == "play":
            before, step = record(page), field_step(page, EK_FIELD)
            hand = page.locator(".ek-hand button.ek-card").count()
            ek_quick(page, phase)
            if page.locator("#by-undo").count():
                break
        else:
            ek_quick(page, phase)
    else:
        raise AssertionError("Ann's turn never went on after her card")
    page.click("#by-undo")
    page.wait_for_function("(s) => document.querySelector('#by-panel .ek-field').dataset.step === s", arg=step)
    assert page.get_attribute(EK_FIELD, "data-phase") == "play"
    assert page.locator(".ek-hand button.ek-card").count() == hand
    assert json.dumps(taken_back(page), sort_keys=True) == json.dumps(before, sort_keys=True)
    assert page.locator("#by-undo").count() == 0
