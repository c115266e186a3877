"""A whole game played by links between browser contexts (issue 5, item 7): the host's page
makes invites and state links and accepts action codes; each player's page (its own context:
its own storage and device) reads the state link with its invite and answers with an action
code. Everything passes between them as text. The host's engine is the CPython engine here
(what the links carry comes from engine.core.links, as the hall's bridge makes it); the
pages only ever see what the links carry."""

from __future__ import annotations

import random

from engine.broker import resolve, submit, view
from engine.broker.bots import get_bot

from .net_helpers import GAME, classic, link_input, link_view, net_page, pack, step_of, unpack

PLAYER_SETUP = """async (invite) => {
    class Mem { constructor() { this.m = new Map(); }
        getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
    window.book = new net.playerbook.PlayerBook(new Mem());
    book.addInvite(await net.invite.readInvite(invite));
}"""


def test_three_players_play_a_whole_game_by_links(guard, site_server, site_dist):
    state = classic(3, seed="by-links", deal="3+5")
    host = net_page(guard, site_server, site_dist)
    players = [net_page(guard, site_server, site_dist, guard.new_context()) for _ in range(3)]
    invites = host.evaluate("""async (game) => {
        window.inbox = net.host.HostInbox.create(game, ["P1", "P2", "P3"]);
        return Promise.all([0, 1, 2].map((i) => inbox.invite(i)));
    }""", GAME)
    for page, invite in zip(players, invites):
        page.evaluate(PLAYER_SETUP, invite)
    decide = get_bot("normal")
    shuffle = random.Random(5)
    rounds = 0
    while True:
        data = link_input(state)
        link = host.evaluate("(data) => inbox.stateLink(data)", data)
        assert len(link) < 2000
        seen = [p.evaluate("async (link) => net.links.readStateLink(link, book.keyring())", link)
                for p in players]
        for i, got in enumerate(seen):
            assert got["verified"] and got["seat"] == i and got["game"] == GAME
            assert got["step"] == step_of(state) and got["over"] == state["over"]
            shown = link_view(got["public"], got["private"], got["seat"])
            assert shown["hand"] == state["seats"][i]["hand"]
            assert shown["prices"] == state["prices"]
            assert [s["cash"] for s in shown["seats"]] == [s["cash"] for s in state["seats"]]
            assert shown["legal"] == (None if state["over"] or state["seats"][i]["bankrupt"]
                                      else view(state, i)["legal"])
        if state["over"]:
            assert seen[0]["over"] and link_view(seen[0]["public"])["ranking"] == state["ranking"]
            break
        codes = []
        for i, page in enumerate(players):
            if state["seats"][i]["bankrupt"]:
                continue
            order = decide(view(state, i, history=False), seed=f"l{state['round']}:{i}")
            codes.append((i, order, page.evaluate(
                "([g, step, action]) => book.actionCode(g, step, action)",
                [seen[i]["gameId"], seen[i]["step"], pack(order)])))
        shuffle.shuffle(codes)     # the host pastes them in any order
        for i, order, code in codes:
            assert len(code) < 2000
            got = host.evaluate("(code) => inbox.accept(code)", code)
            assert got["ok"] and got["seat"] == i, got
            action = unpack(got["action"])
            assert action["type"] == "order"
            submit(state, i, {k: v for k, v in action.items() if k != "type"})
            assert state["orders"][i] == submit(dict(state, orders=[None] * 3), i, order)
        assert host.evaluate("inbox.waiting()") == [
            i for i in range(3) if state["seats"][i]["bankrupt"]]
        resolve(state)
        rounds += 1
        host.evaluate("([step, over]) => inbox.nextStep(step, over)", [step_of(state), state["over"]])
        assert host.evaluate("inbox.step") == step_of(state) == rounds
    assert rounds == state["rounds_total"] or any(s["bankrupt"] for s in state["seats"])
