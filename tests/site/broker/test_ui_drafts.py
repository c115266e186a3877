"""A draft survives (issue 32, item 4): each seat's unsaved trades and chosen card, with its
choices, come back after a reload and after a trip to the Lobby, per seat, as the saved
orders do. ui-debt.json: round 2, Ann and Bob play hot-seat on one device."""

from __future__ import annotations

from ..conftest import wait_started
from ..hall import SHOTS, open_hall, shot, switch_seat
from .helpers import open_imported

(SHOTS / "broker-yard").mkdir(parents=True, exist_ok=True)


def reveal(page):
    page.click("#by-reveal")
    page.wait_for_selector("#broker-orders")


def draft_of(page):
    """The form as drawn: the trades, the card picked and its other colour."""
    return page.evaluate("""() => ({
      trades: Object.fromEntries([...document.querySelectorAll('input.trade-input')].map(
        (i) => [i.dataset.colour, i.value])),
      card: document.querySelector('.hand-card input:checked')?.value ?? null,
      other: document.querySelector('#broker-chooser input[name=other]:checked')?.value ?? null,
      saved: document.querySelector('#broker-saved-state')?.innerText ?? '' })""")


def test_each_seats_draft_survives_a_reload_and_the_lobby(guard, site_server):
    page = open_hall(guard, site_server, width=375)
    open_imported(page, "ui-debt.json")
    reveal(page)                                               # Ann
    page.fill("input.trade-input[data-colour=red]", "-1")
    page.click(".hand-card:has(input[value='small:yellow:-60'])")
    page.click("#broker-chooser input[name=other][value=blue]")
    page.wait_for_selector("#broker-card-alone[data-state=shown]")
    switch_seat(page, 1)                                       # Bob, not ready either
    reveal(page)
    page.fill("input.trade-input[data-colour=green]", "-2")
    page.click(".hand-card:has(input[value='half:yellow'])")
    page.click("#broker-chooser input[name=other][value=red]")
    bob = draft_of(page)
    assert bob["trades"]["green"] == "-2" and bob["card"] == "half:yellow" and bob["other"] == "red"

    page.reload()
    wait_started(page)
    page.wait_for_selector("#by-curtain")
    reveal(page)
    assert draft_of(page) == bob                               # Bob's, still not sent
    assert "Not ready yet" in bob["saved"]
    shot(page, "broker-yard/draft-after-reload-375-en")

    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#by-lobby")
    page.wait_for_selector("#by-running .game-item")
    page.locator("#by-running .game-item").first.locator("[data-open]").click()
    page.wait_for_selector(".game-top")
    switch_seat(page, 0)
    page.wait_for_selector("#by-curtain")
    reveal(page)
    ann = draft_of(page)
    assert ann["trades"]["red"] == "-1" and ann["card"] == "small:yellow:-60" and ann["other"] == "blue"
    page.wait_for_selector("#broker-card-alone[data-state=shown]")  # its preview too
    shot(page, "broker-yard/draft-after-lobby-1280-en")
    switch_seat(page, 1)
    page.wait_for_selector("#by-curtain")
    reveal(page)
    assert draft_of(page) == bob
