"""Reading and clicking a page only when it is at rest.

The page says when it is settled (`<html data-settled>`, site/js/shell/settle.js): no Python
call in flight, no page being drawn, no bot or deadline about to move the table. A test that
reads or clicks between a redraw and the next one fails by chance (a locator found, then the
table redrawn by a bot before the click), so every page the tests open is a `Still` page: each
of its actions and reads, and those of its locators and keyboard, first waits until the page
is settled. A settled page changes only by the test's own input (or a far deadline, a peer's
message): the wait and the action that follows are one step as far as the page is concerned.

`page.raw` is the plain Playwright page, for the few tests that act on purpose while the page
works (a press held during a bot's move, a busy indicator read while it shows).
"""

from __future__ import annotations

SETTLE_TIMEOUT_MS = 120_000

# pages of other origins (a wiki embedding the hall) and pages that are not the hall's have no
# runtime and are always at rest; so is a page whose runtime failed to start
SETTLED_JS = """() => {
  const root = document.documentElement;
  return root.dataset.settled === "1" || root.dataset.runtime === "failed"
    || !document.querySelector('script[src*="/js/shell/runtime.js"]');
}"""

# what changes or reads the page: each waits until the page is settled
ACTIONS = frozenset("""
    click dblclick tap fill type press press_sequentially check uncheck set_checked select_option
    set_input_files hover focus blur clear dispatch_event drag_to select_text
    inner_text inner_html text_content input_value get_attribute is_visible is_hidden is_enabled
    is_disabled is_checked is_editable count all_inner_texts all_text_contents bounding_box
    screenshot evaluate evaluate_handle eval_on_selector eval_on_selector_all title content
    insert_text
""".split())
# what gives another locator (or the page's keyboard and mouse) of the same page
CHAINS = frozenset("""
    locator nth first last filter get_by_role get_by_text get_by_label get_by_placeholder
    get_by_alt_text get_by_title get_by_test_id and_ or_ keyboard
""".split())
# the mouse's own presses stay raw (a test may hold a press down during a bot's move); its
# clicks wait like any other
MOUSE_ACTIONS = frozenset({"click", "dblclick"})


# Every Chromium page the tests open prefers reduced motion, as a person may ask of their
# system: the busy note's spinner is the hall's one animation, and turning it kept the browser
# drawing frames (0.11 of a core for as long as it showed: bots thinking, a round settling).
# Nothing the tests check moves. Fresh contexts are made with it (the guard's, and the live
# rooms' in net/live_helpers.py); a warm lease's page is told it.
REDUCED_MOTION = "reduce"


# a new window size is the page's once its resize event has been handled: the browser fires it
# in the next frame's rendering steps, before that frame's animation callbacks, and until then
# the page is "settled" at the old size (a read there saw the old layout, by chance)
RESIZED_JS = """(width) => new Promise((done) => {
  let frames = 0;
  const look = () => requestAnimationFrame(innerWidth === width || ++frames > 120 ? () => done() : look);
  look();
})"""


def settle(page, timeout: float = SETTLE_TIMEOUT_MS):
    """Wait until `page` (a Playwright page, or a Still one) is at rest."""
    raw = getattr(page, "raw", page)
    raw.wait_for_function(SETTLED_JS, timeout=timeout)


class Still:
    """A Playwright object of `page` whose actions and reads wait for the page's rest."""

    def __init__(self, raw, page=None, actions=ACTIONS):
        object.__setattr__(self, "raw", raw)
        object.__setattr__(self, "_page", page if page is not None else raw)
        object.__setattr__(self, "_actions", actions)

    def __getattr__(self, name):
        value = getattr(self.raw, name)
        if name == "context":
            return StillContext.leased.get(value) or StillContext(value)
        if name == "clock" and self.raw.context in StillContext.leased:
            return StillContext.leased[self.raw.context].clock  # the context's clock: see warm.py
        if name == "mouse":
            return Still(value, self._page, MOUSE_ACTIONS)
        if name == "set_viewport_size":
            def resized(size):
                value(size)
                self.raw.evaluate(RESIZED_JS, size["width"])
            return resized
        if name in CHAINS:
            if callable(value):
                return lambda *a, **k: Still(value(*a, **k), self._page)
            return Still(value, self._page)
        if name in self._actions and callable(value):
            def at_rest(*args, **kwargs):
                settle(self._page)
                return value(*args, **kwargs)
            return at_rest
        return value

    def __setattr__(self, name, value):
        setattr(self.raw, name, value)

    def __eq__(self, other):
        return self.raw == getattr(other, "raw", other)

    def __hash__(self):
        return hash(self.raw)

    def __repr__(self):
        return f"Still({self.raw!r})"


class StillContext:
    """A browser context whose pages are Still pages."""

    # a warm context's lease (warm.py) stands for its context while a test holds it: a page's
    # `context` gives the lease, whose close ends the lease rather than the shared context
    leased: dict = {}

    def __init__(self, raw):
        object.__setattr__(self, "raw", raw)

    def new_page(self, *args, **kwargs):
        return Still(self.raw.new_page(*args, **kwargs))

    @property
    def pages(self):
        return [Still(p) for p in self.raw.pages]

    def __getattr__(self, name):
        return getattr(self.raw, name)

    def __setattr__(self, name, value):
        setattr(self.raw, name, value)
