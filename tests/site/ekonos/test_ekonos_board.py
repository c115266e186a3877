"""Ekonos's map as a board (issue 29): the 36 regions drawn from the engine's board, beside
the decision and the hand at 1280 × 800 (all three on the first screen; on a phone the hand,
then the map), never narrower than a phone needs for 44 px taps (panned in its frame, zoomed
with its buttons), every name in the page's language where it meets no other name and no
tile, at 375 and 1280 px, in English, Russian and Arabic (right to left). One page, opened
from a recorded game (tests/fixtures/ekonos/ui-president.json): the widths and languages
switch on it."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.record import replay as replay_record

from ..hall import SHOTS, open_hall
from .helpers import FIELD, act

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ekonos"
CATALOGS = Path(__file__).resolve().parents[3] / "site" / "i18n" / "ekonos"
SHOTS_HERE = SHOTS / "ekonos"
RECORD = ("() => JSON.parse(localStorage.getItem('by.v1.game.'"
          " + JSON.parse(localStorage.getItem('by.v1.games'))[0])).record")

# every name's box and every tile's, as drawn (CSS px): [[space, left, top, right, bottom], ...]
BOXES = """(sel) => [...document.querySelectorAll(sel)].map((e) => {
    const r = e.getBoundingClientRect();
    return [e.dataset.space || '', r.left, r.top, r.right, r.bottom];
})"""


def names(lang):
    catalog = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    return {str(i): catalog[f"ekonos.space.{i}"] for i in range(1, 37)}


def overlapping(boxes):
    """Pairs of boxes that overlap by more than a hair (0.5 px)."""
    out = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if min(a[3], b[3]) - max(a[1], b[1]) > .5 and min(a[4], b[4]) - max(a[2], b[2]) > .5:
                out.append((a[0], b[0]))
    return out


def open_ann(page):
    """Ann's turn of the recorded game, a card chosen whose top has spaces to take."""
    if page.locator("#by-curtain").count():
        page.click("#by-reveal")
    page.wait_for_selector(f"{FIELD}[data-acting='1']")
    cards = page.locator(".ek-hand button.ek-card")
    for i in range(cards.count()):
        cards.nth(i).click()
        if page.locator("#ek-use-top:not([disabled])").count():
            page.click("#ek-use-top")
            page.wait_for_selector("svg.ek-map .space.target")
            return
    raise AssertionError("no card of Ann's has a top to play")


def the_board_reads(page, lang, width):
    """What holds at every width and language: 36 regions, the names the catalog's, no two
    names and no name and tile overlapping, the spaces' buttons named as the map is."""
    shot_map(page, f"ekonos-map-{width}-{lang}")
    assert page.locator("svg.ek-map .space .region").count() == 36
    want = names(lang)
    drawn = page.eval_on_selector_all(
        "svg.ek-map .space-name", "(els) => els.map((e) => [e.dataset.space, e.textContent])")
    assert len(drawn) == 36
    for space, text in drawn:
        assert text.replace(" ", "").replace("-", "") == want[space].replace(" ", "").replace("-", ""), (space, text)
    labels = page.evaluate(BOXES, "svg.ek-map .space-name")
    tiles = page.evaluate(BOXES, "svg.ek-map .pieces > .piece, svg.ek-map .pieces > .empty-dot")
    assert overlapping(labels) == [], f"names overlap at {width} px in {lang}"
    crossing = [(t[0], n[0]) for t in tiles for n in labels if overlapping([["t"] + t[1:], ["n"] + n[1:]])]
    assert crossing == [], f"names over tiles at {width} px in {lang}: {crossing}"
    buttons = page.eval_on_selector_all(
        "#ek-spaces .space-choice", "(els) => els.map((e) => [e.dataset.space, e.querySelector('bdi').textContent])")
    assert buttons and all(text == want[space] for space, text in buttons)
    return labels


def shot_map(page, name):
    SHOTS_HERE.mkdir(parents=True, exist_ok=True)
    page.locator(".map-card").screenshot(path=str(SHOTS_HERE / f"{name}.png"))


