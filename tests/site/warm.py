"""Warm contexts: the hall's pages start with warm caches, each test with storage of its own.

A fresh browser context starts the hall the slow way every time: no HTTP cache, so no V8 code
cache for Pyodide's WebAssembly and scripts (compiled again, Liftoff then TurboFan), and no
memory snapshot (Python's own start-up run again). Measured on the 2-core machine, CPU seconds
of the browser and the driver per start of the hall (bench/page_cpu.py): a fresh routed
context 3.6 s, a warm context 1.5 s.

A warm context is Chromium's persistent profile (a fresh context is incognito: it keeps no
code cache), copied from a template made once per test process: its HTTP cache and code cache
hold the site, its Cache Storage holds the memory snapshot (snapshot.js) and nothing else. A
test leases one (`Guard.new_context(warm=True)`, which `open_hall` asks for) and gets back the
same guard's checks as a fresh context: every request listened to (anything leaving
localhost fails the test; the browser's dead proxy stops it anyway), HTTP errors, console
errors, uncaught errors, stray text. Unlike a fresh context it is not routed: Playwright turns
the HTTP cache off while it routes.

What one test leaves never reaches the next: when a lease ends its pages are closed (their
sessionStorage goes with them) and every origin they asked anything of loses its cookies,
localStorage, IndexedDB, file systems and service workers; Cache Storage is emptied down to
the snapshot; the test's own init scripts, routes, listeners, offline switch and permissions
are undone. tests/site/test_warm.py proves it. A lease that reached another origin (whose
port may later serve other files under the same names) or touched Playwright's clock (which
cannot be taken back) retires its browser. Tests of the start itself (the fresh start, the
offline copy, the snapshot, the service worker, storage-blocked embeds) use fresh contexts.

A lease has a locale of its own, any of them: each page it opens (`new_page`) is told it over
CDP before it loads anything, as Playwright tells every page of a context given `locale`
(`Emulation.setLocaleOverride`: Intl's default locale; `Emulation.setUserAgentOverride` with
`acceptLanguage`: navigator.language(s), which the hall starts in, and the Accept-Language
header). The browser itself is launched without one, since Chromium takes one locale override
per page and refuses a second; the override lives as long as the page's CDP session, so
closing the lease's pages undoes it (a page the page itself opens, a popup, speaks the
browser's own en-US). Touch stays out: Playwright's `tap` asks whether the context was made
with `has_touch`, which no override can change (two tests: they start cold).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urlsplit

from .still import REDUCED_MOTION, StillContext

# the options a warm context takes: a viewport and a locale per page
WARM_OPTIONS = {"viewport", "locale"}
DEFAULT_LOCALE = "en-US"
DEFAULT_VIEWPORT = {"width": 1280, "height": 900}
# what a lease's end clears on every origin it touched (all but Cache Storage, pruned apart)
STORAGE_TYPES = "cookies,file_systems,indexeddb,local_storage,websql,service_workers,shared_storage"
# the kept snapshot's entry (snapshot.js: <app>/snapshot/pyodide-<version>)
SNAPSHOT_ENTRY = "/snapshot/"

PRUNE_CACHES = """async ([keep, entry]) => {
  for (const name of await caches.keys()) {
    if (name !== keep) {
      await caches.delete(name);
      continue;
    }
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!new URL(request.url).pathname.includes(entry)) await cache.delete(request);
    }
  }
}"""
SNAPSHOT_KEPT = "performance.getEntriesByName('broker:snapshot-kept').length > 0"


def origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return f"{parts.scheme}://{parts.netloc}"


class WarmBrowser:
    """One Chromium on a copy of the warm profile, with one context (a persistent profile has
    one) that tests lease one at a time. Its first page is kept out of the tests' way (`blank`,
    parked on the site's sw.js once it has pruned the caches): the CDP session that clears
    storage lives there, and the context never has no page."""

    def __init__(self, browser_type, profile: Path, site_origin: str, build_id: str, launch: dict, scripts=()):
        self.site_origin = site_origin
        self.build_id = build_id
        self.context = browser_type.launch_persistent_context(
            profile, service_workers="block", viewport=DEFAULT_VIEWPORT, **launch)
        for script in scripts:
            self.context.add_init_script(script)
        self.blank = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.blank)
        self.leased = False
        self.broken = False
        self.context.on("close", lambda _: setattr(self, "broken", True))

    def lease(self, guard, viewport, locale):
        self.leased = True
        return WarmContext(self, guard, viewport or DEFAULT_VIEWPORT, locale or DEFAULT_LOCALE)

    def clear(self, origins):
        """Every origin in `origins` (and the site's) as a fresh profile has it, but for the
        caches that make a start warm: the HTTP cache, the code cache and the snapshot."""
        # the caches first: the page that prunes them runs the context's init scripts (one
        # writes localStorage), and the clearing after it leaves nothing of them
        self.prune_caches(self.site_origin)
        for origin in {self.site_origin, *origins}:
            site = origin == self.site_origin
            self.cdp.send("Storage.clearDataForOrigin",
                          {"origin": origin, "storageTypes": STORAGE_TYPES if site else "all"})
        self.context.clear_cookies()

    def prune_caches(self, origin):
        """Cache Storage holds this build's snapshot and nothing else: pruned from a page of
        the site's origin (CDP reaches an origin's caches only through a frame of it), the
        blank page, parked there on a file that starts nothing (sw.js shown as text: no script
        of its own, no storage opened). It stays parked between leases: sending it there and
        back for each lease was two navigations of ~0.1 s each, paid by every warm test. A
        parked page that is gone (its renderer lost) is sent there again."""
        where = f"{origin}/sw.js"
        args = [f"broker-yard-{self.build_id}", SNAPSHOT_ENTRY]
        if self.blank.url != where:
            self.blank.goto(where)
        try:
            self.blank.evaluate(PRUNE_CACHES, args)
        except Exception:
            self.blank.goto(where)
            self.blank.evaluate(PRUNE_CACHES, args)

    def close(self):
        try:
            self.context.close()
        except Exception:
            pass


class WarmContext(StillContext):
    """A test's lease of a warm browser's context: what the test adds to the context is
    undone when the lease ends (`close`, or the guard's end), and `close` ends the lease
    rather than the shared context."""

    def __init__(self, warm: WarmBrowser, guard, viewport, locale):
        super().__init__(warm.context)
        object.__setattr__(self, "warm", warm)
        object.__setattr__(self, "viewport", dict(viewport))
        object.__setattr__(self, "locale", locale)
        object.__setattr__(self, "sessions", [])
        object.__setattr__(self, "origins", set())
        object.__setattr__(self, "undo", [])
        object.__setattr__(self, "closed", False)
        StillContext.leased[warm.context] = self
        self.on("request", guard._request)
        self.on("request", lambda request: self.origins.add(origin_of(request.url)))
        self.on("response", guard._response)
        self.on("page", guard._watch_page)

    def new_page(self, *args, **kwargs):
        page = super().new_page(*args, **kwargs)
        page.set_viewport_size(self.viewport)
        page.emulate_media(reduced_motion=REDUCED_MOTION)
        self.speak(page)
        return page

    def speak(self, page):
        """The lease's locale for `page`, before it loads anything (as Playwright's `locale`
        does): its session is kept, since a detached session's overrides end with it."""
        cdp = self.raw.new_cdp_session(page.raw)
        cdp.send("Emulation.setUserAgentOverride", {"userAgent": "", "acceptLanguage": self.locale})
        cdp.send("Emulation.setLocaleOverride", {"locale": self.locale})
        self.sessions.append(cdp)

    @property
    def pages(self):
        return [p for p in super().pages if p.raw != self.warm.blank]

    # what a test may add to its context, undone at the lease's end
    def on(self, event, handler):
        self.raw.on(event, handler)
        self.undo.append(lambda: self.raw.remove_listener(event, handler))

    def add_init_script(self, *args, **kwargs):
        script = self.raw.add_init_script(*args, **kwargs)
        self.undo.append(script.close)
        return script

    def route(self, *args, **kwargs):
        self.raw.route(*args, **kwargs)
        self.undo.append(lambda: self.raw.unroute_all(behavior="ignoreErrors"))

    def set_offline(self, offline):
        self.raw.set_offline(offline)
        self.undo.append(lambda: self.raw.set_offline(False))

    def grant_permissions(self, *args, **kwargs):
        self.raw.grant_permissions(*args, **kwargs)
        self.undo.append(self.raw.clear_permissions)

    @property
    def clock(self):
        """Playwright's fake clock cannot be taken back: the browser is lent to no other test."""
        self.warm.broken = True
        return self.raw.clock

    def expose_binding(self, *args, **kwargs):
        raise RuntimeError("a warm context cannot take back a binding: use guard.new_context(warm=False)")

    expose_function = expose_binding

    def close(self, **_):
        """End the lease: the test's pages closed, its additions undone, storage cleared."""
        if self.closed:
            return
        object.__setattr__(self, "closed", True)
        warm = self.warm
        try:
            for page in warm.context.pages:
                if page != warm.blank:
                    page.close(run_before_unload=False)
            for undo in reversed(self.undo):
                undo()
            warm.clear(self.origins - {None})
            # another origin's files stay in the HTTP cache, and its port may serve other files
            # to a later test (a broken engine, a parent page): that browser is lent no more
            if self.origins - {None, warm.site_origin}:
                warm.broken = True
        except Exception:
            warm.broken = True  # never lent again: the next test gets another
            raise
        finally:
            StillContext.leased.pop(warm.context, None)
            warm.leased = False


