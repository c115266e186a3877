"""Playing by links for people who are not technical (issue 17, item 7). The host's Remote
players tab is three numbered steps in plain words, each beside what it is about (1. the
invites, 2. the link for the group, 3. the codes the players send back), the one to do now
marked as the game goes (kept over a reload); "New invite" says what it does before it is
pressed; a warning says when the links point at an address a friend cannot open (the test
server's 127.0.0.1, a local network's address, a file: site/js/net/address.js decides, its
cases tested here). A remote player's page marks the bot seats as the host's page does, in
every game: the seat kinds travel in the state link's public part. Screenshots of the host's
tab at 375 and 1280 px, in English and in Arabic (right to left)."""

from __future__ import annotations

import json

import pytest

from ..broker.helpers import choose_first_card, press_ready, start_game
from ..conftest import wait_started
from ..ekonos.helpers import start_game as start_ekonos
from ..grid.helpers import start_game as start_grid
from ..hall import no_horizontal_overflow, open_hall, shot, start
from ..spy.helpers import start_spy
from .net_helpers import build_dir
from .test_net_ui import EN, I18N, NEW_LINK, code_text, message, open_page, paste, player_round

AR = json.loads((I18N / "ar.json").read_text(encoding="utf-8"))
BY_WORDS = json.loads((I18N / "broker-yard" / "en.json").read_text(encoding="utf-8"))
STEPS = "#by-net-steps"


def now(page):
    """The step the host's tab marks as the one to do now ("" when none)."""
    return page.get_attribute(STEPS, "data-now")


def wait_now(page, step):
    page.wait_for_function("(s) => { const l = document.querySelector('#by-net-steps');"
                           " return l && l.dataset.now === s; }", arg=step)


def marked(page):
    """The steps as shown: (key, number, heading, marked now, aria-current) each."""
    return page.evaluate("""() => [...document.querySelectorAll('#by-net-steps > li')].map((li) => [
        li.dataset.step, li.querySelector('.net-step-n').textContent, li.querySelector('h3').textContent,
        !li.querySelector('.badge-now').hidden, li.getAttribute('aria-current')])""")


def bot_marks(page, scope):
    """On a page, each badge that reads like a bot's ("bot · strong"), with the name of the
    seat whose row (a list item or a player's card) holds it."""
    return page.evaluate("""([scope, prefix]) => [...document.querySelectorAll(`${scope} .badge`)]
        .filter((b) => b.textContent.startsWith(prefix))
        .map((b) => { const row = b.closest('li, article');
                      return [b.textContent, row ? row.querySelector('bdi').textContent : null]; })""",
                         [scope, message("players.bot", level="")])


def look(page, name):
    """A screenshot of the page from its top, without the toasts over it."""
    page.evaluate("document.getElementById('by-notices').replaceChildren(); window.scrollTo(0, 0)")
    shot(page, name)


def bot_mark(level):
    return message("players.bot", level=message(f"level.{level}"))


# ---------------------------------------------------------------- who can open a link
REACH = {
    "device": ["http://127.0.0.1:8000/", "http://localhost/hall/", "http://app.localhost/", "http://[::1]:80/",
               "http://0x7f.1/", "http://2130706433/", "http://0.0.0.0/", "http://[::ffff:127.0.0.1]/",
               "about:blank", "not a link"],
    "network": ["http://10.0.0.5/", "http://172.16.0.1/", "http://172.31.255.255/", "http://192.168.1.20:8000/",
                "http://169.254.3.4/", "http://[::ffff:192.168.1.2]/", "https://[fd12:3456::1]/",
                "https://[fe80::1]/", "https://mypc.local/", "http://mypc:8000/", "https://nas.lan/",
                "https://box.home.arpa/"],
    "file": ["file:///home/ana/hall/dist/index.html", "FILE:///C:/hall/index.html"],
    "anyone": ["https://hall.example/", "https://games.example.org./hall/", "http://172.32.0.1/",
               "http://172.15.0.1/", "http://192.169.1.1/", "https://8.8.8.8/", "https://[2001:db8::1]/",
               "https://localhost.example.com/"],
}


