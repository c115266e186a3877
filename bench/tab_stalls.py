#!/usr/bin/env python3
"""The longest main-thread stall an input causes in the hall (issue 25, item 5: no tab frozen
by a link or a peer): each input is opened in a fresh page of our own build in Debian's
Chromium, and the longest task the browser reports (PerformanceObserver "longtask") from
opening it until the page is at rest is printed, with what the page said. Python runs in its
own worker (issue 28), so what is left on the main thread is the page's own work: reading,
drawing. Before the worker a Python call was a stall for as long as it ran (a whole grid
record imported: ~4 s; a replay link read in parts: 0.5 s).

Inputs: every game's replay link of a whole bot game at its largest table (embed.html reads
them with the same code, table/replay.js readReplay); a crafted old patch link whose frames
are as large as the viewer takes; a spectator's state link whose public part is as large as
the codec takes, for every game; every game's whole record imported in the lobby. Prints
figures, asserts nothing. "cold": the input opened first in a fresh page (no memory snapshot: the
game's engine and the hall's link and replay code are imported then, a one-time cost of any
first game); "warm": after a small genuine input of the same game.

    .venv/bin/python bench/tab_stalls.py [--only replay]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from engine.core import codec, links, replay  # noqa: E402
from engine.core.game import GAMES, get_game, tags  # noqa: E402
from engine.core.record import to_record  # noqa: E402
from engine.sim.play import play_out  # noqa: E402

LARGEST = {"broker-yard": (8, {}), "ekonos": (6, {}), "grid": (4, {}), "spy": (20, {})}
WATCH = """window.__longest = 0;
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
}).observe({ type: "longtask", buffered: false });"""
AT_REST = """() => document.documentElement.dataset.settled
    && (document.querySelector('#by-replay, .play, .game-top, #by-lasting [data-notice], .embed-failed, #app .bad')
        || document.querySelector('#by-notices .notice-error'))"""
SAID = """() => { const e = document.querySelector(`#by-notices .notice-error, #by-lasting [data-notice] .lasting-text,
    #app .bad, .embed-failed`); return e ? e.textContent.slice(0, 90) : (document.querySelector('#by-replay') ?
    'replay shown' : document.querySelector('.play') ? 'link shown' : 'nothing'); }"""


def whole_game(name):
    module = get_game(name)
    players, options = LARGEST[name]
    state = module.new_game(options, [f"P{i + 1}" for i in range(players)], f"stall-{name}")
    play_out(module, state, [module.catalog()["bots"][-1]] * players, f"stall-{name}")
    return to_record(state)


def crafted_replays():
    """A replay link asking for much work within what the viewer takes (6,000 characters)."""
    out = {}
    # an old patch link: one big first frame, then as many one-step patches as fit
    big = {"view": {"players": ["A", "B"], "pad": "x" * 120_000}, "step": 0, "over": False,
           "result": None, "final": None}
    steps = [big] + [{"step": [k]} for k in range(1, 130)]
    out["old patch link, 120 KB frames"] = codec.encode("w", 1, {"game": "broker-yard", "version": 1, "steps": steps})
    return out


def game_of(what):
    return next((name for name in GAMES if what.startswith(name)), "broker-yard")


def fresh(name):
    module = get_game(name)
    players, options = LARGEST[name]
    return module, module.new_game(options, [f"P{i + 1}" for i in range(players)], f"fresh-{name}")


def state_link(page, name, public):
    return page.evaluate("""async ([tag, p]) => {
        const host = net.host.HostInbox.create(tag, p.players || ["A"], (p.players || ["A"]).map(() => false), 0);
        return host.stateLink({step: 0, over: false, public: p, privates: (p.players || ["A"]).map(() => null)});
    }""", [tags()[name], public])


def state_links(page):
    """A spectator's state link per game whose public part is as large as the codec takes."""
    out = {}
    for name in GAMES:
        public = {"pad": "y" * 50_000, "players": [f"P{i}" for i in range(500)]}
        out[f"{name}: state link, 50 KB public part"] = state_link(page, name, public)
    return out


