#!/usr/bin/env python3
"""The page's main thread while Python works, in Chromium, Firefox and WebKit (issue 28).

    .venv/bin/python bench/mainthread.py [--browsers chromium,firefox,webkit]
        [--runs 3] [--games broker-yard,ekonos,spy,grid] [--no-build] [--page NAME=DIST ...]

The browsers and how they are driven: tools/browsers.py (WebKit starts an Xvfb of its own when
there is no display), measured as bench/browsers.py says.
Each measurement is a fresh browser (a new profile). The server puts a meter first in every
page's <head> (METER): a timer every 10 ms, whose lateness is the time the main thread could
not answer (a stall: the timer's gap less its 10 ms, so within 10 ms). Meanwhile the
main thread's and the Python worker's thread's time on a CPU is sampled from Linux
(browsers.Sampler): a stall is split into the page's own work (the main thread ran) and the
machine's load (it waited for a CPU that other processes held). Printed per browser and page:

- start: the longest stall from navigation until the page is interactive (Python answers and
  the lobby is drawn; the bare page: Pyodide answers), cold (a new profile) and warm (a
  reload: the hall from its memory snapshot), with the work in it, and the time to interactive
  (medians of --runs browsers, and the worst stall); when the lobby is drawn (cold) and the
  main thread's time on a CPU until then; the peak memory of the tab's process (its workers
  run in it) over both loads, against a bare Pyodide page's (bench/startup.py's) in the same
  runs;
- games (once each): a whole game of bots at the hall's table ("instant" pace, every seat the
  game's best level), opened on a warm page: the longest stall while it is played and the
  work in it (stalls with one of the clicks below apart: from the click until its tab's panel
  is drawn and painted); a click on a tab 20 ms into every third bot decision, and how long
  from then until the page shows it (the frame after the tab is drawn; only clicks made before
  the decision's reply came count), and until its panel is drawn; every other decision (a
  `hall_bot_step` that moved a bot) from call to reply (the Python worker's time and two
  messages) and the worker thread's CPU time in it: median, 95th percentile and most; the tab's
  peak memory over the visit (its cold start, the reload, the game).

Beside each peak, its split (browsers.py): in which phase the tab's process held the most
(sampled every 0.2 s; the cold start with the snapshot made and kept, the reload, the game),
how much of that was anonymous memory (JS and WebAssembly heaps, Blink's) and files (code),
and, in Chromium, what the tab held at the end: the page's JS heap (used, and committed) and
Python's WebAssembly memory (the worker's, or the bare page's own).

Targets (issue 28), printed as met or MISSED, asserted nowhere: the longest stall <= 100 ms
at start and in a game, a click shown within 100 ms, the peak memory <= 1.3x the bare page's,
a strong bot's decision p95 <= 500 ms in WebKit; judged on the clock (what a person feels
here), the work beside it. `--page` measures another build (e.g. main's dist/) in the same runs.
Start-up times against a bare page in Chromium, and the lobby's first draw: bench/startup.py.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from browsers import BROWSERS, Sampler, peak_text, where_peak  # noqa: E402
from startup import BARE_PAGE  # noqa: E402  (the same bare page)

STEP_MS = 10
LONG_MS = 30  # a gap kept for the split into work and load
CLICK_AFTER_MS = 20
CLICK_EVERY = 3  # a click during every third decision (the others are timed undisturbed)
GAMES = {  # players and options of each game's benchmark game
    "broker-yard": (4, {"deal": "4+6"}),
    "ekonos": (4, {}),
    "spy": (6, {}),
    "grid": (4, {}),
}

# First in every page (the server puts it there): the stall meter, the moment the page is
# interactive, and a watch on the bots' decisions with a click 20 ms into some.
METER = """<script>(() => {
const B = (window.__bench = { long: [], calls: [], clicks: [], start: null, lobby: null, clicking: false, ours: false,
                              origin: performance.timeOrigin });
let last = performance.now();
const root = document.documentElement;
const ready = () => root.dataset.runtime === "ready";
// #app's own children only: Firefox matched ":scope > .lobby" against the whole table, every
// 10 ms of a game (some 3%% of its main thread's time)
const lobby = () => { const app = document.getElementById("app");
  return app && !app.hidden && [...app.children].some((child) => child.classList.contains("lobby")); };
function clickTab(planned, call) {
  const tabs = [...document.querySelectorAll("[role=tab]")];
  if (!tabs.length) return;
  const tab = tabs.find((t) => t.getAttribute("aria-selected") !== "true") || tabs[0];
  // ours from the click until its tab's panel is drawn (the table draws it a frame after the
  // tab) and painted: a stall in that time is the click's answer, not the game's
  B.ours = B.clicking = true;
  tab.click();
  const shown = document.getElementById(tab.id);
  const click = { planned, shown: null, panel: null, call,
                  took: !!shown && shown.getAttribute("aria-selected") === "true" };
  requestAnimationFrame(() => setTimeout(() => { click.shown = performance.now(); B.clicks.push(click); }));
  // (a panel that never comes, the game over meanwhile: ours no longer after 2 s)
  const drawn = () => {
    const panel = document.getElementById("by-panel");
    if (performance.now() - planned > 2000) B.ours = false;
    else if (!panel || panel.dataset.place !== tab.dataset.tab) requestAnimationFrame(drawn);
    else requestAnimationFrame(() => setTimeout(() => { click.panel = performance.now(); B.ours = false; }));
  };
  requestAnimationFrame(drawn);
}
function watch(py) {
  const call = py.call;
  py.call = (name, args) => {
    const reply = call(name, args);
    if (name !== "hall_bot_step") return reply;
    if (!B.calls.length) B.long = [];  // the game starts: stalls from now
    const index = B.calls.length;
    const entry = { started: performance.now(), ended: null, moved: false,
                    clicked: index %% %(every)d === %(every)d - 1 };
    B.calls.push(entry);
    if (entry.clicked) setTimeout(() => clickTab(entry.started + %(click)d, index), %(click)d);
    reply.then((r) => Object.assign(entry, { ended: performance.now(), moved: r.acted !== null }),
               () => { entry.ended = performance.now(); });
    return reply;
  };
}
const tick = () => {
  const now = performance.now();
  const gap = now - last - %(step)d;
  if (gap >= %(long)d) B.long.push([last, gap, B.clicking]);  // [from, ms, a click of ours in it]
  B.clicking = B.ours;
  last = now;
  if (B.lobby === null && lobby()) B.lobby = now;
  if (B.start === null && ready() && (lobby() || !document.querySelector("#by-loading"))) B.start = now;
  if (!B.watched && window.brokerYard && window.brokerYard.py) { B.watched = true; watch(window.brokerYard.py); }
  setTimeout(tick, %(step)d);
};
setTimeout(tick, %(step)d);
})();</script>""" % {"step": STEP_MS, "long": LONG_MS, "click": CLICK_AFTER_MS, "every": CLICK_EVERY}

# The bare page playing the same game: Pyodide on its main thread with the build's engine and
# bridge, the bots' steps called one after another as the hall's table does (a task each).
BARE_GAME = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide, a game</title><link rel="icon" href="data:,"></head>
<body><p>bare Pyodide, a game</p>
<script type="module">
const q = new URLSearchParams(location.search);
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
globalThis.__pyodide = pyodide; // its memory (bench/browsers.py)
const engine = (name) => fetch(`app/${q.get("build")}/engine/${name}`).then((r) => r.arrayBuffer());
pyodide.unpackArchive(await engine("core.zip"), "zip", { extractDir: "." });
pyodide.globals.set("_zip", new Uint8Array(await engine(`${q.get("game")}.zip`)));
pyodide.runPython("import bridge\\nbridge.install(_zip.to_py())\\ndel _zip");
const bridge = pyodide.pyimport("bridge");
const call = (name, args) => JSON.parse(bridge.call(name, JSON.stringify(args))).ok;
const names = Array.from({ length: Number(q.get("players")) }, (_, i) => `Bot ${i + 1}`);
const seats = names.map(() => ({ kind: "bot", level: q.get("level") }));
const options = JSON.parse(q.get("options"));
call("hall_open", { id: "bench", record: { game: q.get("game"), players: names, seed: 7, options, meta: { seats } } });
document.documentElement.dataset.runtime = "ready";
window.__bench.long = [];  // the game starts: stalls from now
for (let over = false; !over; ) {
  await new Promise((resolve) => setTimeout(resolve));
  over = call("hall_bot_step", { id: "bench", at: Date.now() }).stored.summary.over;
}
document.documentElement.dataset.over = "1";
</script></body></html>
"""

