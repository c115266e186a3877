"""Words about seats and numbers in the reader's language (issue 16, items 6 and 7): the
reader's own seat reads in the second person ("You get a bonus", "Recibes un bono", "Вы
получаете бонус"), other seats and the public view behind the curtain in the third; the first
seat's default name is not a pronoun; money and signed figures use one minus sign (U+2212) in
every language and read as one left-to-right unit inside Arabic text, with arrows in the
reading direction.

The game is imported: the rule book's example (tests/fixtures/broker-yard/example-classic.json)
after two rounds, Ann and Bob sharing the device. Round 1: Ann sold a Blue share and played
Blue +100; round 2: Bob sold a Yellow share, and Ann got a bonus of $10 on Yellow.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ..hall import glyph_x, open_hall, shot, switch_seat

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "tests" / "fixtures" / "broker-yard" / "example-classic.json"
LRI, PDI, MINUS = "\u2066", "\u2069", "\u2212"

# (the first seat's default name, Ann's bonus as Ann reads it, as others read it, Bob's own sale)
WORDS = {
    "en": ("Player 1", "You get a bonus of", "Ann gets a bonus of", "You sold 1 Yellow share"),
    "es": ("Jugador 1", "Recibes un bono de", "Ann recibe un bono de", "Vendiste 1 acción"),
    "ru": ("Игрок 1", "Вы получаете бонус", "Ann получает бонус", "Вы продали 1 акцию"),
    "ar": ("اللاعب 1", "لك مكافأة", "Ann يتلقى مكافأة", "بعت سهمًا واحدًا"),
}
# third-person forms that must never describe the reader ("You gets", "Вы сыграл(а)")
WRONG = re.compile(r"You (gets|pays|is)|Вы \w+\(а\)|Tú (recibe|paga|jugó)")


def two_rounds(tmp_path) -> Path:
    """The example's first two rounds as a record of the hall (both seats human)."""
    old = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    actions = []
    for orders in old["rounds"][:2]:
        actions += [[i, {"type": "order", **orders[n]}] for i, n in enumerate(old["players"]) if n in orders]
        actions.append([None, {"type": "resolve"}])
    record = {"game": "broker-yard", "options": old["options"], "players": old["players"], "seed": old["seed"],
              "setup": {"hands": old["hands"]}, "actions": actions,
              "meta": {"seats": [{"kind": "human"}, {"kind": "human"}]}}
    path = tmp_path / "two-rounds.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def open_imported(page, path):
    page.set_input_files("#by-import-file", str(path))
    item = page.locator("#by-running .game-item").first
    item.wait_for()
    item.locator("[data-open]").click()
    page.wait_for_selector("#by-curtain")


def results(page, expect):
    """The last round's results once they read `expect` (the table redraws by itself after a
    seat is revealed: wait for the state, then read it)."""
    page.click("#by-tab-results")
    page.wait_for_function("(x) => document.querySelector('#by-panel .round-block')?.innerText.includes(x)",
                           arg=expect)
    return page.inner_text("#by-panel .round-block")


def reveal(page):
    """Lift the curtain of the field for the seat it names."""
    page.click("#by-tab-field")
    page.click("#by-reveal")
    page.wait_for_selector("#broker-orders")


@pytest.mark.parametrize("lang", list(WORDS))
def test_own_seat_reads_in_the_second_person(guard, site_server, tmp_path, lang):
    default, mine, theirs, bob_sold = WORDS[lang]
    page = open_hall(guard, site_server, locale=lang)
    assert page.input_value(".seat-row input.seat-name >> nth=0") == default
    open_imported(page, two_rounds(tmp_path))

    # behind the curtain nobody's screen is shown: every seat in the third person
    results(page, theirs)
    assert page.locator("#by-panel .round-block bdi.who", has_text="Ann").count() > 0

    reveal(page)  # Ann's screen
    text = results(page, mine)
    assert theirs not in text, text
    assert page.locator("#by-panel .round-block bdi.who", has_text="Ann").count() == 0
    assert page.locator("#by-panel .round-block bdi.who", has_text="Bob").count() > 0
    assert not WRONG.search(text), text

    switch_seat(page, 1)  # Bob's screen, behind the curtain first
    page.click("#by-tab-field")
    page.wait_for_selector("#by-curtain")
    reveal(page)
    text = results(page, bob_sold)
    assert theirs in text and mine not in text, text
    assert page.locator("#by-panel .round-block bdi.who", has_text="Bob").count() == 0
    assert not WRONG.search(text), text


