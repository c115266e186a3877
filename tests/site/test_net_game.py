"""A whole game played by links between browser contexts (issue 5, item 7): the host's page
makes invites and round links and accepts order codes; each player's page (its own context:
its own storage and device) reads the round link with its invite and answers with an order
code. Everything passes between them as text. The host's engine is the CPython engine here;
the page only ever sees what the links carry."""

from __future__ import annotations

import random

from engine.broker import resolve, submit, view
from engine.broker.bots import get_bot

from .net_helpers import classic, link_input, net_page

PLAYER_SETUP = """async (invite) => {
    class Mem { constructor() { this.m = new Map(); }
        getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
    window.book = new net.links.PlayerBook(new Mem());
    book.addInvite(await net.links.readInvite(invite));
}"""


def test_three_players_play_a_whole_game_by_links(guard, site_server, site_dist):
    state = classic(3, seed="by-links", deal="3+5")
    host = net_page(guard, site_server, site_dist)
    players = [net_page(guard, site_server, site_dist, guard.new_context()) for _ in range(3)]
    invites = host.evaluate("""async () => {
        window.inbox = net.host.HostInbox.create(["P1", "P2", "P3"]);
        return Promise.all([0, 1, 2].map((i) => inbox.invite(i)));
    }""")
    for page, invite in zip(players, invites):
        page.evaluate(PLAYER_SETUP, invite)
    decide = get_bot("normal")
    shuffle = random.Random(5)
    rounds = 0
    while True:
        link = host.evaluate("(data) => inbox.roundLink(data)", link_input(state))
        assert len(link) < 2000
        seen = [p.evaluate("async (link) => net.links.readRoundLink(link, book.keyring())", link)
                for p in players]
        for i, got in enumerate(seen):
            assert got["verified"] and got["mine"]["seat"] == i
            assert got["mine"]["hand"] == state["seats"][i]["hand"]
            assert got["view"]["prices"] == state["prices"]
            assert [s["cash"] for s in got["view"]["seats"]] == [s["cash"] for s in state["seats"]]
        if state["over"]:
            assert seen[0]["view"]["over"] and seen[0]["view"]["ranking"] == state["ranking"]
            break
        codes = []
        for i, page in enumerate(players):
            if state["seats"][i]["bankrupt"]:
                continue
            order = decide(view(state, i, history=False), seed=f"l{state['round']}:{i}")
            codes.append((i, order, page.evaluate(
                "([g, r, order]) => book.orderCode(g, r, order)",
                [seen[i]["gameId"], state["round"], order])))
        shuffle.shuffle(codes)     # the host pastes them in any order
        for i, order, code in codes:
            assert len(code) < 2000
            got = host.evaluate("(code) => inbox.accept(code)", code)
            assert got["ok"] and got["seat"] == i, got
            submit(state, i, got["order"])
            assert state["orders"][i] == submit(dict(state, orders=[None] * 3), i, order)
        assert host.evaluate("inbox.waiting()") == [
            i for i in range(3) if state["seats"][i]["bankrupt"]]
        resolve(state)
        rounds += 1
        host.evaluate("([r, over]) => inbox.nextRound(r, over)", [state["round"], state["over"]])
    assert rounds == state["rounds_total"] or any(s["bankrupt"] for s in state["seats"])