READ = "() => window.__bench"
INTERACTIVE = "() => window.__bench && window.__bench.start !== null"
KEPT = "() => performance.getEntriesByName('broker:snapshot-kept').length > 0"
WARM = "() => document.documentElement.dataset.python || null"
NEW_GAME = """([id, game, players, level, options]) => {
  const names = Array.from({ length: players }, (_, i) => `Bot ${i + 1}`);
  const record = { game, players: names, seed: 7, options, meta: { seats: names.map(() => ({ kind: "bot", level })) } };
  const put = (key, value) => localStorage.setItem("by.v1." + key, JSON.stringify(value));
  put("game." + id, { id, game, created: new Date().toISOString(), ui: { tab: null, seat: null }, record });
  put("games", [id]);
  put("route", { page: "game", id });
  put("botSpeed", "instant");
  return true;
}"""
GAME_OVER = """(id) => { const blob = JSON.parse(localStorage.getItem("by.v1.game." + id) || "null");
  return !!(blob && blob.summary && blob.summary.over); }"""
BEST_LEVEL = """([game]) => fetch(`app/${brokerYard.py.build}/engine/${game}.json`)
  .then((r) => r.json()).then((c) => c.bots.at(-1))"""


# ------------------------------------------------------------------ the pages


def serve(folder: Path) -> build.SiteServer:
    """The site as build.py serves it, with the meter first in every HTML page."""
    return build.start(folder, first_in_head=METER)


