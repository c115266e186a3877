"""What the link-size benches run in a page of the build with the net modules loaded
(site/js/net, as window.net): a host's inbox with every seat's book, and one step's state
link and action codes, sealed and encoded by the real site code; and the page itself."""

from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path

import build
from tests.site.conftest import CHROMIUM_ARGS, chromium_executable
from tests.site.net.net_helpers import build_dir


@contextmanager
def net_page():
    """A page of a fresh build, served on 127.0.0.1 in Debian's Chromium, on the origin of the
    net modules (so `import("./codec.js")` works); closed afterwards."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        dist = Path(tmp) / "dist"
        build.build(dist, quiet=True)
        server = build.start(dist)
        browser = pw.chromium.launch(executable_path=chromium_executable(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{server.url}{build_dir(dist)}/js/net/codec.js")
            yield page
        finally:
            browser.close()
            server.shutdown()


# args [modules, players, game tag] -> the invites' lengths; window.host and window.books
BOOKS_SETUP = """async ([mods, n, game]) => {
    window.net = {};
    for (const m of mods) window.net[m] = await import(`./${m}.js`);
    class Mem { constructor() { this.m = new Map(); }
        getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
    window.host = net.host.HostInbox.create(game, Array.from({length: n}, (_, i) => "P" + i));
    window.books = [];
    const invites = [];
    for (let i = 0; i < n; i++) {
        const b = new net.links.PlayerBook(new Mem());
        invites.push(await host.invite(i));
        b.addInvite(await net.links.readInvite(invites[i])); books.push(b);
    }
    return invites.map((s) => s.length);
}"""


# args [link input of a step, [[seat, packed action], ...]] -> {link, codes}: the state
# link's length and each code's, every code accepted by the host's inbox
STEP = """async ([data, actions]) => {
    host.nextStep(data.step, data.over);
    const link = await host.stateLink(data);
    const codes = [];
    for (const [seat, packed] of actions) {
        const code = await books[seat].actionCode(host.gameId, data.step, packed);
        const r = await host.accept(code);
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        codes.push(code.length);
    }
    return {link: link.length, codes};
}"""

