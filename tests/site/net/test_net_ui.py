"""Playing together by links through the page's UI, with the in-browser engine (issue 5):
a host's browser and two players' browsers (separate contexts: own storage, own device id)
play a whole 3+5 game of Broker-Yard; invites, state links and action codes pass only as
text through the pages' own inputs and outputs. Along the way the host's page refuses bad codes with the
catalog's message and no change, the QR codes decode back to the exact links, and the host
and player screens are captured at 375 and 1280 px (tests/site/screenshots/)."""

from __future__ import annotations

import json
from pathlib import Path
import random

import pytest

from ..broker.helpers import choose_first_card, no_horizontal_overflow, pick_card, press_ready, start_game
from ..hall import HALL_TIMEOUT, code_text, open_hall, shot
from ..conftest import wait_started
from .qr_decode import decode_png

GAME = "broker-yard"
I18N = Path(__file__).resolve().parents[3] / "site" / "i18n"
EN = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
EN_GAME = json.loads((I18N / GAME / "en.json").read_text(encoding="utf-8"))


def message(key, **params):
    """The English text a page shows for `key` while the game is open: the game's own words
    where its catalog has them ("<game>.<key>"), else the hall's (site/js/shell/i18n.js)."""
    text = EN_GAME.get(f"{GAME}.{key}", EN.get(key))
    assert text is not None, key
    for k, v in params.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def open_page(guard, site_server, width):
    """The hall, its first page drawn. (open_hall returns once #app shows anything, the
    lobby's "loading" line included; a link opened before the lobby is drawn is overtaken by
    it: the lobby's late redraw replaces the page the link opened.)"""
    page = open_hall(guard, site_server, width=width)
    page.wait_for_selector("#app > :not(p[role=status])")
    return page


def join_by_invite(host, player, seat, ready="#by-play"):
    """The player's page opens seat `seat`'s invitation, shown at the host's table, and
    waits until `ready` shows there."""
    host.click(f"[data-invite-toggle='{seat}']")
    player.goto(code_text(host, f"invite-{seat}"))
    player.wait_for_selector(ready)


def qr_text(page, name):
    """Show the code box's QR code, screenshot it, decode it."""
    toggle = page.locator(f"[data-box='{name}'] [data-qr-toggle]")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    figure = page.locator(f"[data-qr='{name}'] svg")
    page.evaluate("document.getElementById('by-notices').replaceChildren()")   # toasts on top
    figure.evaluate("(e) => e.scrollIntoView({block: 'center'})")
    return decode_png(figure.screenshot())


def paste(page, name, text):
    """Paste into a paste box and submit; returns (ok, message), read in the same moment the
    answer shows (a redraw right after would replace the box with an empty one)."""
    page.locator(f"textarea[data-paste='{name}']").fill(text)
    page.evaluate("(n) => { const r = document.querySelector(`[data-result='${n}']`); if (r) r.dataset.ok = ''; }",
                  name)
    page.click(f"[data-submit='{name}']")
    answer = page.wait_for_function("""(n) => { const r = document.querySelector(`[data-result='${n}']`);
                                               return r && r.dataset.ok && [r.dataset.ok, r.innerText]; }""",
                                    arg=name, timeout=120_000).json_value()
    return answer[0] == "1", answer[1]


def host_state(page):
    """The host's stored game: record (the step's actions included), the state link, the
    inbox's per-seat counters."""
    return page.evaluate("""() => {
        const ids = JSON.parse(localStorage.getItem('by.v1.games'));
        const g = JSON.parse(localStorage.getItem('by.v1.game.' + ids[0]));
        return {record: g.record, link: g.net.link, step: g.net.inbox.t,
                seats: g.net.inbox.seats.map((s) => s && [s.c, s.e, s.pk, !!s.in])};
    }""")


def open_link(page, text):
    """A player pastes a link into the page's open box (lobby or play page)."""
    box = "link" if page.locator("textarea[data-paste='link']").count() else "open"
    page.locator(f"textarea[data-paste='{box}']").fill(text)
    page.click(f"[data-submit='{box}']")


def player_round(page, link):
    page.evaluate("() => { const p = document.getElementById('by-play'); if (p) p.dataset.stale = '1'; }")
    open_link(page, link)
    page.wait_for_selector("#by-play:not([data-stale]) .game-top")
    return page