# ------------------------------------------------------------------ what is measured


def stalls(seen: dict, sampler: Sampler, pid: int, until: float | None = None, clicks: bool = False) -> dict:
    """The longest stall the meter saw (before `until`, page ms; with our clicks or without)
    and the most work the main thread did in any stall (ms it ran)."""
    gaps = [g for g in seen["long"] if (until is None or g[0] < until) and (clicks or not g[2])]
    worst = max(gaps, key=lambda g: g[1], default=None)
    covered = []
    for start, gap, _ in gaps:
        split = sampler.split(pid, seen["origin"] + start, seen["origin"] + start + gap + STEP_MS)
        if split:  # (the samples are read as if the thread's time went evenly between them)
            covered.append(min(split[0], gap + STEP_MS))  # it cannot have run longer than the stall
    # no stall of LONG_MS or more shows as LONG_MS (a bound); the work is None when the
    # samples covered no stall (a process found after its stall began)
    return {"stall": worst[1] if worst else LONG_MS, "work": max(covered) if covered else None if gaps else 0.0}


def drawn(seen: dict, sampler: Sampler, pid: int) -> dict | None:
    """When the lobby was first drawn (page ms, within 10 ms), and the main thread's time on a
    CPU and waiting for one from the navigation until then."""
    if seen["lobby"] is None:
        return None
    # from the navigation; a process begun after it counts from its own start
    end = seen["origin"] + seen["lobby"]
    split = sampler.split(pid, seen["origin"], end) or sampler.split(pid, None, end)
    return {"ms": seen["lobby"], "ran": split[0] if split else None, "waited": split[1] if split else None}


