"""Ekonos by links (slow play: every state link and action code pasted by hand): the host's
device holds a bot, Pia plays from her own browser. Each state link reaches her, she decides
on her page, the action code goes back to the host's paste box, and a newer link comes out;
Pia composes each turn on her page (card, sell, buy) and sends it as one code. Along the
way the host refuses a stale code, a forged (altered) one and a code of another
game with the catalog's message and nothing changed, and Pia's page refuses an older link.
The links' sizes are printed."""

from __future__ import annotations

import pytest

from ..hall import no_horizontal_overflow, open_hall, shot
from ..net.test_net_ui import (NEW_LINK, PLAY_KEPT, code_text, host_state, join_by_invite, message, open_page, paste,
                               player_round)
from .helpers import PLAYER_FIELD, quick_click, start_game

FOREIGN = """async (game) => {
    const src = document.querySelector("script[src$='/js/hall/app.js']").src;
    const mod = await import(src.replace(/hall\\/app\\.js$/, "net/links.js"));
    const dev = await import(src.replace(/hall\\/app\\.js$/, "net/device.js"));
    return mod.makeActionCode({gameId: mod.newGameId(), game, step: 0, seat: 0, epoch: 0, secret: mod.newSecret(),
        action: "-", device: await dev.newDevice(), counter: 1});
}"""


def pias(host):
    """How many of the host's recorded actions are Pia's (seat 0)."""
    return sum(1 for seat, _ in host_state(host)["record"]["actions"] if seat == 0)


def decide(page, link, reload=False):
    """Open the link on Pia's page; while she is asked, decide quickly (each decision of her
    turn is planned on the page, the last one makes the code): (the action code or None,
    the decisions it holds, whether it reloaded). `reload`: reload the page once a turn is
    half planned (the plan stays)."""
    player_round(page, link)
    made, reloaded = 0, False
    while page.locator(f"{PLAYER_FIELD}[data-acting='1']").count() and not page.locator("#ek-sent").count():
        step = page.get_attribute(PLAYER_FIELD, "data-step")
        page.locator(quick_click(page, page.get_attribute(PLAYER_FIELD, "data-phase"))).first.click()
        page.wait_for_function(
            """([sel, step]) => { const f = document.querySelector(sel);
                return document.querySelector("#ek-sent") || (f && f.dataset.step !== step); }""",
            arg=[PLAYER_FIELD, step],
        )
        made += 1
        if made == 1 and page.locator("#ek-plan").count():
            shot(page, "ekonos-link-plan-375-en")
            if reload:
                planned = page.get_attribute(PLAYER_FIELD, "data-step")
                page.reload()
                page.wait_for_selector("#ek-plan[data-planned='1']")
                assert page.get_attribute(PLAYER_FIELD, "data-step") == planned
                reloaded = True
    if not made:
        return None, 0, False
    page.wait_for_selector("textarea[data-code='order']")
    return code_text(page, "order"), made, reloaded


@pytest.mark.long
def test_turns_by_links_with_stale_forged_and_foreign_codes_refused(guard, site_server):
    """Long because it passes turns by links between two browsers and tries stale, forged
    and foreign codes on each side."""
    host = open_hall(guard, site_server, width=1280)
    start_game(host, [("Pia", "remote"), ("Ada", "easy")])
    host.wait_for_selector("textarea[data-code='round']")
    pia = open_page(guard, site_server, 375)
    join_by_invite(host, pia, 0)

    sizes, codes, links, whole, reloads = [], [], [], [], 0
    while len(codes) < 4:
        link = code_text(host, "round")
        sizes.append(len(link))
        links.append(link)
        code, made, was = decide(pia, link, reload=not reloads)
        reloads += was
        if code is None:  # Ada's turn: the host's bot plays, a newer link comes
            host.wait_for_function(NEW_LINK, arg=link)
            continue
        if len(codes) == 0:
            no_horizontal_overflow(pia)
            shot(pia, "ekonos-link-player-375-en")
        codes.append(code)
        before = pias(host)
        # accepted, the code moves the game on: the host's tab redraws with a newer link
        host.locator("textarea[data-paste='order']").fill(code)
        host.click("[data-submit='order']")
        host.wait_for_function(NEW_LINK, arg=link)
        # the host applied every decision the code holds (a whole turn: card, sell, buy)
        assert pias(host) - before == made
        whole.append(made)
        if len(codes) == 1:
            refusals(host, code)

    # Pia's page keeps its newer link when an older one is opened
    before = pia.evaluate(PLAY_KEPT)
    ok, text = paste(pia, "link", links[0])
    assert not ok and text == message("error.link_old_step"), text
    assert pia.evaluate(PLAY_KEPT) == before
    assert max(whole) >= 2, whole
    assert reloads == 1     # a half-planned turn survived a reload of her page
    print(f"ekonos state links (characters): {sizes}; action codes {[len(c) for c in codes]}, "
          f"decisions per code {whole}")
    assert max(sizes) < 2000


def refused(host, code, *expected):
    """Paste a code that must be refused: waits for one of the `expected` messages (the box
    may still show the previous code's result while the tab redraws)."""
    host.locator("textarea[data-paste='order']").fill(code)
    host.click("[data-submit='order']")
    host.wait_for_function(
        """(texts) => { const r = document.querySelector("[data-result='order']");
            return r && r.dataset.ok === "0" && texts.includes(r.textContent); }""",
        arg=list(expected),
        timeout=30_000,
    )


def refusals(host, used):
    """A stale code (already used: its step is past), an altered one, another game's: the
    catalog's message each time, the host's game unchanged."""
    before = host_state(host)
    i = used.index("#o3.") + 30
    altered = used[:i] + ("A" if used[i] != "A" else "B") + used[i + 1 :]
    foreign = host.evaluate(FOREIGN, "e")
    refused(host, used, message("error.code_old_step"))
    refused(host, altered, message("error.code_damaged"), message("error.code_forged"))
    refused(host, foreign, message("error.code_other_game"))
    assert host_state(host) == before
