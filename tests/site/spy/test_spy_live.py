"""¿Quién es el Espía? in a live room (WebRTC, the network-namespace Chromium of
tests/site/net/live_helpers.py): the host's device is the game master only; three players
on their own pages and three bots. The players connect live before the deal, their devices
commit to and reveal their values by themselves, the game is dealt from every value, the
days are played over the channels to the end, the message board's public thread reaches
everybody, the spies' thread only the spies and the Brothers' only the Brothers, players who do
not vote are removed at the close, and after the game every player's device checks the
deal and its moves, and says they hold."""

from __future__ import annotations

import random
import re
import time

import pytest

from ..hall import set_pace, shot
from ..net.live_helpers import hall_ready, live, live_browser, same_step  # noqa: F401  (fixtures)
from .helpers import (TITLE, WAIT, answer_day, code_text, shots_on_failure, start_spy, store, stored, values_for,
                      wait_moved)

SEATS = [("Rui", "remote"), ("Sol", "remote"), ("Tao", "remote"), ("Ada", "normal"), ("Boris", "normal"),
         ("Carmen", "normal")]
COUNTS = {"spies": 2, "brothers": 1, "psychic": 0}   # two spies (one a bot), Vigilante, Priest, Brothers


def connect(host, player, seat):
    """The host's offer, the player's answer, pasted back: the seat is live."""
    host.click(f"[data-live-offer='{seat}']")
    host.wait_for_selector(f"textarea[data-code='offer-{seat}']")
    summary = player.locator("#by-live details:not([open]) summary")
    if summary.count():
        summary.click()
    player.locator("textarea[data-paste='offer']").fill(code_text(host, f"offer-{seat}"))
    player.click("[data-submit='offer']")
    player.wait_for_selector("textarea[data-code='answer']", timeout=WAIT)
    host.locator(f"textarea[data-paste='answer-{seat}']").fill(code_text(player, "answer"))
    host.click(f"[data-submit='answer-{seat}']")
    host.wait_for_selector(f"[data-live='{seat}'][data-state='open']", timeout=WAIT)


def say(page, thread, text):
    button = page.locator(f"[data-board] [data-thread='{thread}']")
    if button.count():   # a seat with one thread (the public one) has no thread buttons
        button.click()
    page.locator(f"textarea[data-say='{thread}']").fill(text)
    page.click(f"[data-say-send='{thread}']")


@pytest.mark.long
def test_live_room_with_three_players_and_bots_to_the_end(live):
    """Long because it plays a whole spy game in a live room, with its fair deal, over
    WebRTC to the final screen."""
    started = time.monotonic()
    rnd = random.Random(7)
    host = live.hall(1280)
    start_spy(host, SEATS, COUNTS)
    host.wait_for_selector("[data-pending][data-phase='commit']")
    game_id = stored(host, "games")[0]
    pending = stored(host, f"game.{game_id}")
    g = pending["net"]["inbox"]["g"]

    # each device picks its own value: these make Rui a spy, Sol and Tao the Brothers
    def wanted(cards):
        return [c["role"] for c in cards[:3]] == ["spy", "brother", "brother"]
    options = {**pending["pre"]["options"], **COUNTS}
    values = values_for(pending["pre"]["values"][0], options, 6, 3, wanted)

    players = []
    for seat in range(3):
        host.click(f"[data-invite-toggle='{seat}']")
        page = live.hall(375 if seat == 0 else 1280)
        page.goto(code_text(host, f"invite-{seat}"))
        page.wait_for_selector("#by-play #by-live")
        store(page, f"fair.{g}", {"value": values[seat], "sent": []})
        players.append(page)
    shot(host, "spy-live-pending-1280-en")
    for seat, page in enumerate(players):
        connect(host, page, seat)
    # over the channels: commitments, then values, then the deal — nobody pastes anything
    host.wait_for_selector(".game-top h2", timeout=WAIT)
    set_pace(host, "instant")
    for page in players:
        page.wait_for_selector("#spy-card", timeout=WAIT)
    assert [p.get_attribute("#spy-card strong[data-role]", "data-role") for p in players[:2]] != ["", ""]
    assert players[0].get_attribute("#spy-card", "data-team") == "spies"
    assert players[0].get_attribute("#spy-card", "data-team") == "spies"
    assert players[2].get_attribute("#spy-card", "data-team") == "citizens"
    assert "Sol" in players[2].inner_text("#spy-mates")          # the Brothers know each other
    shot(players[0], "spy-live-player-375-en")

    # the board: everybody reads the public thread; the spies' thread is the spies' alone, the
    # Brothers' reaches the other Brother and nobody else
    say(players[2], "public", "Good evening, town.")
    for page in players[:2]:
        page.wait_for_selector("[data-thread-msgs='public'] .board-msg:has-text('Good evening, town.')", timeout=WAIT)
    say(players[0], "spies", "Tonight: Tao.")
    say(players[1], "brothers", "Trust nobody else.")
    players[2].click("[data-board] [data-thread='brothers']")
    players[2].wait_for_selector("[data-thread-msgs='brothers'] .board-msg:has-text('Trust nobody else.')",
                                 timeout=WAIT)
    assert players[0].locator("[data-board] [data-thread='brothers']").count() == 0
    for page in players[1:]:
        assert page.locator("[data-board] [data-thread='spies']").count() == 0
        assert "Tonight" not in page.inner_text("[data-board]")
    assert "Trust nobody" not in players[0].inner_text("[data-board]")
    host.click("#by-tab-board")
    host.wait_for_selector("[data-board] .board-msg:has-text('Good evening, town.')")
    board = host.inner_text("[data-board]")
    assert "Tonight" not in board and "Trust nobody" not in board   # the host shows no seat's thread
    host.click("#by-tab-day")
    shot(players[1], "spy-live-board-1280-en")

    # the days, over the channels, to the end
    with shots_on_failure("spy-live", [host, *players]):
        days, skipped = 0, None
        while not host.locator(".spy-final").count():
            day = host.inner_text(TITLE)
            for page in players:
                # this player's page shows the host's day; if the host is still on `day` after
                # every page, every page has seen it and answered what it had to answer
                same_step(host, page, over=".spy-final")
                if page.locator("#spy-day:not(.spy-done) #spy-done").count():
                    # the first vote day: nobody of the three votes, each says done without
                    voting = page.locator("#spy-day fieldset[data-pick='vote']").count()
                    if voting and skipped is None:
                        skipped = (day, int(re.search(r"Cycle (\d+)", day).group(1)))
                    answer_day(page, rnd, vote=not (voting and skipped[0] == day))
            wait_moved(host, day)
            days += 1
            assert days < 60
    # nobody who did not vote outlived that cycle: removed at its close (unless the night or the
    # vote had killed him first, as the bots' picks may)
    assert skipped is not None
    for seat in range(3):
        row = players[0].inner_text(f".spy-final [data-seat='{seat}']")
        assert f"(cycle {skipped[1]})" in row, row
        print(" ".join(row.split()))
    for page in players:
        page.wait_for_selector("#by-fair-audit[data-state='ok'], #by-fair-audit[data-state='failed']", timeout=WAIT)
        assert page.get_attribute("#by-fair-audit", "data-state") == "ok", page.inner_text("#by-fair-audit")
        assert page.locator("#spy-roles li").count() == 6             # every role, shown to all
    shot(players[0], "spy-live-final-375-en")
    print(f"live spy game: {days} days in {time.monotonic() - started:.0f} s")