def start_up(make, url, hall: bool) -> dict:
    """A cold load and a warm one (a reload) in a fresh browser."""
    browser = make()
    sampler = Sampler(browser)
    try:
        browser.open(url)
        browser.wait(INTERACTIVE)
        cold, cold_pid = browser.run(READ), browser.tab_pid()
        if hall:
            browser.wait(KEPT, timeout=300)
        reloaded = time.time() * 1000
        browser.reload()
        browser.wait(INTERACTIVE)
        warm, warm_pid = browser.run(READ), browser.tab_pid()
        warm_from = browser.run(WARM) if hall else None
        time.sleep(0.5)
        inside = browser.inside()
    finally:
        sampler.stop()
        browser.close()
    return {"cold": stalls(cold, sampler, cold_pid, until=cold["start"]) | {"ms": cold["start"]},
            "lobby": drawn(cold, sampler, cold_pid),
            "warm": stalls(warm, sampler, warm_pid, until=warm["start"]) | {"ms": warm["start"]},
            "memory": sampler.peak_mb(), "warm_from": warm_from,
            "peak": where_peak(sampler, [("cold", 0), ("warm", reloaded)], inside)}


def play_bare(make, url, game: str, build_id: str, level: str) -> dict:
    """The same game played by bare Pyodide on its page's main thread, as fast as it goes,
    after a first load of the bare page (the hall's game is its second load too)."""
    players, options = GAMES[game]
    query = urllib.parse.urlencode({"build": build_id, "game": game, "players": players, "level": level,
                                    "options": json.dumps(options)})
    browser = make()
    sampler = Sampler(browser)
    try:
        browser.open(url)
        browser.wait(INTERACTIVE)
        began = time.monotonic()
        browser.open(f"{url}game.html?{query}")
        browser.wait("() => document.documentElement.dataset.over === '1'", timeout=3600, every=1.0)
        seconds = time.monotonic() - began
        seen, pid = browser.run(READ), browser.tab_pid()
        inside = browser.inside()
    finally:
        sampler.stop()
        browser.close()
    return {"seconds": seconds, "quiet": stalls(seen, sampler, pid), "memory": sampler.peak_mb(),
            "peak": where_peak(sampler, [("start", 0)], inside)}


def play(make, url, game: str) -> dict:
    """A whole game of bots at the table, opened on a warm page (its snapshot kept)."""
    players, options = GAMES[game]
    browser = make()
    sampler = Sampler(browser)
    try:
        browser.open(url)
        browser.wait(INTERACTIVE)
        browser.wait(KEPT, timeout=300)
        level = browser.run(BEST_LEVEL, [game])
        browser.run(NEW_GAME, ["bench", game, players, level, options])
        began, load, playing = time.monotonic(), os.getloadavg()[0], time.time() * 1000
        browser.reload()
        browser.wait(GAME_OVER, "bench", timeout=3600, every=1.0)
        seconds = time.monotonic() - began
        time.sleep(0.5)  # the final screen drawn
        seen, pid = browser.run(READ), browser.tab_pid()
        inside = browser.inside()
    finally:
        sampler.stop()
        browser.close()
    origin, calls = seen["origin"], seen["calls"]
    timed = [c for c in calls if c["ended"] is not None and c["moved"] and not c["clicked"]]
    decisions = sorted(c["ended"] - c["started"] for c in timed)
    cpu = sorted(s[0] for c in timed if (s := sampler.split(pid, origin + c["started"], origin + c["ended"], "worker")))
    during = [c for c in seen["clicks"]
              if calls[c["call"]]["ended"] is None or c["planned"] < calls[c["call"]]["ended"]]
    first, last = calls[0]["started"], max(c["ended"] or 0 for c in calls)
    main = sampler.split(pid, origin + first, origin + last) or (0.0, 0.0)
    return {"level": level, "seconds": seconds, "load": load, "quiet": stalls(seen, sampler, pid),
            "all": stalls(seen, sampler, pid, clicks=True), "decisions": decisions, "cpu": cpu,
            "clicks": sorted(c["shown"] - c["planned"] for c in during), "took": all(c["took"] for c in during),
            "panels": sorted(c["panel"] - c["planned"] for c in during if c.get("panel") is not None),
            "memory": sampler.peak_mb(), "main": main,
            "peak": where_peak(sampler, [("start", 0), ("game", playing)], inside)}


# ------------------------------------------------------------------ the report


