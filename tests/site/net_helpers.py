"""Shared bits of the tests of site/js/net/ (the multiplayer protocol): a page on the test
server with the net modules loaded as window.net, and engine states to build links from.

The net modules need no Python in the page, so these pages do not boot Pyodide: they open
one of the build's own static files and import the modules from there (same origin)."""

from __future__ import annotations

from engine.broker import new_game, submit, resolve, view
from engine.broker.view import round_link_parts
from engine.broker.bots import get_bot

MODULES = ("codec", "seal", "links", "host", "live")


def build_dir(site_dist) -> str:
    (app,) = [p.name for p in (site_dist / "app").iterdir() if p.is_dir()]
    return f"app/{app}"


def net_page(guard, site_server, site_dist, context=None):
    """A page with window.net = {codec, seal, links, host, live}."""
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


def link_input(state):
    """What the host's UI hands to HostInbox.roundLink, with every seat's private part."""
    return round_link_parts(state, set(range(len(state["players"]))))


def classic(players=4, seed="net", deal="4+6"):
    return new_game({"mode": "classic", "deal": deal}, [f"P{i + 1}" for i in range(players)], seed)
