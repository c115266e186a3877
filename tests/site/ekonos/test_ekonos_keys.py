"""Ekonos played to its end with the keyboard alone (issue 33): three seats (four rounds, the
shortest game of few seats), two instant bots. A whole game is long, so the engine's bots play
it forward and the table opens near its end, twice: at Ann's choice to expand in the last
round, in another's turn (then her growth actions on the map and in the list, her
confirmation, a card's top use placed on the
map with the arrow keys, a share sold, one bought, turns to the end), and at her choice of a
successor as president (a recorded game: strong bots lead there). What a screen
reader hears: the map's spaces by name with what stands on them, the hand's cards, the
companies' shares and coins, whose turn, and the other seats' moves as they come."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from engine.core.game import get_game

from ..hall import open_hall
from ..keys import at, ax_nodes, kept, open_by_keys, played_until, press, spoken, tab_to
from .helpers import FIELD, act, my_turn

EKONOS = get_game("ekonos")
SEATS = ["Ann", "Ada", "Boris"]
# tests/fixtures/ekonos/make_keys.py: strong bots lead Ann there (a minute of their thinking)
SUCCESSOR = Path(__file__).resolve().parents[2] / "fixtures" / "ekonos" / "ui-successor.json"


def asked(phase):
    """A stop for the engine's bots: Ann (seat 0) decides `phase` in the last round, with
    two cards left for two more turns."""
    def stop(state):
        return (state["round"] == state["rounds_total"] and len(state["hands"][0]) == 2
                and 0 in EKONOS.to_act(state)["seats"] and EKONOS.legal(state, 0).get("phase") == phase)
    return stop


def enter(page):
    """Enter on the focused control, and wait until the table has moved past the decision."""
    act(page, lambda: press(page, "Enter"))


def play_card(page, met):
    """A card chosen (the arrow keys along the hand, Enter), then its top company placed once
    (a space of the list), else its first bottom company."""
    tab_to(page, "button.ek-card")
    press(page, "ArrowRight")  # the next card
    press(page, "Enter")
    # the focus goes on to the card's uses, then to the spaces of its top use
    assert at(page, "#ek-play .use-btn"), "the focus did not go on to the card's uses"
    if "top" not in met and page.locator("#ek-use-top:not([disabled])").count():
        met.add("top")
        tab_to(page, "#ek-use-top")
        press(page, "Enter")
        assert at(page, "#ek-spaces .space-choice")
        return enter(page)
    tab_to(page, "#ek-play [data-bottom]")
    enter(page)


def decide(page, phase, met):
    """One decision of Ann's by keys."""
    if phase == "play":
        return play_card(page, met)
    if phase == "expand_or_wait":
        tab_to(page, "#ek-expand")
    elif phase == "grow":
        # the first growth on the map (the arrow keys go from space to space), the next ones
        # from the list of spaces
        if "grow" not in met:
            tab_to(page, "svg.ek-map .space.target")
            press(page, "ArrowRight")
            assert at(page, "svg.ek-map .space.target")
        else:
            tab_to(page, "#ek-spaces .space-choice")
    elif phase == "confirm":
        tab_to(page, "#ek-done")
    elif phase == "successor":
        tab_to(page, "[data-successor]")
    elif phase == "sell":
        tab_to(page, "[data-sell]" if "sell" not in met and page.locator("[data-sell]").count() else "#ek-pass")
    elif phase == "buy" and page.locator("[data-buy]").count():
        tab_to(page, "[data-buy]")
        press(page, "Enter")  # the share chosen; Enter on "Buy" ends the turn
        assert at(page, "[data-buy][aria-pressed=true]")
        tab_to(page, "#ek-end-turn")
    else:
        tab_to(page, "#ek-pass")
    enter(page)


def heard_at_the_table(page):
    """The map's every space by name with what stands on it, the hand's cards, the seats'
    shares by company (and who presides), the companies' prices, whose turn."""
    board = ax_nodes(page, "svg.ek-map")
    spaces = [name for role, name in board if role in ("image", "img", "button")]
    assert len(spaces) == page.locator("svg.ek-map .space").count() == 36, board
    assert any(": a tile of " in s for s in spaces) and any(": a protected tile of " in s for s in spaces), spaces
    heard = spoken(page, "#app")
    assert re.search(r'img "Card: top \w+, bottom \w+ and \w+"', heard), heard
    assert re.search(r"listitem: (Alpha|Beta|Gamma|Delta|Epsilon|Omicron) ×\d+ president", heard), heard
    assert re.search(r"paragraph: buy \d+ · sells for \d+", heard), heard
    assert "It is your turn" in heard and "Beta may expand" in heard, heard


# every announcement as the polite live region gets it (the region keeps only its newest
# few, and how many come between two of Ann's decisions depends on the bots' moves)
HEAR = """() => { window.__heard = [];
  new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
      if (n.parentElement && n.parentElement.id === 'by-announce') __heard.push(n.textContent); })
    .observe(document.body, { childList: true, subtree: true }); }"""


def play_on(page, met):
    """Ann's decisions by keys until the final screen; everything the polite live region
    said meanwhile."""
    page.evaluate(HEAR)
    while (phase := my_turn(page)) is not None:
        decide(page, phase, met)
        met.add(phase)
        kept(page, f"after {phase}")
    kept(page, "on the final screen")
    return " ".join(page.evaluate("__heard"))


def test_ekonos_by_keyboard(guard, site_server):
    started = time.monotonic()
    page = open_hall(guard, site_server)
    met = set()
    # seed 6: Ann presides Beta, asked in Boris's turn (so she confirms her expansion)
    open_by_keys(page, played_until("ekonos", {}, SEATS, 6, asked("expand_or_wait")))
    assert page.get_attribute(FIELD, "data-phase") == "expand_or_wait"
    heard_at_the_table(page)
    news = play_on(page, met)
    # the other seats' moves were said as they came, in the polite live region
    assert page.get_attribute("#by-announce", "aria-live") == "polite"
    assert "Boris plays Card: top " in news and "Boris buys" in news, news
    assert met >= {"expand_or_wait", "grow", "confirm", "play", "top", "sell", "buy"}, met
    # back to the lobby by keys, and the game where Ann chooses her successor
    tab_to(page, "#by-final-actions button:last-child")
    press(page, "Enter")
    page.wait_for_selector("#app > .lobby")
    open_by_keys(page, json.loads(SUCCESSOR.read_text()))
    assert page.get_attribute(FIELD, "data-phase") == "successor"
    decide(page, "successor", met)
    kept(page, "after choosing a successor")
    print(f"\nEkonos by keyboard: {time.monotonic() - started:.1f} s")
