"""Ekonos's table keeps its unchanged parts between redraws (issue 28, site/js/shell/keep.js):
the map's spaces and routes, each part of a company's chart card (head, column, holders, growth)
and of a seat's card (name, facts, shares) are the same nodes at the next draw when what they
show did not change (a card chosen, bots' moves that placed no tile), and new ones showing the
change when it did (a tile placed: that space and that company's head; the map zoomed while its
spaces were to be chosen). A kept part never leaves the page.
Three seats, Ann and two easy bots, opened at Ann's first card (seed fixed: the engine's bots
play it the same way every time); a few of Ann's turns, read at rest after each."""

from __future__ import annotations

from engine.core.game import get_game

from ..hall import open_hall, set_pace
from ..keys import open_by_keys, played_until
from ..probe import left, probe
from .helpers import FIELD, my_turn, quick_turn

EKONOS = get_game("ekonos")
SEATS = ["Ann", "Ada", "Boris"]
SEED = 3

# the parts as drawn now: their nodes kept in the page's memory (window.__parts) and what
# they show (their markup), to compare with the next draw's
PARTS = r"""(keep) => {
  const parts = { routes: document.querySelector('.ek-field svg.ek-map .links') };
  for (const space of document.querySelectorAll('.ek-field svg.ek-map .space'))
    parts['space' + space.dataset.space] = space;
  for (const card of document.querySelectorAll('.ek-field .ek-seats .seat-card'))
    [...card.children].forEach((part, k) => (parts[`seat${card.dataset.seat}-${k}`] = part));
  for (const card of document.querySelectorAll('.ek-field .company-card'))
    [...card.children].forEach((part, k) => (parts[`co-${card.dataset.company}-${k}`] = part));
  const before = window.__parts || {};
  const same = Object.fromEntries(Object.keys(parts).map((k) => [k, before[k] === parts[k]]));
  if (keep) window.__parts = parts;
  const markup = (n) => n.outerHTML.replace(/<by-probe[^>]*><\/by-probe>/g, "");  // (a probe: ../probe.py)
  return { same, html: Object.fromEntries(Object.entries(parts).map(([k, n]) => [k, markup(n)])),
           picking: !!document.querySelector('.ek-field svg.ek-map.picking') };
}"""


# whether the tab row is the one of the last call: a place in the table (shell/place.js), it is
# drawn in place, never made anew (WebKit took up to a second to take the old one out)
SAME_ROW = """() => { const row = document.querySelector('.tabs[role=tablist]');
  const same = row === window.__row; window.__row = row; return same; }"""


# a click on the log tab, and what the page shows right after it, in the same task
CLICK_LOG = """() => { const tab = document.getElementById('by-tab-log'); tab.click();
  const now = document.getElementById('by-tab-log');
  return { selected: now.getAttribute('aria-selected'), focused: document.activeElement === now,
           same: now === tab, panel: document.getElementById('by-panel').dataset.place }; }"""


def ann_plays_first():
    def stop(state):
        return 0 in EKONOS.to_act(state)["seats"] and EKONOS.legal(state, 0).get("phase") == "play"
    return stop


