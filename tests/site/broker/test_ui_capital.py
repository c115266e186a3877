"""Capital that reads as a contest (issue 32, item 5): the chart tab shows each player's
capital over the rounds — on a logarithmic scale when the capitals lie far apart — and the
leader's greatest rounds with what it traded and played; all the engine's figures
(engine/broker/story.py). ui-millions.json: capitals from $400 to $39.9M (log scale);
ui-debt.json: a few hundred dollars each (linear scale)."""

from __future__ import annotations

import json

from engine.broker import TOOLS, replay, view

from ..hall import SHOTS, no_horizontal_overflow, open_hall
from ..lobby.helpers import shot_of
from .helpers import FIXTURES, open_imported

(SHOTS / "broker-yard").mkdir(parents=True, exist_ok=True)
story = TOOLS["story"]


def told(name):
    seen = view(replay(json.loads((FIXTURES / name).read_text())), None)
    return story(players=len(seen["players"]), history=seen["history"])


def chart_tab(page):
    page.click("#by-tab-chart")
    page.wait_for_selector("#broker-capital[data-state=shown]")
    return page.evaluate("""() => { const box = document.querySelector('#broker-capital');
      return { scale: box.dataset.scale,
               lines: [...box.querySelectorAll('.capital-line')].map((g) => Number(g.dataset.seat)),
               rounds: [...box.querySelectorAll('.capital-moves li')].map((li) => Number(li.dataset.round)),
               leader: box.querySelector('.capital-leader h4')?.textContent ?? null,
               text: box.innerText }; }""")


def test_capital_over_the_rounds_and_the_leaders_moves(guard, site_server):
    page = open_hall(guard, site_server)
    open_imported(page, "ui-millions.json")
    expected = told("ui-millions.json")
    seen = chart_tab(page)
    assert seen["scale"] == "log" and sorted(seen["lines"]) == [0, 1, 2, 3]
    assert seen["rounds"] == [m["round"] for m in expected["moves"]] == [4, 5, 6]
    # Ann leads and reads it: in her own words (the catalog's 'you' form)
    assert expected["leader"] == 0 and seen["leader"] == "Your greatest rounds, as the leader"
    assert "Round 6: $13.3M → $39.9M" in seen["text"] and "Green +120,969" in seen["text"]
    assert "Logarithmic scale" in seen["text"]
    shot_of(page, "#broker-capital", "broker-yard/capital-1280-en")
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_selector("#broker-capital[data-state=shown]")
    no_horizontal_overflow(page, inner="#broker-capital")
    shot_of(page, "#broker-capital", "broker-yard/capital-375-en")

    page.click("#by-lobby")
    open_imported(page, "ui-debt.json")
    page.click("#by-reveal")
    seen = chart_tab(page)
    assert seen["scale"] == "linear" and "Logarithmic scale" not in seen["text"]
    assert seen["rounds"] == [m["round"] for m in told("ui-debt.json")["moves"]]
