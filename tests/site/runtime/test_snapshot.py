"""A later visit starts Python from the memory snapshot kept after the first one (site/js/
shell/python.js, snapshot.js: the Python worker makes it during a normal start, the page keeps
it once its offline copy exists); a snapshot of another build or a damaged one is discarded
and the page starts the normal way (issue 15). Each start says where it came from: data-python="snapshot"
or "fresh", and a snapshot start leaves a "broker:snapshot" mark."""

from __future__ import annotations

import build
from ..conftest import wait_started
from .test_site_runtime import call_engine

KEPT = "performance.getEntriesByName('broker:snapshot-kept').length > 0"
WHERE = "document.documentElement.dataset.python"

# The kept snapshot as the page finds it: its headers and size.
READ = """async () => {
  const build = brokerYard.py.build;
  const cache = await caches.open(`broker-yard-${build}`);
  const keys = (await cache.keys()).map((r) => r.url).filter((u) => u.includes("/snapshot/"));
  if (keys.length !== 1) return { keys };
  const response = await cache.match(keys[0]);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { keys, bytes, build: response.headers.get("x-snapshot-build"),
           pyodide: response.headers.get("x-snapshot-pyodide"),
           sha256: response.headers.get("x-snapshot-sha256") };
}"""

# Replace the kept snapshot: `how` is "flip" (one byte changed, headers kept: the digest no
# longer matches), "garbage" (bytes that are no snapshot, with their own correct digest: the
# restore itself fails) or "other-build" (the bytes as they were, another build's name).
SPOIL = """async (how) => {
  const cache = await caches.open(`broker-yard-${brokerYard.py.build}`);
  const key = (await cache.keys()).map((r) => r.url).find((u) => u.includes("/snapshot/"));
  const response = await cache.match(key);
  let bytes = new Uint8Array(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers.entries());
  if (how === "flip") {
    bytes[bytes.length >> 1] ^= 0xff;
  } else if (how === "garbage") {
    bytes = new TextEncoder().encode("not a snapshot ".repeat(1000));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    headers["x-snapshot-sha256"] = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  } else {
    headers["x-snapshot-build"] = "0123456789ab";
  }
  await cache.put(key, new Response(bytes, { headers }));
  return key;
}"""


def start_over(page):
    page.reload()
    wait_started(page)
    return page.evaluate(WHERE)


def test_second_visit_starts_from_the_kept_snapshot(guard, site_server):
    context = guard.new_context(route=False)
    page = context.new_page()
    page.goto(site_server.url)
    wait_started(page)
    assert page.evaluate(WHERE) == "fresh"
    assert not page.evaluate("performance.getEntriesByName('broker:snapshot').length")
    page.wait_for_function(KEPT, timeout=120_000)
    kept = page.evaluate(READ)
    summary_build = page.evaluate("brokerYard.py.build")
    assert kept["build"] == summary_build and kept["pyodide"] == build.pinned_versions()["pyodide"], kept
    assert kept["bytes"] > 10_000_000 and len(kept["sha256"]) == 64, kept

    assert start_over(page) == "snapshot"
    assert page.evaluate("performance.getEntriesByName('broker:snapshot').length") == 1
    # Python from the snapshot runs the engine like a fresh one, and takes a game's engine
    call_engine(page)


def test_damaged_or_foreign_snapshots_are_discarded(guard, site_server):
    guard.allow_console(r"Snapshot|snapshot|magic")
    context = guard.new_context(route=False)
    page = context.new_page()
    page.goto(site_server.url)
    wait_started(page)
    page.wait_for_function(KEPT, timeout=120_000)
    for how in ("flip", "garbage", "other-build"):
        page.evaluate(SPOIL, how)
        warnings = []
        page.on("console", lambda m, w=warnings: w.append(m.text) if m.type == "warning" else None)
        assert start_over(page) == "fresh", how
        assert any("discarded" in text for text in warnings), (how, warnings)
        call_engine(page)
        # the fresh start keeps a sound snapshot again, and the next visit uses it
        page.wait_for_function(KEPT, timeout=120_000)
        kept = page.evaluate(READ)
        assert kept["build"] == page.evaluate("brokerYard.py.build"), (how, kept)
        assert start_over(page) == "snapshot", how
