"""A guardrail while choosing (issue 17, item 2): once a card and its choices are picked, the
hand shows what that card alone would do to each colour's price — the engine's own update
(engine/broker/preview.py), marked as the card alone, before the others' cards — and follows
another pick. The record (tests/fixtures/broker-yard/ui-stop-below-10.json, stop-loss with
spread 30) has blue at 140, yellow at 250 and green at 10, so one card reaches a stop, a
bonus and a zero's cancelling; read at 1280 and 375 px, in English and in Arabic."""

from __future__ import annotations

import json

from engine.broker import replay
from engine.broker.preview import card_alone

from ..hall import no_horizontal_overflow, open_hall, shot
from ..lobby.helpers import catalog, shot_of
from .helpers import FIXTURES, open_imported

NAME = "ui-stop-below-10.json"
WORDS = catalog("en") | json.loads((FIXTURES.parents[2] / "site" / "i18n" / "broker-yard" / "en.json").read_text())

# each colour's line of the box
LINES = """() => { const box = document.querySelector('#broker-card-alone');
  return { state: box.dataset.state, key: box.dataset.key ?? null, text: box.innerText,
           lines: Object.fromEntries([...box.querySelectorAll('li[data-colour]')].map(
             (li) => [li.dataset.colour, { change: Number(li.dataset.change), text: li.innerText }])) }; }"""


def pick(page, card):
    page.click(f".hand-card:has(input[value='{card}'])")
    page.locator(f"#broker-chooser[data-card='{card}']").wait_for()


def shown_for(page, card, choices):
    """Wait until the box shows the engine's answer for this very card and choices."""
    key = json.dumps([card, choices], separators=(",", ":"))
    page.wait_for_function("(k) => { const b = document.querySelector('#broker-card-alone'); "
                           "return b && b.dataset.state === 'shown' && b.dataset.key === k; }", arg=key)
    return page.evaluate(LINES)


def in_view(page):
    """The box scrolled into view for the picture."""
    page.locator("#broker-card-alone").scroll_into_view_if_needed()


def words(key, **params):
    text = WORDS[f"broker-yard.{key}"]
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", value)
    return text


def test_the_picked_card_alone_moves_the_prices_as_the_engine_says(guard, site_server):
    state = replay(json.loads((FIXTURES / NAME).read_text()))
    prices, options = state["prices"], state["options"]
    page = open_hall(guard, site_server)
    open_imported(page, NAME)

    # blue −50 (stop at 110: holders sell) with yellow +40 (above 250: a bonus)
    pick(page, "small:blue:-50")
    page.wait_for_selector("#broker-card-alone[data-state=waiting]")
    assert page.inner_text("#broker-card-alone") == words("alone.waiting")
    page.click("#broker-chooser input[name=other][value=yellow]")
    seen = shown_for(page, "small:blue:-50", {"other": "yellow"})
    expected = card_alone(prices, options, "small:blue:-50", {"other": "yellow"})
    assert words("alone.title") in seen["text"]  # this card alone, before the others' cards
    assert {c: line["change"] for c, line in seen["lines"].items()} == {c: m["change"] for c, m in expected.items()}
    blue, yellow = seen["lines"]["blue"]["text"], seen["lines"]["yellow"]["text"]
    assert expected["blue"]["stopped"] and words("alone.stopped", price="$110") in blue
    assert "$140 → $90" in blue and "−50" in blue
    assert expected["yellow"]["bonus"] == 40 and words("alone.bonus", amount="$40") in yellow
    assert words("alone.same", price="$250") in yellow
    assert words("alone.same", price="$20") in seen["lines"]["red"]["text"]
    shot(page, "card-alone-1280-en")
    shot_of(page, "#broker-chooser", "card-alone-chooser-1280-en")

    # another pick: a zero changes no price alone, it cancels the others' greatest effects
    pick(page, "zero:blue")
    seen = shown_for(page, "zero:blue", {})
    assert all(line["change"] == 0 for line in seen["lines"].values())
    assert "3 greatest effects" in seen["lines"]["blue"]["text"]
    assert "greatest" not in seen["lines"]["red"]["text"]
    # "no card": no preview
    page.click(".hand-none")
    page.wait_for_selector("#broker-card-alone", state="detached")

    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        pick(page, "small:yellow:-50")
        page.click("#broker-chooser input[name=other][value=green]")
        seen = shown_for(page, "small:yellow:-50", {"other": "green"})
        assert seen["lines"]["yellow"]["change"] == -50 and seen["lines"]["green"]["change"] == 40
        no_horizontal_overflow(page, inner="#broker-card-alone")
        in_view(page)
        shot(page, f"card-alone-{width}-en-yellow")
        shot_of(page, "#broker-chooser", f"card-alone-chooser-{width}-en-yellow")
        page.click(".hand-none")


def test_the_card_alone_in_arabic_at_375(guard, site_server):
    ar = json.loads((FIXTURES.parents[2] / "site" / "i18n" / "broker-yard" / "ar.json").read_text())
    page = open_hall(guard, site_server, width=375, locale="ar")
    open_imported(page, NAME)
    pick(page, "small:blue:-40")
    page.click("#broker-chooser input[name=other][value=yellow]")
    seen = shown_for(page, "small:blue:-40", {"other": "yellow"})
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert ar["broker-yard.alone.title"] in seen["text"]
    assert seen["lines"]["blue"]["change"] == -40
    # in right-to-left text the arrow points left, from the old price to the new one
    assert "←" in seen["lines"]["blue"]["text"]
    no_horizontal_overflow(page, inner="#broker-card-alone")
    in_view(page)
    shot(page, "card-alone-375-ar")
    shot_of(page, "#broker-chooser", "card-alone-chooser-375-ar")
