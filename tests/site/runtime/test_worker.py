"""Python works in a worker of its own, so the page answers a person while a bot decides
(issue 28): a click on a tab is handled and shown while the bot's decision is still in
Python, and the decision lands afterwards on the tab the person chose. The decision is made as
long as the test needs: the worker is held (a request of its own that the server answers only
when the test lets it go) before the bot is asked, so the order is certain. With Python on
the page's main thread, the click would wait for the decision. Held the same way, the opening
of a game shows the busy note, which a move answered at once does not (it only flashed)."""

from __future__ import annotations

import functools
import json
import threading

import pytest

import build
from engine import broker

from ..broker.helpers import choose_first_card, press_ready, start_game
from ..hall import open_hall

HOLD = "/hold"


class Holding(build.SiteHandler):
    """The site, and HOLD: answered only once `gate` is set (`asked` says it was asked)."""

    gate: threading.Event
    asked: threading.Event

    def do_GET(self):
        if self.path == HOLD:
            self.asked.set()
            self.gate.wait(180)
            self.send_response(204)
            self.end_headers()
            return
        super().do_GET()


@pytest.fixture
def holding_server(site_dist):
    gate, asked = threading.Event(), threading.Event()
    handler = functools.partial(type("Held", (Holding,), {"gate": gate, "asked": asked}), directory=str(site_dist))
    server = build.SiteServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server, gate, asked
    gate.set()
    server.shutdown()
    server.server_close()


# Every bot step the table asks Python for, and whether (and how) it came back.
WATCH_STEPS = """() => {
  const py = brokerYard.py, call = py.call;
  window.__steps = [];
  py.call = (name, args) => {
    const reply = call(name, args);
    if (name === "hall_bot_step") {
      const step = { done: false, acted: null };
      __steps.push(step);
      reply.then((r) => Object.assign(step, { done: true, acted: r.acted }), () => (step.done = true));
    }
    return reply;
  };
}"""

# The worker's thread is taken (a synchronous request, the way a long computation takes it):
# a message to it waits until the request is answered.
HOLD_WORKER = """(url) => { setTimeout(() => { const x = new XMLHttpRequest(); x.open("GET", url, false); x.send(); });
  return true; }"""


def test_a_click_is_answered_while_a_bot_decides(guard, holding_server):
    server, gate, asked = holding_server
    context = guard.new_context(route=False, service_workers="block", viewport={"width": 1280, "height": 900})
    page = open_hall(guard, server, context=context)
    # two strong bots, paused: nothing moves until the pace is set
    page.evaluate("localStorage.setItem('by.v1.botSpeed', JSON.stringify('paused'))")
    seats = [{"kind": "bot", "level": "strong"}] * 2
    record = {"game": "broker-yard", "engine_version": broker.VERSION, "options": {}, "players": ["Ada", "Bo"],
              "seed": 5, "actions": [], "meta": {"seats": seats}}
    page.set_input_files("#by-import-file", {"name": "bots.json", "mimeType": "application/json",
                                             "buffer": json.dumps(record).encode()})
    page.locator("#by-running .game-item").first.locator("[data-open]").click()
    page.wait_for_selector(".game-top #by-menu")
    page.evaluate(WATCH_STEPS)

    [worker] = page.workers
    worker.evaluate(HOLD_WORKER, server.url.rstrip("/") + HOLD)
    assert asked.wait(60), "the worker never asked to be held"
    page.click("#by-menu-open")  # the pace is in the table's menu (left open: the page is busy after)
    page.select_option("#by-bot-speed", "instant")  # a bot is asked for its move at once
    raw = page.raw  # the page is busy from now on: read as it is
    raw.wait_for_function("__steps.length === 1")

    # a person picks another tab while the bot's decision is in Python: the page shows it
    tab = raw.locator("[role=tab][aria-selected=false]").first
    name = tab.get_attribute("id")
    tab.click()
    raw.wait_for_selector(f"#{name}[aria-selected=true]")
    assert raw.evaluate("__steps.map((s) => s.done)") == [False]
    assert raw.evaluate("document.documentElement.dataset.settled") is None

    # the decision comes back and the table is drawn again with it, on the tab the person chose
    # (a mark of ours on the panel: a redraw gives it the drawn panel's attributes, in place)
    raw.evaluate("document.getElementById('by-panel').setAttribute('data-before', '')")
    gate.set()
    raw.wait_for_function("__steps[0].done && !document.querySelector('#by-panel[data-before]')", timeout=120_000)
    assert raw.evaluate("__steps[0].acted") is not None
    assert raw.get_attribute(f"#{name}", "aria-selected") == "true"
    # the bots are stopped before the page closes. They now move at once and redraw the table
    # between any two steps of a click, so the pace is set in one task of the page (find the
    # select, choose, tell the table); a game they already finished has no pace to set
    raw.evaluate("""() => { const s = document.getElementById('by-bot-speed');
      if (s) { s.value = 'paused'; s.dispatchEvent(new Event('change', { bubbles: true })); } }""")


# When the page said it was busy and when the busy note showed, in the page's own time.
WATCH_BUSY = """() => {
  const root = document.documentElement, note = document.getElementById("by-busy");
  window.__busy = [];
  const log = (what, on) => __busy.push([performance.now(), what, on]);
  new MutationObserver(() => log("busy", !!root.dataset.busy)).observe(root, { attributeFilter: ["data-busy"] });
  new MutationObserver(() => log("note", !note.hidden)).observe(note, { attributeFilter: ["hidden"] });
}"""


def test_the_busy_note_shows_only_once_the_work_takes_a_while(guard, holding_server):
    """The busy note shows once the page has been busy for 300 ms, until the answer: a move
    answered sooner leaves it hidden (it only flashed), the opening of a game that Python is
    held over shows it."""
    server, gate, asked = holding_server
    context = guard.new_context(route=False, service_workers="block", viewport={"width": 1280, "height": 900})
    page = open_hall(guard, server, context=context)
    start_game(page, [("Ann", "human"), ("Bo", "easy"), ("Cy", "easy")])
    page.evaluate(WATCH_BUSY)
    choose_first_card(page)
    press_ready(page)  # the first round's move, as Python answers it
    page.click("#by-lobby")
    page.wait_for_selector("#by-running .game-item")
    page.wait_for_function("document.documentElement.dataset.settled")  # nothing asked of Python
    # opening a game always asks Python (hall_open, a busy call; a move's Ready may first ask
    # the player about a bankruptcy, and nothing is asked while they think)
    [worker] = page.workers
    worker.evaluate(HOLD_WORKER, server.url.rstrip("/") + HOLD)
    assert asked.wait(60), "the worker never asked to be held"
    raw = page.raw  # busy from the click on
    raw.locator("#by-running .game-item").first.locator("[data-open]").click()
    raw.wait_for_selector("#by-busy:not([hidden])")
    gate.set()
    raw.wait_for_function("!document.documentElement.dataset.busy")
    assert raw.is_hidden("#by-busy")
    log = raw.evaluate("__busy")
    # each time the page was busy: how long, and when the note showed in it (the observers'
    # callbacks come a moment after each change: a few ms either way)
    spans, began, shown = [], None, None
    for at, what, on in log:
        if what == "busy" and on:
            began, shown = at, None
        elif what == "busy":
            spans.append((at - began, shown))
        elif on:
            assert began is not None, log  # the note shows only while the page is busy
            shown = at - began
    # (a move that took longer may still end before the note's timer is run: not asserted)
    assert len(spans) >= 2, log
    for took, note in spans:
        assert note is None if took < 290 else note is None or note >= 290, log
    assert spans[-1][1] is not None, log  # the held opening