def first_screen(page, lang):
    """On arriving at Ann's turn, what the window shows without scrolling (its screenshot,
    looked at): at 1280 × 800 the decision at hand and the hand whole, beside them the map at
    least 700 px wide, its top in the window (its foot may run under it, as a board's does);
    on a phone the decision and the hand whole, and the map begun."""
    size = page.viewport_size
    SHOTS_HERE.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS_HERE / f"ekonos-first-screen-{size['width']}-{lang}.png"))
    boxes = {sel: page.evaluate(BOXES, sel) for sel in ("#by-panel [data-decision]", ".ek-hand", "svg.ek-map")}
    assert all(boxes.values()), boxes
    for sel in ("#by-panel [data-decision]", ".ek-hand"):
        for b in boxes[sel]:
            assert 0 <= b[1] and b[3] <= size["width"] and 0 <= b[2] and b[4] <= size["height"], (lang, size, boxes)
    board = boxes["svg.ek-map"][0]
    if size["width"] >= 1280:
        assert board[3] - board[1] >= 700, (lang, boxes)
        assert 0 <= board[2] <= size["height"] - 400, (lang, boxes)  # the top and most of it in sight
        hand = boxes[".ek-hand"][0]
        assert hand[3] <= board[1] or board[3] <= hand[1], (lang, boxes)  # beside it, not over it
    else:
        assert board[2] <= size["height"] - 200, boxes  # a good part of the map


def log_beside_from_1600(page):
    """The log of turns: at 1280 a drawer its button opens (the map takes the room), from
    1600 px a column beside the map and the decision, the map still 700 px wide."""
    log = page.locator("#by-log")
    assert log.get_attribute("data-column") is None and not log.is_visible()
    page.click("#by-log-toggle")
    assert log.is_visible()
    page.click("#by-log summary")
    log.wait_for(state="hidden")
    page.set_viewport_size({"width": 1600, "height": 900})
    assert log.get_attribute("data-column") == "" and log.is_visible()
    board, column = (page.evaluate(BOXES, sel)[0] for sel in ("svg.ek-map", "#by-log"))
    assert board[3] - board[1] >= 700 and board[3] <= column[1], (board, column)
    page.set_viewport_size({"width": 1280, "height": 800})
    log.wait_for(state="hidden")


def arrive(page):
    """Ann's turn of the recorded game, shown (past the curtain)."""
    if page.locator("#by-curtain").count():
        page.click("#by-reveal")
    page.wait_for_selector(f"{FIELD}[data-acting='1']")


def taps(page):
    """The smallest width and height of a space a player may tap (CSS px)."""
    boxes = page.evaluate(BOXES, "svg.ek-map .space.target")
    return min(b[3] - b[1] for b in boxes), min(b[4] - b[2] for b in boxes)


