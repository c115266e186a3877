"""No secret readable from a sealed part's length (issue 25, item 1), in the real browser's
net code: the state links of many random deals of every game, at several moments of each,
carry one sealed part per seat — and every part of one link has the same length, in the
group's link and in each seat's personal link; every role's move in the spy game makes a
code of one length; a live room's messages to different seats are padded alike.

Before the padding, the spy game's parts gave every role away (citizen 250, brother 262, spy
280, psychic 290 ...), and a Broker-Yard hand's cards, an Ekonos hand's deflate noise and a
grid player's pending power choice all showed in the lengths."""

from __future__ import annotations

import json

from engine.core import links
from engine.core.game import get_game, tags
from tests.engine.core.test_link_padding import steps

from .net_helpers import net_page

# game, players, deals, the steps (decisions) at which the host makes a link
TABLES = [("broker-yard", 4, 8, (0, 2, 5)), ("broker-yard", 8, 4, (1, 4)),
          ("ekonos", 4, 6, (0, 9, 40)), ("ekonos", 6, 4, (3, 30)),
          ("grid", 4, 6, (5, 60, 140)), ("spy", 5, 8, (0, 2, 4)), ("spy", 8, 8, (0, 1, 3)),
          ("spy", 20, 4, (0, 2))]

LINKS = """async ([game, n, items]) => {
    const out = [];
    for (const data of items) {
        const inbox = net.host.HostInbox.create(game, Array.from({length: n}, (_, i) => "P" + i));
        inbox.nextStep(data.step, data.over);
        const wide = {maxText: 100000};  // a group link of 20 seats passes what a paste takes
        const group = (await net.codec.decode(await inbox.stateLink(data), {r: net.links.VERSION}, wide)).value;
        const own = [];
        for (let s = 0; s < n; s++) {
            const one = {...data, privates: data.privates.map((p, i) => (i === s ? p : null))};
            own.push((await net.codec.decode(await inbox.stateLink(one), {r: net.links.VERSION})).value.x[s].length);
        }
        out.push({group: group.x.map((x) => x.length), own});
    }
    return out;
}"""


def moments(name, players, deal, at):
    """The engine's link parts (every seat remote) of a game of the catalog's bots dealt from
    seed `deal`, at each step in `at` (as far as the game goes)."""
    module, out = get_game(name), []
    for k, (state, _) in enumerate(steps(name, players, f"pad-{deal}")):
        if k in at:
            out.append(links.link_parts(module, state, set(range(players))))
        if len(out) == len(at):
            break
    return json.loads(json.dumps(out))


def test_every_seats_sealed_part_of_a_link_has_one_length(guard, site_server, site_dist):
    page = net_page(guard, site_server, site_dist)
    checked = 0
    for name, players, deals, at in TABLES:
        items = [m for deal in range(deals) for m in moments(name, players, deal, at)]
        got = page.evaluate(LINKS, [tags()[name], players, items])
        for item, lengths in zip(items, got):
            # a seat's part reads the same in the group's link and in its personal link
            assert lengths["group"] == lengths["own"]
            assert len(set(lengths["group"])) == 1, (name, players, item["step"], lengths["group"])
            checked += 1
    assert checked > 100


CODES = """async ([game, moves, pad]) => {
    class Mem { constructor() { this.m = new Map(); }
        getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
    const inbox = net.host.HostInbox.create(game, moves.map((_, i) => "P" + i));
    const out = [];
    for (let i = 0; i < moves.length; i++) {
        const book = new net.playerbook.PlayerBook(new Mem());
        book.addInvite(await net.invite.readInvite(await inbox.invite(i)));
        const code = await book.actionCode(inbox.gameId, 0, moves[i], "0".repeat(64), pad);
        out.push((await net.links.readActionHeader(code)).box.length);
    }
    return out;
}"""


def test_every_roles_move_in_the_spy_game_makes_a_code_of_one_length(guard, site_server, site_dist):
    """A citizen's day (a vote, done), a spy's (a vote, a pick), the Double Agent's (a vote, a
    pick, a look), the Trickster's (two added votes) and a Priest's public protection, at 20
    players with a fair deal's commitment: one length. With the old buckets of 96 · 2^n the
    largest went to 192 bytes and the smallest stayed at 96."""
    page = net_page(guard, site_server, site_dist)
    vote, done = {"type": "vote", "target": 19}, {"type": "done"}
    moves = [[vote, done], [done], [vote, {"type": "victim", "target": 17}, done],
             [vote, {"type": "victim", "target": 17}, {"type": "look", "target": 18}, done],
             [vote, {"type": "victim", "target": 17}, {"type": "add_votes", "targets": [18, 19]}, done],
             {"type": "protect_public", "target": 3}, {"type": "redirect", "target": 12}]
    sizes = page.evaluate(CODES, [tags()["spy"], moves, links.code_bytes(get_game("spy"))])
    assert len(set(sizes)) == 1, sizes
    assert page.evaluate(CODES, [tags()["spy"], moves[:2], 0]) != [sizes[0]] * 2  # unpadded they differ


def test_live_messages_and_board_posts_go_padded_alike(guard, site_server, site_dist):
    """A live room's messages are padded: two seats' personal links, and a private board post
    and the empty message the other seats get at the same moment, reach the wire at one
    length."""
    page = net_page(guard, site_server, site_dist)
    out = page.evaluate("""() => {
        const w = net.live.wire, size = (m, n) => new TextEncoder().encode(w(m, n)).length;
        const post = {type: "board", msgs: [{th: "spies", s: 3, x: "vote for Ana tonight", at: 1, i: 7}]};
        const bytes = size(post);
        return {
            links: [size({type: "link", link: "r3." + "A".repeat(1401)}),
                    size({type: "link", link: "r3." + "B".repeat(1398)})],
            board: [bytes, size({type: "board", msgs: []}, bytes)],
            parsed: JSON.parse(w(post)).msgs[0].x,
            status: size({type: "status", step: 3, over: false, waiting: [1, 2]}),
        };
    }""")
    assert len(set(out["links"])) == 1 and len(set(out["board"])) == 1
    assert out["parsed"] == "vote for Ana tonight" and out["status"] >= 512