def test_who_can_open_a_link_to_each_address(guard, site_server, site_dist):
    page = guard.new_page()
    page.goto(f"{site_server.url.rstrip('/')}/{build_dir(site_dist)}/js/net/codec.js")
    got = page.evaluate("""async (cases) => {
        const { reach } = await import("./address.js");
        return Object.fromEntries(Object.values(cases).flat().map((u) => [u, reach(u)]));
    }""", REACH)
    wrong = {u: (got[u], want) for want, urls in REACH.items() for u in urls if got[u] != want}
    assert not wrong, wrong


# ---------------------------------------------------------------- the host's tab
def test_host_tab_in_numbered_steps_with_the_one_to_do_now(guard, site_server):
    host = open_hall(guard, site_server, width=375)
    start_game(host, [("Hosta", "human"), ("Pia", "remote"), ("Bo", "strong")])
    host.wait_for_selector("textarea[data-code='round']")

    # the links start with the test server's 127.0.0.1: a friend cannot open them
    origin = site_server.url.rstrip("/")
    assert host.get_attribute("#by-link-address", "data-reach") == "device"
    assert host.inner_text("#by-link-address") == \
        f"{message('net.address_nobody')} {message('net.address_device', address=origin)}"

    # three numbered steps in plain words, each beside what it is about; the first is now
    assert marked(host) == [["invites", "1", message("net.step_invites"), True, "step"],
                            ["link", "2", message("net.step_link"), False, None],
                            ["codes", "3", message("net.step_codes"), False, None]]
    assert host.locator("li[data-step='invites'] [data-invite-toggle='1']").count() == 1
    assert host.locator("li[data-step='link'] textarea[data-code='round']").count() == 1
    assert host.locator("li[data-step='codes'] textarea[data-paste='order']").count() == 1
    assert host.inner_text("#by-net-awaited") == message("net.codes_awaited", names="Pia")
    assert host.inner_text("[data-live-offer='1']") == message("live.offer")     # no "offer" to make
    # "New invite" says what it does before it is pressed
    hint = host.locator("[data-reissue-hint='1']")
    assert hint.inner_text() == message("net.reissue_hint", name="Pia")
    assert host.get_attribute("[data-reissue='1']", "aria-describedby") == hint.get_attribute("id")
    no_horizontal_overflow(host)
    look(host, "net-steps-host-375-en")

    # showing an invite is not sending it; its QR code shown (or copied, shared) is
    host.click("[data-invite-toggle='1']")
    invite = code_text(host, "invite-1")
    assert now(host) == "invites"
    host.click("[data-qr-toggle='invite-1']")
    wait_now(host, "link")
    host.click("[data-qr-toggle='round']")
    wait_now(host, "codes")
    assert marked(host)[2][3:] == [True, "step"]
    host.set_viewport_size({"width": 1280, "height": 900})
    no_horizontal_overflow(host)
    look(host, "net-steps-host-codes-1280-en")
    host.set_viewport_size({"width": 375, "height": 900})
    # a reload keeps what was passed on
    host.reload()
    wait_started(host)
    host.wait_for_selector(STEPS)
    assert now(host) == "codes"

    # Pia plays from her page; her move in, nothing is awaited from afar (the host's own turn)
    pia = open_page(guard, site_server, 1280)
    pia.goto(invite)
    pia.wait_for_selector("#by-play")
    player_round(pia, code_text(host, "round"))
    # her page marks the bot's seat as the host's does, and no person as a bot
    assert bot_marks(pia, "#by-play") == [[bot_mark("strong"), "Bo"]]
    choose_first_card(pia)
    press_ready(pia)
    pia.wait_for_selector("textarea[data-code='order']")
    ok, text = paste(host, "order", code_text(pia, "order"))
    assert ok, text
    wait_now(host, "")
    assert host.inner_text("#by-net-awaited") == message("net.codes_none")
    # the host plays its seat: the round ends, a new link is to be posted
    link = code_text(host, "round")
    host.click("#by-tab-field")
    choose_first_card(host)
    press_ready(host)
    host.click("#by-tab-net")
    host.wait_for_function(NEW_LINK, arg=link)
    wait_now(host, "link")

    # a new invite: the old one is void, so sending the invite is the step to do again
    host.click("[data-reissue='1']")
    host.click("dialog[open] [data-ok]")
    host.wait_for_selector("textarea[data-code='invite-1']")
    wait_now(host, "invites")

    # the warning's other cases, drawn by the page's own module for other addresses
    warnings = host.evaluate("""async () => {
        const src = document.querySelector("script[src$='/js/hall/app.js']").src;
        const { addressWarning } = await import(src.replace(/app\\.js$/, "remote/linkwarn.js"));
        const at = (href) => { const u = new URL(href);
            return { href, protocol: u.protocol, origin: u.origin, pathname: u.pathname }; };
        const read = (el) => el && [el.dataset.reach, el.textContent];
        return [read(addressWarning(at("http://192.168.1.20:8000/hall/"))),
                read(addressWarning(at("file:///home/ana/hall/index.html"))),
                read(addressWarning(at("https://hall.example/")))];
    }""")
    assert warnings == [
        ["network", f"{message('net.address_nearby')} {message('net.address_network', address='http://192.168.1.20:8000')}"],
        ["file", f"{message('net.address_nobody')} "
                 f"{message('net.address_file', address='file:///home/ana/hall/index.html')}"],
        None,
    ]

    # at 1280 px, with step 1 marked
    host.set_viewport_size({"width": 1280, "height": 900})
    no_horizontal_overflow(host)
    look(host, "net-steps-host-1280-en")

    # right to left: the same steps in Arabic, the address kept left to right
    host.set_viewport_size({"width": 375, "height": 900})
    host.select_option("#by-lang", "ar")
    host.wait_for_selector("html[dir=rtl] li[data-step='invites'] h3")
    host.wait_for_function("(t) => document.querySelector(\"li[data-step='invites'] h3\").textContent === t",
                           arg=AR["net.step_invites"])
    assert [m[2] for m in marked(host)] == [AR["net.step_invites"], AR["net.step_link"], AR["net.step_codes"]]
    assert f"\u2066{origin}\u2069" in host.inner_text("#by-link-address")
    # a name inside Arabic text is an isolate of its own direction (FSI…PDI)
    assert host.inner_text("[data-reissue-hint='1']") == AR["net.reissue_hint"].replace("{name}", "\u2068Pia\u2069")
    no_horizontal_overflow(host)
    look(host, "net-steps-host-375-ar")


