"""Seat binding through the hall's pages (issue 14, items 1 and 8), by links: Pia plays her
seat from her phone; Mallory opened the same invite in another browser. Mallory's own code,
and codes she rebuilds from Pia's code in the chat (Pia's key with the counter bumped by one
or set to Number.MAX_SAFE_INTEGER, her own key at Number.MAX_SAFE_INTEGER), are refused by the
host's paste box with the catalog's message and nothing lost; the host's tab says another
device tried Pia's seat, and its next link tells both browsers (Pia that someone holds her
invite, Mallory that the seat is bound to another device); Pia's next code is accepted. Then
the host releases the seat: Mallory's device takes it and Pia's is refused. The host's tab
says in plain words that its device holds every hand and every move sent in."""

from __future__ import annotations

import pytest

from ..broker.helpers import choose_first_card, no_horizontal_overflow, pick_card, press_ready, start_game
from ..hall import open_hall, shot
from .test_net_ui import EN, NEW_LINK, code_text, message, open_page, paste, player_round

# in a hall page holding the invite: codes rebuilt from `first` (another device's code for the
# seat) with the seat's secret, the way a holder of the invite can
FORGE = """async ([first, invite]) => {
    const src = document.querySelector("script[src$='/js/hall/app.js']").src;
    const net = (m) => import(src.replace(/hall\\/app\\.js$/, `net/${m}.js`));
    const [L, C, D, S, I] = await Promise.all(["links", "codec", "device", "seal", "invite"].map(net));
    const inv = await I.readInvite(invite);
    const me = await D.storedDevice().get();        // this browser's own device, as its page uses it
    const v = (await C.decode(first, {o: L.ACTION_VERSION})).value;
    const {order} = await L.keysFor(inv.secret, v.g);
    const opened = await L.openAction(await L.readActionHeader(first), inv.secret, inv.game);
    const make = async (c, p, sig) => {
        const aad = L.actionAad(v.g, inv.game, v.t, v.s, v.e, c, p);
        const x = C.b64encode(await S.seal(order, L.padded(JSON.stringify({a: opened.action})), aad));
        return C.encode("o", L.ACTION_VERSION, {...v, c, p, x, S: sig ?? await D.sign(me, `${aad}|${x}`)});
    };
    return {bump: await make(v.c + 1, v.p, v.S), max: await make(Number.MAX_SAFE_INTEGER, v.p, v.S),
            ownMax: await make(Number.MAX_SAFE_INTEGER, me.pub)};
}"""


def plural(key, count, **params):
    """The English text of a plural key for `count`."""
    forms = EN[key]
    text = forms["one" if count == 1 else "other"]
    for k, v in {"count": count, **params}.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def new_code(page, old=None):
    """Make (another) code for this step on a player's page; returns it."""
    if old is None:
        choose_first_card(page)
        press_ready(page)
    else:
        pick_card(page, 1)
        page.click("#broker-save")
    page.wait_for_function("""(c) => { const t = document.querySelector("textarea[data-code='order']");
                                       return t && t.value !== c; }""", arg=old or "")
    return code_text(page, "order")


def told(page, link):
    """Open the host's newest link on a player's page: (is this the bound device, the notice)."""
    player_round(page, link)
    note = page.locator("#by-seat-tried")
    return note.get_attribute("data-mine") == "1", note.inner_text()


@pytest.mark.long
def test_a_second_browser_with_the_invite_is_refused_told_and_released(guard, site_server):
    """Long because three browsers take part: the host, the seat's player, and a second
    browser with the same invite."""
    host = open_hall(guard, site_server, width=1280)
    start_game(host, [("Hosta", "human"), ("Pia", "remote")])
    host.wait_for_selector("textarea[data-code='round']")
    assert host.inner_text("#by-host-holds") == message("net.host_holds")
    host.click("[data-invite-toggle='1']")
    invite = code_text(host, "invite-1")
    pia, mallory = open_page(guard, site_server, 375), open_page(guard, site_server, 1280)
    for page in (pia, mallory):
        page.goto(invite)
        page.wait_for_selector("#by-play")
    link = code_text(host, "round")
    for page in (pia, mallory):
        player_round(page, link)
        assert page.locator("#by-seat-tried").count() == 0

    # Pia's first code binds her phone
    first = new_code(pia)
    ok, text = paste(host, "order", first)
    assert ok and text == message("net.code_in", name="Pia"), text
    assert host.locator("#by-net-seats [data-seat='1']").inner_text().count(message("net.bound")) == 1

    # Mallory: her own code, then what she can build from Pia's code in the chat
    own = new_code(mallory)
    forged = mallory.evaluate(FORGE, [first, invite])
    for code, expected in ((own, "error.seat_other_device"), (forged["bump"], "error.code_forged"),
                           (forged["max"], "error.code_forged"), (forged["ownMax"], "error.seat_other_device")):
        ok, text = paste(host, "order", code)
        assert not ok and text == message(expected, name="Pia"), (expected, text)
    assert host.inner_text("[data-status='1']") == message("net.submitted")      # Pia's move is in
    assert host.inner_text("[data-tried='1']") == plural("net.tried_host", 2, name="Pia")
    shot(host, "net-seat-tried-host-1280-en")

    # the host's next link tells both browsers which of them the seat is bound to
    host.wait_for_function(NEW_LINK, arg=link)
    link = code_text(host, "round")
    assert told(pia, link) == (True, plural("net.tried_mine", 2))
    assert told(mallory, link) == (False, plural("net.tried_other", 2))
    no_horizontal_overflow(pia)
    shot(pia, "net-seat-tried-player-375-en")

    # Pia's next code is taken: nothing was lost, nobody else's counter blocks her
    again = new_code(pia, first)
    ok, text = paste(host, "order", again)
    assert ok and text == message("net.code_replaced", name="Pia"), text

    # Pia changed phones (here: to Mallory's browser): the host releases the seat
    host.click("[data-release='1']")
    host.click("dialog[open] [data-ok]")
    host.wait_for_selector("#by-net-seats [data-seat='1']:not(:has([data-release]))")
    assert host.locator("[data-tried='1']").count() == 0
    ok, text = paste(host, "order", own)
    assert ok and text == message("net.code_replaced", name="Pia"), text
    ok, text = paste(host, "order", new_code(pia, again))
    assert not ok and text == message("error.seat_other_device", name="Pia"), text
    host.wait_for_selector("[data-tried='1']")
    host.set_viewport_size({"width": 375, "height": 900})
    no_horizontal_overflow(host)
    shot(host, "net-seat-released-host-375-en")
    link_after = code_text(host, "round")
    assert told(mallory, link_after) == (True, plural("net.tried_mine", 1))
    assert told(pia, link_after) == (False, plural("net.tried_other", 1))
