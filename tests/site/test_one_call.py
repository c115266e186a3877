"""One call a move (issue 26, item 3; docs/hall.md "One call a move"): a person's move at the
host's table costs one bridge call, counted in the page (tests/site/calls.py), in every game:
its answer carries what the table draws and what the page keeps, so no screen, seat's view or
link input is read again after it. The bots' turns that follow until the person is named
again are one call (`hall_play_out`: the tests' pace is instant, tablepace.js); a bot deciding
quietly in a simultaneous step is one call (`hall_bot_step`). With remote seats the host's
links follow from the same answer."""

from __future__ import annotations

import random

import pytest

from .calls import CLEAR, READ, WATCH
from .hall import open_hall, start
from .still import settle

BOTS = [("Bo", "easy"), ("Cy", "easy")]


def moves(game, page, seats, count):
    """Start `game` with `seats` and yield `count` times a function making the person's next move."""
    if game == "broker-yard":
        from .broker import helpers as by
        by.start_game(page, seats)
        page.click("#by-tab-field")  # a game with remote seats opens on their tab
        for _ in range(count):
            by.choose_first_card(page)
            yield lambda: by.press_ready(page)
    elif game == "spy":
        from .spy import helpers as spy
        start(page, game, seats)
        rnd = random.Random(3)
        for _ in range(count):
            page.wait_for_selector("#spy-day:not(.spy-done)")
            yield lambda: spy.answer_day(page, rnd)
    else:
        helpers = __import__(f"tests.site.{game}.helpers", fromlist=["x"])
        helpers.start_game(page, seats)
        for _ in range(count):
            phase = helpers.my_turn(page)
            assert phase not in (None, "curtain")
            yield lambda phase=phase: helpers.quick_turn(page, phase)


def calls_of(page, move):
    """The bridge calls of `move()`, from its first click until the page is at rest."""
    page.raw.evaluate(CLEAR)
    move()
    settle(page)
    return [c["name"] for c in page.raw.evaluate(READ)["calls"]]


@pytest.mark.parametrize("game, remote", [("broker-yard", False), ("broker-yard", True), ("ekonos", False),
                                          ("spy", False), ("grid", False)])
def test_a_move_at_the_table_is_one_call(guard, site_server, game, remote):
    context = guard.new_context(warm=True, viewport={"width": 1280, "height": 900}, locale="en-US")
    context.add_init_script(WATCH)
    page = open_hall(guard, site_server, context=context)
    seats = [("Ana", "human")] + ([("Rem", "remote")] if remote else []) + BOTS
    if game == "spy":
        seats += [(f"Bot {i}", "easy") for i in range(3)]
    # with a remote seat the round then waits for its code: one move
    for move in moves(game, page, seats, 1 if remote else 2):
        calls = calls_of(page, move)
        # the person's move is one call; whatever follows it is the bots', the turns they play
        # until the person is named again one call
        assert calls.count("hall_act") == 1, calls
        after = calls[calls.index("hall_act") + 1:]
        assert set(after) <= {"hall_bot_step", "hall_play_out"}, calls
        assert after.count("hall_play_out") <= 1, calls
    if remote:  # the host's link followed the move, made from the answer's link parts
        assert calls_of(page, lambda: page.click("#by-tab-net")) == []
        assert page.locator("textarea[data-code='round']").count() == 1
