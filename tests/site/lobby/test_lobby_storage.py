"""What the page's storage cannot keep loses nothing (issue 25, items 6 and 7).

Two tabs of one browser on one game: the tab opened last plays it; the other says that the
game was changed in another tab and stops saving it (before, its round silently replaced
the other tab's), and a reload shows the newest state.

A full storage (filled for real, up to the browser's quota): the host's round stays after
Lobby → game (the stale stored copy was read instead of the newer one in memory), a remote
player still gets the code for their move (it was "Something went wrong (22)" and no code),
and both pages say plainly, in the player's language, what is not saved and how to keep it."""

from __future__ import annotations

from ..broker.helpers import choose_first_card, play_round, press_ready, round_number, start_game
from ..hall import open_hall, shot
from ..net.test_net_ui import code_text, paste, player_round
from .helpers import catalog, lasting

# fill localStorage up to its quota, in chunks from 1 MiB down to one character
FILL = """() => {
    let n = 0;
    for (let size = 1 << 20; size >= 1; size >>= 1) {
        const chunk = "x".repeat(size);
        for (;;) {
            try { localStorage.setItem("fill." + n, chunk); n++; } catch { break; }
        }
    }
    return n;
}"""


def kept_game(page):
    """The one game the page's storage lists, as stored."""
    return page.evaluate("""() => { const ids = JSON.parse(localStorage.getItem('by.v1.games'));
        return JSON.parse(localStorage.getItem('by.v1.game.' + ids[0])); }""")


def test_a_second_tab_stops_saving_the_game_another_tab_changed(guard, site_server):
    context = guard.new_context(warm=True, viewport={"width": 1280, "height": 900}, locale="en-US")
    first = open_hall(guard, site_server, context=context)
    start_game(first, [("Ann", "human"), ("Bob", "normal")])
    heading = round_number(first)
    # a second tab of the same browser opens where the first is: the same game
    second = open_hall(guard, site_server, context=context)
    second.wait_for_selector(".game-top")
    before = kept_game(first)["record"]["actions"]

    # the first tab was told at once, and its round no longer replaces anything
    en = catalog("en")
    assert lasting(first, "elsewhere") == en["storage.elsewhere"]
    play_round(first)
    assert kept_game(first)["record"]["actions"] == before
    shot(first, "storage-elsewhere-1280-en")

    # the second tab plays on and is saved; the first, reloaded, shows its round
    play_round(second)
    newest = round_number(second)
    assert newest != heading and kept_game(second)["record"]["actions"] != before
    assert second.locator("#by-lasting [data-notice='elsewhere']").count() == 0
    first.reload()
    first.wait_for_selector(".game-top")
    assert round_number(first) == newest
    assert first.locator("#by-lasting [data-notice='elsewhere']").count() == 0


def test_a_full_storage_keeps_the_host_round_and_makes_the_player_code(guard, site_server):
    es = catalog("es")
    unsaved = es["storage.unsaved"].replace("{button}", es["lobby.export"])
    host = open_hall(guard, site_server, locale="es-ES")
    start_game(host, [("Ana", "human"), ("Pía", "remote")])
    host.wait_for_selector("textarea[data-code='round']")
    host.click("[data-invite-toggle='1']")
    player = open_hall(guard, site_server, width=375, locale="es-ES")
    player.goto(code_text(host, "invite-1"))
    player.wait_for_selector("#by-play")
    player_round(player, code_text(host, "round"))

    choose_first_card(player)
    press_ready(player)
    player.wait_for_selector("textarea[data-code='order']")
    code = code_text(player, "order")

    # the host's storage is full: the code taken in and the round it closes stay after
    # Lobby -> game, and the page says how to keep them
    assert host.evaluate(FILL) > 0
    before = round_number(host)
    ok, said = paste(host, "order", code)
    assert ok, said
    host.click("#by-tab-field")
    choose_first_card(host)
    press_ready(host)
    host.wait_for_function("(t) => document.querySelector('.game-top h2').textContent !== t", arg=before)
    after = round_number(host)
    assert kept_game(host)["record"]["actions"] == [], "the full storage kept nothing new"
    host.click("#by-lobby")
    host.wait_for_selector("#by-running [data-open]")
    host.click("#by-running [data-open]")
    host.wait_for_selector(".game-top")
    assert round_number(host) == after
    assert lasting(host, "unsaved") == unsaved
    shot(host, "storage-full-host-1280-es")

    # the player's storage is full: the code is made anyway, and the page says what is not kept
    host.click("#by-tab-net")
    assert player.evaluate(FILL) > 0
    player_round(player, code_text(host, "round"))
    choose_first_card(player)
    press_ready(player)
    player.wait_for_function("(c) => { const t = document.querySelector(\"textarea[data-code='order']\");"
                             " return t && t.value !== c; }", arg=code)
    assert "#o3." in code_text(player, "order")
    assert lasting(player, "unsaved") == unsaved
    assert player.locator("#by-notices .notice-error").count() == 0
    shot(player, "storage-full-player-375-es")
