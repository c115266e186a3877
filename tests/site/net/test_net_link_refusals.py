"""A state link that cannot be verified is never kept (issue 14): a browser holding an invite
refuses a link that does not carry the host's signature (checked with the host's key pinned
with the invite) or whose sealed part it cannot use, with the catalog's message, keeps nothing
and goes on showing what it had, so a fake "round 99" locks nobody out, not even one made by
another device holding the same invite (the seat's keys are the invite's; the host's key is
not); a spectator (no invite: it cannot verify anything) may be shown any well-formed link,
but never keeps its step as a barrier, and a public part the table cannot draw is refused
instead of breaking the page. Links are made by the host's own net code (a HostInbox in a
page without Python) from the engine's link parts; forgeries re-encode them with a correct
CRC, as anybody can."""

from __future__ import annotations

import base64
import copy
import json

from engine.core import codec

from .net_helpers import TAG, classic, link_input, net_page, play_round
from .test_net_ui import PLAY_KEPT, message, open_page, player_round

REMOTE = (1, 2)   # seat 0 is the host's own


def host_links(guard, site_server, site_dist, rounds=3):
    """An invite for seat 1 and the genuine state links after each of `rounds` rounds."""
    state = classic(3, seed="refusals")
    parts = []
    for _ in range(rounds):
        play_round(state)
        parts.append(link_input(state, REMOTE))
    page = net_page(guard, site_server, site_dist)
    out = page.evaluate("""async ([game, parts]) => {
        const host = net.host.HostInbox.create(game, ["Hosta", "Pia", "Ravi"], [false, true, true], parts[0].step);
        const invite = await host.invite(1);
        const links = [];
        for (const p of parts) links.push(await host.stateLink(p));
        return {invite, links};
    }""", [TAG, parts])
    page.context.close()
    return out["invite"], out["links"], [p["step"] for p in parts]


def forge(link, change):
    """The link decoded, changed by `change(value)` and encoded again (a correct CRC)."""
    version = int(link[1:link.index(".")])
    _, _, value = codec.decode(link, {"r": version})
    value = copy.deepcopy(value)
    change(value)
    return codec.encode("r", version, value)


def try_link(page, text):
    """Paste `text` into the play page's link box: (False, the message) when refused, (True,
    None) when the page was drawn again from it (True, and why, when it went to the lobby)."""
    page.evaluate("""() => { document.getElementById('by-play').dataset.stale = '1';
        const r = document.querySelector("[data-result='link']"); if (r) r.dataset.ok = ''; }""")
    page.locator("textarea[data-paste='link']").fill(text)
    page.click("[data-submit='link']")
    answer = page.wait_for_function("""() => {
        const r = document.querySelector("[data-result='link']");
        if (r && r.dataset.ok) return [r.dataset.ok === "1", r.innerText];
        const p = document.getElementById('by-play');
        if (!p) return document.querySelector('#app > .lobby') && [true, "the play page was left"];
        if (p.dataset.stale) return false;
        const error = p.querySelector('#by-play-error');
        return error ? [true, "kept, and drawn as: " + error.innerText] : p.querySelector('.game-top') && [true, null];
    }""", timeout=120_000).json_value()
    return answer[0], answer[1]


def shown_step(page):
    """The heading of the table the play page shows (the round), or None."""
    return page.evaluate("""() => { const h = document.querySelector('#by-play .game-top h2');
                                    return h && h.textContent; }""")


def test_a_key_holder_keeps_only_links_that_verify(guard, site_server, site_dist):
    invite, links, steps = host_links(guard, site_server, site_dist)
    page = open_page(guard, site_server, 1280)
    page.goto(f"{site_server.url}#{invite}")
    page.wait_for_selector("#by-play")
    player_round(page, links[0])
    assert page.locator("#by-unverified, #by-link-problem").count() == 0
    heading = shown_step(page)
    before = page.evaluate(PLAY_KEPT)

    def later(v):
        v["t"] = 99
    # none carries the host's signature of what it says (before the host's key, the first four
    # were refused for what they said: invite_replaced, link_old, no_private_part,
    # invite_wrong_seat; the host's word on them is its signed link)
    forgeries = [
        # a "newer" round whose epoch says the invite was replaced
        (forge(links[0], lambda v: (later(v), v["E"].__setitem__(1, 1))), "link_forged"),
        # an epoch older than the invite's (-1: "no key")
        (forge(links[0], lambda v: (later(v), v["E"].__setitem__(1, -1))), "link_forged"),
        # no sealed part for this seat
        (forge(links[0], lambda v: (later(v), v["x"].__setitem__(1, 0))), "link_forged"),
        # fewer seats than the invite's seat
        (forge(links[0], lambda v: (later(v), v.update(E=v["E"][:1], x=v["x"][:1]))), "link_forged"),
        # a sealed part that does not open with the changed step
        (forge(links[0], later), "link_forged"),
        # the host's signature taken off
        (forge(links[0], lambda v: v.pop("H")), "code_invalid"),
    ]
    for text, code in forgeries:
        ok, said = try_link(page, text)
        assert not ok and said == message(f"error.{code}"), (code, said)
        assert page.evaluate(PLAY_KEPT) == before, code
        assert shown_step(page) == heading
        assert page.locator("#by-unverified, #by-link-problem").count() == 0
    # the genuine next rounds still open: nobody is locked out
    for link in links[1:]:
        player_round(page, link)
        assert shown_step(page) != heading
        assert page.locator("#by-unverified, #by-link-problem").count() == 0
    kept = page.evaluate(f"JSON.parse({PLAY_KEPT})")
    assert kept["step"] == steps[-1] and kept["verified"] is True


