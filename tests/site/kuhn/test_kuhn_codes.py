"""Kuhn poker (tests/games/kuhn), the game written for the tests, through the site's own net
code in a real browser, as a new game's remote seats would be: the host's inbox (its tag, one
invite a seat), state links sealed by the page with the parts the engine made in CPython and
opened by each seat's invite into that seat's own view, and every move sent as an action code
that the host's inbox opens and the session plays, to the end of the game. Nothing of the
site or the engine names the game (tests/engine/kuhn: the engine's side of the checklist)."""

from __future__ import annotations

import json

import pytest

from engine.core import links, session
from engine.core.game import get_game
from engine.core.record import replay
from tests.games import kuhn

from ..net.net_helpers import net_page

SETUP = """async ([tag, names]) => {
    class Mem { constructor() { this.m = new Map(); }
        getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
    window.host = net.host.HostInbox.create(tag, names);
    window.books = [];
    for (let i = 0; i < names.length; i++) {
        const book = new net.playerbook.PlayerBook(new Mem());
        book.addInvite(await net.invite.readInvite(await host.invite(i)));
        books.push(book);
    }
}"""

# the host's link for this step, opened by each seat's invite: [{seat, step, public, private}]
LINKS = """async (data) => {
    host.nextStep(data.step, data.over);
    const link = await host.stateLink(data);
    return Promise.all(books.map(async (b) => {
        const got = await net.links.readStateLink(link, b.keyring());
        return {seat: got.seat, step: got.step, verified: got.verified, public: got.public, private: got.private};
    }));
}"""

# a seat's packed move as its action code, taken in by the host's inbox
MOVE = """async ([seat, step, packed]) => {
    const code = await books[seat].actionCode(host.gameId, step, packed);
    const got = await host.accept(code);
    return got.ok ? {seat: got.seat, action: got.action} : {error: got.error.code};
}"""


@pytest.fixture
def registered():
    with kuhn.registered():
        yield get_game(kuhn.GAME)


def test_a_game_played_by_sealed_codes_to_the_end(guard, site_server, site_dist, registered):
    module = registered
    names = ["Ann", "Bo", "Cy"]
    session.create("kuhn-net", kuhn.GAME, {"hands": 3}, [{"name": n, "kind": "remote"} for n in names], "net")
    page = net_page(guard, site_server, site_dist)
    page.evaluate(SETUP, [kuhn.TAG, names])
    moves = 0
    while True:
        data = json.loads(json.dumps(session.link_input("kuhn-net")))
        _, state = replay(session.stored("kuhn-net")["record"])
        read = page.evaluate(LINKS, data)
        for i, got in enumerate(read):
            # each seat's invite opens its own part: its view, its card and no other
            assert got["verified"] and got["seat"] == i and got["step"] == data["step"]
            own = links.link_view(module, got["public"], got["private"], i)
            assert own == json.loads(json.dumps(module.view(state, i)))
        if module.is_over(state):
            break
        seat = module.to_act(state)["seats"][0]
        own = links.link_view(module, read[seat]["public"], read[seat]["private"], seat)
        move = {"type": own["legal"]["moves"][moves % 2]}
        got = page.evaluate(MOVE, [seat, data["step"], links.pack_action(module, move)])
        assert got == {"seat": seat, "action": links.pack_action(module, move)}
        reply = session.act_remote("kuhn-net", got["seat"], got["action"])
        assert reply["step"] == data["step"] + 1
        moves += 1
    assert moves >= 6 and session.stored("kuhn-net")["summary"]["over"]
    session.close("kuhn-net")