def pct(values, q):
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))] if values else float("nan")


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def ms(value, width: int = 5) -> str:
    """A figure in whole ms, "?" when there is none."""
    return f"{value:{width}.0f}" if value is not None and value == value else "?".rjust(width)


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def report_start(results, pages, browsers):
    print("start: longest stall until interactive, ms (median / worst of the runs; in brackets the most the"
          " main thread ran in a stall, median), time to interactive (median ms), peak memory of the tab")
    for kind in browsers:
        bare = med([r["memory"] for r in results[(kind, "bare")]["start"]])
        for name, (_, hall) in pages.items():
            rs = results[(kind, name)]["start"]
            line = f"  {kind:8} {name:6}"
            for load in ("cold", "warm"):
                stall = [r[load]["stall"] for r in rs]
                line += (f" {load} {med(stall):5.0f} / {max(stall):5.0f} ({ms(med([r[load]['work'] for r in rs]), 4)})"
                         f" in {med([r[load]['ms'] for r in rs]):5.0f} ms ")
            memory = med([r["memory"] for r in rs])
            line += f"  memory {memory:4.0f} MB {memory / bare:4.2f}x ({peak_text(rs[-1].get('peak'))})"
            if hall:
                worst = max(r[load]["stall"] for r in rs for load in ("cold", "warm"))
                line += f"   stall <= 100 {verdict(worst <= 100)}, memory <= 1.3x {verdict(memory / bare <= 1.3)}"
            print(line)
            lobby = [r["lobby"] for r in rs if r.get("lobby")]
            if lobby:
                print(f"  {'':8} {name:6} lobby drawn cold at {med([d['ms'] for d in lobby]):5.0f} ms (median; the"
                      f" main thread ran {ms(med([d['ran'] for d in lobby]), 0)} ms and waited for a CPU"
                      f" {ms(med([d['waited'] for d in lobby]), 0)} ms until then)")


