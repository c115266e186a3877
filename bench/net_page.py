"""The page the link-size bench (bench/link_budget.py) runs the site's net modules in: a
fresh build served on 127.0.0.1 in Debian's Chromium."""

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
