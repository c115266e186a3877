"""Shared bits of the live-room tests (test_net_live.py, test_net_live_ui.py): a second
Chromium in a network namespace of its own (chromium-netns.sh explains why). That browser
cannot reach the test server, so the built dist/ is served inside its namespace
(netns_site.py), at ORIGIN."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ..conftest import TEST_ARGS, INSTANT_BOTS, START_TIMEOUT_MS, chromium_executable, wait_started
from ..still import REDUCED_MOTION, StillContext
from .net_helpers import MODULES, build_dir

NETNS = Path(__file__).with_name("chromium-netns.sh")
SERVE = Path(__file__).with_name("netns_site.py")
ORIGIN = "http://127.0.0.1:8"
LIVE_ARGS = [a for a in TEST_ARGS if not a.startswith("--proxy-server")] + [
    "--disable-features=WebRtcHideLocalIpsWithMdns",
]


def netns_available() -> bool:
    try:
        return subprocess.run(["unshare", "--net", "ip", "link", "add", "t0", "type", "veth",
                               "peer", "name", "t1"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.fixture(scope="module")
def live_browser(browser, site_dist):
    """A second Chromium, in its own network namespace, from the session's Playwright, with
    dist/ served in that namespace."""
    if not netns_available():
        pytest.skip("needs `unshare --net` and veth (root): see tests/site/chromium-netns.sh")
    env = {**os.environ, "CHROMIUM": os.environ.get("CHROMIUM") or chromium_executable() or "/usr/bin/chromium",
           "LIVE_SITE": str(site_dist), "LIVE_PYTHON": sys.executable, "LIVE_SERVE": str(SERVE)}
    live = browser.browser_type.launch(executable_path=str(NETNS), args=LIVE_ARGS, env=env)
    yield live
    live.close()


class LivePages:
    """Contexts of the live browser (a request for anything but dist/'s files fails the test)."""

    def __init__(self, browser, dist):
        self.browser, self.dist, self.problems, self.contexts = browser, dist, [], []

    def _request(self, request):
        if not request.url.startswith((ORIGIN + "/", "data:", "blob:")):
            self.problems.append(f"unexpected request: {request.url}")

    def _response(self, response):
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status} for {response.url}")

    def _context(self, **options):
        context = self.browser.new_context(service_workers="block", reduced_motion=REDUCED_MOTION, **options)
        context.set_default_navigation_timeout(START_TIMEOUT_MS)   # as the guard's contexts
        context.set_default_timeout(START_TIMEOUT_MS)              # as the guard's contexts
        self.contexts.append(context)
        context.on("request", self._request)
        context.on("response", self._response)
        context.add_init_script(INSTANT_BOTS)
        return StillContext(context)

    def _watch(self, page, allowed=()):
        page.on("pageerror", lambda e: self.problems.append(f"uncaught error: {e}"))
        page.on("console", lambda m: m.type == "error" and self.problems.append(f"console: {m.text}"))
        page.on("dialog", lambda d: (self.problems.append(f"unexpected dialog: {d.message}"), d.dismiss()))

    def page(self):
        """A page with window.net = the net modules and window.book = a PlayerBook in memory."""
        page = self._context().new_page()
        self._watch(page)
        page.goto(f"{ORIGIN}/{build_dir(self.dist)}/js/net/codec.js")
        page.evaluate("""async (mods) => {
            window.net = {};
            for (const m of mods) window.net[m] = await import(`./${m}.js`);
            class Mem { constructor() { this.m = new Map(); }
                getItem(k) { return this.m.has(k) ? this.m.get(k) : null; }
                setItem(k, v) { this.m.set(k, String(v)); } }
            window.book = new net.playerbook.PlayerBook(new Mem());
        }""", list(MODULES))
        return page

    def hall(self, width=1280, locale="en-US"):
        """The whole hall (Pyodide and the engine), ready."""
        page = self._context(viewport={"width": width, "height": 900}, locale=locale).new_page()
        self._watch(page)
        page.goto(f"{ORIGIN}/")
        hall_ready(page)
        return page

    def close(self):
        for c in self.contexts:
            c.close()


def hall_ready(page):
    """The hall started and its page drawn: not only the lobby's "loading" line (a link opened
    before the lobby is drawn is overtaken by the lobby's late redraw)."""
    wait_started(page)
    page.wait_for_function("document.documentElement.dataset.hall === 'ready'", timeout=START_TIMEOUT_MS)
    page.wait_for_selector("#app > :not(p[role=status])", timeout=START_TIMEOUT_MS)


@pytest.fixture
def live(live_browser, site_dist):
    pages = LivePages(live_browser, site_dist)
    yield pages
    pages.close()
    assert pages.problems == [], pages.problems


HEADING = ".game-top h2"
SAME_HEADING = """([t, over]) => { const h = document.querySelector('.game-top h2');
    return (h && h.textContent === t) || (over && !!document.querySelector(over)); }"""


def same_step(host, page, over=None, wait_ms=120_000):
    """Wait until a player's `page` shows the step the host shows now (its link came over the
    channel), or the `over` selector; returns that heading. The host's heading is read again
    while waiting: a step the host passed without this seat (a bot's window, a seat that is
    out) may never be drawn on the page, whose link was replaced before it read it."""
    deadline = time.monotonic() + wait_ms / 1000
    while True:
        now = host.inner_text(HEADING)
        try:
            page.wait_for_function(SAME_HEADING, arg=[now, over], timeout=500)
            return now
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed the host's step {now!r}: "
                                     f"it shows {page.inner_text(HEADING)!r}") from None
