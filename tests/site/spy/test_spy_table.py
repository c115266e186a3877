"""The spy game's table at a shared device (issue 31, items 6 and 7), opened from prepared
records rather than played to: every card looks alike at a glance, a seat's optional PIN keeps
another person from opening its screen through the player switch, a finished game's account
names each seat, and on a phone the "I am …" button, the card and the day's first question
are on the first screen, the lobby's seat names whole. Spanish at 375 px, then Arabic at
1280 px on the same page."""

from __future__ import annotations

import random

from engine.core.record import to_record
from engine.spy import apply, new_game

from ..contrast import low_contrast
from ..hall import SHOTS, import_record, no_horizontal_overflow, open_hall, pick_game, set_seats, switch_seat
from .helpers import answer_day

NAMES = ["Ana", "Beto", "Carmen", "Dani", "Eva"]
ROLES = ["spy", "priest", "citizen", "vigilante", "citizen"]
COUNTS = {"spies": 1, "priest": 1, "vigilante": 1, "psychic": 0, "brothers": 0,
          "double_agent": 0, "trickster": 0, "mayor": 0}
SEATS = [{"kind": "human"}] * 3 + [{"kind": "bot", "level": "normal"}] * 2
PHONE = {"width": 375, "height": 667}


def vote_day(finished=False):
    """Cycle 1's vote day (Ana the spy named Eva, Beto the Priest protected Carmen); finished:
    everybody votes Ana, who dies, and the citizens win."""
    state = new_game(COUNTS, NAMES, "table", roles=ROLES)
    at = [1_700_000_000_000]

    def act(seat, kind, **fields):
        at[0] += 1000
        apply(state, seat, {"type": kind, **fields, "at": at[0]})
    act(0, "victim", target=4)
    act(1, "protect", target=2)
    act(None, "close_day")
    if finished:
        for seat in range(5):
            act(seat, "vote", target=0 if seat else 1)
        act(None, "close_day")
        assert state["over"]
    return to_record(state, {"seats": SEATS})


def open_record(page, rec, name, where="#by-running"):
    before = page.locator(f"{where} .game-item").count()
    import_record(page, rec, name)
    page.wait_for_function("([w, n]) => document.querySelectorAll(w + ' .game-item').length > n", arg=[where, before])
    # "The game was imported." (4 s), tapped away if it is still there: a click that waited
    # for it could miss it on a busy machine and wait out its timeout
    page.evaluate("document.querySelectorAll('#by-notices .notice').forEach((n) => n.click())")
    page.locator(f"{where} .game-item [data-open]").first.click()
    page.wait_for_selector("#by-curtain, .spy-final")


def shot(page, name):
    (SHOTS / "spy").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "spy" / f"{name}.png"))


def on_first_screen(page, selector):
    """The element's box lies within the viewport as the page is now (no scrolling)."""
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def card_look(page):
    """What the card looks like from across a table: its frame, colours and marks."""
    return page.evaluate("""() => {
        const card = document.getElementById('spy-card'), s = getComputedStyle(card);
        const team = card.querySelector('.spy-card-team'), t = getComputedStyle(team);
        return [s.borderInlineStartColor, s.borderInlineStartWidth, s.backgroundColor, s.color,
                t.color, t.backgroundColor, getComputedStyle(team, '::before').content,
                card.querySelectorAll('.spy-role-mark, .badge').length];
    }""")


def reveal(page, pin=None):
    if pin is not None:
        page.fill("#by-pin", pin)
    page.click("#by-reveal")


