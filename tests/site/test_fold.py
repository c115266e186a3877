"""The fold test: every game played by a scripted player against bots, in one page a game, to
its end (the spy game) or until every phase has been met (Broker-Yard, Ekonos, the grid game,
whose final screen is then measured on a game of the same table the engine's bots played to its
end: a whole grid game in the page took 109 s and only repeated its phases). Ekonos's
president's choice, met by play only once Ann presides a company that may expand (round 3 at
the soonest: 14 s of a 30 s walk), and the growth after it, and Broker-Yard's orders in debt,
met by play only by chance, are met on such a game too, played by the engine's bots to that
decision of Ann's and imported. On arriving at each phase's first decision the table is
measured at a phone's 375×740 and a laptop's 1280×800 (tests/site/fold.py). It fails when
the decision's controls lie outside the viewport or under something else, the state it depends
on is out of view (at 1280: on a phone the controls come first), two things of the page
overlap or a word is broken inside. A screenshot of the viewport (what the player sees first)
of every phase at both sizes goes to tests/site/screenshots/fold/, for people to look at; the
test prints its table (game × phase × width: in view?) and writes it there (table-<game>.md)."""

from __future__ import annotations

import random
import time

import pytest

from engine.core.game import get_game
from engine.core.record import to_record
from engine.sim.play import play_out

from .broker.helpers import choose_first_card, press_ready
from .ekonos.helpers import quick_turn as ekonos_turn
from .axe import audit
from .fold import measure, problems
from .grid.helpers import act as grid_act, quick_turn as grid_quick
from .hall import HALL_TIMEOUT, SHOTS, import_record, open_hall, start
from .spy.helpers import answer_day

SIZES = ((375, 740), (1280, 800))
# axe-core audits each phase at the phone's width, where a table is most crowded (an audit
# takes 0.6 s; at both widths they were 24 s of this file's 83): the rules it checks are the
# page's words, names, roles and colours, the same at both widths. test_axe.py audits each
# game's first decision at both widths.
AUDITED = 375
WAIT = HALL_TIMEOUT

# what each game's decision is made with, and the state it depends on, by phase
DECIDE = {
    "broker-yard": dict.fromkeys(("orders", "orders-after-a-round", "orders-in-debt"),
                                 ((".hand-card", "#broker-save"), (".price-table",))),
    "ekonos": {
        "play": ((".ek-hand button.ek-card",), ("svg.ek-map",)),
        "expand_or_wait": (("#ek-expand",), ("svg.ek-map",)),
        "grow": (("#ek-spaces .space-choice",), ("svg.ek-map",)),
        "successor": (("[data-successor]",), ()),
        "sell": (("#ek-pass",), ()),
        "buy": (("#ek-pass",), ()),
    },
    "grid": {
        "auction": (("#grid-pass, #grid-bid",), (".plant-card",)),
        "resources": (("#grid-done",), ()),
        "building": (("#grid-done",), ()),
        "power": (("#grid-power",), ()),
    },
    "spy": dict.fromkeys(("day", "vote-day"), (("#spy-day fieldset", "#spy-done"), ("#spy-card",))),
}
FINAL = (("#by-rematch",), (".final .ranking",))


