"""An offer opened as a link (#f3.…) is answered in the background (the answer waits for the
network's candidates): a player who goes back to the lobby meanwhile stays there, and finds
the answer when they open the game again. Before, the finished answer took the page back to
the game (the full suite's page fuzz once timed out waiting for the lobby because of it)."""

from __future__ import annotations

from ..broker.helpers import start_game
from ..hall import open_hall
from .test_net_ui import code_text


def test_leaving_an_offer_link_for_the_lobby_is_not_undone(guard, site_server):
    page = open_hall(guard, site_server, width=1280)
    start_game(page, [("Hosta", "human"), ("Pia", "remote")])
    page.click("[data-invite-toggle='1']")
    page.click("[data-live-offer='1']")
    page.wait_for_selector("textarea[data-code='offer-1']")
    invite, offer = code_text(page, "invite-1"), code_text(page, "offer-1")
    page.evaluate("(i) => { location.hash = i.slice(i.indexOf('#')); }", invite)
    page.wait_for_selector("#by-play")
    g = page.get_attribute("#by-play", "data-game")
    assert not page.evaluate("(g) => localStorage.getItem(`by.v1.live.${g}`)", g)
    # the offer, and back to the lobby as soon as its page is drawn again, while the answer is
    # still being made (it waits for the network's candidates: about 100 ms here, against a
    # click in the same task as the draw)
    page.evaluate("""([o, g]) => {
        for (const el of document.querySelectorAll('#by-play')) el.dataset.old = '1';
        const seen = new MutationObserver(() => {
            const p = document.querySelector('#by-play:not([data-old])');
            if (!p) return;
            seen.disconnect();
            window.__answered = !!localStorage.getItem(`by.v1.live.${g}`);
            document.getElementById('by-lobby').click();
        });
        seen.observe(document.getElementById('app'), { childList: true, subtree: true });
        location.hash = o.slice(o.indexOf('#'));
    }""", [offer, g])
    page.wait_for_selector("#app > .lobby")
    assert page.evaluate("window.__answered") is False
    # the answer is made (the play page's live state is kept)...
    page.wait_for_function("(g) => localStorage.getItem(`by.v1.live.${g}`)", arg=g, timeout=120_000)
    # ...and the page stays on the lobby (a redraw would have begun in that same task), its
    # play listed
    assert page.evaluate("document.documentElement.dataset.page") == "lobby"
    page.click(f"[data-play='{g}'] .btn-primary")
    page.wait_for_selector("textarea[data-code='answer']")


def test_a_link_being_read_does_not_cover_the_page_asked_for_meanwhile(guard, site_server):
    """A state link is read in Python while its page waits; a player who goes to the lobby
    meanwhile stays there. Before, the link's page was swapped in over the lobby once read."""
    page = open_hall(guard, site_server, width=1280)
    start_game(page, [("Hosta", "human"), ("Pia", "remote")])
    page.click("[data-invite-toggle='1']")
    page.wait_for_selector("textarea[data-code='round']")
    link = code_text(page, "round")
    page.click("#by-lobby")
    page.wait_for_selector("#app > .lobby")
    # the lobby is asked for in the task that set the page to the link's (its page is being
    # read: the page says it is busy)
    busy = page.evaluate("""(link) => new Promise((resolve) => {
        const html = document.documentElement;
        const seen = new MutationObserver(() => {
            if (html.dataset.page !== 'play') return;
            seen.disconnect();
            const busy = !!html.dataset.busy;
            document.getElementById('by-lobby').click();
            resolve(busy);
        });
        seen.observe(html, { attributes: true, attributeFilter: ['data-page'] });
        location.hash = link.slice(link.indexOf('#'));
    })""", link)
    assert busy
    page.wait_for_function("!document.documentElement.dataset.busy")
    # what a late draw would do, it has done by the page's next two frames
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate("document.documentElement.dataset.page") == "lobby"
    assert page.locator("#app > .lobby").count() == 1
    assert page.locator("#by-play").count() == 0
