"""A live room of the grid game through the hall's UI: the host's page (its seat a bot) and
two players' pages, each in its own context of the network-namespace Chromium
(tests/site/net/live_helpers.py), connected by offers and answers pasted as text. Round 1's
auction (each player opens or leaves an auction, only the current bidder acts) and its build
phase (each player builds a plant by choosing a city and its cost on its own page) travel as
action codes over the data channels; every page ends up showing every new plant on its map.
Screens at 375 and 1280 px go to tests/site/screenshots/."""

from __future__ import annotations

import time

import pytest

from ..hall import no_horizontal_overflow, shot
from ..net.live_helpers import live, live_browser  # noqa: F401  (fixtures)
from ..net.test_net_live_ui import code_text, connect
from .helpers import PLAYER_FIELD, start_game

WAIT = 120_000


def heading(page):
    return page.locator(".game-top h2").inner_text()


def acting(page):
    """Whether this page decides now, read at one moment: a page whose move is sent gets the
    host's newer link at any time, and two reads may straddle it."""
    return page.evaluate("""(sel) => { const f = document.querySelector(sel);
        return !!f && f.dataset.acting === '1' && !document.querySelector('#grid-sent'); }""", PLAYER_FIELD)


def play_remote(page, name, built):
    """One decision on a player's page, sent live; waits until the host's newer link shows."""
    field = page.locator(PLAYER_FIELD)
    step = field.get_attribute("data-step")
    phase = field.get_attribute("data-phase")
    if phase == "auction":
        if page.locator("#grid-pass").count():
            page.click("#grid-pass")  # only the current bidder is asked: leave it
        else:
            shot(page, f"grid-live-auction-{page.viewport_size['width']}-{name}")
            page.click("#grid-bid")
    elif phase == "building" and name not in built and page.locator("#grid-targets [data-city]").count():
        item = page.locator("#grid-targets .target-item").first
        built[name] = item.get_attribute("data-city")
        item.click()
        page.wait_for_selector("#grid-proposal")
        shot(page, f"grid-live-build-{page.viewport_size['width']}-{name}")
        page.locator("#grid-proposal [data-action=build]").first.click()
    else:
        page.click("#grid-done" if page.locator("#grid-done").count() else "#grid-power")
    page.wait_for_selector("#grid-sent, #by-live-waiting", timeout=WAIT)
    page.wait_for_function(
        "([sel, step]) => { const f = document.querySelector(sel); return f && f.dataset.step !== step; }",
        arg=[PLAYER_FIELD, step],
        timeout=WAIT,
    )


@pytest.mark.long
def test_live_room_through_an_auction_and_a_build_phase(live):
    """Long because it plays a grid game in a live room, three browsers over WebRTC, through
    an auction and a build phase."""
    started = time.monotonic()
    host = live.hall(1280)
    start_game(host, [("Ada", "easy"), ("Pia", "remote"), ("Ravi", "remote")])
    host.wait_for_selector("textarea[data-code='round']")
    invites = {}
    for seat in (1, 2):
        host.click(f"[data-invite-toggle='{seat}']")
        invites[seat] = code_text(host, f"invite-{seat}")
    players = {}
    for seat, width in ((1, 375), (2, 1280)):
        page = live.hall(width)
        page.goto(invites[seat])
        page.wait_for_selector("#by-play #by-live")
        players[seat] = page
    for seat, page in players.items():
        connect(host, page, seat)
        page.wait_for_selector(PLAYER_FIELD, timeout=WAIT)
    names = {1: "Pia", 2: "Ravi"}
    built = {}
    # round 1 until both players have built: whoever is asked decides, the others wait
    deadline = time.monotonic() + 240
    while len(built) < 2 or any(acting(p) and p.get_attribute(PLAYER_FIELD, "data-phase") == "building"
                                for p in players.values()):
        assert time.monotonic() < deadline, {s: heading(p) for s, p in players.items()}
        moved = False
        for seat, page in players.items():
            if acting(page):
                play_remote(page, names[seat], built)
                moved = True
        if not moved:
            players[1].wait_for_timeout(200)
    # every page shows both new plants, on the map and in the log of the last moves
    for page in players.values():
        for other, name in names.items():
            page.wait_for_selector(f"svg.grid-map .city[data-city='{built[name]}'] .plant-badge.seat-{other}",
                                   timeout=WAIT)
        assert page.locator(".grid-log .log-entry").count() >= 1
    no_horizontal_overflow(players[1])
    shot(players[1], "grid-live-player-375-en")
    shot(players[2], "grid-live-player-1280-en")
    host.click("#by-tab-table")
    for name, city in built.items():
        seat = next(s for s, n in names.items() if n == name)
        host.wait_for_selector(f"svg.grid-map .city[data-city='{city}'] .plant-badge.seat-{seat}")
    shot(host, "grid-live-host-1280-en")
    print(f"grid live room: round 1's auction and building over WebRTC in {time.monotonic() - started:.0f} s")