def test_the_board_at_two_widths_in_three_languages(guard, site_server):
    page = open_hall(guard, site_server)
    page.set_input_files("#by-import-file", str(FIXTURES / "ui-president.json"))
    game = page.locator("#by-running .game-item", has_text="Round 3")
    game.wait_for()
    game.locator("[data-open]").click()
    page.set_viewport_size({"width": 1280, "height": 800})
    arrive(page)
    first_screen(page, "en")
    log_beside_from_1600(page)
    page.set_viewport_size({"width": 375, "height": 800})
    first_screen(page, "en")
    page.set_viewport_size({"width": 1280, "height": 800})
    open_ann(page)
    wide = page.evaluate("document.querySelector('svg.ek-map').getBoundingClientRect().width")
    page.screenshot(path=str(SHOTS_HERE / "ekonos-table-1280-en.png"), full_page=True)  # the whole table
    assert wide >= 700, wide
    the_board_reads(page, "en", 1280)
    placed = page.locator("svg.ek-map .space.tile").count()
    assert placed >= 3
    print(f"map at 1280: {wide:.0f} px wide; {placed} tiles")
    # the growth marks and the column's size are the engine's (the view's limits), in words
    legend = page.inner_text(".growth-legend")
    assert "at 4 the president may expand (2 actions)" in legend
    assert "at 6 the president must expand (3 actions)" in legend
    assert page.locator(".share-column").first.get_attribute("aria-label").endswith("of 8 shares taken")
    assert page.locator(".growth-track").first.locator("li").count() == 7

    for lang in ("ru", "ar"):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.click("#by-lobby")
        page.select_option("#by-lang", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        page.locator("#by-running .game-item [data-open]").first.click()
        arrive(page)
        if lang == "ar":
            first_screen(page, lang)
            page.set_viewport_size({"width": 375, "height": 800})
            first_screen(page, lang)
            page.set_viewport_size({"width": 1280, "height": 800})
        open_ann(page)
        the_board_reads(page, lang, 1280)
        page.set_viewport_size({"width": 375, "height": 800})
        page.wait_for_selector("svg.ek-map .space.target")
        the_board_reads(page, lang, 375)
        w, h = taps(page)
        assert w >= 44 and h >= 44, (w, h)
        # the growth track's steps and the share column's size are the view's, in any language
        assert page.locator(".growth-track").first.locator("li").count() == 7
        assert page.locator(".share-column").first.locator("li").count() == 8
        frame = page.locator(".map-frame")
        # the map is wider than the phone: the frame pans it, the page itself does not scroll sideways
        assert frame.evaluate("(f) => f.scrollWidth > f.clientWidth + 100")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        print(f"{lang} at 375: smallest tap target {w:.0f} x {h:.0f} px")

    # zoom: out shows the whole map on the phone, in again, the same spaces still named apart
    before = page.evaluate("document.querySelector('svg.ek-map').getBoundingClientRect().width")
    page.click(".map-card .zoom-out")
    page.click(".map-card .zoom-out")
    small = page.evaluate("document.querySelector('svg.ek-map').getBoundingClientRect().width")
    assert small < before / 1.9 and page.locator(".map-card .zoom-out[disabled]").count() == 1
    shot_map(page, "ekonos-map-375-ar-zoomed-out")
    page.click(".map-card .zoom-in")
    page.click(".map-card .zoom-in")
    page.click(".map-card .zoom-in")
    big = page.evaluate("document.querySelector('svg.ek-map').getBoundingClientRect().width")
    assert big > before * 1.4
    assert overlapping(page.evaluate(BOXES, "svg.ek-map .space-name")) == []
    # a space chosen by its region on the map: the tile is there afterwards
    target = page.locator("svg.ek-map .space.target").first
    space = target.get_attribute("data-space")
    target.click()
    page.wait_for_selector(f"svg.ek-map .space[data-space='{space}'][data-company]")
    # the log names it in Arabic
    page.click("#by-tab-log")
    assert names("ar")[space] in page.inner_text(".ek-log")
    # a card played shows as its picture (read out in words), never as its code ("OAB")
    plays = page.eval_on_selector_all(
        ".ek-log .log-play, .ek-log .played-list li", """(els) => els.map((e) => {
            const icon = e.querySelector('.card-icon');
            const words = [...e.childNodes].filter((n) => !(n.nodeType === 1 && n.matches('.card-icon')))
                .map((n) => n.textContent).join('');
            return [icon && icon.dataset.card, icon && icon.getAttribute('aria-label'), words];
        })""")
    assert len(plays) > 10
    for card, label, words in plays:
        assert card and label and card not in words, (card, label, words)


def test_the_final_board_beside_the_score(guard, site_server):
    """A finished game (tests/fixtures/ekonos/games/three-random.record.json) opens on its
    final screen: the ranking and, beside it at 1280 (under it at 375), the board as the
    engine ended it, its names apart, each player marked alike everywhere; in Arabic, then
    in English."""
    record = json.loads((FIXTURES / "games" / "three-random.record.json").read_text())
    record["meta"] = {"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]}
    _, state = replay_record(record)
    tiles = {str(i + 1): t[0] for i, t in enumerate(state["map"]) if t is not None}
    page = open_hall(guard, site_server, locale="ar")
    page.set_input_files("#by-import-file", {"name": "ekonos.json", "mimeType": "application/json",
                                             "buffer": json.dumps(record).encode()})
    page.locator(".game-item [data-open]").first.click()
    page.wait_for_selector(".final svg.ek-map")
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_selector(".final svg.ek-map")
        drawn = dict(page.eval_on_selector_all(
            ".final svg.ek-map .space[data-company]", "(els) => els.map((e) => [e.dataset.space, e.dataset.company])"))
        assert drawn == tiles
        assert overlapping(page.evaluate(BOXES, ".final svg.ek-map .space-name")) == []
        ranking = page.locator(".ek-final .ranking").bounding_box()
        board = page.locator(".ek-final .map-card").bounding_box()
        seat_marks_agree(page, 3)  # at 375 the log is a drawer, its marks the same
        if width == 1280:  # beside: side by side (right to left: the board on the left)
            print(f"final board at 1280: {board['width']:.0f} px wide beside the ranking")
            assert board["x"] + board["width"] <= ranking["x"] and board["y"] < ranking["y"] + ranking["height"]
        else:
            assert board["y"] >= ranking["y"] + ranking["height"]
        page.locator(".ek-final").screenshot(path=str(SHOTS_HERE / f"ekonos-final-{width}-ar.png"))
    # the same screen in English at 1280: the board's names, the players' marks, the cards
    # played in the log beside it as their pictures
    page.set_viewport_size({"width": 1280, "height": 900})
    page.select_option("#by-lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.wait_for_selector(".final svg.ek-map")
    drawn = page.eval_on_selector_all(
        ".final svg.ek-map .space-name", "(els) => els.map((e) => [e.dataset.space, e.textContent])")
    assert {space: text.replace(" ", "") for space, text in drawn} == \
        {space: name.replace(" ", "") for space, name in names("en").items()}
    assert overlapping(page.evaluate(BOXES, ".final svg.ek-map .space-name")) == []
    seat_marks_agree(page, 3)
    assert page.locator("#by-log .log-play .card-icon").count() > 5
    page.locator(".ek-final").screenshot(path=str(SHOTS_HERE / "ekonos-final-1280-en.png"))


def seat_marks_agree(page, players):
    """Every player is marked alike wherever named (the final ranking, the log beside it): the
    seat's colour with its number on it, a colour and a number no other seat has."""
    marks = page.eval_on_selector_all(
        ".ek-final .seat-mark, #by-log .seat-mark", """(els) => els.map((e) => [
            [...e.classList].find((c) => /^seat-\\d$/.test(c)), e.textContent,
            getComputedStyle(e).backgroundColor, !!e.closest('#by-log')])""")
    seen = {}
    for seat, text, colour, _ in marks:
        seen.setdefault(seat, set()).add((text, colour))
    assert len(seen) == players and all(len(v) == 1 for v in seen.values()), seen
    looks = [next(iter(v)) for v in seen.values()]
    assert len({t for t, _ in looks}) == len({c for _, c in looks}) == players
    # the log marks the others too (the reader, seat 0, reads "you")
    assert {seat for seat, *_, in_log in marks if in_log} == set(seen) - {"seat-0"}


def test_a_presidents_expansion_is_taken_back_in_anothers_turn(guard, site_server):
    """Hot seat (tests/fixtures/ekonos/ui-president.json), in Arabic (right to left): Ann
    plays for Gamma's growth and Bob, its president, expands it in her turn; his choice and
    his first tile are taken back with the table's Undo at 375 px, his last one at 1280 ×
    800, until he confirms. Then Ann's buy: the share she chooses may change until she ends
    the turn with it. (In English: test_ekonos_hall's hot-seat test takes a last tile back.)"""
    page = open_hall(guard, site_server, width=375, locale="ar")
    assert page.evaluate("document.documentElement.lang") == "ar"
    page.set_input_files("#by-import-file", str(FIXTURES / "ui-president.json"))
    page.locator("#by-running .game-item [data-open]").first.click()
    page.click("#by-reveal")
    card = page.locator(".ek-hand button.ek-card").filter(has=page.locator(".card-bottom [data-company='G']")).first
    card.click()
    page.click("#ek-play [data-bottom='G']")
    assert page.locator("#by-undo").count() == 0  # the decision went to Bob: Ann's card is played
    page.click("#by-reveal")  # Bob
    page.wait_for_selector("#ek-expand-panel")
    step = page.get_attribute(FIELD, "data-step")
    page.click("#ek-expand")
    page.wait_for_selector(f"{FIELD}[data-phase='grow']")
    page.click("#by-undo")
    page.wait_for_selector(f"{FIELD}[data-phase='expand_or_wait'][data-step='{step}']")
    page.click("#ek-expand")
    page.wait_for_selector(f"{FIELD}[data-phase='grow']")
    tiles = page.locator("svg.ek-map .space[data-company='G']").count()
    grow_step = page.get_attribute(FIELD, "data-step")
    page.locator("#ek-spaces .space-choice").first.click()
    page.wait_for_selector(f"svg.ek-map .space[data-company='G'] >> nth={tiles}")
    page.click("#by-undo")
    page.wait_for_selector(f"{FIELD}[data-phase='grow'][data-step='{grow_step}']")
    assert page.locator("svg.ek-map .space[data-company='G']").count() == tiles
    # Bob's tiles: the last one too is taken back until he confirms (engine rules 2), on a laptop
    page.set_viewport_size({"width": 1280, "height": 800})
    while page.locator(f"{FIELD}[data-acting='1'][data-phase='grow']").count():
        last_step = page.get_attribute(FIELD, "data-step")
        act(page, page.locator("#ek-spaces .space-choice").first.click)
    assert page.get_attribute(FIELD, "data-phase") == "confirm" and page.locator("#ek-confirm-panel").count() == 1
    page.click("#by-undo")
    page.wait_for_selector(f"{FIELD}[data-phase='grow'][data-step='{last_step}']")
    act(page, page.locator("#ek-spaces .space-choice").first.click)
    act(page, lambda: page.click("#ek-done"))
    # then Ann's sale and buy: the share she chooses may change until she ends the turn
    page.click("#by-reveal")  # Ann again
    assert page.locator("#by-undo").count() == 0  # Bob's confirmed decision is not hers to take back
    while page.get_attribute(FIELD, "data-phase") == "sell":
        act(page, lambda: page.click("#ek-pass"))
    assert page.get_attribute(FIELD, "data-phase") == "buy"
    buys = page.locator("[data-buy]")
    assert buys.count() >= 2
    # "you become its president" is never said of a company she presides already (item 5)
    _, state = replay_record(json.loads((FIXTURES / "ui-president.json").read_text()))
    hers = {c for c, seat in state["president"].items() if seat == 0}
    told = set(page.eval_on_selector_all("[data-buy]:has(.use-note)", "(els) => els.map((e) => e.dataset.buy)"))
    assert hers and not told & hers, (hers, told)
    step = page.get_attribute(FIELD, "data-step")
    buys.nth(0).click()
    assert buys.nth(0).get_attribute("aria-pressed") == "true" and page.locator("#ek-end-turn").count() == 1
    buys.nth(1).click()  # changed her mind: nothing was sent
    assert page.get_attribute(FIELD, "data-step") == step
    assert buys.nth(0).get_attribute("aria-pressed") == "false" and buys.nth(1).get_attribute("aria-pressed") == "true"
    company = buys.nth(1).get_attribute("data-buy")
    act(page, lambda: page.click("#ek-end-turn"))
    # the game's stored record: Ann's turn ended with the share she chose last
    actions = page.evaluate(RECORD)["actions"]
    assert [a for a in actions if a[0] == 0][-1] == [0, {"type": "buy", "company": company}]
