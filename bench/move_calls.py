"""One move in the browser, for every game: the Python calls and the bytes that cross the
bridge (site/js/shell/runtime.js `py.call`: the arguments' JSON in, the reply's JSON out),
and the milliseconds from the click to the table redrawn, in our own build in Debian's
Chromium. Two ways to play are measured:

- at the host's table: a person's move against bots (the click that plays, to the table
  drawn again after it);
- from afar, by links: a remote player's decision made on its own page (the click, to its
  page drawn with the action code), the host taking the code in (the paste's submit, to the
  host's table redrawn) and the player's page opening the host's newer link (the submit, to
  its page redrawn); the calls of the three are added up as the move's.

A move's calls are those from its click to the first redraw of the page after the call
that played it; the bots' turns that follow are not counted. Beside the milliseconds from the
click to the redrawn table (the page's drawing and a busy machine's noise in them), those
spent in the calls (Python and the JSON both ways). Every run plays the same games
(crypto's random values from a fixed seed), so that two builds are measured on the same
deals and moves. Prints figures, asserts nothing.

    .venv/bin/python bench/move_calls.py [--games broker-yard,ekonos] [--moves 4] [--no-remote]
"""

import argparse
import pathlib
import random
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from engine.core.game import GAMES  # noqa: E402
from tests.site.calls import CLEAR, READ, WATCH  # noqa: E402

# the same games in every run: crypto's random values (a game's seed, its id, the invites'
# secrets) from a fixed seed, so that two builds are measured on the same deals and moves
SAME_GAMES = """(() => { let x = 0x2545f491;
  const next = () => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return x >>> 0; };
  crypto.getRandomValues = (a) => {
    const b = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < b.length; i++) b[i] = next() & 255;
    return a;
  };
})();"""
INSTANT_BOTS = """try { if (localStorage.getItem("by.v1.botSpeed") === null)
  localStorage.setItem("by.v1.botSpeed", '"instant"'); } catch {}"""
# the calls that play a move (the host's table, the host taking a code in) or show a link
PLAYS = ("hall_act", "hall_act_remote", "net_link_view", "net_pack_action", "net_plan", "game_tool")


def measured(page, play, last=None):
    """Run `play()` (its last click is the move) and read what the move cost:
    {calls: [names], sent, got, ms} or None when no call played it. The move's call is the
    first of `PLAYS` after the click (or `last`'s name: the call the move ends with)."""
    from tests.site.still import settle

    page.raw.evaluate(CLEAR)
    play()
    settle(page)
    b = page.raw.evaluate(READ)
    if not b["clicks"]:
        return None
    click = b["clicks"][-1]
    after = [c for c in b["calls"] if c["t0"] >= click]
    ends = [c for c in after if (c["name"] == last if last else c["name"] in PLAYS)]
    if not ends:
        return None
    done = ends[-1 if last else 0]["t1"]
    draws = [d for d in b["draws"] if d >= done]
    if not draws:
        return None
    calls = [c for c in after if c["t0"] < draws[0]]
    return {"calls": [c["name"] for c in calls], "sent": sum(c["sent"] for c in calls),
            "got": sum(c["got"] for c in calls), "ms": draws[0] - click,
            "py": sum(c["t1"] - c["t0"] for c in calls)}


def last_click_of(page, clicks):
    """Every click of `clicks` but the last made now; returns a function making the last."""
    for click in clicks[:-1]:
        click()
    return clicks[-1]


# ---------------------------------------------------------------- a move at the host's table
def table_moves(game, page, moves):
    """Up to `moves` measured moves of a person at the host's table (the first seat)."""
    from tests.site import hall
    out = []
    if game == "broker-yard":
        from tests.site.broker import helpers as by
        by.start_game(page, [("Ana", "human"), ("Bot", "easy"), ("Cy", "easy")])
        for _ in range(moves):
            if page.locator(".final").count():
                break
            by.choose_first_card(page)
            out.append(measured(page, lambda: by.press_ready(page), "hall_act"))
    elif game in ("ekonos", "grid"):
        helpers = __import__(f"tests.site.{game}.helpers", fromlist=["x"])
        helpers.start_game(page, [("Ana", "human"), ("Bot", "easy"), ("Cy", "easy")])
        while len(out) < moves:
            phase = helpers.my_turn(page)
            if phase is None:
                break
            out.append(measured(page, lambda phase=phase: helpers.quick_turn(page, phase), "hall_act"))
    elif game == "spy":
        from tests.site.spy import helpers as spy
        hall.start(page, "spy", [("Ana", "human")] + [(f"Bot {i}", "easy") for i in range(5)])
        rnd = random.Random(1)
        while len(out) < moves and not page.locator(".spy-final, #spy-dead").count():
            page.wait_for_selector("#spy-day")
            if page.locator("#spy-day.spy-done").count():
                break
            out.append(measured(page, lambda: spy.answer_day(page, rnd), "hall_act"))
    return [m for m in out if m]


