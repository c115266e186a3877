"""A live room through the hall's UI (issue 5): a host's page and two players' pages, each
in its own context of the network-namespace Chromium (live_helpers.py), play a 3+5 classic
game over WebRTC data channels. Offers and answers pass only as text through the pages' own
boxes; state links, "who is still to play" and action codes then travel over the channels.
One player reloads mid-game and rejoins with a new offer and answer; a second browser with
the same invite cannot take the connected seat (seat_in_use: its answer is signed by another
device than the seat's), and the seat's own page is told with the next link; the host then
releases the seat and the second browser takes it over; the host reloads with one seat's move
in, reconnects both seats and the round goes on; the game finishes on every page. Host and
player screens are captured at 375 and 1280 px (tests/site/screenshots/)."""

from __future__ import annotations

import time

import pytest

from .live_helpers import hall_ready, live, live_browser, same_step  # noqa: F401  (fixtures)
from .test_net_ui import message, qr_text
from .test_net_seat_ui import plural
from ..broker.helpers import no_horizontal_overflow, pick_card, press_ready, start_game
from ..hall import code_text, shot

WAIT = 120_000
TITLE_IS = "(t) => document.querySelector('.game-top h2').textContent === t"
TITLE_NOT = "(t) => document.querySelector('.game-top h2').textContent !== t"


def round_title(page):
    return page.locator(".game-top h2").inner_text()


def connect(host, player, seat, shots=None):
    """Offer (host) -> answer (player) -> the host pastes it: the seat is connected live."""
    host.click(f"[data-live-offer='{seat}']")
    host.wait_for_selector(f"textarea[data-code='offer-{seat}']")
    offer = code_text(host, f"offer-{seat}")
    assert "#f3." in offer
    if shots:
        assert qr_text(host, f"offer-{seat}") == [offer]      # the offer's QR code reads back
        host.set_viewport_size({"width": 375, "height": 900})
        shot(host, f"live-host-offer-375-{shots}")
        host.set_viewport_size({"width": 1280, "height": 900})
    summary = player.locator("#by-live details:not([open]) summary")
    if summary.count():
        summary.click()
    player.locator("textarea[data-paste='offer']").fill(offer)
    player.click("[data-submit='offer']")
    player.wait_for_selector("textarea[data-code='answer']")
    answer = code_text(player, "answer")
    assert answer.startswith("a3.") and len(answer) < 600
    if shots:
        assert qr_text(player, "answer") == [answer]
        shot(player, f"live-player-answer-{player.viewport_size['width']}-{shots}")
    host.locator(f"textarea[data-paste='answer-{seat}']").fill(answer)
    host.click(f"[data-submit='answer-{seat}']")
    host.wait_for_selector(f"[data-live='{seat}'][data-state='open'], [data-result='answer-{seat}'][data-ok='0']",
                           timeout=WAIT)
    refused = host.locator(f"[data-result='answer-{seat}'][data-ok='0']")
    assert not refused.count(), refused.inner_text()
    player.wait_for_selector("#by-live[data-live-state='open']", timeout=WAIT)
    player.wait_for_selector("#by-play .game-top", timeout=WAIT)    # the state link came over the channel
    return offer, answer


def play_live(page):
    """Pick the first card that raises a price (else the first that is not −100: a game
    where two players go bankrupt early would end before the reloads) and send the orders
    over the channel."""
    cards = page.locator(".hand-card:not(.hand-none)")
    texts = [cards.nth(i).inner_text().split("\n") for i in range(cards.count())]
    pick = next((i for i, lines in enumerate(texts) if len(lines) > 1 and lines[1].strip().startswith("+")),
                next((i for i, lines in enumerate(texts) if "−100" not in " ".join(lines)), 0))
    pick_card(page, pick, cards=".hand-card:not(.hand-none)")
    press_ready(page)


