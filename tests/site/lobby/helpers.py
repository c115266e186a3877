"""What the tests of the lobby's own parts share: the hall's catalogs, the page's lasting
notices (a bad link, a rebuilt list of games), the storage as the page keeps it, and the
notices a page has shown (recorded as they come, so a short one is never missed)."""

from __future__ import annotations

import json
from pathlib import Path

from ..hall import SHOTS

CATALOGS = Path(__file__).resolve().parents[3] / "site" / "i18n"

# every notice the page shows, kept in window.__notices as it is added (site/js/shell/ui.js
# removes them after a few seconds: a test that looked later would miss one)
RECORD_NOTICES = """
window.__notices = [];
new MutationObserver((changes) => {
  for (const change of changes)
    for (const node of change.addedNodes)
      if (node.nodeType === 1 && node.parentElement && node.parentElement.id === "by-notices")
        window.__notices.push({ text: node.textContent, kind: node.className });
}).observe(document, { childList: true, subtree: true });
"""


def shot_of(page, selector, name):
    """A screenshot of one part of the page (a long lobby's full page is too tall to read)."""
    SHOTS.mkdir(exist_ok=True)
    # the whole page at once (a part taller than the screen is not scrolled under the sticky
    # header), cut to the part
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(selector).bounding_box()
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, clip=box)


def catalog(code):
    return json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))


def lasting(page, name):
    """The text of the lasting notice `name` once it shows."""
    page.wait_for_selector(f"#by-lasting [data-notice='{name}']")
    return page.inner_text(f"#by-lasting [data-notice='{name}'] .lasting-text")


def close_lasting(page, name):
    page.click(f"#by-lasting [data-notice='{name}'] [data-close]")
    page.wait_for_selector(f"#by-lasting [data-notice='{name}']", state="detached")


def stored(page, key):
    return page.evaluate("(k) => localStorage.getItem('by.v1.' + k)", key)


def keep(page, key, text):
    page.evaluate("([k, v]) => localStorage.setItem('by.v1.' + k, v)", [key, text])


def notices(page):
    return page.evaluate("window.__notices")
