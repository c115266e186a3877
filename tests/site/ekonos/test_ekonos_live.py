"""A live room of Ekonos through the hall's UI (WebRTC, the network-namespace Chromium of
tests/site/net/live_helpers.py): the host's device holds a bot; Ann's phone (375 px) and
Bob's laptop (1280 px) connect by offers and answers pasted as text. The host's game is the
recorded one of tests/fixtures/ekonos/ui-president-late.json (the last round, one card in each
hand; Ann to play, Bob presides Gamma at growth 3): Ann plays for Gamma, and the decision to
expand reaches Bob's page — not Ann's, whose page says whom it waits for; then both play their
last turns quickly over the channels to the final screen, which both pages show."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from ..hall import no_horizontal_overflow, set_pace, shot
from ..net.live_helpers import live, live_browser  # noqa: F401  (fixtures)
from ..net.test_net_live_ui import code_text, connect
from .helpers import PLAYER_FIELD, quick_click, start_game, store, stored

WAIT = 120_000
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "ekonos" / "ui-president-late.json"


def acting(page):
    """The phase this page decides now, else None. Read at one moment: a page whose move is
    sent ("sent" shown) gets the host's newer link at any time, and two reads may straddle it."""
    return page.evaluate("""(sel) => { const f = document.querySelector(sel);
        return f && f.dataset.acting === '1' && !document.querySelector('#ek-sent') ? f.dataset.phase : null; }""",
                         PLAYER_FIELD)


def send(page, click):
    """One decision on a player's page, sent live; waits until the host's newer state shows."""
    step = page.get_attribute(PLAYER_FIELD, "data-step")
    click()
    page.wait_for_function(
        "([sel, step]) => { const f = document.querySelector(sel); return document.querySelector('.final')"
        " || (f && f.dataset.step !== step); }",
        arg=[PLAYER_FIELD, step],
        timeout=WAIT,
    )


@pytest.mark.long
def test_live_room_president_decides_on_his_own_page_and_the_game_ends(live):
    """Long because it plays an Ekonos game's last round in a live room, three browsers over
    WebRTC, to its final screen."""
    started = time.monotonic()
    host = live.hall(1280)
    start_game(host, [("Ann", "remote"), ("Bob", "remote"), ("Ada", "normal")])
    host.wait_for_selector("textarea[data-code='round']")
    # the host's game becomes the recorded one (same seats): its record is the truth
    game_id = stored(host, "games")[0]
    blob = stored(host, f"game.{game_id}")
    fixture = json.loads(FIXTURE.read_text())
    blob["record"]["seed"], blob["record"]["actions"] = fixture["seed"], fixture["actions"]
    store(host, f"game.{game_id}", blob)
    host.reload()
    host.wait_for_selector("textarea[data-code='round']", timeout=WAIT)
    set_pace(host, "instant")
    pages = {}
    for seat, width in ((0, 375), (1, 1280)):
        host.click(f"[data-invite-toggle='{seat}']")
        invite = code_text(host, f"invite-{seat}")
        page = live.hall(width)
        page.goto(invite)
        page.wait_for_selector("#by-play #by-live")
        pages[seat] = page
    for seat, page in pages.items():
        connect(host, page, seat)
        page.wait_for_selector(PLAYER_FIELD, timeout=WAIT)
    ann, bob = pages[0], pages[1]

    # Ann plays for Gamma: Bob's page asks him, Ann's page waits for him
    ann.wait_for_selector(f"{PLAYER_FIELD}[data-acting='1'][data-phase='play']", timeout=WAIT)
    ann.locator(".ek-hand button.ek-card").filter(has=ann.locator(".card-bottom [data-company='G']")).first.click()
    send(ann, lambda: ann.click("#ek-play [data-bottom='G']"))
    bob.wait_for_selector("#ek-expand-panel", timeout=WAIT)
    assert "It is Ann's turn" in bob.inner_text("#ek-expand-panel")
    ann.wait_for_selector("#ek-waiting[data-phase='expand_or_wait']", timeout=WAIT)
    assert "Waiting for Bob, president of Gamma, to decide: expand or wait." in ann.inner_text("#ek-waiting")
    # and the host's top bar says the same (the hall's "Bob is to play" would hide why)
    host.wait_for_function("""() => (document.querySelector('#by-waiting') || {}).textContent
                              === 'Waiting for Bob, president of Gamma, to decide: expand or wait.'""")
    assert ann.locator("#ek-expand").count() == 0
    no_horizontal_overflow(ann)
    shot(ann, "ekonos-live-ann-waits-375-en")
    shot(bob, "ekonos-live-bob-decides-1280-en")
    send(bob, lambda: bob.click("#ek-expand"))

    # then both play quickly to the end, each on their own page
    decisions = 0
    deadline = time.monotonic() + 300
    while not (ann.locator(".final").count() and bob.locator(".final").count()):
        assert time.monotonic() < deadline, [p.inner_text(".game-top") for p in pages.values()]
        moved = False
        for page in pages.values():
            phase = None if page.locator(".final").count() else acting(page)
            if phase is None:
                continue
            selector = quick_click(page, phase)
            send(page, page.locator(selector).first.click)
            decisions += 1
            moved = True
        if not moved:
            ann.wait_for_timeout(100)
    for page in pages.values():
        assert page.locator(".ek-final .ranking .rank-row").count() == 3
    no_horizontal_overflow(ann)
    shot(ann, "ekonos-live-final-375-en")
    host.click("#by-tab-table")
    host.wait_for_selector(".ek-final")
    print(f"ekonos live room: {decisions} decisions over WebRTC to the end in {time.monotonic() - started:.0f} s")