NAMES = {1: "Pia <b>", 2: "Ravi"}
# what a player's page keeps of the game it plays (store key play.<game id>)
PLAY_KEPT = "localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('by.v1.play.')))"
NEW_LINK = """(l) => { const t = document.querySelector("textarea[data-code='round']"); return t && t.value !== l; }"""


@pytest.mark.long
def test_whole_game_by_links_with_refusals_and_qr(guard, site_server):
    """Long because it plays a whole Broker-Yard game by links between three browsers, with
    the refusals and QR codes met on the way."""
    host = open_hall(guard, site_server, width=1280)
    start_game(host, [("Hosta", "human"), ("Pia <b>", "remote"), ("Ravi", "remote")])
    host.wait_for_selector("textarea[data-code='round']")
    assert host.locator("#by-tab-net").get_attribute("aria-selected") == "true"

    # invites: text, and the same as a QR code
    invites = {}
    for seat in (1, 2):
        host.click(f"[data-invite-toggle='{seat}']")
        invites[seat] = code_text(host, f"invite-{seat}")
        assert "#i4." in invites[seat]
    assert qr_text(host, "invite-1") == [invites[1]]
    shot(host, "net-host-1280-en")

    players = {}
    for seat, width in ((1, 375), (2, 1280)):
        page = open_page(guard, site_server, width)
        page.goto(invites[seat])    # the invite opened as a link
        page.wait_for_selector("#by-play")
        players[seat] = page
    assert "Pia <b>" in players[1].inner_text("#by-play h2")
    assert players[1].locator("#by-play b").count() == 0       # a name is text, never markup
    shot(players[1], "net-player-joined-375-en")

    # a spectator (no invite) sees the public part, marked unverified, and no hand
    spectator = open_hall(guard, site_server, width=375)
    link = code_text(host, "round")
    player_round(spectator, link)
    assert spectator.locator("#by-unverified").count() == 1
    assert spectator.locator(".hand-card").count() == 0
    no_horizontal_overflow(spectator)
    spectator.context.close()

    shuffle = random.Random(3)
    rounds, old_code, sizes, first_link = 0, None, [], None
    while True:
        link = code_text(host, "round")
        sizes.append(len(link))
        if host.locator(".game-top h2").inner_text() == message("game.over_title"):
            break
        for page in players.values():
            player_round(page, link)
            assert page.locator("#by-unverified").count() == 0
        if players[1].locator(".final").count():
            break
        codes = []
        for seat, page in players.items():
            if page.locator(".hand-card").count() == 0:
                continue     # bankrupt: nothing to play
            if rounds == 0 and seat == 2:
                # a first code, then a change of mind: both are kept to paste out of order
                choose_first_card(page)
                page.click("#broker-save")
                page.wait_for_selector("textarea[data-code='order']")
                first = code_text(page, "order")
                pick_card(page, 1)      # waits for the redrawn page's chooser of that card
                page.click("#broker-save")
                page.wait_for_function("""(c) => { const t = document.querySelector("textarea[data-code='order']");
                    return t && t.value !== c; }""", arg=first)     # the page redraws meanwhile
                codes.append((seat, code_text(page, "order")))
                codes.append((seat, first))     # the older code, pasted after the newer
                continue
            choose_first_card(page)
            press_ready(page)
            page.wait_for_selector("textarea[data-code='order']")
            codes.append((seat, code_text(page, "order")))
            if rounds == 0 and seat == 1:
                assert qr_text(page, "order") == [codes[-1][1]]
                no_horizontal_overflow(page)
                shot(page, "net-player-order-375-en")
                assert qr_text(host, "round") == [link]        # the round link's QR, too
        if rounds == 0:
            shot(players[2], "net-player-field-1280-en")
            # a truncated or altered round link: the catalog's message, the page unchanged
            page = players[1]
            before = page.evaluate(PLAY_KEPT)
            i = link.index("#r4.") + 40
            for bad in (link[:len(link) // 2], link[:i] + ("A" if link[i] != "A" else "B") + link[i + 1:]):
                ok, text = paste(page, "link", bad)
                assert not ok and text == message("error.code_damaged"), text
            assert page.evaluate(PLAY_KEPT) == before
        if rounds == 0:
            first_link = link
        if rounds == 1 and old_code:
            before = host_state(host)
            ok, text = paste(host, "order", old_code)
            assert not ok and text == message("error.code_old_step", step=0, current=1)
            assert host_state(host) == before
            # and the player's page keeps the newer link it has when an older one is opened
            page = players[2]
            before = page.evaluate(PLAY_KEPT)
            ok, text = paste(page, "link", first_link)
            assert not ok and text == message("error.link_old_step"), text
            assert page.evaluate(PLAY_KEPT) == before

        # the host plays its own seat (the round ends with the last code to come in)
        host.click("#by-tab-field")
        if host.locator(".hand-card").count():
            choose_first_card(host)
            press_ready(host)
            if codes:
                host.wait_for_selector("#broker-saved-state:has-text('Ready with')")
        host.click("#by-tab-net")
        if not codes:      # both remote players are bankrupt: the host's save ended the round
            rounds += 1
            host.wait_for_function(NEW_LINK, arg=link)
            continue
        host.wait_for_selector("textarea[data-paste='order']")
        if rounds == 0:
            # Ravi's newer code, the same again, his older one, then Pia's (ends the round)
            (s1, pia), (s2, newer), (_, older) = codes
            refusals(host, pia)
            ok, text = paste(host, "order", newer)
            assert ok and text == message("net.code_in", name="Ravi"), text
            before = host_state(host)
            ok, text = paste(host, "order", newer)
            assert not ok and text == message("error.code_duplicate", name="Ravi"), text
            ok, text = paste(host, "order", older)
            assert not ok and text == message("error.code_replayed", name="Ravi"), text
            assert host_state(host) == before
            assert "Pia <b>" in host.inner_text("#by-waiting")
            assert host.locator("[data-status='2']").inner_text() == message("net.submitted")
            assert host.locator("[data-status='1']").inner_text() == message("net.waiting")
            shot(host, "net-host-waiting-1280-en")
            ok, text = paste(host, "order", pia)
            assert ok and text == message("net.code_in_resolved", name="Pia <b>"), text
            old_code = pia
        else:
            shuffle.shuffle(codes)      # codes come in any order
            for n, (seat, code) in enumerate(codes):
                ok, text = paste(host, "order", code)
                assert ok, text
                last = n == len(codes) - 1     # the last code in moves the game on
                assert text == message("net.code_in_resolved" if last else "net.code_in", name=NAMES[seat]), text
        rounds += 1
        assert rounds <= 8
        host.wait_for_function(NEW_LINK, arg=link)
    print(f"round links {sizes}")
    ok, text = paste(host, "order", old_code)
    assert not ok and text == message("error.code_game_over")
    assert max(sizes) < 2100
    for page in players.values():
        player_round(page, code_text(host, "round"))
        page.wait_for_selector(".final .rank-row")
        assert page.locator(".final .rank-row").count() == 3
    shot(players[1], "net-player-final-375-en")
    host.click("#by-tab-field")
    host.wait_for_selector(".final")
    # the host's page survives a reload with the final link
    host.reload()
    wait_started(host)
    host.wait_for_selector(".final", timeout=HALL_TIMEOUT)


def refusals(host, good):
    """Bad codes through the host's paste box: the catalog's message, nothing changed."""
    before = host_state(host)
    cut = good[:len(good) * 2 // 3]
    i = good.index("#o3.") + 30
    altered = good[:i] + ("A" if good[i] != "A" else "B") + good[i + 1:]
    other = host.evaluate("""async (game) => {
        const src = document.querySelector("script[src$='/js/hall/app.js']").src;
        const mod = await import(src.replace(/hall\\/app\\.js$/, "net/links.js"));
        const dev = await import(src.replace(/hall\\/app\\.js$/, "net/device.js"));
        return mod.makeActionCode({gameId: mod.newGameId(), game, step: 0, seat: 1, epoch: 0, secret: mod.newSecret(),
            action: {}, device: await dev.newDevice(), counter: 1});
    }""", GAME)
    cases = [
        (other, message("error.code_other_game")),
        (cut, message("error.code_damaged")),
        (altered, None),          # damaged (CRC) or forged: either message, never accepted
        ("hello", message("error.code_unknown_kind")),
        ("", message("error.code_empty")),           # an empty paste: a message, nothing changes
        (" \n ", message("error.code_empty")),
        (code_text(host, "round"), message("error.code_wrong_kind")),
    ]
    for text, expected in cases:
        ok, shown = paste(host, "order", text)
        assert not ok, text
        if expected:
            assert shown == expected, (shown, expected)
        else:
            assert shown in (message("error.code_damaged"), message("error.code_forged")), shown
        assert host_state(host) == before
