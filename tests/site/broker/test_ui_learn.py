"""Learning Broker-Yard in the app (issue 17): the How to play page in the player's language
with the engine's cards and worked round, tooltips reachable by keyboard, a first-game tour
that walks one round and never comes back, and the game log beside the table."""

from __future__ import annotations

from ..hall import in_menu, open_hall, shot, no_horizontal_overflow
from .helpers import complete_choices, open_card, open_imported, start_game

HOWTO = "#by-howto"


def open_howto_from_lobby(page):
    page.click("#by-howto-open")
    page.wait_for_selector(f"{HOWTO} .howto-example .round-block")


def test_how_to_play_in_english_and_arabic(guard, site_server):
    page = open_hall(guard, site_server)
    open_howto_from_lobby(page)
    assert page.inner_text("#by-howto-title") == "How to play Broker-Yard"
    text = page.inner_text(HOWTO)
    assert "A round" in text and "Bankruptcy" in text
    # the card list is the engine's packs: classic 5 big, duel a hundred (shown once, "Per
    # colour: 3") + ×2 + ÷2, 8 small
    assert page.locator(f"{HOWTO} .howto-card .card-tile").count() == 5 + 3 + 8
    # the figures are the engine's (its catalog's faces), listed as the language lists them
    assert "+100. The three other colours get −10, −20, and −30" in text
    # the worked round is the engine's: blue pushed to 260 pays a bonus, green a penalty
    example = page.inner_text(f"{HOWTO} .howto-example")
    assert "Ann" in example and "gets a bonus of $20 on Blue" in example
    assert "pays a penalty of $40 on Green" in example
    shot(page, "howto-1280-en")

    # the same page in Arabic, right to left, with the engine's example in Arabic words
    page.select_option("#by-lang", "ar")
    page.wait_for_function("document.getElementById('by-howto-title')?.textContent.includes('طريقة لعب')")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.get_attribute(HOWTO, "lang") == "ar"
    text = page.inner_text(HOWTO)
    assert "الجولة" in text and "الإفلاس" in text and "A round" not in text
    assert page.locator(f"{HOWTO} .howto-example .round-block").count() == 1
    page.set_viewport_size({"width": 375, "height": 800})
    no_horizontal_overflow(page)
    shot(page, "howto-375-ar")
    page.click("#by-howto-back")
    page.wait_for_selector("#app > .lobby")


def test_how_to_play_from_the_table_and_back(guard, site_server):
    page = open_hall(guard, site_server, width=375)
    start_game(page, [("Ann", "human"), ("Ada", "easy")])
    in_menu(page, lambda p: p.click(".game-top #by-howto-open"))
    page.wait_for_selector(f"{HOWTO} .howto-cards")
    page.click("#by-howto-back")
    page.wait_for_selector("#broker-orders")


def test_tooltips_reachable_by_keyboard(guard, site_server):
    page = open_hall(guard, site_server)
    # an option of the lobby explains itself on focus
    page.focus("input[name=mode][value=mass]")
    page.wait_for_selector("#by-tip:not([hidden])")
    assert "packs" in page.inner_text("#by-tip")
    start_game(page, [("Ann", "human"), ("Ada", "easy")])
    # "Mine + others" is in the tab order and says what it counts
    header = page.locator(".price-table thead th[data-tip]").filter(has_text="Mine + others")
    header.focus()
    # read at once: a bot's quiet move may redraw the table (the focus comes back to the header)
    page.wait_for_function("""() => { const th = document.activeElement;
        const tip = document.getElementById('by-tip');
        return th && th.matches('th[data-tip]') && th.tabIndex === 0 && tip && !tip.hidden
            && tip.textContent.includes("all other players' shares")
            && document.getElementById(th.getAttribute('aria-describedby')).textContent === th.dataset.tip; }""")
    # a card of the hand, reached with the keyboard, tells what it does
    page.focus(".hand-card input[name=card]")
    page.wait_for_selector("#by-tip:not([hidden])")
    first = page.locator(".hand-card input[name=card]").first.get_attribute("value")
    tip = page.inner_text("#by-tip")
    assert tip and ("other colour" in tip or "Cancels" in tip), (first, tip)
    page.keyboard.press("Escape")
    page.wait_for_selector("#by-tip[hidden]", state="attached")
    # a redraw (a bot's move; here the language, changed without moving the focus) gives the
    # card its focus back, not the tip that was dismissed
    ready = page.inner_text("#broker-save")
    page.evaluate("""() => { const lang = document.getElementById('by-lang');
        lang.value = 'es'; lang.dispatchEvent(new Event('change', { bubbles: true })); }""")
    page.wait_for_function("(t) => document.getElementById('broker-save').textContent !== t", arg=ready)
    assert page.evaluate("document.activeElement.matches('.hand-card input[name=card]')")
    assert page.locator("#by-tip[hidden]").count() == 1