def report_games(results, pages, browsers):
    print("a whole game of bots (best level): seconds (load average at its start); longest stall ms [most the"
          " main thread ran in a stall], with our clicks (until the tab's panel is drawn) apart, then with them;"
          " clicks during a decision: count, p95 and most ms until shown (and until its panel is drawn);"
          " decisions: count, median / p95 / most ms [the worker's CPU ms: median / p95]; share of"
          " the main thread's runnable time spent waiting for a CPU; the tab's peak memory x the bare page's"
          " (started / having played the same game); then the bare page playing it on its main thread")
    for kind in browsers:
        start = med([r["memory"] for r in results[(kind, "bare")]["start"]])
        for game, alone in results[(kind, "bare")]["games"].items():
            for name, (_, hall) in pages.items():
                g = results[(kind, name)]["games"].get(game) if hall else None
                if not g:
                    continue
                d, c, cpu, q, a = g["decisions"], g["clicks"], g["cpu"], g["quiet"], g["all"]
                p = g.get("panels", [])
                most = max(d, default=float("nan"))
                ran, waited = g["main"]
                clicked = verdict(max(c) <= 100 and g["took"]) if c else "(none during a decision)"
                checks = [f"stall {verdict(q['stall'] <= 100)}", f"click {clicked}",
                          f"memory {verdict(g['memory'] / alone['memory'] <= 1.3)}"]
                if kind == "webkit":
                    checks.append(f"decision p95 {verdict(pct(d, 0.95) <= 500)}")
                print(f"  {kind:8} {name:6} {game:11} {g['level']:6} {g['seconds']:4.0f} s ({g['load']:4.1f})"
                      f"  stall {q['stall']:5.0f} [{ms(q['work'], 3)}], clicks' {a['stall']:5.0f} [{ms(a['work'], 3)}]"
                      f"  clicks {len(c):3} {pct(c, 0.95):5.0f} {max(c, default=float('nan')):5.0f}"
                      f" (panel {pct(p, 0.95):4.0f} {max(p, default=float('nan')):4.0f})"
                      f"  decisions {len(d):3} {ms(med(d))} / {pct(d, 0.95):5.0f} / {most:5.0f}"
                      f" [{ms(med(cpu), 4)} / {pct(cpu, 0.95):4.0f}]  waited {waited / max(ran + waited, 1):4.0%}"
                      f"  memory {g['memory']:4.0f} MB {g['memory'] / start:4.2f}x"
                      f" / {g['memory'] / alone['memory']:4.2f}x"
                      "   " + ", ".join(checks) + f"\n  {'':8} {name:6} {game:11} memory: {peak_text(g.get('peak'))}")
            q = alone["quiet"]
            print(f"  {kind:8} {'bare':6} {game:11} {'':6} {alone['seconds']:4.0f} s         stall {q['stall']:5.0f}"
                  f" [{ms(q['work'], 3)}]  memory {alone['memory']:4.0f} MB ({peak_text(alone.get('peak'))})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--browsers", default="chromium,firefox,webkit")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES), help="'' for none")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--page", action="append", default=[], metavar="NAME=DIST",
                        help="another build to measure beside ours (e.g. main's dist/)")
    args = parser.parse_args(argv)
    browsers = [b for b in args.browsers.split(",") if b]
    games = [g for g in args.games.split(",") if g]

    from playwright.sync_api import sync_playwright

    summary = None if args.no_build else build.build(quiet=True)
    bare_dir = Path(tempfile.mkdtemp(prefix="bare-pyodide-"))
    (bare_dir / "index.html").write_text(BARE_PAGE)
    (bare_dir / "game.html").write_text(BARE_GAME)
    (bare_dir / "pyodide").symlink_to(build.NODE_MODULES / "pyodide")
    (bare_dir / "app").symlink_to(build.DIST / "app")  # the build's engine, for the bare game
    build_id = re.search(r"app/([0-9a-f]+)/", (build.DIST / "index.html").read_text()).group(1)
    pages = {"hall": (serve(build.DIST), True), "bare": (serve(bare_dir), False)}
    for spec in args.page:
        name, _, folder = spec.partition("=")
        pages[name] = (serve(Path(folder)), True)
    load_before = os.getloadavg()
    results: dict = {(kind, name): {"start": [], "games": {}} for kind in browsers for name in pages}
    try:
        with sync_playwright() as pw:
            for kind in browsers:
                make = functools.partial(BROWSERS[kind], pw)
                for run in range(args.runs):
                    names = list(pages)
                    for name in names[run % len(names):] + names[:run % len(names)]:
                        server, hall = pages[name]
                        got = start_up(make, server.url, hall)
                        results[(kind, name)]["start"].append(got)
                        print(f"  {kind} {name} run {run + 1}: stall cold {got['cold']['stall']:.0f} ms "
                              f"({ms(got['cold']['work'], 0)} ran), warm {got['warm']['stall']:.0f} ms "
                              f"({ms(got['warm']['work'], 0)} ran); memory {got['memory']:.0f} MB", flush=True)
                for game in games:
                    for name, (server, hall) in pages.items():
                        if hall:
                            got = play(make, server.url, game)
                            results[(kind, name)]["games"][game] = got
                            print(f"  {kind} {name} {game}: {got['seconds']:.0f} s, stall {got['quiet']['stall']:.0f}"
                                  f" ms, decision p95 {pct(got['decisions'], 0.95):.0f} ms", flush=True)
                    level = results[(kind, "hall")]["games"][game]["level"]
                    got = play_bare(make, pages["bare"][0].url, game, build_id, level)
                    results[(kind, "bare")]["games"][game] = got
                    print(f"  {kind} bare {game}: {got['seconds']:.0f} s, stall {got['quiet']['stall']:.0f} ms",
                          flush=True)
    finally:
        for server, _ in pages.values():
            server.shutdown()
        shutil.rmtree(bare_dir, ignore_errors=True)
    load_after = os.getloadavg()
    print(f"\nmain-thread benchmark: {args.runs} runs, {os.cpu_count()} cores"
          + (f", build {summary['build']}" if summary else "")
          + f"; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after")
    report_start(results, pages, browsers)
    if games:
        report_games(results, pages, browsers)
    print(json.dumps({f"{k}/{n}": v for (k, n), v in results.items()}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
