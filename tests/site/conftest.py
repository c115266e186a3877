"""Real-browser test harness for the static site.

- ``site_dist``: dist/ built once per session (into a temporary folder, not the working dist/).
- ``site_server``: that folder served on a free 127.0.0.1 port for the whole session.
- ``browser``: one Chromium for the session: Debian's /usr/bin/chromium (or $CHROMIUM), else
  the browser Playwright installed, if any. It runs with a proxy on a closed port so that
  nothing can leave this machine even if a guard missed it.
- ``warm_pool``: Chromium profiles with warm caches and the memory snapshot (warm.py), lent to
  one test at a time with storage of its own: ``guard.new_context(warm=True)``, as `open_hall` asks.
- ``guard``: opens contexts and pages whose every request is checked. A test fails when a page
  asks for anything outside 127.0.0.1/localhost, gets an HTTP error for one of its requests,
  throws an uncaught error or logs a console error. Its pages are Still pages (still.py): each
  read and click waits until the page is at rest, and bots play at once (the "instant" pace)
  unless a test chooses another pace.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

from .still import REDUCED_MOTION, Still, StillContext  # noqa: E402
from .warm import WarmPool  # noqa: E402

CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # anything not on loopback goes to a closed port (loopback never uses the proxy)
    "--proxy-server=http://127.0.0.1:9",
]
# The tests' browsers compile WebAssembly with Liftoff only: TurboFan's second compile of
# Pyodide's hot functions is CPU the tests spend on speed they never use. Measured on the
# 2-core machine: a start of the hall 3.42 -> 2.55 CPU-s fresh, 1.45 -> 1.36 warm
# (bench/page_cpu.py); the broker and lobby tests 359 -> 297 CPU-s, the whole suite 802 ->
# 736 s. The benchmarks that time the page (bench/mainthread.py, startup.py) launch with
# CHROMIUM_ARGS alone, as a player's browser runs.
TEST_ARGS = CHROMIUM_ARGS + ["--js-flags=--liftoff-only"]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
# start-up waits: a cold Pyodide start takes seconds on a 2-core machine
START_TIMEOUT_MS = 120_000


def chromium_executable() -> str | None:
    """$CHROMIUM, else Debian's chromium, else None (Playwright's own browser, if installed)."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname in LOCAL_HOSTS


@pytest.fixture(scope="session")
def site_dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out, quiet=True)
    return out


@pytest.fixture(scope="session")
def site_server(site_dist):
    server = build.start(site_dist)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def broken_engine_server(site_dist, tmp_path):
    """A copy of the site whose engine archive is garbage, served on its own port."""
    broken = tmp_path / "dist"
    shutil.copytree(site_dist, broken)
    (archive,) = broken.glob("app/*/engine/core.zip")
    archive.write_bytes(b"this is not a zip archive" * 10)
    server = build.start(broken)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        try:
            browser = pw.chromium.launch(executable_path=chromium_executable(),
                                         args=TEST_ARGS)
        except Exception as exc:  # no browser at all: say what to do
            pytest.fail(f"cannot start Chromium ({exc}); install Debian's chromium "
                        "(bash tests/run.sh does, as root) or set $CHROMIUM")
        # a person's browser is already running: start its processes once before measuring
        warm = browser.new_context()
        warm.new_page().goto("about:blank")
        warm.close()
        yield browser
        browser.close()


# A value that reached the page as text by mistake ("undefined" from a missing box given to
# append(), "Round NaN", "[object Object]") is reported as a console error, so the guard
# fails the test; a test that shows such words on purpose allows them with allow_console.
STRAY_TEXT_JS = """
(() => {
  const stray = /\\bundefined\\b|\\bNaN\\b|\\[object Object\\]/;
  // an element's whole text, first: the words in it (without word bounds, which the text of
  // two nodes side by side may hide), or no need to look at each of its nodes
  const maybe = /undefined|NaN|\\[object Object\\]/;
  const check = (node) => {
    const skip = (el) => el && ["SCRIPT", "STYLE", "TEXTAREA", "NOSCRIPT"].includes(el.tagName);
    if (node.nodeType === Node.TEXT_NODE && !skip(node.parentElement) && stray.test(node.data)) {
      const where = node.parentElement ? node.parentElement.outerHTML.slice(0, 160) : "";
      console.error(`stray text on the page: ${JSON.stringify(node.data.slice(0, 80))} in ${where}`);
    } else if (node.nodeType === Node.ELEMENT_NODE && !skip(node) && maybe.test(node.textContent)) {
      node.childNodes.forEach(check);
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "characterData") check(r.target);
      else r.addedNodes.forEach(check);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();
"""


# Bots play at once in the tests unless a test picks a pace: the page waits for them to be done
# before it says it is at rest (still.py), so a slower pace only makes a test longer.
INSTANT_BOTS = """
try {
  if (localStorage.getItem("by.v1.botSpeed") === null) localStorage.setItem("by.v1.botSpeed", '"instant"');
} catch {}
"""


