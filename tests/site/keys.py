"""Playing a table with the keyboard alone (issue 33): the human seat moves the focus with Tab
and Shift+Tab and acts with Enter, Space, the arrow keys, Escape and digits typed in a focused
number field, as a person without a mouse does. The test never clicks the game's controls,
never fills them and never moves the focus itself: it reads where the focus is
(`document.activeElement`) to decide its next key, as the person reads the screen.

It also reads the page as a screen reader does (`spoken`): Playwright's aria snapshot, the
accessibility tree's roles and names, not the drawing.

A game near its end comes from the engine itself (`played_until`): its bots play a new game
forward in Python until a test's condition holds, and the record is imported in the lobby."""

from __future__ import annotations

from engine.core.game import get_game
from engine.core.record import to_record
from engine.sim.play import play_out

from .hall import HALL_TIMEOUT, import_record

# what has the focus, as the test reads it to choose its next key
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const text = (el.getAttribute("aria-label") || el.textContent || el.value || "").trim().replace(/\\s+/g, " ");
  return { tag: el.tagName.toLowerCase(), id: el.id, cls: typeof el.className === "string" ? el.className : "",
           type: el.type || "", text: text.slice(0, 60) };
}"""
MATCHES = "(css) => !!document.activeElement && document.activeElement.matches(css)"
WHERE = f"(css) => ({{ match: ({MATCHES})(css), focused: ({FOCUSED})() }})"
# Tab presses allowed to reach one control: the longest tab order of a table (the grid game's
# market, stepper and map beside its log) is under this
REACH = 160


def focused(page):
    """What has the focus ({tag, id, cls, type, text}), or None when nothing does (<body>)."""
    return page.evaluate(FOCUSED)


def at(page, css):
    """Whether the focus is on an element matching `css`."""
    return page.evaluate(MATCHES, css)


def press(page, key):
    """One key (or chord) pressed where the focus is, once the page is at rest."""
    page.keyboard.press(key)


def tab_to(page, css, back=False, limit=REACH):
    """Tab (Shift+Tab when `back`) until the focus is on `css`; fails when the tab order
    never reaches it (a control the keyboard cannot reach)."""
    seen = []
    for _ in range(limit):
        now = page.evaluate(WHERE, css)
        if now["match"]:
            return now["focused"]
        seen.append(now["focused"])
        press(page, "Shift+Tab" if back else "Tab")
    order = " → ".join(f"{f['tag']}#{f['id']}.{f['cls'][:20]}" if f else "body" for f in seen[:40])
    raise AssertionError(f"{css} is not reached by {'Shift+' if back else ''}Tab in {limit} presses: {order}")


def kept(page, where=""):
    """The focus after an action: on something of the page, never lost on <body>."""
    f = focused(page)
    assert f is not None, f"the focus was lost on <body> {where}"
    return f


def type_digits(page, text):
    """Digits typed in the focused number field, key by key (after selecting what it holds)."""
    press(page, "Control+A")
    for ch in text:
        press(page, ch)


def spoken(page, css="body"):
    """The part `css` of the page as a screen reader meets it: the aria snapshot (roles,
    names, live regions' text) of its first match, as YAML text."""
    return page.locator(css).first.aria_snapshot()


def ax_nodes(page, css):
    """The accessibility tree Chromium gives a screen reader under the first match of `css`
    (read over the DevTools protocol: Playwright's aria snapshot stops at an <svg>, while a
    reader goes into it): [(role, name)] of its nodes, in order, those it ignores left out."""
    page.evaluate("0")  # the page at rest first
    cdp = page.context.new_cdp_session(page.raw)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        found = cdp.send("DOM.querySelector", {"nodeId": root, "selector": css})["nodeId"]
        backend = cdp.send("DOM.describeNode", {"nodeId": found})["node"]["backendNodeId"]
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    by_id = {n["nodeId"]: n for n in nodes}
    start = next(n for n in nodes if n.get("backendDOMNodeId") == backend)
    out, todo = [], [start]
    while todo:
        node = todo.pop(0)
        if not node.get("ignored"):
            out.append((node.get("role", {}).get("value"), node.get("name", {}).get("value", "")))
        todo[:0] = [by_id[c] for c in node.get("childIds", []) if c in by_id]
    return out


def played_until(game, options, players, seed, stop, bots=None):
    """A new game played forward by the engine's bots until `stop(state)` holds (or the end):
    its state. `bots`: a level per seat, "easy" for all by default."""
    module = get_game(game)
    state = module.new_game(options, players, seed)
    play_out(module, state, bots or ["easy"] * len(players), "keys", stop)
    return state


def open_by_keys(page, state, human=0, level="easy"):
    """`state` imported as a saved game (seat `human` a person, the others bots of `level`;
    a record with its `meta` as it is) and opened from the lobby's list of running games
    with the keyboard."""
    seats = [{"kind": "human"} if i == human else {"kind": "bot", "level": level}
             for i in range(len(state["players"]))]
    record = state if "meta" in state else to_record(state, {"seats": seats})
    import_record(page, record, "keys.json")
    page.wait_for_selector("#by-running .game-item [data-open]", timeout=HALL_TIMEOUT)
    tab_to(page, "#by-running .game-item [data-open]")
    press(page, "Enter")
    page.wait_for_selector(".game-top", timeout=HALL_TIMEOUT)
