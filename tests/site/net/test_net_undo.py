"""Undo within a turn from another device (docs/multiplayer.md, "Undo codes").

The codes in the browser's own net code: an undo code is an action code (one length) that
the host's inbox takes for the older step its move was made at, and refuses when forged,
from another device, or sent again at the step it counts in; a move's code for an older step
stays refused. Whether the move may still be taken back is the engine's (tests/engine/core/
test_undo_remote.py: stale, replayed, another seat's).

By links: a grid player makes her move's code, then at once an undo code for it; the host
pastes both, in order, and its game is as before the move; the undo code pasted again is
refused with the catalog's message; her page, given the host's newer link, decides again.

Live: a grid player
connected live (her page in Spanish) buys resources or builds a city; the host's link says she
may take the purchase back, so her page shows Undo; Ctrl+Z sends the host an undo code, the host's session
takes the purchase back for her seat alone, and both tables show it gone (the host's record
as before, her page's decision as before, no Undo left). The same undo code sent again is
refused, and her page says so in Spanish. Over the data channel (live_helpers.py)."""

from __future__ import annotations

import json
from pathlib import Path

from ..grid.helpers import PLAYER_FIELD, start_game
from ..hall import open_hall
from .live_helpers import live, live_browser  # noqa: F401  (fixtures)
from .net_helpers import net_page
from .test_net_codes import _setup_game
from .test_net_live_ui import code_text, connect
from .test_net_ui import NEW_LINK, join_by_invite, message, open_page, paste, player_round

WAIT = 120_000
ES = json.loads((Path(__file__).parents[3] / "site/i18n/es.json").read_text())
RECORD = ("() => JSON.parse(localStorage.getItem('by.v1.game.'"
          " + JSON.parse(localStorage.getItem('by.v1.games'))[0])).record")
DECIDES = """(sel) => { const f = document.querySelector(sel);
    return !!f && f.dataset.acting === '1' && !document.querySelector('#grid-sent'); }"""
AGAIN = """async () => {
    const src = document.querySelector("script[src$='/js/hall/app.js']").src;
    const live = await import(src.replace(/hall\\/app\\.js$/, "hall/remote/liveplayer.js"));
    const g = JSON.parse(localStorage.getItem("by.v1.route")).g;
    return live.sendAction(g, JSON.parse(localStorage.getItem(`by.v1.play.${g}`)).undo.code);
}"""


def until_she_may_buy(pia, send=None):
    """Pia's decisions until she may buy resources or build a city: she leaves every auction
    she may, opens one at the lowest bid when she must, and buys nothing when she cannot;
    then the click that buys or builds. `send()`: by links, the code to the host and the
    host's newer link back (live: the channel does both)."""
    for _ in range(40):
        pia.wait_for_function(DECIDES, arg=PLAYER_FIELD, timeout=WAIT)
        phase = pia.get_attribute(PLAYER_FIELD, "data-phase")
        if phase == "resources" and pia.locator("[data-buy]").count():
            return lambda: pia.locator("[data-buy]").first.click()
        if phase == "building" and pia.locator("#grid-targets .target-item").count():
            pia.locator("#grid-targets .target-item").first.click()
            return lambda: pia.locator("#grid-proposal [data-action=build]:not([disabled])").first.click()
        assert phase in ("auction", "resources"), phase
        step = pia.get_attribute(PLAYER_FIELD, "data-step")
        assert pia.locator("#by-undo").count() == 0   # a bid, a pass, a turn ended: never taken back
        pia.click("#grid-done" if phase == "resources" else "#grid-pass" if pia.locator("#grid-pass").count()
                  else "#grid-bid")
        if send:
            send()
        pia.wait_for_function("([sel, s]) => document.querySelector(sel)?.dataset.step !== s",
                              arg=[PLAYER_FIELD, step], timeout=WAIT)
    raise AssertionError("Pia never could buy or build")


def test_a_live_player_takes_back_a_purchase(live):
    host = live.hall(1280)
    start_game(host, [("Ada", "easy"), ("Pia", "remote")])
    host.wait_for_selector("textarea[data-code='round']")
    pia = live.hall(375, locale="es-ES")
    join_by_invite(host, pia, 1, "#by-play #by-live")
    connect(host, pia, 1)
    move = until_she_may_buy(pia)

    before, step = host.evaluate(RECORD), pia.get_attribute(PLAYER_FIELD, "data-step")
    assert pia.locator("#by-undo").count() == 0       # nothing of this turn yet
    move()
    pia.wait_for_selector("#by-undo", timeout=WAIT)   # the host's link says she may take it back
    bought = host.evaluate(RECORD)["actions"]
    assert bought[:-1] == before["actions"] and bought[-1][0] == 1 and bought[-1][1]["type"] in ("buy", "build")
    assert pia.get_attribute(PLAYER_FIELD, "data-step") != step
    assert pia.get_attribute("#by-undo", "title") == ES["game.undo_hint"]

    pia.locator(PLAYER_FIELD).click(position={"x": 2, "y": 2})  # the focus outside any field
    pia.keyboard.press("Control+z")
    pia.wait_for_function("([sel, s]) => document.querySelector(sel)?.dataset.step === s",
                          arg=[PLAYER_FIELD, step], timeout=WAIT)
    pia.wait_for_selector(f"#by-live-result.good:has-text('{ES['live.undo_in']}')", timeout=WAIT)
    assert pia.locator("#by-undo").count() == 0
    assert pia.evaluate(DECIDES, PLAYER_FIELD)        # she decides again, from where she was
    after = host.evaluate(RECORD)
    assert after["actions"] == before["actions"]      # the host's game as before the purchase
    assert after["meta"]["lift"] >= 2                 # its steps went on (a later link)

    # the same undo code again: nothing of the turn left to take back, said in her language
    assert pia.evaluate(AGAIN) is True
    pia.wait_for_selector(f"#by-live-result.bad:has-text('{ES['error.nothing_to_undo']}')", timeout=WAIT)
    assert host.evaluate(RECORD)["actions"] == before["actions"]