class Guard:
    """Opens contexts and pages and collects every problem they show."""

    def __init__(self, browser, warm_pool=None):
        self.browser = browser
        self.warm_pool = warm_pool
        self.contexts = []
        self.problems: list[str] = []
        self.allowed_console: list[re.Pattern] = []
        self.requests: list[str] = []

    def allow_console(self, pattern: str):
        """Expect console errors matching ``pattern`` (a test that provokes a failure)."""
        self.allowed_console.append(re.compile(pattern))

    def new_context(self, route: bool = True, warm: bool = False, **options):
        """A fresh context (empty caches), or with ``warm`` a warm one (warm.py: the site and
        the memory snapshot in its caches, storage of its own, not routed) when the options
        allow one (a viewport and a locale; not touch: warm.py). ``route=False`` leaves out
        the request router: Playwright bypasses service workers while routing, so offline
        tests go without it and rely on the request listener and the browser's dead proxy
        instead.

        A routed context blocks service workers: Playwright would bypass one anyway (none of
        the page's requests would reach it), and installing it copies the whole build into
        Cache Storage, a third of the CPU a page's start costs (measured: 6 starts took 33 s
        of CPU with it, 23.5 s without). The offline copy, and the memory snapshot kept
        beside it, are tested by the unrouted contexts (tests/site/runtime)."""
        if warm and route and self.warm_pool is not None and WarmPool.takes(options):
            context = self.warm_pool.lease(self, **options)
            context.set_default_navigation_timeout(START_TIMEOUT_MS)
            context.set_default_timeout(START_TIMEOUT_MS)
            self.contexts.append(context)
            return context
        options.setdefault("reduced_motion", REDUCED_MOTION)
        if route:
            options.setdefault("service_workers", "block")
        context = self.browser.new_context(**options)
        # opening our page loads the runtime's files: on a loaded machine that takes longer
        # than Playwright's 30 s, and the start itself is allowed START_TIMEOUT_MS
        context.set_default_navigation_timeout(START_TIMEOUT_MS)
        # every other wait (a click, a selector, a page's function) too: a round that Python
        # settles in 2 s on a quiet machine took over Playwright's 30 s with the machine
        # loaded nine times over, and a test must not fail by the machine's load
        context.set_default_timeout(START_TIMEOUT_MS)
        self.contexts.append(context)
        if route:
            context.route("**/*", self._route)
        context.on("request", self._request)
        context.on("response", self._response)
        context.on("page", self._watch_page)
        context.add_init_script(STRAY_TEXT_JS)
        context.add_init_script(INSTANT_BOTS)
        return StillContext(context)

    def new_page(self, context=None, **options):
        context = context or self.new_context(**options)
        page = context.new_page()
        return page if isinstance(page, Still) else Still(page)

    def _route(self, route):
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            self.problems.append(f"request left localhost: {url}")
            route.abort()

    def _request(self, request):
        self.requests.append(request.url)
        if not is_local(request.url):
            self.problems.append(f"request left localhost: {request.url}")

    def _response(self, response):
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status} for {response.url}")

    def _watch_page(self, page):
        # with where it was thrown: a chance failure seen once must be findable from its report
        page.on("pageerror", lambda error: self.problems.append(
            f"uncaught error: {error}\n{(error.stack or '')[:800]}"))
        page.on("console", self._console)

    def _console(self, message):
        if message.type != "error":
            return
        if any(p.search(message.text) for p in self.allowed_console):
            return
        self.problems.append(f"console error: {message.text}")

    def close(self):
        for context in self.contexts:
            try:
                context.close()
            except Exception:
                pass


@pytest.fixture(scope="session")
def warm_pool(browser, site_server, tmp_path_factory):
    pool = WarmPool(browser.browser_type, {"executable_path": chromium_executable(), "args": TEST_ARGS},
                    site_server, tmp_path_factory.mktemp("warm"), scripts=(STRAY_TEXT_JS, INSTANT_BOTS))
    yield pool
    pool.close()


@pytest.fixture
def guard(browser, warm_pool):
    guard = Guard(browser, warm_pool)
    yield guard
    guard.close()
    if guard.problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(dict.fromkeys(guard.problems)))


def wait_started(page, expect: str = "ready"):
    """Wait until the runtime says ready or failed, and check it is ``expect``."""
    page.wait_for_function("document.documentElement.dataset.runtime",
                           timeout=START_TIMEOUT_MS)
    state = page.evaluate("document.documentElement.dataset.runtime")
    if state != expect:
        details = page.evaluate("document.getElementById('by-error-details').textContent")
        raise AssertionError(f"runtime is {state!r}, expected {expect!r}: {details}")
