"""The history of a sequential game at the hall's table (issue 13), through Ekonos: a whole
recorded game stepped through turn by turn with the buttons, the arrow keys (Home, End;
reversed in Arabic) and the slider, each step drawn as the engine's replay of the record
to that turn shows it to the seat (its own hand then), the log beside it no further than
that turn, nothing playable in the past."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.record import replay as replay_record

from ..hall import open_hall, shot
from .helpers import FIELD

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ekonos"
SEATS = [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]


def whole_game():
    record = json.loads((FIXTURES / "games/three-random.record.json").read_text())
    return {**record, "meta": {"seats": SEATS}}


def views_at_each_step(record, seat):
    """Seat's view at the start of each step (a new `to_act` step) and at the end, by
    replaying the record's first n actions: independent of the history's own replay."""
    views, last = [], None
    for n in range(len(record["actions"]) + 1):
        module, state = replay_record(record, n)
        step = module.to_act(state)["step"]
        if step != last or module.is_over(state):
            views.append(module.view(state, seat))
            last = step
    return views


def open_imported(guard, site_server, record, **kwargs):
    page = open_hall(guard, site_server, **kwargs)
    page.set_input_files("#by-import-file", {"name": "ekonos.json", "mimeType": "application/json",
                                             "buffer": json.dumps(record).encode()})
    page.locator(".game-item [data-open]").first.click()
    page.wait_for_selector(".final")
    return page


def at(page, i):
    page.wait_for_selector(f"#by-history[data-at='{i}']")


def shows(page, view):
    """The table shows `view`: its decision, its phase, the seat's hand, nothing to play."""
    field = page.locator(FIELD)
    assert field.get_attribute("data-step") == str(view["step"])
    assert field.get_attribute("data-phase") == view["phase"]
    assert field.get_attribute("data-acting") == "0", "the past is not played"
    cards = page.eval_on_selector_all(".ek-hand [data-card]", "(els) => els.map((e) => e.dataset.card)")
    assert sorted(cards) == sorted(view["hand"])
    assert page.locator("#ek-pass, #ek-play, [data-buy]").count() == 0
    assert page.locator("#by-history-note").count() == 1  # "you are looking at the past"


def test_history_steps_through_a_whole_ekonos_game(guard, site_server):
    record = whole_game()
    views = views_at_each_step(record, 0)
    page = open_imported(guard, site_server, record)
    now_log = page.locator("#by-log .log-lines li").count()
    assert now_log > 10
    page.click("#by-history-first")
    at(page, 0)
    assert int(page.get_attribute("#by-history", "data-steps")) == len(views)
    shows(page, views[0])
    # the log beside the first turn: only the round's start, nothing after it
    logged = [page.locator("#by-log .log-lines li").count()]
    page.focus("#by-history-next")
    for i in range(1, 6):
        page.keyboard.press("ArrowRight")
        at(page, i)
        shows(page, views[i])
        logged.append(page.locator("#by-log .log-lines li").count())
    assert logged[0] < logged[-1] < now_log, logged
    page.keyboard.press("ArrowLeft")
    at(page, 4)
    shows(page, views[4])
    middle = len(views) // 2
    page.fill("#by-history-slider", str(middle))
    at(page, middle)
    shows(page, views[middle])
    assert views[middle]["round"] > 1 and f"Round {views[middle]['round']}" in page.inner_text("#by-history-where")
    # the log tab of a past turn is that turn's too
    page.click("#by-tab-log")
    past_log = page.inner_text("#by-panel")
    page.click("#by-tab-table")
    shot(page, "ekonos-history-past-1280-en")
    page.focus("#by-history-slider")
    page.keyboard.press("End")
    at(page, len(views) - 1)
    page.wait_for_selector(".final")
    assert page.locator("#by-history-note").count() == 0
    page.click("#by-tab-log")
    assert len(page.inner_text("#by-panel")) > len(past_log)
    page.click("#by-tab-table")
    page.focus("#by-history-prev")
    page.keyboard.press("Home")
    at(page, 0)
    shows(page, views[0])
    page.click("#by-history-now")
    page.wait_for_selector(".final")


def test_history_arrows_are_reversed_in_arabic(guard, site_server):
    record = whole_game()
    views = views_at_each_step(record, 0)[:3]
    context = guard.new_context(warm=True, viewport={"width": 375, "height": 800}, locale="ar")
    page = open_imported(guard, site_server, record, context=context)
    assert page.evaluate("document.documentElement.dir") == "rtl"
    page.click("#by-history-first")
    at(page, 0)
    page.focus("#by-history-next")
    page.keyboard.press("ArrowLeft")  # right to left: the left arrow goes on
    at(page, 1)
    shows(page, views[1])
    page.keyboard.press("ArrowLeft")
    at(page, 2)
    page.keyboard.press("ArrowRight")  # and the right arrow goes back
    at(page, 1)
    page.keyboard.press("End")
    page.wait_for_selector(".final")
    page.keyboard.press("Home")
    at(page, 0)
    shows(page, views[0])
    shot(page, "ekonos-history-past-375-ar")
