"""The cost of my card to me before Ready, and one answer about bankruptcy (issue 32, items 1
and 2). The hand's box shows what the picked card alone does to this player — the penalty
per share times the shares held after the trades, the cash left — and warns, and Ready asks,
when the card alone would bankrupt them; the "Go bankrupt?" question says what the debt panel
says. All figures are the engine's (engine/broker/draft.py): the test asks it too.

ui-debt.json: round 2, Ann has $-10 in cash and one share of each colour, Yellow at $10, and
holds Yellow −60. ui-bankrupt.json: round 7, Remi has $-170 and shares worth $150."""

from __future__ import annotations

import json

from engine.broker import TOOLS, replay

from ..hall import SHOTS, no_horizontal_overflow, open_hall, shot
from ..lobby.helpers import shot_of
from .helpers import FIXTURES, open_imported
from .test_ui_orders import reveal

draft = TOOLS["draft"]
(SHOTS / "broker-yard").mkdir(parents=True, exist_ok=True)


def trade(page, colour, n):
    page.fill(f"input.trade-input[data-colour={colour}]", str(n))


def box(page):
    return page.evaluate("""() => { const b = document.querySelector('#broker-card-alone');
      return { state: b.dataset.state, fate: b.dataset.fate, text: b.innerText,
               mine: Object.fromEntries([...b.querySelectorAll('li[data-held]')].map(
                 (li) => [li.dataset.held, Number(li.dataset.cash)])) }; }""")


def engine_says(state, seat, trades, card, choices):
    seat_view = state["seats"][seat]
    return draft(prices=state["prices"], options=state["options"], cash=seat_view["cash"],
                 shares=seat_view["shares"], trades=trades, card=card, choices=choices)


def test_my_cards_cost_to_me_and_a_warning_before_ready(guard, site_server):
    state = replay(json.loads((FIXTURES / "ui-debt.json").read_text()))
    page = open_hall(guard, site_server)
    open_imported(page, "ui-debt.json")
    reveal(page)
    # sell Red, put the cash in Yellow at $10, and play Yellow −60 (Blue +30)
    trade(page, "red", -1)
    trade(page, "yellow", 5)
    page.click(".hand-card:has(input[value='small:yellow:-60'])")
    page.click("#broker-chooser input[name=other][value=blue]")
    page.wait_for_selector("#broker-card-alone[data-state=shown]")
    expected = engine_says(state, 0, {"red": -1, "yellow": 5}, "small:yellow:-60", {"other": "blue"})["alone"]
    seen = box(page)
    # 6 Yellow after the trades pay $60 each: $360, the cash left is $-170, still covered by shares
    assert expected["colours"]["yellow"]["cash"] == -360 and expected["cash"] == -170
    assert seen["mine"]["yellow"] == -360 and "you pay $360 (6 × $60)" in seen["text"]
    assert "Then: cash −$170" in seen["text"]
    assert seen["fate"] == expected["fate"] == "debt"
    assert "sell shares worth at least $170" in seen["text"]
    shot_of(page, "#broker-chooser", "broker-yard/draft-debt-chooser-1280-en")

    # ten more Yellow: the card alone would bankrupt Ann, and Ready asks first
    trade(page, "yellow", 15)
    page.wait_for_selector("#broker-card-alone[data-fate=bankrupt]")
    expected = engine_says(state, 0, {"red": -1, "yellow": 15}, "small:yellow:-60", {"other": "blue"})["alone"]
    assert expected["fate"] == "bankrupt" and box(page)["mine"]["yellow"] == -16 * 60
    assert "This card alone would bankrupt you" in page.inner_text("#broker-card-alone")
    page.click("#broker-save")
    dialog = page.locator("dialog[open]")
    assert "Play a card that bankrupts you?" in dialog.inner_text()
    assert "This card alone would bankrupt you" in dialog.inner_text()
    shot(page, "broker-yard/draft-bankrupt-confirm-1280-en")
    dialog.get_by_role("button", name="Back to my orders").click()
    assert "Not ready yet" in page.inner_text("#broker-saved-state")

    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_selector("#broker-card-alone[data-fate=bankrupt]")
    no_horizontal_overflow(page, inner="#broker-card-alone")
    shot_of(page, "#broker-chooser", "broker-yard/draft-bankrupt-chooser-375-en")

    page.select_option("#by-lang", "ar")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    page.wait_for_selector("#broker-card-alone[data-fate=bankrupt]")
    ar = json.loads((FIXTURES.parents[2] / "site" / "i18n" / "broker-yard" / "ar.json").read_text())
    assert ar["broker-yard.alone.mine_title"] in page.inner_text("#broker-card-alone")
    no_horizontal_overflow(page, inner="#broker-card-alone")
    shot_of(page, "#broker-chooser", "broker-yard/draft-bankrupt-chooser-375-ar")
    page.select_option("#by-lang", "en")
    page.wait_for_function("document.documentElement.dir === 'ltr'")

    # One answer about a debt no sale covers (item 2): Remi owes $170 and his shares are worth
    # $150; the panel and the question both say that selling every share does not cover it
    # (the question used to say "sell first"). The same page, another record.
    page.click("#by-lobby")
    open_imported(page, "ui-bankrupt.json", seats=["easy", "easy", "human"])
    page.wait_for_selector("#broker-orders")
    debt = page.locator("#broker-debt")
    assert debt.is_visible() and "selling every share does not cover it" in debt.inner_text()
    assert not page.locator("#broker-sell-enough").is_visible()
    page.click(".hand-none")
    page.click("#broker-save")
    dialog = page.locator("dialog[open]")
    text = dialog.inner_text()
    assert "selling every share would not cover it" in text and "Sell shares first" not in text
    shot(page, "broker-yard/debt-hopeless-confirm-375-en")
    dialog.get_by_role("button", name="Back to my orders").click()
    page.set_viewport_size({"width": 1280, "height": 900})
    assert debt.is_visible()
    shot(page, "broker-yard/debt-hopeless-1280-en")
