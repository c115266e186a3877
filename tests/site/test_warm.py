"""A warm context (warm.py) is lent to one test after another: what a test leaves in it (every
kind of storage, its own init scripts, its locale) must never reach the next test, and the next
start must still be warm (from the memory snapshot)."""

from __future__ import annotations

from .conftest import Guard
from .hall import open_hall

WRITE_EVERYTHING = """async () => {
  localStorage.setItem("left", "1");
  sessionStorage.setItem("left", "1");
  document.cookie = "left=1; max-age=3600; path=/";
  await new Promise((done, failed) => {
    const open = indexedDB.open("left", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("things");
    open.onsuccess = () => { open.result.close(); done(); };
    open.onerror = () => failed(open.error);
  });
  await (await caches.open("left")).put("/left", new Response("1"));
  // beside the snapshot, in the cache that holds it
  await (await caches.open(`broker-yard-${brokerYard.py.build}`)).put("/left", new Response("1"));
}"""

WHAT_IS_LEFT = """async () => {
  const cache = await caches.open(`broker-yard-${brokerYard.py.build}`);
  return {
    local: localStorage.getItem("left"),
    session: sessionStorage.getItem("left"),
    cookie: document.cookie,
    databases: (await indexedDB.databases()).map((d) => d.name).filter((name) => name === "left"),
    caches: await caches.keys(),
    kept: (await cache.keys()).map((r) => new URL(r.url).pathname.split("/").slice(-2).join("/")),
    script: typeof window.leftByTheTest,
    python: document.documentElement.dataset.python,
    worker: Boolean(navigator.serviceWorker.controller),
  };
}"""


# the language a page speaks: the browser's (the hall starts in it), Intl's default, the
# Accept-Language header of its requests, and the hall's
SPOKEN = """async () => {
  await fetch("sw.js");
  return {
    languages: navigator.languages, intl: new Intl.NumberFormat().resolvedOptions().locale,
    lang: document.documentElement.lang, dir: document.documentElement.dir,
  };
}"""


def spoken(page):
    with page.expect_request("**/sw.js") as asked:
        said = page.evaluate(SPOKEN)
    return {**said, "header": asked.value.all_headers().get("accept-language")}


def test_a_warm_context_leaves_nothing_to_the_next_test(browser, warm_pool, site_server):
    first = Guard(browser, warm_pool)
    page = open_hall(first, site_server, locale="ar")
    warm = page.context.warm
    page.context.add_init_script("window.leftByTheTest = 1")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.hall === 'ready'")
    # the lease's locale, as a context made with it speaks it
    assert spoken(page) == {"languages": ["ar"], "intl": "ar", "lang": "ar", "dir": "rtl", "header": "ar"}
    build = page.evaluate("brokerYard.py.build")
    page.evaluate(WRITE_EVERYTHING)
    written = page.evaluate(WHAT_IS_LEFT)
    assert written["local"] == written["session"] == "1" and written["cookie"] == "left=1", written
    assert written["databases"] == ["left"] and "left" in written["caches"] and written["script"] == "number"
    first.close()
    assert not first.problems, first.problems

    second = Guard(browser, warm_pool)
    page = open_hall(second, site_server)
    assert page.context.warm is warm, "the next test was lent another browser"
    left = page.evaluate(WHAT_IS_LEFT)
    left_spoken = spoken(page)
    second.close()
    assert not second.problems, second.problems
    assert left == {
        "local": None, "session": None, "cookie": "", "databases": [],
        "caches": [f"broker-yard-{build}"], "kept": [f"snapshot/pyodide-{left['kept'][0].split('-')[-1]}"],
        "script": "undefined", "python": "snapshot", "worker": False,
    }, left
    assert left_spoken == {"languages": ["en-US"], "intl": "en-US", "lang": "en", "dir": "ltr", "header": "en-US"}