def look(page, game, phase, table, failures):
    """Measure the page at both sizes (back at 1280×800 after), with a screenshot of each."""
    decide, state = FINAL if phase == "final" else DECIDE[game].get(phase, ((), ()))
    (SHOTS / "fold").mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # the table is laid out for a new width, its decision shown again (a phone turned)
        page.wait_for_function("(w) => document.getElementById('app').dataset.width === String(w)", arg=width)
        found = measure(page, decide, state)
        if width == AUDITED:
            failures += audit(page, f"{game} {phase} {width}px")  # axe-core: accessibility
        # on a phone the decision's controls come first; the state above them may be scrolled off
        lines = problems(found, state=width >= 1280)
        note = "" if lines or not found["unseen"] else " (its state scrolled off)"
        table[(game, phase, width)] = "yes" + note if not lines else "NO: " + "; ".join(lines)[:400]
        failures += [f"{game} {phase} {width}px: {line}" for line in lines]
        page.screenshot(path=str(SHOTS / "fold" / f"{game}-{phase}-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("document.getElementById('app').dataset.width === '1280'")


def broker_decision(page):
    """Ann's orders once the page asks for them ("final": the game is over)."""
    page.wait_for_selector("#broker-save, .final", timeout=WAIT)
    if page.locator(".final").count():
        return "final"
    if page.locator("#broker-debt:visible").count():
        return "orders-in-debt"
    return "orders" if not page.locator(".flash").count() else "orders-after-a-round"


def broker_turn(page, phase):
    before = page.inner_text(".game-top h2")
    choose_first_card(page)
    press_ready(page)
    page.wait_for_function(
        "(t) => document.querySelector('.final') || document.querySelector('.game-top h2').textContent !== t",
        arg=before, timeout=WAIT)


def field_decision(game):
    """Ann's next decision in a game whose field says its phase ("final": the game is over)."""
    field = {"ekonos": "#by-panel .ek-field", "grid": "#by-panel .grid-field"}[game]

    def decision(page):
        page.wait_for_selector(f"{field}[data-acting='1'], .final", timeout=WAIT)
        return "final" if page.locator(".final").count() else page.get_attribute(field, "data-phase")
    return decision


# the phases a walk of Broker-Yard, Ekonos or the grid game meets every time; once it has, the
# rest of the game would only repeat them (the grid game's rounds run on for minutes), and its
# final screen is measured on a game of the same table played to its end by the engine's bots
MET = {"broker-yard": {"orders", "orders-after-a-round"}, "ekonos": {"play", "sell", "buy"},
       "grid": {"auction", "resources", "building", "power"}}
# the phases met on a game of the same table played by the engine's bots (from `seed`) until
# Ann is to decide the first of them (`ready`), imported, then played on by the walk's player:
# those the walk meets late (Ekonos's president's choice: once Ann presides a company) or by
# chance (Broker-Yard's debt to sell off)
PREPARED = {
    "broker-yard": {"phases": ("orders-in-debt",), "seed": 1,
                    "ready": lambda s: not s["over"] and s["seats"][0]["cash"] < 0},
    "ekonos": {"phases": ("expand_or_wait", "grow"), "seed": 8,
               "ready": lambda s: s["phase"] == "expand_or_wait" and get_game("ekonos").to_act(s)["seats"][:1] == [0]},
}
FINAL_SEED = 8
PLAYERS = ["Ann", "Ada", "Boris"]
SEATS = {"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]}
OPTIONS = {"broker-yard": {"deal": "3+5"}}  # the walk's choices


def walk(page, game, decision, turn, table, failures):
    seen = set()
    for _ in range(400):
        phase = decision(page)
        if phase == "final":
            return look(page, game, "final", table, failures)
        if phase not in seen:
            seen.add(phase)
            look(page, game, phase, table, failures)
        if seen >= MET[game]:
            look_prepared(page, game, decision, turn, seen, table, failures)
            return look_at_an_end(page, game, table, failures)
        turn(page, phase)
    raise AssertionError(f"{game}: no end after 400 decisions")


def open_imported(page, record, where):
    """Back in the lobby, import the game `record` and open it from `where` (#by-running,
    #by-archive: the walk's own game may be there too)."""
    page.click("#by-lobby")
    ids = "(where) => [...document.querySelectorAll(`${where} [data-open]`)].map((b) => b.dataset.open)"
    before = page.evaluate(ids, where)
    import_record(page, record, "game.json")
    (new,) = [i for i in page.evaluate(ids, where) if i not in before]
    page.click(f"{where} [data-open='{new}']")


def prepared(game, seed=FINAL_SEED, stop=None):
    """A game of the walk's table (Ann and two easy bots) played by the engine's bots to its
    end, or until `stop(state)`, as a record."""
    module = get_game(game)
    state = module.new_game(OPTIONS.get(game, {}), PLAYERS, seed)
    play_out(module, state, ["easy"] * 3, "fold", stop=stop)
    assert stop is None or stop(state), f"{game}: the engine's bots never reached the prepared decision"
    return to_record(state, SEATS)


def look_prepared(page, game, decision, turn, seen, table, failures):
    """The phases PREPARED for `game`, on a game played by the engine's bots until Ann is to
    decide the first of them, imported, then played on by the walk's player until each is met."""
    if game not in PREPARED:
        return
    phases, seed, ready = PREPARED[game]["phases"], PREPARED[game]["seed"], PREPARED[game]["ready"]
    open_imported(page, prepared(game, seed, ready), "#by-running")
    for _ in range(40):
        phase = decision(page)
        if phase not in seen:
            seen.add(phase)
            look(page, game, phase, table, failures)
        if seen >= set(phases):
            return
        turn(page, phase)
    raise AssertionError(f"{game}: {sorted(set(phases) - seen)} not met on the prepared game")


def look_at_an_end(page, game, table, failures):
    """The final screen of the walk's table, its game played to the end by the engine's bots
    and imported."""
    open_imported(page, prepared(game), "#by-archive")
    page.wait_for_selector(".final", timeout=WAIT)
    look(page, game, "final", table, failures)


def walk_spy(page, table, failures):
    start(page, "spy", [("Ann", "human"), ("Ada", "easy"), ("Boris", "easy"), ("Cleo", "easy"), ("Dan", "easy")])
    rnd = random.Random(5)
    seen = set()
    for _ in range(60):
        page.wait_for_selector("#spy-day:not(.spy-done), .final, #spy-dead", timeout=WAIT)
        if page.locator(".final").count():
            return look(page, "spy", "final", table, failures)
        if page.locator("#spy-dead").count():
            page.wait_for_selector(".final", timeout=WAIT)
            continue
        phase = "day" if not page.locator("#spy-day fieldset[data-pick=vote]").count() else "vote-day"
        if phase not in seen:
            seen.add(phase)
            look(page, "spy", phase, table, failures)
        answer_day(page, rnd)
    raise AssertionError("spy: no end after 60 days")


def grid_turn(page, phase):
    """A quick player who also buys fuel when it can and builds its first two cities, so the
    walk meets the resources and power phases too."""
    buy = page.locator(".buy-row button.btn-primary:not([disabled])")
    if phase == "resources" and buy.count():
        return grid_act(page, buy.first.click)
    built = page.locator("svg.grid-map .plant-badge.seat-0").count()
    targets = page.locator("#grid-targets .target-item")
    if phase == "building" and built < 2 and targets.count():
        targets.first.click()
        page.locator("#grid-proposal").wait_for()
        build = page.locator("#grid-proposal [data-action=build]:not([disabled])")
        if build.count():
            return grid_act(page, build.first.click)
    grid_quick(page, phase)


GAMES = {
    "broker-yard": lambda page, table, failures: (
        start(page, "broker-yard", [("Ann", "human"), ("Ada", "easy"), ("Boris", "easy")], [("deal", "3+5")]),
        walk(page, "broker-yard", broker_decision, broker_turn, table, failures)),
    "ekonos": lambda page, table, failures: (
        start(page, "ekonos", [("Ann", "human"), ("Ada", "easy"), ("Boris", "easy")]),
        walk(page, "ekonos", field_decision("ekonos"), ekonos_turn, table, failures)),
    "grid": lambda page, table, failures: (
        start(page, "grid", [("Ann", "human"), ("Ada", "easy"), ("Boris", "easy")]),
        walk(page, "grid", field_decision("grid"), grid_turn, table, failures)),
    "spy": walk_spy,
}


@pytest.mark.long
@pytest.mark.parametrize("game", list(GAMES))
def test_every_phase_in_view(guard, site_server, game):
    """Long because it plays the whole game: every phase of it is met only by playing on to the end."""
    started = time.monotonic()
    page = open_hall(guard, site_server)
    page.set_viewport_size({"width": 1280, "height": 800})
    table, failures = {}, []
    GAMES[game](page, table, failures)
    lines = [f"| {g} | {phase} | {width} | {verdict} |" for (g, phase, width), verdict in table.items()]
    (SHOTS / "fold" / f"table-{game}.md").write_text("\n".join(lines) + "\n")
    print(f"\nfold test of {game}: {time.monotonic() - started:.0f} s", *lines, sep="\n")
    assert not failures, "\n  ".join(["the table at a decision:", *dict.fromkeys(failures)])


# a deal in which Ann, the first seat, chooses the first plant of the game (the engine's
# seed 8); the walk above meets this decision only when its random deal makes her open
OPENING_SEED = 8


def test_grid_opening_bid_in_view(guard, site_server):
    """The grid game's opening choice at 1280×800: four plant cards stacked in the side
    column beside the log make it taller than the screen; its bid's button stays in view
    (the bid's row stuck to the viewport's foot)."""
    state = get_game("grid").new_game({}, PLAYERS, OPENING_SEED)
    record = to_record(state, SEATS)
    page = open_hall(guard, site_server)
    page.set_viewport_size({"width": 1280, "height": 800})
    import_record(page, record, "opening.json")
    page.locator("#by-running .game-item [data-open]").first.click()
    page.wait_for_selector("#by-panel .grid-field[data-acting='1'] .plant-choices")
    page.evaluate("document.getElementById('by-panel').dataset.kept = '1'")
    table, failures = {}, []
    look(page, "grid", "auction", table, failures)
    assert not failures, "\n  ".join(["the opening bid:", *failures])
    # a window resized across the log's width is laid out again, not drawn again (a full-page
    # screenshot resizes the window for its capture), and the log's column is open as it was
    assert page.get_attribute("#by-panel", "data-kept") == "1"
    assert page.get_attribute("#by-log", "open") is not None