class WarmPool:
    """The warm browsers of one test process, by (locale, touch), made when first asked for."""

    def __init__(self, browser_type, launch: dict, site_server, root: Path, scripts=()):
        self.browser_type = browser_type
        self.scripts = scripts
        self.launch = launch
        self.site_server = site_server
        self.origin = origin_of(site_server.url)
        self.root = root
        self.template: Path | None = None
        self.build_id: str | None = None
        self.browsers: list[WarmBrowser] = []

    @staticmethod
    def takes(options: dict) -> bool:
        return set(options) <= WARM_OPTIONS

    def lease(self, guard, viewport=None, locale=None) -> WarmContext:
        for warm in [b for b in self.browsers if b.broken]:
            warm.close()
            self.browsers.remove(warm)
        for warm in self.browsers:
            if not warm.leased:
                return warm.lease(guard, viewport, locale)
        if self.template is None:
            self.template = self.make_template()
        profile = self.root / f"warm-{len(list(self.root.glob('warm-*')))}"
        shutil.copytree(self.template, profile)
        warm = WarmBrowser(self.browser_type, profile, self.origin, self.build_id, self.launch, self.scripts)
        self.browsers.append(warm)
        return warm.lease(guard, viewport, locale)

    def make_template(self) -> Path:
        """A profile whose caches hold the site and whose Cache Storage holds the snapshot:
        one start with the service worker (the page keeps its snapshot only beside the offline
        copy), the worker then unregistered and its copy of the build deleted, and one start
        without it, from the snapshot, that leaves the code cache warm."""
        profile = self.root / "template"
        problems = []

        def watch(page):
            page.on("console", lambda m: m.type == "error" and problems.append(m.text))
            page.on("pageerror", lambda e: problems.append(str(e)))

        context = self.browser_type.launch_persistent_context(
            profile, service_workers="allow", viewport=DEFAULT_VIEWPORT, **self.launch)
        try:
            context.on("page", watch)
            page = context.new_page()
            self.build_id = self._start(page)
            page.evaluate("brokerYard.offline")
            page.wait_for_function(SNAPSHOT_KEPT, timeout=120_000)
            page.evaluate("""async () => {
                for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
            }""")
        finally:
            context.close()
        warm = WarmBrowser(self.browser_type, profile, self.origin, self.build_id, self.launch)
        try:
            warm.context.on("page", watch)
            warm.clear(set())
            page = warm.context.new_page()
            self._start(page)
            how = page.evaluate("document.documentElement.dataset.python")
            assert how == "snapshot", f"the warm profile's start was {how!r}, not from the snapshot"
            page.close()
            warm.clear(set())
        finally:
            warm.close()
        assert not problems, f"the warm profile's pages misbehaved: {problems}"
        return profile

    def _start(self, page) -> str:
        page.goto(self.site_server.url, timeout=120_000)
        page.wait_for_function("document.documentElement.dataset.hall === 'ready'", timeout=120_000)
        return page.evaluate("brokerYard.py.build")

    def close(self):
        for warm in self.browsers:
            warm.close()
