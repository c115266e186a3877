"""The spy game's fair deal by links (a slow game: every link and code pasted by hand): the
exchange before the deal, then a host that alters a role in its stored game — the player's
device catches it after the game from what the final link publishes."""

from __future__ import annotations

from engine.core.record import replay

from ..hall import open_hall, shot
from .helpers import WAIT, code_text, end_the_game, paste, start_spy, stored, store

SEATS = [("Hana", "remote"), ("Ada", "normal"), ("Boris", "normal"), ("Carmen", "normal"), ("Dalia", "normal")]


def give_link(host, player):
    player.locator("textarea[data-paste='link']").first.fill(code_text(host, "round"))
    player.locator("[data-submit='link']").first.click()


def test_fair_deal_by_links_and_a_host_that_alters_a_role_is_caught(guard, site_server):
    host = open_hall(guard, site_server)
    start_spy(host, SEATS)
    host.wait_for_selector("[data-pending][data-phase='commit']")
    host.click("[data-invite-toggle='0']")
    player = open_hall(guard, site_server, width=375)
    player.goto(code_text(host, "invite-0"))
    player.wait_for_selector("#by-play textarea[data-paste='link']")

    # the exchange: a commitment, every commitment published, the value; then the deal
    give_link(host, player)
    player.wait_for_selector("#by-fair-pre[data-phase='commit'] textarea[data-code='order']")
    # no live room: the code's hint does not say it has gone live (issue 31)
    hint = player.inner_text("#by-fair-pre")
    assert "Send it to the host only." in hint and "has gone" not in hint
    paste(host, "order", code_text(player, "order"))
    host.wait_for_selector("[data-pending][data-phase='reveal']")
    give_link(host, player)
    player.wait_for_selector("#by-fair-pre[data-phase='reveal'] textarea[data-code='order']")
    shot(player, "spy-fair-reveal-375-en")
    paste(host, "order", code_text(player, "order"))
    host.wait_for_selector(".game-top h2", timeout=WAIT)
    # the host leaves the table first: its bots stop deciding (each of their moves saves the
    # game, and one landing after the change below would undo it)
    host.click("#by-lobby")
    host.wait_for_selector("#by-running [data-open]")
    game_id = stored(host, "games")[0]
    blob = stored(host, f"game.{game_id}")
    assert len(blob["fair"]["values"]) == 2 and "pre" not in blob

    # the host alters a role: seat 0's card is swapped with another's, the day restarted
    _, state = replay(blob["record"])
    cards = state["roles"]
    other = next(i for i, c in enumerate(cards) if c["role"] != cards[0]["role"])
    cards[0], cards[other] = cards[other], cards[0]
    blob["record"]["setup"] = {"roles": [f"{c['role']}:{c['team']}" if c["role"] in ("trickster", "mayor")
                                         else c["role"] for c in cards]}
    blob["record"]["actions"] = []
    store(host, f"game.{game_id}", blob)
    host.reload()
    host.click("#by-running [data-open]")
    host.wait_for_selector(".game-top h2", timeout=WAIT)
    host.click("#by-tab-net")
    give_link(host, player)
    player.wait_for_selector("#spy-card", timeout=WAIT)
    assert player.get_attribute("#spy-card strong[data-role]", "data-role") == cards[0]["role"]

    # the host ends the days; Hana does not vote and is removed; the bots finish
    end_the_game(host)
    host.click("#by-tab-net")
    give_link(host, player)
    player.wait_for_selector("#by-fair-audit[data-state='failed']", timeout=WAIT)
    problems = [p.get_attribute("data-problem") for p in player.locator("#by-fair-problems li").all()]
    assert "role_mismatch" in problems and "roles_fixed" in problems, problems
    assert "seed_mismatch" not in problems   # the seed was the exchange's: only the role was altered
    shot(player, "spy-fair-caught-375-en")