def test_kept_parts_are_the_same_nodes_until_what_they_show_changes(guard, site_server):
    page = open_hall(guard, site_server)
    open_by_keys(page, played_until("ekonos", {}, SEATS, SEED, ann_plays_first()))
    assert my_turn(page) == "play"
    before = page.evaluate(PARTS, True)
    parts = {"routes": ".ek-field svg.ek-map .links", "space1": ".ek-field svg.ek-map .space[data-space='1']"}
    # a seat's card is built around its parts: its head, its facts, its shares
    parts.update({f"seat{i}-{k}": f".ek-field .seat-card[data-seat='{i}'] > :nth-child({k + 1})"
                  for i in range(len(SEATS)) for k in range(3)})
    # a company's card is built around its parts (keys co-<company>-<place from 0>)
    for key in before["html"]:
        if key.startswith("co-"):
            c, k = key[3:].split("-")
            parts[key] = f".ek-field .company-card[data-company='{c}'] > :nth-child({int(k) + 1})"
    probe(page, parts)
    page.evaluate(SAME_ROW)
    # a card chosen: the table is drawn again, and nothing of these parts changed; drawn in
    # place (shell/place.js), none of them even left the page
    page.locator(".ek-hand button.ek-card").first.click()
    page.wait_for_selector(".ek-hand button.ek-card.chosen")
    now = page.evaluate(PARTS, False)
    assert now["html"] == before["html"]
    assert all(now["same"].values()), now["same"]
    assert not left(page), f"kept parts taken out of the page and put back: {left(page)}"
    assert page.evaluate(SAME_ROW)
    # the log opened, then the table again: its parts wait in the page, parked out of sight
    # (hall/table/table.js), and come back as the same nodes, having never left it
    # the tab shows chosen in the click's own task, the same node, focused; its panel is
    # drawn after that frame (tableframe.js: WebKit drew the whole panel before showing the click)
    clicked = page.evaluate(CLICK_LOG)
    assert clicked == {"selected": "true", "focused": True, "same": True, "panel": "table"}, clicked
    page.wait_for_selector("#by-panel[data-place=log]")
    assert page.locator("#by-tab-log[aria-selected=true]").count() == 1
    assert page.locator(".ek-field .map-card").count() == 1
    assert not page.locator(".ek-field .map-card").is_visible()
    assert page.evaluate(SAME_ROW)
    page.click("#by-tab-table")
    page.wait_for_selector(".ek-hand button.ek-card.chosen")
    now = page.evaluate(PARTS, False)
    assert now["html"] == before["html"]
    assert all(now["same"].values()), now["same"]
    assert not left(page), f"kept parts taken out of the page and put back: {left(page)}"
    assert page.evaluate(SAME_ROW)
    # the map's zoom is the reader's: zoomed out on a map with spaces to choose (drawn anew),
    # the kept map of no choice does not come back at its old zoom
    zoom = "() => getComputedStyle(document.querySelector('.map-frame')).getPropertyValue('--ek-zoom').trim()"
    zoomed = page.evaluate(zoom)
    cards = page.locator(".ek-hand button.ek-card")
    for i in range(cards.count()):
        cards.nth(i).click()
        if page.locator("#ek-use-top:not([disabled])").count():
            break
    page.click("#ek-use-top")
    page.wait_for_selector("svg.ek-map .space.target")
    page.click(".map-card .zoom-out")
    assert page.evaluate(zoom) != zoomed
    zoomed = page.evaluate(zoom)
    page.locator(".ek-hand button.ek-card:not(.chosen)").first.click()  # no use chosen: no targets
    page.wait_for_selector("svg.ek-map:not(.picking)")
    assert page.evaluate(zoom) == zoomed

    seen = {"space kept": 0, "space new": 0, "card kept": 0, "card new": 0}
    phase = "play"
    while phase is not None and min(seen.values()) == 0:
        before = page.evaluate(PARTS, True)
        quick_turn(page, phase)  # Ann's move; then the bots', until Ann decides again
        phase = my_turn(page)
        if phase is None:
            break
        now = page.evaluate(PARTS, False)
        for key, html in now["html"].items():
            changed = html != before["html"].get(key)
            # a part that shows something else is always a new node
            if changed:
                assert not now["same"][key], f"{key} shows a change in a kept node"
            # a space of a map with nothing to choose (in both draws): the same node exactly
            # when it shows the same (no tile placed on it, nothing else marked)
            if key.startswith("space") and not (now["picking"] or before["picking"]):
                assert now["same"][key] is not changed, f"{key} drawn anew though it shows the same"
                seen["space new" if changed else "space kept"] += 1
            if key.startswith("co-"):  # a part of a company's card
                seen["card kept" if now["same"][key] else "card new"] += 1
    # with this seed both happen within Ann's first turns: a part kept across bots' moves,
    # and one drawn anew because a tile was placed
    assert min(seen.values()) > 0, seen


# the newest round in the log tab (its rounds newest first, turns likewise): its heading, its
# turns, its oldest turn
ROUND = ".ek-log > h4"  # (the rounds before it are folded, each heading in its summary)
TURNS = ".ek-log > ol.log-list > li.log-entry"
OLDEST_TURN = f"{TURNS}:last-child"
FIRST_CARD = ".ek-log .played-list > li:first-child"  # the round's cards on the table, oldest first


def test_the_log_tabs_turns_stay_in_the_page_as_their_round_gains_turns(guard, site_server):
    """The log tab open while the bots play their turns: the round under way gains a turn at
    every move, and the turns before it are the same nodes and never leave the page (each kept
    by its entry, put in the round's list built anew around them: shell/place.js); so do the
    round's cards on the table as the bots play theirs."""
    page = open_hall(guard, site_server)
    page.evaluate("localStorage.setItem('by.v1.botSpeed', JSON.stringify('paused'))")
    open_by_keys(page, played_until("ekonos", {}, SEATS, SEED, ann_plays_first()))
    # Ann's turn, to its end: the bots wait (paused) for the log tab to be opened
    phase = my_turn(page)
    while page.locator(f"{FIELD}[data-acting='1']").count():
        quick_turn(page, phase)
        phase = page.get_attribute(FIELD, "data-phase")
    page.click("#by-tab-log")
    page.wait_for_selector(OLDEST_TURN)
    heading, turns = page.inner_text(ROUND), page.locator(TURNS).count()
    cards = page.locator(".ek-log .played-list > li").count()
    page.evaluate(f"() => (document.querySelector({OLDEST_TURN!r}).__kept = true)")
    probe(page, {"oldest turn": OLDEST_TURN, "first card played": FIRST_CARD})
    set_pace(page, "instant")  # the bots play their turns, drawn on the open log tab
    page.wait_for_selector("#by-tab-log[aria-selected=true]")
    assert page.inner_text(ROUND) == heading and page.locator(TURNS).count() > turns, "the same round gained turns"
    assert page.locator(".ek-log .played-list > li").count() > cards, "the bots played cards"
    assert page.evaluate(f"() => !!document.querySelector({OLDEST_TURN!r}).__kept"), "the oldest turn was made anew"
    assert not left(page), f"kept parts taken out of the page and put back: {left(page)}"