def test_results_headers_explain_counted_and_zero(guard, site_server):
    page = open_hall(guard, site_server)
    open_imported(page, "ui-debt.json")
    page.click("#by-tab-results")
    counted = page.locator(".results-prices thead th[data-tip]").filter(has_text="Counted").first
    counted.focus()
    page.wait_for_selector("#by-tip:not([hidden])")
    assert "three greatest" in page.inner_text("#by-tip")


def test_tour_walks_a_round_and_does_not_come_back(guard, site_server):
    page = open_hall(guard, site_server, width=375)
    start_game(page, [("Ann", "human"), ("Ada", "easy")])
    page.click("#by-tour-start")
    step = lambda: page.get_attribute("#by-tour", "data-step")  # noqa: E731
    page.wait_for_selector("#by-tour[data-step=trade]")
    # the step's box takes the focus (keyboard), placed after what it explains
    page.wait_for_function("document.activeElement?.id === 'by-tour-title'")
    assert page.evaluate("document.querySelector('#by-tour').previousElementSibling.matches('.trades')")
    shot(page, "tour-trade-375")
    page.keyboard.press("Tab")  # Next is the first button of the step: Enter presses it
    page.keyboard.press("Enter")
    page.wait_for_selector("#by-tour[data-step=hand]")
    page.click("#by-tour-next")
    page.wait_for_selector("#by-tour[data-step=choices]")
    card = open_card(page)
    complete_choices(page, card)
    assert step() == "choices"
    page.click("#by-tour-next")
    page.wait_for_selector("#by-tour[data-step=ready]")
    assert page.locator("#by-tour-next").count() == 0  # this step waits for Ready
    no_horizontal_overflow(page)
    page.click("#broker-save")
    # the round ended: the tour shows its result, after the flash of what moved
    page.wait_for_selector("#by-tour[data-step=result]")
    assert page.evaluate("document.querySelector('#by-tour').previousElementSibling.matches('.flash')")
    shot(page, "tour-result-375")
    page.click("#by-tour-done")
    page.wait_for_selector("#by-tour", state="detached")
    page.reload()
    page.wait_for_selector("#broker-orders")
    page.wait_for_function("document.documentElement.dataset.hall === 'ready'")
    assert page.locator("#by-tour").count() == 0


def test_tour_dismissed_stays_away_in_arabic(guard, site_server):
    page = open_hall(guard, site_server, width=375, locale="ar")
    start_game(page, [("Ann", "human"), ("Ada", "easy")])
    assert page.evaluate("document.documentElement.dir") == "rtl"
    page.wait_for_selector("#by-tour")
    page.click("#by-tour-start")
    page.wait_for_selector("#by-tour[data-step=trade]")
    no_horizontal_overflow(page)
    shot(page, "tour-trade-375-ar")
    page.keyboard.press("Escape")
    page.wait_for_selector("#by-tour", state="detached")
    page.reload()
    page.wait_for_selector("#broker-orders")
    assert page.locator("#by-tour").count() == 0


def test_log_lists_round_end_penalty_and_who_is_ready(guard, site_server):
    page = open_hall(guard, site_server)
    open_imported(page, "ui-debt.json")  # Ann and Bob hot-seat, Ada a bot; round 1 cost a penalty
    log = page.locator("#by-log")
    assert log.get_attribute("open") is not None  # a side column at desktop width
    text = log.text_content()
    assert "Round 1 is over" in text
    assert "pays a penalty of $10 on Yellow" in text
    page.click("#by-reveal")
    page.wait_for_selector("#broker-orders")
    page.click(".hand-none")
    page.click("#broker-save")
    if page.locator("dialog[open]").count():
        page.click("dialog[open] [data-ok]")
    page.wait_for_selector("#by-curtain")
    page.wait_for_function("document.querySelector('#by-log .log-now')?.textContent.includes('Ann is ready')")
    assert "Bob is still thinking" in log.text_content()
    page.click("#by-reveal")
    page.wait_for_selector("#broker-orders")
    # Bob's own screen speaks to him
    page.wait_for_function("document.querySelector('#by-log .log-now')?.textContent.includes('You are still thinking')")
    shot(page, "log-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    page.click("#by-tab-players")  # the table is drawn again at the phone's width
    page.wait_for_selector("#by-log:not([open])", state="attached")   # a closed drawer
    no_horizontal_overflow(page)
    page.click("#by-log-toggle")
    page.wait_for_selector("#by-log[open]")
    shot(page, "log-375")