def warm_ups(page):
    """Per game, a small genuine input that makes the page load the game's engine and the
    hall's code for links and replays first (their first use costs what any first game does):
    a new game's replay link and its spectator's state link."""
    out = {}
    for name in GAMES:
        module, state = fresh(name)
        out[name] = [codec.encode("w", 1, json.loads(json.dumps(replay.public_replay(to_record(state))))),
                     state_link(page, name, json.loads(json.dumps(links.link_parts(module, state, set())["public"])))]
    return out


def hall(browser, url):
    """A fresh page of the hall, at rest, watching its long tasks."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.add_init_script(WATCH)
    page = context.new_page()
    page.set_default_timeout(180_000)
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.settled && document.querySelector('#app > .lobby')",
                           timeout=180_000)
    return context, page


def measure(browser, url, code, warm=()):
    """The longest task from opening `code` until the page is at rest (after the `warm`
    inputs, each opened and left to rest first), and what the page said."""
    context, page = hall(browser, url)
    for text in [*warm, code]:
        page.evaluate("window.__longest = 0")
        page.evaluate("(c) => { location.hash = c; }", text)
        page.wait_for_function(AT_REST, timeout=180_000)
    got = page.evaluate("window.__longest"), page.evaluate(SAID)
    context.close()
    return got


def measure_import(browser, url, record):
    """The longest task from choosing a record file in the lobby's import until the page is at
    rest, and what the page said."""
    context, page = hall(browser, url)
    page.evaluate("window.__longest = 0")
    page.set_input_files("#by-import-file", {"name": "r.json", "mimeType": "application/json",
                                             "buffer": json.dumps(record).encode()})
    page.wait_for_function("""() => document.documentElement.dataset.settled
        && document.querySelector('#by-notices .notice')""", timeout=180_000)
    got = page.evaluate("window.__longest"), page.evaluate("document.querySelector('#by-notices .notice').textContent")
    context.close()
    return got


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="replay, state or record")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from tests.site.conftest import CHROMIUM_ARGS, chromium_executable
    from tests.site.net.net_helpers import build_dir

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        dist = pathlib.Path(tmp) / "dist"
        build.build(dist, quiet=True)
        server = build.start(dist)
        browser = pw.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        try:
            inputs = {}
            if args.only in ("", "replay"):
                for name in GAMES:
                    link = json.loads(json.dumps(replay.public_replay(whole_game(name))))
                    inputs[f"{name} {LARGEST[name][0]} seats: whole game's replay link"] = \
                        codec.encode("w", 1, link)
                inputs.update(crafted_replays())
            net = browser.new_page()
            net.goto(f"{server.url}{build_dir(dist)}/js/net/codec.js")
            net.evaluate("""async () => { window.net = {};
                for (const m of ["codec", "links", "host"]) window.net[m] = await import(`./${m}.js`); }""")
            if args.only in ("", "state"):
                inputs.update(state_links(net))
            warm = warm_ups(net)
            net.close()
            if args.only in ("", "record"):
                for name in GAMES:
                    record = whole_game(name)
                    ms, said = measure_import(browser, server.url, record)
                    print(f"{name} {LARGEST[name][0]} seats: whole game's record imported "
                          f"({len(record['actions'])} actions): {ms:.0f} ms  {said}", flush=True)
            print(f"{'input':60} {'chars':>6} {'cold ms':>8} {'warm ms':>8}  what the page said")
            for what, code in inputs.items():
                cold, said = measure(browser, server.url, code)
                hot, _ = measure(browser, server.url, code, warm[game_of(what)])
                print(f"{what:60} {len(code):6} {cold:8.0f} {hot:8.0f}  {said}", flush=True)
        finally:
            browser.close()
            server.shutdown()


if __name__ == "__main__":
    main()
