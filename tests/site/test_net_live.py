"""Live rooms (site/js/net/live.js): a host and players connected by WebRTC data channels,
signalled only by the offer and answer codes passed as text.

The browser runs in a network namespace of its own (chromium-netns.sh explains why) and so
cannot reach the test server: its pages are served from the built dist/ by request routing.
"""

from __future__ import annotations

import mimetypes
import os
import subprocess
from pathlib import Path

import pytest

from .conftest import CHROMIUM_ARGS, chromium_executable
from .net_helpers import MODULES, build_dir

NETNS = Path(__file__).with_name("chromium-netns.sh")
ORIGIN = "http://127.0.0.1:8"
LIVE_ARGS = [a for a in CHROMIUM_ARGS if not a.startswith("--proxy-server")] + [
    "--disable-features=WebRtcHideLocalIpsWithMdns",
]


def _netns_available() -> bool:
    try:
        return subprocess.run(["unshare", "--net", "ip", "link", "add", "t0", "type", "veth",
                               "peer", "name", "t1"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.fixture(scope="module")
def live_browser(browser):
    """A second Chromium, in its own network namespace, from the session's Playwright."""
    if not _netns_available():
        pytest.skip("needs `unshare --net` and veth (root): see tests/site/chromium-netns.sh")
    os.environ.setdefault("CHROMIUM", chromium_executable() or "/usr/bin/chromium")
    live = browser.browser_type.launch(executable_path=str(NETNS), args=LIVE_ARGS)
    yield live
    live.close()


class LivePages:
    """Contexts whose requests are answered from dist/ (anything else fails the test)."""

    def __init__(self, browser, dist):
        self.browser, self.dist, self.problems, self.contexts = browser, dist, [], []

    def _route(self, route):
        url = route.request.url
        path = self.dist / url[len(ORIGIN) + 1:].split("?")[0]
        if url.startswith(ORIGIN + "/") and path.is_file():
            route.fulfill(body=path.read_bytes(),
                          content_type=mimetypes.guess_type(path.name)[0] or "text/javascript")
        else:
            self.problems.append(f"unexpected request: {url}")
            route.abort()

    def page(self):
        context = self.browser.new_context()
        self.contexts.append(context)
        context.route("**/*", self._route)
        page = context.new_page()
        page.on("pageerror", lambda e: self.problems.append(f"uncaught error: {e}"))
        page.on("console", lambda m: m.type == "error" and self.problems.append(f"console: {m.text}"))
        page.goto(f"{ORIGIN}/{build_dir(self.dist)}/js/net/codec.js")
        page.evaluate("""async (mods) => {
            window.net = {};
            for (const m of mods) window.net[m] = await import(`./${m}.js`);
            class Mem { constructor() { this.m = new Map(); }
                getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
            window.book = new net.links.PlayerBook(new Mem());
        }""", list(MODULES))
        return page

    def close(self):
        for c in self.contexts:
            c.close()


@pytest.fixture
def live(live_browser, site_dist):
    pages = LivePages(live_browser, site_dist)
    yield pages
    pages.close()
    assert pages.problems == []


def test_offer_answer_data_channel_and_seat_claims(live):
    host, player, twin = live.page(), live.page(), live.page()
    invite = host.evaluate("""async () => {
        window.inbox = net.host.HostInbox.create(["Host", "Pia"], [false, true]);
        window.room = new net.live.Room();
        window.offer = await net.live.hostOffer(inbox.seatAuth(1));
        return await inbox.invite(1);
    }""")
    offer = host.evaluate("offer.code")
    for page in (player, twin):
        page.evaluate("async (inv) => book.addInvite(await net.links.readInvite(inv))", invite)
    answer = player.evaluate("""async (offer) => {
        window.ans = await net.live.playerAnswer(offer, book.keyring(), book.device());
        window.got = [];
        ans.connected.then((ch) => { window.channel = ch;
            ch.onmessage = (e) => { got.push(JSON.parse(e.data)); ch.send(JSON.stringify({pong: got.length})); }; });
        return ans.code;
    }""", offer)
    # an altered answer is refused and leaves the offer usable
    refused = host.evaluate("""async (answer) => {
        const v = (await net.codec.decode(answer, {a: 1})).value;
        const box = net.codec.b64decode(v.x); box[30] ^= 4;
        try { await offer.accept(await net.codec.encode("a", 1, {...v, x: net.codec.b64encode(box)})); return "accepted"; }
        catch (e) { return e.code; }
    }""", answer)
    assert refused == "code_forged"
    result = host.evaluate("""async (answer) => {
        const conn = await offer.accept(answer);
        room.claim(conn.seat, conn.device, conn.channel);
        window.replies = [];
        conn.channel.onmessage = (e) => replies.push(JSON.parse(e.data));
        room.send(1, {type: "view", round: 1, text: "Ünïcödé"});
        await new Promise((r) => { const t = setInterval(() => { if (replies.length) { clearInterval(t); r(); } }, 20); });
        return {replies, connected: room.connected(), offer: offer.code.length, sdp: offer.sdp};
    }""", answer)
    assert result["replies"] == [{"pong": 1}] and result["connected"] == [1]
    assert player.evaluate("got") == [{"type": "view", "round": 1, "text": "Ünïcödé"}]
    assert result["sdp"]["c"], "no ICE candidate was gathered"

    # a second browser holding the same invite connects, but cannot take the seat while the
    # first is connected
    second = host.evaluate("async () => { window.offer2 = await net.live.hostOffer(inbox.seatAuth(1)); return offer2.code; }")
    answer2 = twin.evaluate("""async (o) => { window.ans = await net.live.playerAnswer(o, book.keyring(), book.device());
        return ans.code; }""", second)
    claim = host.evaluate("""async (a) => { const c = await offer2.accept(a);
        try { room.claim(c.seat, c.device, c.channel); return "claimed"; } catch (e) { c.channel.close(); return e.code; } }""", answer2)
    assert claim == "seat_in_use"
    print(f"live: offer {result['offer']} chars, answer {len(answer)} chars")
    assert result["offer"] < 600 and len(answer) < 600