def test_arabic_negative_money_and_arrows(guard, site_server, tmp_path):
    page = open_hall(guard, site_server, locale="ar")
    open_imported(page, two_rounds(tmp_path))
    reveal(page)
    # Ann has $60; a Yellow share costs $250: cash after the trade is −$190
    page.fill("input.trade-input[data-colour=yellow]", "1")
    cash = page.text_content("#broker-cash-after")
    assert cash.startswith(LRI) and cash.endswith(PDI), repr(cash)
    assert f"{MINUS}190" in cash and "-" not in cash and not re.search("[\u200e\u200f\u061c]", cash), repr(cash)
    x = glyph_x(page, "#broker-cash-after")
    # drawn as one left-to-right unit: the sign before the digits, "US$" after them
    assert x[MINUS] < x["1"] < x["9"] < x["0"] < x["U"] < x["$"], x
    assert f"{MINUS}190" in page.text_content("#broker-problem")
    shot(page, "field-negative-cash-1280-ar")

    page.click("#by-tab-results")
    panel = page.text_content("#by-panel")
    assert "←" in panel and "→" not in panel  # the price moves and the sums point the same way
    # Blue in round 2: 200 ← 170, read from the right (the old price first)
    move = "#by-panel .round-block .results-prices tbody tr:first-child td.num .nowrap"
    assert page.text_content(move) == f"{LRI}200{PDI} ← {LRI}170{PDI}"
    x = glyph_x(page, move)
    assert x["2"] > x["←"] > x["1"], x
    shot(page, "results-1280-ar")
    page.set_viewport_size({"width": 375, "height": 800})
    shot(page, "results-375-ar")


def test_no_hyphen_minus_in_any_language(guard, site_server, tmp_path):
    """Every figure on the table, and the shell's formats every game uses, with U+2212."""
    page = open_hall(guard, site_server)
    open_imported(page, two_rounds(tmp_path))
    reveal(page)
    page.fill("input.trade-input[data-colour=yellow]", "1")
    for lang in ("en", "es", "ru", "ar"):
        page.select_option("#by-lang", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        page.wait_for_selector("#broker-cash-after")
        page.wait_for_function("document.querySelector('#broker-cash-after').textContent.includes('\u2212')")
        seen = ""
        for tab in ("field", "players", "results", "chart"):
            page.click(f"#by-tab-{tab}")
            page.wait_for_selector(f"#by-tab-{tab}[aria-selected=true]")
            seen += page.text_content("#by-panel")
        assert not re.search(r"-\s*\d", seen), (lang, re.findall(r".{12}-\s*\d.{6}", seen))
        figures = page.evaluate("""async () => {
            const src = document.querySelector("script[src$='/js/hall/app.js']").src;
            const i18n = await import(src.replace(/hall\\/app\\.js$/, "shell/i18n.js"));
            return [i18n.num(-1234), i18n.signed(-60), i18n.signed(30), i18n.money(-237594),
                    i18n.signedMoney(-5), i18n.fromTo(-60, -40)];
        }""")
        for text in figures:
            assert not re.search(r"-\s*\d", text) and not re.search("[\u200e\u200f\u061c]", text), (lang, text)
        assert all(MINUS in text for i, text in enumerate(figures) if i != 2), (lang, figures)
        if lang == "ar":
            assert figures[3].startswith(LRI) and figures[3].endswith(PDI), figures
        page.click("#by-tab-field")
