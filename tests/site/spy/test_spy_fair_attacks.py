"""A fair deal the host cannot rig (issue 25, item 2), tried as a rigging host would: it opens
a player's reveal code without taking it in (it holds the seat's keys), reads the player's
value, searches for a value of its own that deals the roles it wants, puts that value and its
commitment in its stored game, and sends a newly signed reveal link. The player's page refuses
that link ("the host changed the deal") and, when the host deals anyway, the check after the
game fails: the first commitments the device saw are the ones it checks. And a player whose
value never comes: the deal waits, everybody sees whose value is missing, and a host that
deals without it is told at once on that player's page."""

from __future__ import annotations

import hashlib

import pytest

from engine.core.fair import seed_from
from engine.spy.deal import deal_roles
from engine.spy.options import resolve_options, setup_of

from ..hall import open_hall, shot
from ..net.test_net_ui import message
from .helpers import WAIT, code_text, end_the_game, paste, start_spy, stored, store

SEATS = [("Hana", "remote"), ("Ada", "normal"), ("Boris", "normal"), ("Carmen", "normal"), ("Dalia", "normal")]

# in the host's page: a code opened with the seat's secret without taking it in, as the host
# can (it made the invite)
PEEK = """async ([code, secret, game]) => {
    const src = document.querySelector("script[src$='/js/hall/app.js']").src;
    const net = (m) => import(src.replace(/hall\\/app\\.js$/, `net/${m}.js`));
    const [L, C] = await Promise.all(["links", "codec"].map(net));
    return (await L.openAction(await L.readActionHeader(code), C.b64decode(secret), game)).action;
}"""


def sha(text):
    return hashlib.sha256(text.encode()).hexdigest()


def give_link(host, player):
    """The host's link pasted on the player's page; the answer under the box (ok, text)."""
    player.evaluate("() => document.querySelectorAll('[data-result=link]').forEach((r) => r.dataset.ok = '')")
    player.locator("textarea[data-paste='link']").first.fill(code_text(host, "round"))
    player.locator("[data-submit='link']").first.click()


def refused(player):
    """The message under the player's link box after a link was refused."""
    return player.wait_for_function("""() => { const r = document.querySelector('[data-result=link]');
        return r && r.dataset.ok === '0' && r.innerText; }""", timeout=WAIT).json_value()


def exchange_to_reveal(host, players):
    """Every player's device commits; the reveal link reaches each: their reveal codes."""
    for page in players.values():
        give_link(host, page)
        page.wait_for_selector("#by-fair-pre[data-phase='commit'] textarea[data-code='order']")
    for page in players.values():
        paste(host, "order", code_text(page, "order"))
    host.wait_for_selector("[data-pending][data-phase='reveal']")
    for page in players.values():
        give_link(host, page)
        page.wait_for_selector("#by-fair-pre[data-phase='reveal'] textarea[data-code='order']")
    return {seat: code_text(page, "order") for seat, page in players.items()}


def invited(guard, site_server, host, seats):
    players = {}
    for seat in seats:
        host.click(f"[data-invite-toggle='{seat}']")
        page = open_hall(guard, site_server, width=375)
        page.goto(code_text(host, f"invite-{seat}"))
        page.wait_for_selector("#by-play textarea[data-paste='link']")
        players[seat] = page
    return players


def reopen(host):
    host.reload()
    host.wait_for_selector("[data-pending], .game-top h2", timeout=WAIT)


