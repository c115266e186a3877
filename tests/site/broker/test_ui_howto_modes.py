"""The How to play page explains every mode (issue 32, item 3): each mode of the lobby's
catalog with what it is, each pack's big cards once with how many a colour holds (the duel's
three hundreds were three identical tiles), no card's words spilling out of its box, and
"End the round now" explained where the table's menu offers it. At 375 and 1280 px."""

from __future__ import annotations

import json

from engine.broker import catalog

from ..hall import SHOTS, in_menu, open_hall
from ..lobby.helpers import shot_of
from .helpers import FIXTURES, open_imported
from .test_ui_learn import HOWTO, open_howto_from_lobby

(SHOTS / "broker-yard").mkdir(parents=True, exist_ok=True)
WORDS = json.loads((FIXTURES.parents[2] / "site" / "i18n" / "broker-yard" / "en.json").read_text())

# card rows whose tile and words do not both fit the row's box, words given room to read (the
# zero's tile once grew with its line and squeezed its words to a letter or two a line)
SPILLS = """(sel) => [...document.querySelectorAll(sel + ' .howto-card')].filter((li) => {
  const box = li.getBoundingClientRect(), words = li.lastElementChild.getBoundingClientRect();
  const out = [...li.querySelectorAll('*')].some((el) => { const r = el.getBoundingClientRect();
    return r.right > box.right + 1 || r.left < box.left - 1; });
  return out || li.scrollWidth > li.clientWidth + 1 || words.width < box.width * 0.4;
}).map((li) => li.dataset.card)"""


def test_every_mode_explained_and_no_card_spills(guard, site_server):
    page = open_hall(guard, site_server, width=375)
    open_howto_from_lobby(page)
    modes = next(o for o in catalog()["options"] if o["key"] == "mode")["values"]
    listed = page.locator(f"{HOWTO} .howto-modes dt").all_inner_texts()
    assert listed == [WORDS[f"broker-yard.option.mode.{m}"] for m in modes]
    text = page.inner_text(HOWTO)
    for m in modes:
        assert WORDS[f"broker-yard.tip.option.mode.{m}"] in text
    # the duel's pack: a hundred once, "Per colour: 3", then ×2 and ÷2
    duel = page.locator(f"{HOWTO} .howto-cards ul").nth(1)
    cards = duel.locator(".howto-card").evaluate_all("(els) => els.map((e) => e.dataset.card)")
    assert cards == ["hundred:blue", "double:blue", "half:blue"]
    assert duel.locator(".howto-copies").all_inner_texts() == ["Per colour: 3"]
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate(SPILLS, HOWTO) == []
        shot_of(page, f"{HOWTO} .howto-cards", f"broker-yard/howto-cards-{width}-en")
    shot_of(page, f"{HOWTO} .howto-modes", "broker-yard/howto-modes-1280-en")

    # at the table, the menu's "End the round now" says what it does
    page.click("#by-howto-back")
    open_imported(page, "ui-debt.json")
    page.click("#by-reveal")
    hint = in_menu(page, lambda p: p.inner_text("#by-end-round-hint"))
    assert hint == WORDS["broker-yard.game.end_round_hint"]
