"""Undo within a turn from another device (docs/multiplayer.md, "Undo codes"): a grid player
connected live (her page in Spanish) buys resources or builds a city; the host's link says she
may take the purchase back, so her page shows Undo; Ctrl+Z sends the host an undo code, the host's session
takes the purchase back for her seat alone, and both tables show it gone (the host's record
as before, her page's decision as before, no Undo left). The same undo code sent again is
refused, and her page says so in Spanish. Over the data channel (live_helpers.py)."""

from __future__ import annotations

import json
from pathlib import Path

from ..grid.helpers import PLAYER_FIELD, start_game
from .live_helpers import live, live_browser  # noqa: F401  (fixtures)
from .test_net_live_ui import code_text, connect

WAIT = 60_000
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


def until_she_may_buy(pia):
    """Pia's decisions until she may buy resources or build a city: she leaves every auction
    she may, opens one at the lowest bid when she must, and buys nothing when she cannot;
    then the click that buys or builds."""
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
        pia.wait_for_function("([sel, s]) => document.querySelector(sel)?.dataset.step !== s",
                              arg=[PLAYER_FIELD, step], timeout=WAIT)
    raise AssertionError("Pia never could buy or build")


def test_a_live_player_takes_back_a_purchase(live):
    host = live.hall(1280)
    start_game(host, [("Ada", "easy"), ("Pia", "remote")])
    host.wait_for_selector("textarea[data-code='round']")
    host.click("[data-invite-toggle='1']")
    pia = live.hall(375, locale="es-ES")
    pia.goto(code_text(host, "invite-1"))
    pia.wait_for_selector("#by-play #by-live")
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
