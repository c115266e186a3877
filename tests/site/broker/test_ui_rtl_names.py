"""Right to left and names (issue 32, item 7): in the game log a list's separators stay with
the item they belong to — Arabic's "و" opens the next price move instead of ending the line
before it, English's comma ends the move before — and the game has one name per language,
the same in the lobby and at the table. ui-stop-below-10.json: four rounds played."""

from __future__ import annotations

import json
from pathlib import Path

from ..hall import SHOTS, open_hall
from ..lobby.helpers import shot_of
from .helpers import open_imported

(SHOTS / "broker-yard").mkdir(parents=True, exist_ok=True)
AR = json.loads((Path(__file__).resolve().parents[3] / "site" / "i18n" / "ar.json").read_text(encoding="utf-8"))

MOVES = """() => { const li = document.querySelector('#by-log .log-prices');
  return { items: [...li.children].map((s) => s.textContent.trim()),
           between: [...li.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent),
           tops: [...li.children].map((s) => Math.round(s.getBoundingClientRect().top)) }; }"""


def open_log(page):
    if page.locator("#by-log-toggle:visible").count() and page.get_attribute("#by-log", "open") is None:
        page.click("#by-log-toggle")
    page.wait_for_selector("#by-log .log-prices")


def lobby_name(page):
    return page.inner_text(".game-picker label:has(input[value='broker-yard'])").strip()


def test_arabic_list_separators_and_one_name_per_language(guard, site_server):
    page = open_hall(guard, site_server, width=375, locale="ar")
    names = {"ar": lobby_name(page)}
    # a new table's bots have names of the language's own (the catalog's list), not Latin ones
    bots = page.eval_on_selector_all("input.seat-name", "(all) => all.slice(1).map((e) => e.value)")
    assert bots and bots == AR["lobby.bot_names"].split()[: len(bots)], bots
    open_imported(page, "ui-stop-below-10.json")
    assert page.inner_text("#by-game-name").strip() == names["ar"]
    open_log(page)
    moves = page.evaluate(MOVES)
    assert len(moves["items"]) == 4 and all(not text.strip() for text in moves["between"])
    # each move after the first opens with "و"; none ends with it
    assert all(item.startswith("و") for item in moves["items"][1:]), moves["items"]
    assert not any(item.endswith("و") for item in moves["items"])
    assert len(set(moves["tops"])) > 1  # a phone's narrow log does wrap the moves
    shot_of(page, "#by-log", "broker-yard/log-375-ar")

    page.set_viewport_size({"width": 1280, "height": 900})
    page.select_option("#by-lang", "en")
    page.wait_for_function("document.documentElement.dir === 'ltr'")
    open_log(page)
    moves = page.evaluate(MOVES)
    # "$140 → $90, $20 → $60, $250 → $210, and $10 → $90": commas end a move, "and" opens one
    assert [item[-1] for item in moves["items"][:3]] == [",", ",", ","]
    assert moves["items"][3].startswith("and ")
    names["en"] = page.inner_text("#by-game-name").strip()
    shot_of(page, "#by-log", "broker-yard/log-1280-en")
    page.click("#by-lobby") if page.locator("#by-lobby").count() else page.click("text=Lobby")
    page.wait_for_selector(".game-picker")
    assert lobby_name(page) == names["en"] == "Broker-Yard"
