"""The hall's whole path in one browser engine other than Chromium (Firefox ESR, WebKitGTK:
tools/browsers.py drives them as the benchmarks do), as one unit: the site is started cold;
each of the four games is started from the lobby (a person and bots) and played two rounds
or days (the person's quickest decisions); the page is reloaded on the last game's table; a
replay link is opened and stepped to its end; the embedded frame starts a game in a page of
another site; the hall is opened again offline, from its service worker. Any console error or
uncaught error fails it: the driver's own report of them (Firefox), and in every engine a
watch the server puts first in every page (PROBE), read before each page is left
(WebKitWebDriver reports no console at all).

Only what is cheap to drive without Playwright is used: the page's own elements, clicked
from a script, each step once the page is at rest (still.py's SETTLED_JS)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import build
from engine.core import codec, replay

from ..still import SETTLED_JS

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
START_S = 180.0  # a cold start on a loaded 2-core machine (WebKit is the slowest)
PLAY_S = 300.0

# First in every page's <head> (tools/serve.py's HeadHandler): every console error, uncaught
# error, refused promise and resource that failed to load, kept for the test to read.
PROBE = """<script>(() => {
  const seen = (window.__smokeErrors = []);
  const error = console.error.bind(console);
  console.error = (...args) => { seen.push("console error: " + args.map(String).join(" ")); error(...args); };
  addEventListener("error", (e) => seen.push(e.target && e.target !== window
    ? "failed to load: " + (e.target.src || e.target.href)
    : "uncaught error: " + e.message), true);
  addEventListener("unhandledrejection", (e) => seen.push("unhandled rejection: " + String(e.reason)));
})();</script>"""

# The log beside the table groups the game by rounds (spy: by cycles, a night and its day);
# the group that shows once two whole rounds have been played: Broker-Yard logs a round when
# it ends, the others when it begins. (A spy game may end sooner: the spy found on day 2.)
TWO_ROUNDS_AT = {"broker-yard": 2, "ekonos": 3, "spy": 3, "grid": 3}

AT_REST = f"({SETTLED_JS})()"
# ready (the hall: its lobby, a table or a replay drawn) and at rest, or the runtime failed
FAILED = 'document.documentElement.dataset.runtime === "failed"'
HALL_READY = f"""() => {FAILED} || document.documentElement.dataset.hall === "ready"
  && !!document.querySelector("#app > .lobby, #app > .game-top, #app > .replay-head") && {AT_REST}"""
EMBED_READY = f"""() => {FAILED} || document.documentElement.dataset.embed === "ready" && {AT_REST}"""
WHY = """() => document.documentElement.dataset.runtime !== "failed" ? null
  : ["by-error-message", "by-error-details"].map((id) => document.getElementById(id).textContent).join(" ")"""

# the person in the first seat (a game needs one), a bot of the game's first level in each
# other seat, as few seats as the game allows (a seat less at a time: the lobby is drawn again)
PICK = """(game) => {
  const form = document.getElementById("by-new-game");
  if (!form) return false;  // the lobby is being drawn
  if (form.dataset.game !== game) document.querySelector(`input[name=game][value='${game}']`).click();
  return true;
}"""
SEATS = """() => {
  const remove = document.querySelector("#by-new-game .seat-row:last-child button:not([disabled])");
  if (remove) {
    remove.click();
    return null;
  }
  const kinds = [...document.querySelectorAll("#by-new-game select.seat-kind")].slice(1);
  for (const select of kinds) {
    select.value = [...select.options].find((o) => !["human", "remote"].includes(o.value)).value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  return kinds.length;
}"""
START = """() => {
  localStorage.setItem("by.v1.botSpeed", '"instant"');
  document.getElementById("by-start").click();
  return true;
}"""
# The person's quickest decision, one click at a time (what the game's Chromium helpers do:
# tests/site/<game>/helpers.py): a question asked is answered yes; Broker-Yard's rounds and
# the spy game's days are ended by the host ("end this step now": the person's default); in
# Ekonos the first card at its first company, expand, the first space, the first successor,
# pass; in the grid game pass in auctions, power what can run, done. Null: nothing to do.
QUICK = """(game) => {
  const q = (selector) => document.querySelector(selector);
  const click = (selector) => {
    const el = q(selector);
    if (!el || el.disabled) return null;
    el.click();
    return selector;
  };
  if (q("dialog[open]")) return click("dialog[open] [data-ok]");
  const field = q("#by-panel .ek-field, #by-panel .grid-field");
  if (field) {
    if (field.dataset.acting !== "1") return click("#by-end-round");
    const phase = field.dataset.phase;
    if (game === "grid")
      return click(phase === "auction" ? (q("#grid-pass") ? "#grid-pass" : "#grid-bid")
        : phase === "power" ? "#grid-power" : "#grid-done");
    if (phase === "play") return click("#ek-play [data-bottom]") || click(".ek-hand button.ek-card");
    const next = { expand_or_wait: "#ek-expand", grow: "#ek-spaces .space-choice", successor: "[data-successor]" };
    return click(next[phase] || "#ek-pass");
  }
  return click("#by-end-round");
}"""
# Two rounds played in the page, as one call (a driver's round trip per click costs seconds in
# WebKit): the person's quickest decision each time the page comes to rest, until the log
# shows group `at` or the game is over. The clicks made, the last null when the person had
# nothing to do (stuck).
PLAY = """async ([game, at]) => {
  const quick = %s;
  const root = document.documentElement;
  const rest = () => new Promise((resolve) => {
    if (root.dataset.settled === "1") resolve();
    else addEventListener("broker:settled", resolve, { once: true });
  });
  const rounds = () => document.querySelector(".final") ? Infinity
    : Math.max(0, ...[...document.querySelectorAll("#by-log .log-group")].map((g) => Number(g.dataset.step)));
  const clicks = [];
  for (;;) {
    await rest();
    if (rounds() >= at) return clicks;
    clicks.push(quick(game));
    if (!clicks.at(-1) || clicks.length > 200) return clicks;
    await new Promise((resolve) => setTimeout(resolve, 20));  // what the click began has begun
  }
}""" % QUICK
TABLE = """() => ({ name: document.getElementById("by-game-name")?.textContent,
  over: !!document.querySelector(".final"),
  steps: [...document.querySelectorAll("#by-log .log-group")].map((g) => g.dataset.step).join(",") })"""
ON_PURPOSE = "smoke test: an error on purpose"
ERRORS = "() => window.__smokeErrors || ['the page has no error watch']"
STORAGE = "() => { try { localStorage.length; return 'open'; } catch { return 'blocked'; } }"


class Smoke:
    """One engine's run; `errors` collects every error seen, with where it was seen."""

    def __init__(self, browser, url: str):
        self.browser, self.url = browser, url
        self.errors: list[str] = []
        self.clicks: dict[str, int] = {}  # the person's clicks in each game
        self.marks: list[tuple[str, float]] = [("launched", time.monotonic())]

    def mark(self, what: str):
        self.marks.append((what, time.monotonic()))

    def read_errors(self, where: str, frame: str | None = None):
        """The errors the page (or its frame) and the driver saw: read before the page is left."""
        seen = self.browser.run(ERRORS, frame=frame) + self.browser.errors()
        self.errors += [f"{where}: {e}" for e in seen if ON_PURPOSE not in e]

    def check_watch(self):
        """The page's watch sees an error: one logged on purpose is read back."""
        self.browser.run(f"() => {{ console.error('{ON_PURPOSE}'); return true; }}")
        assert any(ON_PURPOSE in e for e in self.browser.run(ERRORS)), "the page's error watch saw nothing"

    def started(self, ready: str, frame: str | None = None):
        """Wait until the page (or its frame) is `ready`, failing at once if its runtime failed."""
        self.browser.wait(ready, timeout=START_S, frame=frame)
        why = self.browser.run(WHY, frame=frame)
        assert why is None, f"the runtime failed to start: {why}"

    def open_hall(self, url: str | None = None):
        self.browser.open(url or self.url)
        self.started(HALL_READY)

    def play_two_rounds(self, game: str) -> dict:
        """`game` started from the lobby, a person and bots, played two rounds."""
        b = self.browser
        b.wait(PICK, game)
        b.wait(f"() => document.getElementById('by-new-game')?.dataset.game === {json.dumps(game)} && {AT_REST}")
        while (bots := b.run(SEATS)) is None:
            b.wait(SETTLED_JS, every=0.05)
        assert bots >= 1
        b.wait(SETTLED_JS)
        b.run(START)
        b.wait(f"() => !!document.querySelector('.game-top') && {AT_REST}", timeout=PLAY_S)
        clicks = b.run(PLAY, [game, TWO_ROUNDS_AT[game]])
        assert (not clicks or clicks[-1]) and len(clicks) <= 200, f"{game}: stuck at {b.run(TABLE)} after {clicks}"
        self.clicks[game] = len(clicks)
        table = b.run(TABLE)
        self.mark(game)
        return table

    def back_to_lobby(self):
        self.browser.run("() => document.getElementById('by-lobby').click()")
        self.browser.wait(f"() => !!document.querySelector('#app > .lobby') && {AT_REST}")


def replay_code() -> str:
    """A replay link's code (#w1…) of a whole recorded Broker-Yard game, as the hall makes it."""
    record = json.loads((FIXTURES / "broker-yard/example-classic.json").read_text())
    return codec.encode("w", 1, replay.public_replay(record))


def parent_site(folder: Path, src: str) -> build.SiteServer:
    """A page of another site (a wiki's: localhost, where the hall is 127.0.0.1) embedding `src`."""
    (folder / "parent.html").write_text(
        '<!doctype html><html lang="en"><head><title>A wiki page</title></head><body><h1>A wiki page</h1>'
        f'<iframe id="by" src="{src}" title="Mesa" style="width:320px;height:640px;border:0"></iframe></body></html>')
    return build.start(folder)


def run(make_browser, site_dist: Path, tmp_path: Path, storage_in_frame: str) -> dict:
    """The whole path in the browser `make_browser()` opens; returns the seconds each part
    took and the person's clicks in each game (for the test's report). `storage_in_frame`:
    what the embedded frame finds of its storage ('blocked' or 'open')."""
    server = build.start(site_dist, first_in_head=PROBE)  # its own, so it can be switched off
    parent = parent_site(tmp_path, f"{server.url}embed.html?game=broker-yard&bots=easy")
    browser = make_browser()
    smoke = Smoke(browser, server.url)
    try:
        smoke.open_hall()
        smoke.check_watch()
        smoke.mark("cold start")
        for game in TWO_ROUNDS_AT:
            if game != "broker-yard":
                smoke.back_to_lobby()
            table = smoke.play_two_rounds(game)
        # the last game's table comes back as it was left (its bots wait for the person)
        smoke.read_errors("the games")
        browser.reload()
        smoke.started(HALL_READY)
        assert browser.run(TABLE) == table
        smoke.mark("reload")
        # a replay link: the whole recorded game, stepped to its end
        browser.run("(code) => { location.hash = code; return true; }", replay_code())
        browser.wait(f"() => !!document.querySelector('#by-replay') && {AT_REST}")
        steps = int(browser.run("() => document.getElementById('by-history').dataset.steps"))
        browser.run("() => { document.getElementById('by-history-last').click(); return true; }")
        browser.wait(f"() => document.getElementById('by-history').dataset.at === '{steps - 1}' && {AT_REST}")
        smoke.mark("replay")
        # the offline copy is complete (the service worker active) before the site is switched off
        assert browser.run("() => window.brokerYard.offline")
        smoke.read_errors("the replay")
        # the embedded frame in another site's page
        browser.open(f"http://localhost:{parent.server_address[1]}/parent.html")
        smoke.started(EMBED_READY, frame="#by")
        assert browser.run(STORAGE, frame="#by") == storage_in_frame
        assert browser.run("() => !!document.querySelector('#by-panel')", frame="#by")  # the solo game's table
        smoke.read_errors("the embedded frame", frame="#by")
        smoke.mark("embed")
        # offline: the server gone, the hall opens from the service worker
        served = len(server.log)
        server.shutdown()
        server.server_close()
        smoke.open_hall()
        assert browser.run("() => location.href") == server.url
        assert len(server.log) == served
        smoke.read_errors("offline")
        smoke.mark("offline")
    finally:
        browser.close()
        for s in (server, parent):
            s.shutdown()
            s.server_close()
    assert not smoke.errors, "\n".join(smoke.errors)
    parts = {what: round(at - smoke.marks[i][1], 1) for i, (what, at) in enumerate(smoke.marks[1:])}
    return {"seconds": parts, "the person's clicks": smoke.clicks}