def test_a_spectator_is_never_locked_out_and_survives_any_public_part(guard, site_server, site_dist):
    invite, links, steps = host_links(guard, site_server, site_dist)
    page = open_page(guard, site_server, 375)
    player_round(page, links[0])
    assert page.locator("#by-unverified").count() == 1
    heading = shown_step(page)
    before = page.evaluate(PLAY_KEPT)
    # public parts the engine's checks or the table cannot take: refused, nothing kept
    broken = [
        # the engine's checks (engine/broker/link.py)
        lambda v: v["p"].__setitem__("v", 1) or v["p"].__setitem__("k", [0, 1, 7]),   # a seat not there
        lambda v: v["p"].__setitem__("k", [0, 1, 2]),               # a ranking before the end
        lambda v: v["p"].__setitem__("n", [1, 2, 3]),
        lambda v: v["p"].__setitem__("S", v["p"]["S"][:1]),
        lambda v: v["p"]["S"][0].__setitem__(4, [[1, "Qz"]]),
        lambda v: v["p"].__setitem__("e", [{"type": "price"}]),
        lambda v: v["p"].__setitem__("e", [{"type": "card", "seat": 9, "card": "zero:red"}]),
        lambda v: v.__setitem__("p", {}),
        # what only the table's draw finds (the last round's events as it lists them)
        lambda v: v["p"]["e"].append({"type": "toss", "order": 5}),
        lambda v: v["p"]["e"].append({"type": "game_over"}),
    ]
    for change in broken:
        ok, said = try_link(page, forge(links[0], change))
        assert not ok and said == message("error.code_invalid"), said
        assert page.evaluate(PLAY_KEPT) == before
        assert shown_step(page) == heading
    # a fake later round is shown (a spectator cannot tell), but the genuine links still open;
    # so is one that another device holding an invite sealed (it holds no key for this one)
    fake = forge(links[0], lambda v: v.__setitem__("t", 99))
    player_round(page, fake)
    assert page.locator("#by-unverified").count() == 1
    twin = net_page(guard, site_server, site_dist)
    player_round(page, twin.evaluate(TWIN_FORGES, [invite, links[0], 98]))
    twin.context.close()
    assert page.locator("#by-unverified").count() == 1
    for link in links[1:]:
        player_round(page, link)
        assert shown_step(page) != heading
    kept = page.evaluate(f"JSON.parse({PLAY_KEPT})")
    assert kept["verified"] is False and kept["step"] is None


# The second device's own code (issue 14): it holds the seat's invite, so it opens the seat's
# sealed part of a genuine link with the seat's view key and seals it again into a link of
# another step. The associated data is the net layer's (site/js/net/links.js, viewAad).
TWIN_FORGES = """async ([invite, link, step]) => {
    const L = net.links, C = net.codec, S = net.seal, V = L.VERSION;
    const inv = await net.invite.readInvite(invite);
    const v = structuredClone((await C.decode(link, {r: V})).value);
    const {view} = await L.keysFor(inv.secret, v.g);
    const aad = (t) => `by${V}|view|${v.g}|${v.G}|${t}|${inv.seat}|${inv.epoch}|${v.v ? 1 : 0}|`
        + JSON.stringify(v.p) + (v.F ? `|${JSON.stringify(v.F)}` : "") + (v.W ? `|W${JSON.stringify(v.W)}` : "");
    const iv = C.b64decode(v.N);  // one iv for every part of a link (version 4)
    const plain = await S.openAt(view, iv, C.b64decode(v.x[inv.seat]), aad(v.t));
    v.t = step;
    v.x[inv.seat] = C.b64encode(await S.sealAt(view, iv, plain, aad(step)));
    return C.encode("r", V, v);
}"""


