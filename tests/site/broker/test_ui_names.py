"""Players' names in the page (engine/core/names.py is the rule): look-alike names refused in
the lobby with the engine's reason in the player's language, and a 40-character name without
a space wrapping instead of widening the page — the lobby, the table's tabs, the final
screen, the host's remote-players tab and a remote player's page, at 375 and 1280 px."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine.broker as broker
from engine.core.record import to_record
from engine.core.session import BOT, HUMAN
from engine.sim.play import play_out
from ..hall import open_hall, shot
from .helpers import choose_first_card, start_game

I18N = Path(__file__).resolve().parents[3] / "site" / "i18n"
LONG = ["W" * 40, "M" * 40, "Ш" * 40]    # wide letters, nowhere to break
# what sticks out of the screen, to say where a failure is
WIDEST = """() => { const out = [];
    for (const e of document.querySelectorAll('#app *')) {
        const r = e.getBoundingClientRect();
        if (r.width && (r.right > innerWidth + 0.5 || r.left < -0.5))
            out.push(`${e.tagName}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return out.slice(0, 12); }"""


def words(lang, key, **names):
    """The catalog's text with these names in it: in Arabic each is an isolate (FSI…PDI)."""
    text = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))[key]
    for k, v in names.items():
        text = text.replace("{" + k + "}", f"\u2068{v}\u2069" if lang == "ar" else v)
    return text


def fits(page, where):
    """The document is no wider than the screen (what spills, if it is)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{where}: page is {width}px wide: {page.evaluate(WIDEST)}"


@pytest.mark.parametrize("lang, locale", [("en", "en-US"), ("ar", "ar")])
def test_look_alike_names_are_refused_in_the_lobby(guard, site_server, lang, locale):
    page = open_hall(guard, site_server, locale=locale)
    page.check("input[name=game][value='broker-yard']", force=True)
    page.wait_for_selector("#by-new-game[data-game='broker-yard']")
    rows = page.locator(".seat-row")
    rows.nth(0).locator("input.seat-name").fill("Ann")
    rows.nth(1).locator("input.seat-name").fill("A\u200bNN")     # an invisible space inside
    page.click("#by-start")
    # the notice's words read as it shows, in one step: it goes by itself after 8 s, which a
    # busy machine once spent between seeing it and reading it
    said = page.wait_for_function("() => { const n = document.querySelector('#by-notices .notice-error');"
                                  " return n && n.innerText; }").json_value()
    assert said == words(lang, "error.lookalike_name", name="ANN", same="Ann")
    assert page.locator(".game-top").count() == 0 and page.locator("#by-new-game").count() == 1
    second = rows.nth(1).locator("input.seat-name")
    assert second.get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.dataset.seat") == "1"    # the seat to fix
    assert page.evaluate("localStorage.getItem('by.v1.games')") in (None, "[]")     # nothing made
    second.fill("Bob")
    assert second.get_attribute("aria-invalid") is None
    page.click("#by-start")
    page.wait_for_selector(".game-top")


def finished_record(tmp_path) -> Path:
    """A whole Broker-Yard game of three long-named players (the first a person), to import."""
    state = broker.new_game({"deal": "3+5"}, LONG, "long-names")
    play_out(broker, state, ["easy"] * 3, "long-names")
    kinds = [{"kind": HUMAN}, {"kind": BOT, "level": "easy"}, {"kind": BOT, "level": "easy"}]
    path = tmp_path / "long-names.json"
    path.write_text(json.dumps(to_record(state, {"seats": kinds})), encoding="utf-8")
    return path


@pytest.mark.parametrize("width", [375, 1280])
def test_a_long_name_without_spaces_wraps(guard, site_server, width, tmp_path):
    page = open_hall(guard, site_server, width=width)
    page.check("input[name=game][value='broker-yard']", force=True)
    start_game(page, [(LONG[0], "human"), (LONG[1], "easy"), (LONG[2], "remote")])
    fits(page, "the table's first tab")
    for tab in ("players", "results", "chart", "net"):
        page.click(f"#by-tab-{tab}")
        fits(page, f"the {tab} tab")
    page.click("#by-tab-field")
    choose_first_card(page)
    page.click("#broker-save")      # the round waits for the remote seat: its name in the top bar
    page.wait_for_selector("#broker-saved-state")
    fits(page, "the table with a saved order")
    shot(page, f"long-names-field-{width}")

    # the remote player's page: the invite opened in another browser
    page.click("#by-tab-net")
    page.click("[data-invite-toggle='2']")
    invite = page.locator("textarea[data-code='invite-2']").input_value()
    fits(page, "the host's remote players")
    player = open_hall(guard, site_server, width=width)
    player.wait_for_selector("#app > :not(p[role=status])")     # the lobby drawn, then the link
    player.goto(invite)
    player.wait_for_selector("#by-play h2")
    fits(player, "the remote player's page, joined")
    box = "link" if player.locator("textarea[data-paste='link']").count() else "open"
    player.locator(f"textarea[data-paste='{box}']").fill(page.locator("textarea[data-code='round']").input_value())
    player.click(f"[data-submit='{box}']")
    player.wait_for_selector("#by-play .game-top")
    fits(player, "the remote player's page")
    shot(player, f"long-names-remote-{width}")

    # the final screen of a game over, imported, and the lobby listing it
    page.click("#by-lobby")
    page.set_input_files("#by-import-file", str(finished_record(tmp_path)))
    item = page.locator("#by-archive .game-item")
    item.wait_for()
    fits(page, "the lobby with my games")
    shot(page, f"long-names-lobby-{width}")
    item.locator("[data-open]").click()
    page.wait_for_selector(".final")
    fits(page, "the final screen")
    shot(page, f"long-names-final-{width}")
    for tab in ("results", "players"):
        page.click(f"#by-tab-{tab}")
        fits(page, f"the finished game's {tab} tab")
