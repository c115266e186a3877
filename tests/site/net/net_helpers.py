"""Shared bits of the tests of site/js/net/ (the multiplayer protocol): a page on the test
server with the net modules loaded as window.net, and engine states to build links from.

The net modules need no Python in the page, so these pages do not boot Pyodide: they open
one of the build's own static files and import the modules from there (same origin). What a
link carries (the public part, each seat's private part, packed actions) is made by the
engine in CPython here, as the host's page makes it in Pyodide (engine/core/links.py)."""

from __future__ import annotations

import engine.broker as broker
from engine.broker import new_game, submit, resolve, view
from engine.broker.bots import get_bot
from engine.core import links
from engine.core.game import GAMES

MODULES = ("codec", "seal", "device", "links", "invite", "playerbook", "host", "live")
GAME = broker.GAME
TAG = GAMES[GAME].tag   # what the hall's invites and state links carry for the game


def build_dir(site_dist) -> str:
    (app,) = [p.name for p in (site_dist / "app").iterdir() if p.is_dir()]
    return f"app/{app}"


def net_page(guard, site_server, site_dist, context=None):
    """A page with window.net = {codec, seal, device, links, invite, playerbook, host, live}."""
    page = guard.new_page(context)
    base = f"{site_server.url.rstrip('/')}/{build_dir(site_dist)}/js/net/"
    page.goto(base + "codec.js")
    page.evaluate("""async (mods) => {
        window.net = {};
        for (const m of mods) window.net[m] = await import(`./${m}.js`);
    }""", list(MODULES))
    return page


def play_round(state, bot="normal"):
    """Every solvent seat submits a bot's orders, then the round resolves."""
    decide = get_bot(bot)
    for i, s in enumerate(state["seats"]):
        if not s["bankrupt"]:
            submit(state, i, decide(view(state, i, history=False), seed=f"t{state['round']}:{i}"))
    return resolve(state)


def link_input(state, seats=None):
    """What the host's page hands to HostInbox.stateLink (engine.core.session.link_input for
    a bare state): {step, over, public, privates}, with a private part for every seat in
    `seats` (all of them by default)."""
    remote = set(range(len(state["players"]))) if seats is None else set(seats)
    return links.link_parts(broker, state, remote)


def link_view(public, private=None, seat=None):
    """The view a remote player's page shows for what a state link gave it."""
    return links.link_view(broker, public, private, seat)


def step_of(state) -> int:
    return broker.to_act(state)["step"]


def pack(order) -> dict:
    """A Broker-Yard order ({trades, card, choices}, with or without "type") as an action
    code carries it."""
    return links.pack_action(broker, order)


def unpack(packed) -> dict:
    return links.unpack_action(broker, packed)


def classic(players=4, seed="net", deal="4+6"):
    return new_game({"mode": "classic", "deal": deal}, [f"P{i + 1}" for i in range(players)], seed)