def test_a_second_device_with_the_invite_cannot_lock_the_seat_out(guard, site_server, site_dist):
    """The hole issue 14 left: whoever holds the same invite holds the seat's view key, so a
    "round 99" it seals verifies as far as the seat's key goes. The host's signature (pinned
    with the invite) tells the host's links from it: the real player's page refuses it, keeps
    nothing, and takes the host's next genuine link."""
    invite, links, steps = host_links(guard, site_server, site_dist)
    twin = net_page(guard, site_server, site_dist)   # another browser with the same invite
    fake = twin.evaluate(TWIN_FORGES, [invite, links[0], 99])
    twin.context.close()
    page = open_page(guard, site_server, 1280)
    page.goto(f"{site_server.url}#{invite}")
    page.wait_for_selector("#by-play")
    player_round(page, links[0])
    heading = shown_step(page)
    before = page.evaluate(PLAY_KEPT)
    ok, said = try_link(page, fake)
    assert not ok and said == message("error.link_forged"), said
    assert page.evaluate(PLAY_KEPT) == before
    assert shown_step(page) == heading
    player_round(page, links[1])
    assert shown_step(page) != heading
    assert page.locator("#by-unverified, #by-link-problem, #by-play-error").count() == 0
    kept = page.evaluate(f"JSON.parse({PLAY_KEPT})")
    assert kept["step"] == steps[1] and kept["verified"] is True


INVITES_KEPT = "localStorage.getItem('by.net.invites')"


def test_the_host_key_is_pinned_with_the_invite(guard, site_server, site_dist):
    """The invite carries the host's key and the player's browser keeps it with the invite: an
    invite for the same game that names another key (someone posing as its host) is refused and
    changes nothing; an invite kept by a version before host keys (none pinned) cannot verify a
    link (invite_old) until the host's invite is opened again, and nothing is lost."""
    invite, links, steps = host_links(guard, site_server, site_dist)
    other = net_page(guard, site_server, site_dist)
    posing = other.evaluate("""async (invite) => {
        const inv = await net.invite.readInvite(invite);
        return net.invite.makeInvite({...inv, signer: await net.device.newDevice()});
    }""", invite)
    other.context.close()
    page = open_page(guard, site_server, 1280)
    page.goto(f"{site_server.url}#{invite}")
    page.wait_for_selector("#by-play")
    player_round(page, links[0])
    kept = page.evaluate(INVITES_KEPT)
    ok, said = try_link(page, posing)
    assert not ok and said == message("error.invite_other_host"), said
    assert page.evaluate(INVITES_KEPT) == kept
    # as an older version kept it: no host key
    page.evaluate("""() => { const all = JSON.parse(localStorage.getItem('by.net.invites'));
        for (const g in all) delete all[g].h; localStorage.setItem('by.net.invites', JSON.stringify(all)); }""")
    ok, said = try_link(page, links[1])
    assert not ok and said == message("error.invite_old"), said
    page.goto(f"{site_server.url}#{invite}")
    page.wait_for_selector("#by-play .game-top")
    player_round(page, links[1])
    assert page.locator("#by-unverified, #by-link-problem, #by-play-error").count() == 0
    assert json.loads(page.evaluate(PLAY_KEPT))["step"] == steps[1]


def test_an_invite_the_host_did_not_sign_is_refused_and_changes_nothing(guard, site_server, site_dist):
    """Any player holding an invite could mint one for another seat, with another secret and
    epoch, under the host's key: the victim's browser kept it and then refused every genuine
    link. An invite is signed by the host now: one it did not sign is refused
    (invite_forged), and so is a replaced invite of the seat (invite_older: one that leaked,
    sent to the player again); either keeps nothing, and the genuine links still open."""
    state = classic(3, seed="invites")
    parts = []
    for _ in range(2):
        play_round(state)
        parts.append(link_input(state, REMOTE))
    host = net_page(guard, site_server, site_dist)
    made = host.evaluate("""async ([game, parts]) => {
        const host = net.host.HostInbox.create(game, ["Hosta", "Pia", "Ravi"], [false, true, true], parts[0].step);
        const old = await host.invite(1);
        const pia = await host.reissue(1);
        const links = [];
        for (const p of parts) links.push(await host.stateLink(p));
        return {old, pia, mallory: await host.invite(2), links};
    }""", [TAG, parts])
    host.context.close()
    # Mallory's own invite, changed to Pia's seat with a secret and an epoch of her choosing
    version = int(made["mallory"][1:made["mallory"].index(".")])
    _, _, value = codec.decode(made["mallory"], {"i": version})
    secret = base64.urlsafe_b64encode(bytes(range(32))).decode().rstrip("=")
    minted = codec.encode("i", version, {**value, "s": 1, "e": 5, "k": secret})

    page = open_page(guard, site_server, 1280)
    page.goto(f"{site_server.url}#{made['pia']}")
    page.wait_for_selector("#by-play")
    player_round(page, made["links"][0])
    kept = page.evaluate(INVITES_KEPT)
    for text, expected in ((minted, "error.invite_forged"), (made["old"], "error.invite_older")):
        ok, said = try_link(page, text)
        assert not ok and said == message(expected), (expected, said)
        assert page.evaluate(INVITES_KEPT) == kept
    player_round(page, made["links"][1])
    assert page.locator("#by-unverified, #by-link-problem, #by-play-error").count() == 0
    assert json.loads(page.evaluate(PLAY_KEPT))["step"] == parts[1]["step"]