def test_a_shared_table_gives_no_role_away(guard, site_server):
    page = open_hall(guard, site_server, width=375, locale="es-ES")
    page.set_viewport_size(PHONE)
    # the lobby's hint of the minutes per day follows the number typed
    pick_game(page, "spy")
    minutes = page.locator("[data-option=day_minutes]")
    minutes.locator("input").fill("0")
    assert minutes.locator(".hint").inner_text().startswith("Sin hora límite")
    minutes.locator("input").fill("30")
    assert not minutes.locator(".hint").is_visible()
    minutes.locator("input").fill("0")
    assert minutes.locator(".hint").is_visible()
    # the lobby's seat names, whole at a phone's width
    set_seats(page, [("Jugador 1", "human"), ("Carmen", "human"), ("Bernardino", "normal"),
                     ("Dani", "normal"), ("Eva", "normal")])
    widths = page.evaluate("""() => [...document.querySelectorAll('.seat-row input.seat-name')]
        .map((i) => [i.value, i.scrollWidth <= i.clientWidth, i.clientWidth])""")
    assert all(fits for _, fits, _ in widths), widths
    shot(page, "table-lobby-seats-375-es")

    open_record(page, vote_day(), "dia.json")
    # Ana's first reveal: the button on the first screen, a PIN offered
    assert on_first_screen(page, "#by-reveal")
    assert "PIN para Ana" in page.inner_text("#by-curtain")
    shot(page, "table-curtain-pin-375-es")
    reveal(page, "1234")
    page.wait_for_selector("#spy-card")
    # the card and the day's first question on the first screen after the curtain
    assert on_first_screen(page, "#spy-card")
    assert on_first_screen(page, "#spy-day fieldset[data-pick] legend")
    # its first answers too, above the sticky "Done for today"
    first = page.locator("#spy-day fieldset[data-pick] .spy-target").first.bounding_box()
    assert first["y"] + first["height"] <= page.locator(".spy-finish").bounding_box()["y"]
    shot(page, "table-spy-card-375-es")
    # every tab's name whole at 375 in Spanish (its longest names): no tab cut at the edge
    assert page.evaluate("(() => { const l = document.querySelector('[role=tablist]');"
                         " return l.scrollWidth <= l.clientWidth; })()")
    assert page.get_attribute("#spy-card strong[data-role]", "data-role") == "spy"
    assert "Espías" in page.inner_text("#spy-card")   # the team in words
    # the live tally says it is provisional and why; no Trickster in this game: not a word of his
    assert page.locator("#spy-tally-provisional").count() == 1
    assert page.locator("#spy-tally-hidden, #spy-tally-redirect").count() == 0
    spy_look = card_look(page)
    rnd = random.Random(1)
    answer_day(page, rnd)

    # Beto chooses no PIN (left empty): never asked again
    page.wait_for_selector("#by-curtain")
    assert "PIN para Beto" in page.inner_text("#by-curtain")
    reveal(page)
    page.wait_for_selector("#spy-card")
    assert page.get_attribute("#spy-card strong[data-role]", "data-role") == "priest"
    assert "Ciudadanos" in page.inner_text("#spy-card")
    assert card_look(page) == spy_look, "a citizen's card looks unlike a spy's"
    shot(page, "table-priest-card-375-es")
    answer_day(page, rnd)

    # Carmen's turn: somebody picks Ana in the player switch — her PIN is asked
    page.wait_for_selector("#by-curtain")
    switch_seat(page, 0)
    page.wait_for_selector("#by-pin[required]")
    reveal(page, "")     # nothing typed: our words, not the browser's bubble
    assert page.inner_text("#by-pin-wrong") == "Ese no es el PIN. Inténtalo de nuevo."
    reveal(page, "9999")
    assert page.inner_text("#by-pin-wrong") == "Ese no es el PIN. Inténtalo de nuevo."
    assert page.locator("#spy-card").count() == 0
    shot(page, "table-pin-wrong-375-es")
    # Ana forgot it: the PIN is reset (asked first), she chooses another, and from then on
    # every curtain of the game says so — nobody can do it unseen to look at her card
    assert low_contrast(page, "#by-curtain button, #by-curtain p") == []
    page.click("#by-pin-forgot")
    page.click("dialog [data-ok]:has-text('Restablecer el PIN')")
    assert page.locator("#by-pin:not([required])").count() == 1     # choose, not ask
    assert page.inner_text("#by-pin-resets") == (
        "PIN restablecido en este dispositivo durante la partida: Ana")
    shot(page, "table-pin-reset-375-es")
    reveal(page, "1234")
    page.wait_for_selector("#spy-card")
    assert page.get_attribute("#spy-card strong[data-role]", "data-role") == "spy"
    switch_seat(page, 1)
    page.wait_for_selector("#by-curtain")
    assert page.locator("#by-pin").count() == 0        # Beto chose none
    assert "Ana" in page.inner_text("#by-pin-resets")
    reveal(page)
    page.wait_for_selector("#spy-card")

    # Arabic at 1280 px: the same curtain and card, nothing wider than the page
    page.select_option("#by-lang", "ar")
    page.set_viewport_size({"width": 1280, "height": 800})
    switch_seat(page, 0)
    page.wait_for_selector("#by-pin[required]")
    assert "الرمز السري للاعب" in page.inner_text("#by-curtain")
    reveal(page, "1234")
    page.wait_for_selector("#spy-card")
    assert card_look(page) == spy_look
    assert on_first_screen(page, "#spy-card") and on_first_screen(page, "#spy-day.spy-done")
    no_horizontal_overflow(page)
    shot(page, "table-spy-card-1280-ar")
    # and at a phone's width, right to left: Beto's card on the first screen
    page.set_viewport_size(PHONE)
    switch_seat(page, 1)
    reveal(page)
    page.wait_for_selector("#spy-card")
    assert on_first_screen(page, "#spy-card") and on_first_screen(page, "#spy-day.spy-done")
    no_horizontal_overflow(page)
    shot(page, "table-priest-card-375-ar")
    page.set_viewport_size({"width": 1280, "height": 800})

    # a finished game at this shared device: the account names each seat, nobody is "you"
    page.select_option("#by-lang", "es")
    page.click("#by-lobby")
    page.wait_for_selector("#by-import-file", state="attached")
    open_record(page, vote_day(finished=True), "final.json", "#by-archive")
    account = page.inner_text("#spy-account")
    assert "Beto (Sacerdote) protegió a Carmen." in account
    # Eva, killed in the night, had voted: the close says her vote was left out
    assert "No cuenta el voto de Eva, que murió en este ciclo." in page.inner_text(".spy-final")
    assert "Ana nombra a Eva víctima de los espías" in account       # not "Nombras a Eva"
    assert not any(you in account for you in ("Tú", "Nombras", "Votas", " te "))
    shot(page, "table-final-1280-es")
    page.set_viewport_size(PHONE)
    no_horizontal_overflow(page)
    shot(page, "table-final-375-es")