# ---------------------------------------------------------------- a move from afar, by links
def remote_moves(game, host, player, moves):
    """Up to `moves` measured decisions of a remote player (the first seat) by links."""
    from tests.site.net.test_net_ui import code_text, player_round
    from tests.site import hall
    seats = [("Pia", "remote"), ("Ada", "easy")]
    hall.start(host, game, seats, [("deal", "3+5")] if game == "broker-yard" else ())
    host.wait_for_selector("textarea[data-code='round']")
    host.click("[data-invite-toggle='0']")
    player.goto(code_text(host, "invite-0"))
    player.wait_for_selector(".play")
    out = []
    link = code_text(host, "round")
    opened = measured(player, lambda link=link: player_round(player, link))
    for _ in range(moves * 4):
        if len(out) >= moves or player.locator(".final, .spy-final").count():
            break
        made = decide(game, player)
        if made is None:  # not the player's turn: the host's bot plays, a newer link comes
            host.wait_for_function(NEWER, arg=link)
            link = code_text(host, "round")
            opened = measured(player, lambda link=link: player_round(player, link))
            continue
        code = code_text(player, "order")

        def paste(code=code):
            host.locator("textarea[data-paste='order']").fill(code)
            host.click("[data-submit='order']")
        taken = measured(host, paste, "hall_act_remote")
        host.wait_for_function(NEWER, arg=link)
        link = code_text(host, "round")
        parts = [m for m in (made, taken, opened) if m]
        out.append({"calls": sum((m["calls"] for m in parts), []), "sent": sum(m["sent"] for m in parts),
                    "got": sum(m["got"] for m in parts), "ms": made["ms"], "py": sum(m["py"] for m in parts),
                    "parts": {"decide": made, "host": taken, "open": opened}})
        opened = measured(player, lambda link=link: player_round(player, link))
    return out


NEWER = """(l) => { const t = document.querySelector("textarea[data-code='round']"); return t && t.value !== l; }"""


def decide(game, page):
    """The remote player's decision on its page, measured (None: not its turn)."""
    if game == "broker-yard":
        from tests.site.broker import helpers as by
        if not page.locator(".hand-card").count() or page.locator("textarea[data-code='order']").count():
            return None
        by.pick_card(page)
        return measured(page, lambda: by.press_ready(page), "net_pack_action")
    helpers = __import__(f"tests.site.{game}.helpers", fromlist=["x"])
    field = helpers.PLAYER_FIELD
    turn = []
    # a whole turn may be several decisions composed on the page: the last one makes the code
    while (page.locator(f"{field}[data-acting='1']").count()
           and not page.locator("textarea[data-code='order']").count()):
        phase = page.get_attribute(field, "data-phase")
        click = helpers.quick_click(page, phase) if game == "ekonos" else grid_click(page, phase)
        step = page.get_attribute(field, "data-step")

        def press(click=click, step=step):
            page.locator(click).first.click()
            page.raw.wait_for_function(
                """([sel, step]) => { const f = document.querySelector(sel);
                    return document.querySelector("textarea[data-code='order']")
                        || (f && f.dataset.step !== step); }""",
                arg=[field, step])
        turn.append(measured(page, press))
    turn = [m for m in turn if m]
    if not turn:
        return None
    # the turn's decisions together (each one planned on the page), timed by its last click
    return {"calls": sum((m["calls"] for m in turn), []), "sent": sum(m["sent"] for m in turn),
            "got": sum(m["got"] for m in turn), "ms": turn[-1]["ms"], "py": sum(m["py"] for m in turn)}


def grid_click(page, phase):
    if phase == "auction":
        return "#grid-pass" if page.locator("#grid-pass").count() else "#grid-bid"
    if phase == "power":
        return "#grid-power"
    return "#grid-done"


# ---------------------------------------------------------------- figures
def line(label, got):
    if not got:
        return f"  {label}: no move measured"
    calls = statistics.median(len(m["calls"]) for m in got)
    sent = statistics.median(m["sent"] for m in got)
    back = statistics.median(m["got"] for m in got)
    ms = statistics.median(m["ms"] for m in got)
    py = statistics.median(m["py"] for m in got)
    names = {}
    for m in got:
        for n in m["calls"]:
            names[n] = names.get(n, 0) + 1
    each = ", ".join(f"{n} {k / len(got):g}" for n, k in names.items())
    return (f"  {label}: {len(got)} moves; per move (median) {calls:g} Python calls, {sent:,.0f} bytes in, "
            f"{back:,.0f} bytes out, {ms:.0f} ms from the click to the redrawn table, {py:.1f} ms of it in "
            f"the calls\n"
            f"    calls per move: {each}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--moves", type=int, default=4)
    parser.add_argument("--no-remote", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from tests.site.still import Still

    with tempfile.TemporaryDirectory() as tmp:
        dist = pathlib.Path(tmp) / "dist"
        build.build(dist, quiet=True)
        server = build.start(dist)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update"])

                def page(width=1280):
                    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-US")
                    context.add_init_script(INSTANT_BOTS)
                    context.add_init_script(SAME_GAMES)
                    context.add_init_script(WATCH)
                    raw = context.new_page()
                    raw.set_default_timeout(120_000)
                    raw.goto(server.url)
                    raw.wait_for_function("document.documentElement.dataset.hall === 'ready'", timeout=180_000)
                    raw.wait_for_selector("#app > .lobby")
                    return Still(raw)

                for game in args.games.split(","):
                    print(game)
                    host = page()
                    print(line("at the host's table", table_moves(game, host, args.moves)))
                    host.context.close()
                    if game == "spy":
                        # a remote seat of the spy game is dealt by a fair deal's exchange first
                        print("  from afar by links: not measured (a fair deal's exchange comes first)")
                    elif not args.no_remote:
                        host, player = page(), page(375)
                        got = remote_moves(game, host, player, args.moves)
                        print(line("from afar by links (decide + host takes the code + open the link)", got))
                        for part in ("decide", "host", "open"):
                            print(line(f"    {part}", [m["parts"][part] for m in got if m["parts"][part]]))
                        host.context.close()
                        player.context.close()
                browser.close()
        finally:
            server.shutdown()
            server.server_close()


if __name__ == "__main__":
    main()