# ---------------------------------------------------------------- bots on remote pages
def fair_deal(host, player):
    """The spy game's exchange before the deal, by links (as tests/site/spy/test_spy_net.py)."""
    for phase, then in (("commit", "[data-pending][data-phase='reveal']"), ("reveal", ".game-top h2")):
        host.wait_for_selector(f"[data-pending][data-phase='{phase}']")
        player.locator("textarea[data-paste='link']").first.fill(code_text(host, "round"))
        player.locator("[data-submit='link']").first.click()
        player.wait_for_selector(f"#by-fair-pre[data-phase='{phase}'] textarea[data-code='order']")
        host.locator("textarea[data-paste='order']").fill(code_text(player, "order"))
        host.click("[data-submit='order']")
        host.wait_for_selector(then)


@pytest.mark.parametrize("game, seats, bots", [
    ("ekonos", [("Pia", "remote"), ("Ada", "strong"), ("Hosta", "human")], {"Ada": "strong"}),
    ("grid", [("Pia", "remote"), ("Ada", "easy"), ("Boris", "strong")], {"Ada": "easy", "Boris": "strong"}),
    ("spy", [("Pia", "remote"), ("Ada", "easy"), ("Boris", "normal"), ("Carmen", "normal"), ("Dalia", "normal")],
     {"Ada": "easy", "Boris": "normal", "Carmen": "normal", "Dalia": "normal"}),
])
def test_remote_pages_mark_the_bot_seats_in_every_game(guard, site_server, game, seats, bots):
    """(Broker-Yard's: the test above.)"""
    host = open_hall(guard, site_server, width=1280)
    {"ekonos": start_ekonos, "grid": start_grid, "spy": start_spy}[game](host, seats)
    host.wait_for_selector("textarea[data-code='round']")
    host.click("[data-invite-toggle='0']")
    pia = open_page(guard, site_server, 375)
    pia.goto(code_text(host, "invite-0"))
    pia.wait_for_selector("#by-play")
    if game == "spy":
        fair_deal(host, pia)
        host.click("#by-tab-net")
        host.wait_for_selector("textarea[data-code='round']")
    player_round(pia, code_text(host, "round"))
    pia.wait_for_selector(".remote-table")
    got = bot_marks(pia, ".remote-table")
    want = [[bot_mark(level), name] for name, level in bots.items()]
    assert sorted(got) == sorted(want), got
    no_horizontal_overflow(pia)
    look(pia, f"net-bots-{game}-375-en")