UNDO_CODES = """async () => {
    const g = host.gameId;
    const seen = [];
    const engine = (seat, action, how) => { seen.push([seat, action, how.undo, how.step]); };
    const move = {t: [1, 0, 0, 0]};
    host.nextStep(3);
    const moved = await host.accept(await books[1].actionCode(g, 3, move), engine);
    host.nextStep(4);                                    // the move led the game on
    const undo = await books[1].undoCode(g, 3);
    const r = {moved: moved.ok};
    const dec = (await net.codec.decode(undo, {o: VO})).value;
    const moveDec = (await net.codec.decode(await books[1].actionCode(g, 4, move), {o: VO})).value;
    r.sameLength = dec.x.length === moveDec.x.length;
    // another device with the invite; a flipped byte of the sealed part; another seat's key
    const twin = new net.playerbook.PlayerBook(new Mem());
    twin.addInvite(books[1].invite(g));
    r.twin = err(await host.accept(await twin.undoCode(g, 3), engine));
    const box = net.codec.b64decode(dec.x); box[20] ^= 1;
    r.altered = err(await host.accept(await net.codec.encode("o", VO, {...dec, x: net.codec.b64encode(box)}), engine));
    r.alteredNow = err(await host.accept(await net.codec.encode("o", VO, {...dec, t: 4}), engine));
    const inv1 = books[1].invite(g);
    const otherSeat = await net.links.makeActionCode({gameId: g, game: GAME, step: 3, seat: 2, epoch: 0,
        secret: inv1.secret, action: null, device: await books[1].device(), counter: 3, undo: true});
    r.otherSeat = err(await host.accept(otherSeat, engine));
    r.oldMove = err(await host.accept(await books[1].actionCode(g, 3, move), engine));
    r.none = seen.length;
    const ok = await host.accept(undo, engine);
    r.undone = [ok.ok, ok.undo, ok.replaced, host.status()[1].submitted];   // an undo is no move in
    r.seen = seen;
    // at the step it counts in, a copy of an undo code is a duplicate
    const now = await books[1].undoCode(g, 4);
    r.now = (await host.accept(now, engine)).ok;
    r.again = err(await host.accept(now, engine));
    return r;
}"""


def test_undo_codes_are_action_codes_the_host_checks(guard, site_server, site_dist):
    page = net_page(guard, site_server, site_dist)
    _setup_game(page, 3)
    out = page.evaluate(UNDO_CODES)
    assert out.pop("seen") == [[1, {"t": [1, 0, 0, 0]}, False, 3], [1, None, True, 3], [1, None, True, 4]]
    assert out == {
        "moved": True, "sameLength": True,
        "twin": "seat_other_device", "altered": "code_old_step", "alteredNow": "code_forged",
        "otherSeat": "code_old_step", "oldMove": "code_old_step", "none": 1,
        "undone": [True, True, False, False], "now": True, "again": "code_duplicate",
    }


def test_an_undo_code_by_links_takes_back_the_move_it_follows(guard, site_server):
    host = open_hall(guard, site_server, width=1280)
    start_game(host, [("Ada", "easy"), ("Pia", "remote")])
    host.wait_for_selector("textarea[data-code='round']")
    pia = open_page(guard, site_server, 375)
    join_by_invite(host, pia, 1)
    player_round(pia, code_text(host, "round"))

    def send():
        """Pia's code to the host, and the host's newer link back. (Its answer is not read: a
        bot's move right after it redraws the tab, and the box with it.)"""
        pia.wait_for_selector("textarea[data-code='order']")
        link = code_text(host, "round")
        host.locator("textarea[data-paste='order']").fill(code_text(pia, "order"))
        host.click("[data-submit='order']")
        host.wait_for_function(NEW_LINK, arg=link)
        player_round(pia, code_text(host, "round"))

    move = until_she_may_buy(pia, send)
    before = host.evaluate(RECORD)
    assert pia.locator("#by-undo").count() == 0
    move()
    pia.wait_for_selector("textarea[data-code='order']")
    pia.click("#by-undo")                              # at once, before the host has the move
    pia.wait_for_selector("textarea[data-code='undo']")
    assert pia.locator("#by-undo").count() == 0        # one undo code for this link
    undo = code_text(pia, "undo")

    send()                                             # the move's code first
    assert len(host.evaluate(RECORD)["actions"]) == len(before["actions"]) + 1
    assert pia.locator("#by-undo").count() == 1        # the host's link says it may be taken back
    link = code_text(host, "round")
    assert paste(host, "order", undo) == (True, message("net.undo_in", name="Pia"))
    host.wait_for_function(NEW_LINK, arg=link)
    assert host.evaluate(RECORD)["actions"] == before["actions"]
    assert paste(host, "order", undo) == (False, message("error.nothing_to_undo"))

    player_round(pia, code_text(host, "round"))
    pia.wait_for_function(DECIDES, arg=PLAYER_FIELD, timeout=WAIT)
    assert pia.locator("#by-undo").count() == 0
    assert pia.locator("textarea[data-code='undo']").count() == 0
