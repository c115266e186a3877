"""The hall installs as an app (site/manifest.webmanifest, its icons drawn by tools/icons.py):
Chromium reads the manifest without an error and finds nothing that stops an install, and the
installed app's start URL opens the hall offline once the site has been visited. Chromium
refuses to install from an incognito profile (every `guard` context is one), so this test
opens a profile of its own and watches its pages itself."""

from __future__ import annotations

import json
import struct

from tools.theme import shell_colour

from ..conftest import TEST_ARGS, START_TIMEOUT_MS, chromium_executable, is_local, wait_started


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_installable_and_its_start_url_works_offline(browser, site_server, tmp_path):
    problems = []
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=chromium_executable(), args=TEST_ARGS)
    context.on("request", lambda r: is_local(r.url) or problems.append(f"request left localhost: {r.url}"))
    context.on("response", lambda r: r.status < 400 or problems.append(f"HTTP {r.status} for {r.url}"))
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: problems.append(f"uncaught error: {e}"))
        page.on("console", lambda m: m.type == "error" and problems.append(f"console error: {m.text}"))
        page.goto(site_server.url)
        wait_started(page)
        # the offline copy is complete (the service worker installed, the build cached)
        page.wait_for_function("window.brokerYard.offline", timeout=START_TIMEOUT_MS)
        page.evaluate("window.brokerYard.offline")

        cdp = context.new_cdp_session(page)
        found = cdp.send("Page.getAppManifest")
        assert found["errors"] == [], found["errors"]
        manifest = found["manifest"]
        assert manifest["name"] == "Mesa" and manifest["display"] == "kStandalone"
        assert manifest["startUrl"] == site_server.url and manifest["scope"] == site_server.url
        assert manifest["themeColor"] == "rgba(29,93,140,1)"
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        # each icon is a PNG of the size the manifest states; one is maskable
        assert '"purpose": "maskable"' in found["data"]
        for icon in manifest["icons"]:
            data = page.request.get(icon["url"]).body()
            width, height = png_size(data)
            assert f"{width}x{height}" == icon["sizes"], icon

        # the installed app opens its start URL, offline
        context.set_offline(True)
        page.goto(manifest["startUrl"])
        wait_started(page)
        page.wait_for_function("document.documentElement.dataset.hall === 'ready'", timeout=START_TIMEOUT_MS)
        page.wait_for_selector("#app > .lobby")
    finally:
        context.close()
    assert not problems, "\n  ".join(["the installed app misbehaved:", *dict.fromkeys(problems)])


def test_theme_colours_are_shell_css_s(site_dist):
    """The theme's colours are written once, in site/css/shell.css (tools/theme.py): the built
    page's theme-color and the manifest's colours are read from there, and no placeholder is
    left in a page or the manifest."""
    accent, background = shell_colour("--by-accent"), shell_colour("--by-bg")
    assert accent != background
    (manifest,) = site_dist.glob("app/*/manifest.webmanifest")
    colours = json.loads(manifest.read_text(encoding="utf-8"))
    assert (colours["theme_color"], colours["background_color"]) == (accent, background)
    assert f'<meta name="theme-color" content="{accent}">' in (site_dist / "index.html").read_text(encoding="utf-8")
    for page in [*site_dist.glob("*.html"), manifest]:
        text = page.read_text(encoding="utf-8")
        assert "{{theme}}" not in text and "{{background}}" not in text, page.name