def test_a_group_link_too_long_for_a_chat_is_not_offered(guard, site_server):
    """At a large table every remote seat's sealed part makes the group's link pass 2,000
    characters (a mass start of 20 remote seats: 2,450 at the least on 30 seeds of the CPython
    model, tests/engine/core/test_link_budget.py); the host's tab then offers each seat's own
    link and says why, in one sentence (docs/multiplayer.md, "Sizes")."""
    host = open_hall(guard, site_server, width=1280)
    start(host, "broker-yard", [(f"P{i + 1}", "remote") for i in range(20)], [("mode", "mass")])
    host.click("#by-tab-net")
    host.wait_for_selector(STEPS)
    game_id = host.evaluate("JSON.parse(localStorage.getItem('by.v1.games'))[0]")
    link = json.loads(host.evaluate("(k) => localStorage.getItem(k)", f"by.v1.game.{game_id}"))["net"]["link"]
    assert len(link) > 2000
    assert [m[:3] for m in marked(host)][1] == ["link", "2", message("net.step_own_links")]
    assert host.locator("textarea[data-code='round']").count() == 0
    said = host.inner_text("li[data-step='link'] #by-long-link")
    assert said == EN["net.long_link"]["other"].replace("{count}", f"{len(link):,}")
    # each seat's own link is there, under the budget
    host.click("[data-personal-toggle='7']")
    assert len(code_text(host, "personal-7").partition("#")[2]) < 2000


def test_a_large_tables_remote_page_says_which_rounds_cards_it_shows(guard, site_server):
    """A table of more than 8 seats carries each seat's cards of the last round only
    (engine/broker/link_large.py): the remote page's heading names that round, and its
    tooltip says why the earlier rounds are not there."""
    host = open_hall(guard, site_server, width=1280)
    start(host, "broker-yard", [("Pia", "remote")] + [(f"B{i}", "easy") for i in range(8)], [("mode", "mass")])
    host.wait_for_selector("textarea[data-code='round']")
    host.click("[data-invite-toggle='0']")
    pia = open_page(guard, site_server, 1280)
    pia.goto(code_text(host, "invite-0"))
    pia.wait_for_selector("#by-play")
    first = code_text(host, "round")
    player_round(pia, first)
    choose_first_card(pia)
    press_ready(pia)
    pia.wait_for_selector("textarea[data-code='order']")
    ok, text = paste(host, "order", code_text(pia, "order"))
    assert ok, text
    host.wait_for_function(NEW_LINK, arg=first)
    player_round(pia, code_text(host, "round"))
    heading = pia.locator(".player-card h4").first
    said = heading.evaluate("(e) => e.firstChild.textContent")  # (then the tooltip's hidden text)
    assert said == BY_WORDS["broker-yard.players.played_in"].replace("{round}", "1")
    heading.focus()
    pia.wait_for_selector("#by-tip:not([hidden])")
    assert pia.inner_text("#by-tip") == BY_WORDS["broker-yard.tip.played_in"]
