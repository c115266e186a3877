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
  const packed = new DataView(await response.arrayBuffer());
  return { keys, bytes: packed.byteLength, magic: packed.getUint32(0, true), whole: packed.getUint32(4, true),
           build: response.headers.get("x-snapshot-build"),
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


# zeros.js from the page: a packing round trip of bytes with runs of zeros of every length
# around the gap it leaves out, a tail shorter than a word and none; and the packed forms
# unpack refuses (each its message, or null if it took one)
ZEROS = """async () => {
  const src = document.querySelector("script[src$='/js/hall/app.js']").src;
  const { pack, unpack, unpackInto } = await import(src.replace(/hall\\/app\\.js$/, "shell/zeros.js"));
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const trips = [];
  for (const tail of [0, 3]) {
    const bytes = new Uint8Array(40000 + tail);
    let at = 5;
    for (const run of [1, 4, 255, 256, 257, 1000, 4096]) { bytes[at] = 7; bytes[at + 1 + run] = 9; at += run + 8; }
    bytes[bytes.length - 1] = 1;
    const packed = pack(bytes);
    // a piece from inside (a restore's head), and the end over a longer target (its memory),
    // whose bytes past the end are left as they were
    const over = unpackInto(packed, new Uint8Array(50).fill(9), bytes.length - 20);
    const piece = same(unpackInto(packed, new Uint8Array(300), 260), bytes.slice(260, 560)) &&
      same(over.subarray(0, 20), bytes.subarray(-20)) && over.subarray(20).every((x) => x === 9);
    trips.push({ same: same(unpack(packed), bytes) && piece, packed: packed.length, whole: bytes.length });
  }
  const none = pack(new Uint8Array(64));
  trips.push({ same: same(unpack(none), new Uint8Array(64)), packed: none.length });
  const good = pack(Uint8Array.from({ length: 4096 }, (_, i) => (i % 512 < 8 ? i % 251 : 0)));
  const spoilt = (word, value, cut = 0) => {
    const copy = good.slice(0, good.length - cut);
    new DataView(copy.buffer).setUint32(word * 4, value, true);
    return copy;
  };
  const refused = (form) => { try { unpack(form); return null; } catch (error) { return error.message; } };
  const words = new DataView(good.buffer);
  return { trips, parts: words.getUint32(8, true), refused: [
    refused(new TextEncoder().encode("not a snapshot")),
    refused(spoilt(2, 1e6)),  // more parts than the form holds
    refused(spoilt(4, 1e6)),  // a part longer than the whole
    refused(spoilt(5, 0)),    // the second part before the first one's end
    refused(spoilt(0, words.getUint32(0, true), 1)),  // a byte short
    refused(new Uint8Array([...good, 0])),  // a byte past the parts
  ] };
}"""


# In the worker, after a start from the snapshot: whether Pyodide's restore is its own again
# (python.js restoreFrom gives it back once used; kept, it would hold the packed bytes for good)
RESTORE_GIVEN_BACK = """async (build) => {
  const { started } = await import(new URL(`app/${build}/js/shell/python.js`, location.origin + "/").href);
  return String(started._module.API.restoreSnapshot).includes("invalid magic");
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
    # kept packed (zeros.js): Python's memory of more than 10 MB, kept in less than half of it
    assert kept["magic"] == 0x305A5942 and kept["whole"] > 10_000_000, kept
    assert kept["bytes"] < kept["whole"] / 2 and len(kept["sha256"]) == 64, kept
    zeros = page.evaluate(ZEROS)
    assert all(trip["same"] for trip in zeros["trips"]), zeros
    assert zeros["trips"][0]["packed"] < zeros["trips"][0]["whole"] / 2, zeros  # the long runs left out
    assert zeros["trips"][2]["packed"] == 12, zeros  # zeros alone: the header, no part
    assert zeros["parts"] == 8 and all(zeros["refused"]), zeros

    assert start_over(page) == "snapshot"
    assert page.evaluate("performance.getEntriesByName('broker:snapshot').length") == 1
    [worker] = page.workers
    assert worker.evaluate(RESTORE_GIVEN_BACK, summary_build) is True
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