@pytest.mark.long
def test_live_room_through_the_ui(live):
    """Long because it plays a whole game in a live room, three browsers over WebRTC,
    through the pages' own boxes."""
    started = time.monotonic()
    host = live.hall(1280)
    start_game(host, [("Hosta", "easy"), ("Pia", "remote"), ("Ravi", "remote")])
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

    # an empty answer: a clear message, nothing changes
    host.click("[data-live-offer='1']")
    host.wait_for_selector("textarea[data-code='offer-1']")
    host.click("[data-submit='answer-1']")
    host.wait_for_selector("[data-result='answer-1'][data-ok='0']")
    assert host.inner_text("[data-result='answer-1']") == message("error.code_empty")
    shot(players[1], "live-player-join-375-en")

    for seat, page in players.items():
        connect(host, page, seat, shots="en" if seat == 1 else None)
    shot(host, "live-host-connected-1280-en")
    assert round_title(players[1]) == round_title(host)

    # round 1 live: Pia plays, Ravi still thinks (everybody sees it), then Ravi plays
    play_live(players[1])
    host.wait_for_selector("[data-status='1']:has-text('%s')" % message("net.submitted"), timeout=WAIT)
    # (the status sent at connecting already names Ravi, with Pia: wait for the one without her)
    players[2].wait_for_function("""() => { const w = document.querySelector('#by-live-waiting');
        return w && w.textContent.includes('Ravi') && !w.textContent.includes('Pia'); }""", timeout=WAIT)
    players[1].wait_for_selector("#by-live-waiting:has-text('Ravi')", timeout=WAIT)
    # her move is in, said on her page while she waits ...
    players[1].wait_for_selector("#by-live-result.good:has-text('%s')" % message("live.order_in"), timeout=WAIT)
    no_horizontal_overflow(players[1])
    shot(players[1], "live-player-waiting-375-en")
    shot(players[2], "live-player-field-1280-en")
    host.set_viewport_size({"width": 375, "height": 900})
    shot(host, "live-host-waiting-375-en")
    host.set_viewport_size({"width": 1280, "height": 900})
    first = round_title(host)
    play_live(players[2])
    host.wait_for_function(TITLE_NOT, arg=first, timeout=WAIT)
    second = round_title(host)
    # ... and not beside "It is your turn" once the next round asks her again
    same_step(host, players[1])
    assert players[1].locator("#by-turn-note").inner_text() == message("net.your_turn")
    # (the host's status, which says so, may come just after the link)
    players[1].wait_for_selector("#by-live-result", state="detached", timeout=WAIT)
    for page in players.values():
        page.wait_for_function(TITLE_IS, arg=second, timeout=WAIT)

    # Pia reloads: the host sees her gone; a new offer and answer, and she plays on
    players[1].reload()
    hall_ready(players[1])
    players[1].wait_for_selector("#by-play .game-top")
    assert round_title(players[1]) == second      # the newest link was kept
    host.wait_for_selector("[data-live='1'][data-state='closed']", timeout=WAIT)
    assert host.locator("[data-live='2'][data-state='open']").count() == 1
    connect(host, players[1], 1)

    # a second browser with Pia's invite cannot take her connected seat
    twin = live.hall(375)
    twin.goto(invites[1])
    twin.wait_for_selector("#by-play #by-live")
    host.click("[data-live-offer='1']")
    host.wait_for_selector("textarea[data-code='offer-1']")
    twin.goto(code_text(host, "offer-1"))          # this time the offer is opened as a link
    twin.wait_for_selector("textarea[data-code='answer']", timeout=WAIT)
    host.locator("textarea[data-paste='answer-1']").fill(code_text(twin, "answer"))
    host.click("[data-submit='answer-1']")
    host.wait_for_selector("[data-result='answer-1'][data-ok='0']", timeout=WAIT)
    assert host.inner_text("[data-result='answer-1']") == message("error.seat_in_use")
    twin.wait_for_selector("#by-live[data-live-state='refused']", timeout=WAIT)
    assert message("error.seat_in_use") in twin.inner_text("#by-live")
    assert host.locator("[data-live='1'][data-state='open']").count() == 1
    # Pia's page hears of it: the host's next link comes over her channel
    players[1].wait_for_selector("#by-seat-tried[data-mine='1']", timeout=WAIT)
    assert players[1].inner_text("#by-seat-tried") == plural("net.tried_mine", 1)
    assert host.inner_text("[data-tried='1']") == plural("net.tried_host", 1, name="Pia")

    # Pia moves to the second browser for good: the host releases her seat, her old page is
    # disconnected, and the second browser connects and plays on
    host.click("[data-release='1']")
    host.click("dialog[open] [data-ok]")
    host.wait_for_selector("[data-live='1'][data-state='closed']", timeout=WAIT)
    players[1].wait_for_selector("#by-live[data-live-state='closed']", timeout=WAIT)
    players[1].context.close()
    players[1] = twin
    connect(host, twin, 1)
    assert twin.locator("#by-seat-tried").count() == 0

    # the host reloads after Pia's orders are in: the room comes back from its saved state,
    # every seat disconnected; new offers and answers, and the round goes on
    play_live(players[1])
    host.wait_for_selector("[data-status='1']:has-text('%s')" % message("net.submitted"), timeout=WAIT)
    host.reload()
    hall_ready(host)
    for seat, page in players.items():
        host.wait_for_selector(f"[data-live='{seat}'][data-state='closed']", timeout=WAIT)
        page.wait_for_selector("#by-live[data-live-state='closed']", timeout=WAIT)
    assert host.inner_text("[data-status='1']") == message("net.submitted")
    assert host.inner_text("[data-status='2']") == message("net.waiting")
    shot(host, "live-host-reloaded-1280-en")
    shot(players[2], "live-player-lost-1280-en")
    for seat, page in players.items():
        connect(host, page, seat)
    assert round_title(host) == second
    play_live(players[2])
    host.wait_for_function(TITLE_NOT, arg=second, timeout=WAIT)

    # the rest of the game, live
    rounds = 2
    while round_title(host) != message("game.over_title"):
        before = round_title(host)
        for page in players.values():
            same_step(host, page)   # a bankrupt seat does not hold the round up
            if page.locator(".hand-card:not(.hand-none)").count():
                play_live(page)
        host.wait_for_function(TITLE_NOT, arg=before, timeout=WAIT)
        rounds += 1
        assert rounds <= 8
    for page in players.values():
        page.wait_for_selector(".final .rank-row", timeout=WAIT)
        assert page.locator(".final .rank-row").count() == 3
    shot(players[1], "live-player-final-375-en")
    host.click("#by-tab-field")
    host.wait_for_selector(".final .rank-row")
    assert host.locator(".final .rank-row").count() == 3
    print(f"live game: {rounds} rounds in {time.monotonic() - started:.0f} s")