@pytest.mark.long
def test_a_host_that_reads_a_value_and_deals_again_is_refused_and_caught(guard, site_server):
    """Long because the check that catches the rig runs on the final link: the game is played
    to its end."""
    host = open_hall(guard, site_server)
    start_spy(host, SEATS)
    host.wait_for_selector("[data-pending][data-phase='commit']")
    player = invited(guard, site_server, host, [0])[0]
    reveal = exchange_to_reveal(host, {0: player})[0]
    net_id = stored(player, "plays")[0]
    first = stored(player, f"fair.{net_id}")["commits"]

    # the host opens Hana's reveal code without taking it in and reads her value
    game_id = stored(host, "games")[0]
    blob = stored(host, f"game.{game_id}")
    inbox = blob["net"]["inbox"]
    action = host.evaluate(PEEK, [reveal, inbox["seats"][0]["k"], inbox["G"]])
    assert action["type"] == "reveal"
    # ... and searches for a value of its own that makes Ada, its own bot, the spy
    setup = setup_of(resolve_options(blob["pre"]["options"], len(SEATS)))
    mine = next(f"rig{i}" for i in range(10_000)
                if deal_roles(setup, len(SEATS), seed_from([f"rig{i}", action["v"]]))[1]["role"] == "spy")
    assert sha(mine) != blob["pre"]["commits"][0]
    blob["pre"]["commits"][0], blob["pre"]["values"][0] = sha(mine), mine
    blob["net"]["link"] = None  # the page makes the reveal link again, signed with the host's key
    store(host, f"game.{game_id}", blob)
    reopen(host)
    assert stored(host, f"game.{game_id}")["net"]["link"] != blob["net"]["link"]

    # the newly signed reveal link: refused, nothing kept, the first commitments stay
    give_link(host, player)
    assert refused(player) == message("error.fair_deal_changed")
    assert stored(player, f"fair.{net_id}")["commits"] == first
    shot(player, "spy-fair-changed-375-en")

    # the host deals anyway with Hana's value and its own chosen one
    paste(host, "order", reveal)
    host.wait_for_selector(".game-top h2", timeout=WAIT)
    assert stored(host, f"game.{game_id}")["fair"]["values"] == [mine, action["v"]]
    give_link(host, player)
    player.wait_for_selector("#spy-card", timeout=WAIT)
    end_the_game(host)
    host.click("#by-tab-net")
    give_link(host, player)
    player.wait_for_selector("#by-fair-audit[data-state='failed']", timeout=WAIT)
    problems = [p.get_attribute("data-problem") for p in player.locator("#by-fair-problems li").all()]
    # the host's published value is not the one its first commitment named
    assert "value_changed" in problems, problems


def test_a_value_that_never_comes_stops_the_deal_and_a_deal_without_it_is_told(guard, site_server):
    host = open_hall(guard, site_server)
    seats = [("Hana", "remote"), ("Ivo", "remote"), *SEATS[1:4]]
    start_spy(host, seats)
    host.wait_for_selector("[data-pending][data-phase='commit']")
    players = invited(guard, site_server, host, [0, 1])
    reveals = exchange_to_reveal(host, players)

    # Hana's value comes, Ivo's never does: no deal, and everybody sees whose is missing
    paste(host, "order", reveals[0])
    host.wait_for_selector("[data-pending][data-phase='reveal'] [data-status='0'][data-fair='in']")
    assert host.get_attribute("[data-status='1']", "data-fair") == "waiting"
    assert host.inner_text("#by-fair-stuck") == message("fair.reveal_stuck")
    give_link(host, players[0])
    players[0].wait_for_selector("#by-fair-mine.good")
    assert players[0].inner_text("#by-fair-waiting") == message("fair.waiting_for_reveal", names="Ivo")
    shot(host, "spy-fair-stuck-1280-en")

    # a host that deals without Ivo's value (its own seed, with the site's own code): Ivo's
    # page says so as soon as the game's first link comes (his reveal code was made, and never
    # reached the host)
    game_id = stored(host, "games")[0]
    host.evaluate("""async (id) => {
        const src = document.querySelector("script[src$='/js/hall/app.js']").src;
        const {call} = await import(src.replace(/hall\\/app\\.js$/, "shell/ui.js"));
        const blob = JSON.parse(localStorage.getItem("by.v1.game." + id));
        const pre = blob.pre;
        const made = await call("hall_create", {id, game: blob.game, options: pre.options, seats: pre.seats,
                                                seed: "the host's own", meta: pre.meta});
        Object.assign(blob, {record: made.record, summary: made.summary,
                             fair: {order: pre.order, commits: pre.commits, values: pre.values, k: {}}});
        delete blob.pre;
        localStorage.setItem("by.v1.game." + id, JSON.stringify(blob));
    }""", game_id)
    host.reload()
    host.wait_for_selector(".game-top h2", timeout=WAIT)
    host.click("#by-tab-net")
    give_link(host, players[1])
    players[1].wait_for_selector("#spy-card", timeout=WAIT)
    assert players[1].inner_text("#by-fair-alarm") == message("fair.dealt_without_you")
    # Hana's device revealed its value: it has nothing to say before the check at the end
    give_link(host, players[0])
    players[0].wait_for_selector("#spy-card", timeout=WAIT)
    assert players[0].locator("#by-fair-alarm").count() == 0
    shot(players[1], "spy-fair-without-375-en")
