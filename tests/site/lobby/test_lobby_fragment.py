"""A link opened in the address bar whose fragment is not a usable link of this hall (bad
percent-encoding, an unknown prefix, a huge one, another game's, control characters) never
blanks the page: a lasting notice says why in the player's language, the lobby is drawn and
works, and the fragment is dropped from the address so a reload starts clean."""

from __future__ import annotations

from ..conftest import wait_started
from ..hall import shot, start
from .helpers import catalog, close_lasting, lasting, shot_of

# an invite of a game this build does not know (its tag "zz"), made by the page's own code
OTHER_GAME_INVITE = """async () => {
  const app = document.querySelector('script[src*="hall/app.js"]').src;
  const links = await import(new URL("../net/links.js", app));
  const invite = await import(new URL("../net/invite.js", app));
  const device = await import(new URL("../net/device.js", app));
  return invite.makeInvite({ gameId: "abcdefghijkl", game: "zz", seat: 0, epoch: 0,
                            secret: links.newSecret(), name: "Ann", signer: await device.newDevice() });
}"""


def lobby_after(page, fragment):
    """Visit `fragment` in the open page (a link clicked elsewhere, the same tab) and wait
    until the hall has dealt with it: the notice shows and the address has no fragment."""
    page.evaluate("(f) => { location.hash = f; }", fragment)
    page.wait_for_function("""() => location.hash === ""
        && document.querySelector("#by-lasting [data-notice='link']")
        && document.querySelector("#app > .lobby")""")


def test_bad_fragments_show_a_message_and_the_hall_stays_usable(guard, site_server):
    context = guard.new_context(warm=True, viewport={"width": 375, "height": 800}, locale="es-ES")
    page = context.new_page()
    page.on("dialog", lambda d: (guard.problems.append(f"unexpected dialog: {d.message}"), d.dismiss()))
    # a link opened from outside: the page starts on it
    page.goto(site_server.url + "#%")
    wait_started(page)
    page.wait_for_selector("#app > .lobby #by-new-game")
    es = catalog("es")
    said = lasting(page, "link")
    assert es["link.failed"] in said and es["error.link_malformed"] in said, said
    assert page.evaluate("location.hash") == ""
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "lobby-bad-fragment-375-es")
    # a reload starts clean: no fragment, no message
    page.reload()
    wait_started(page)
    page.wait_for_selector("#app > .lobby #by-new-game")
    assert page.locator("#by-lasting [data-notice='link']").count() == 0

    # one fragment after another in the same page, in Arabic, then Russian
    page.select_option("#by-lang", "ar")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    ar, ru = catalog("ar"), catalog("ru")
    other_game = page.evaluate(OTHER_GAME_INVITE)
    cases = [
        ("r1.%E0%A4%A", "link_malformed"),         # a cut-off percent-encoded character
        ("zz9.hello", "code_unknown_kind"),        # an unknown prefix
        ("/settings?x=1", "code_unknown_kind"),     # a fragment meant for another site
        ("%0A%0D%09", "code_unknown_kind"),        # whitespace alone
        ("r2.%00%01%7F", "code_damaged"),          # control characters
        ("r2." + "A" * 200_000, "code_too_long"),  # huge
        ("x" * 200_000, "code_too_long"),          # huge, and no code at all
        ("w1." + "A" * 7000, "replay_too_long"),   # longer than any game's replay: refused unread
        (other_game, "unknown_game"),              # an invite of a game this hall does not know
    ]
    for fragment, code in cases:
        lobby_after(page, fragment)
        said = lasting(page, "link")
        assert page.get_attribute("#by-lasting [data-notice='link']", "data-code") == code, (fragment[:30], said)
        assert ar["link.failed"] in said, said
        close_lasting(page, "link")
    # the message follows the language chosen while it shows
    lobby_after(page, "%")
    page.select_option("#by-lang", "ru")
    page.wait_for_function("(t) => document.querySelector('#by-lasting [data-notice=link]').textContent.includes(t)",
                           arg=ru["error.link_malformed"])
    assert ru["link.failed"] in lasting(page, "link")
    shot_of(page, "#by-lasting", "lobby-bad-fragment-notice-375-ru")
    # the hall works: a new game starts from the lobby
    start(page, "broker-yard", [("Ann", "human"), ("Bot", "easy")])
    assert page.evaluate("location.hash") == ""
