#!/usr/bin/env python3
"""Print the sizes of the spy game's state links and action codes as the real site code
makes them (Chromium: site/js/net's HostInbox, PlayerBook), with the fair deal's parts: the
pre-game links, each seat's codes with its commitment, the links' posted commitments and
the final link with every value. The engine (CPython) plays bot games and makes what the
links carry, as the hall's bridge does. `--remote` seats play from afar (the others are
bots on the host, whose links carry nothing for them).

    .venv/bin/python bench/spy_net_sizes.py [--players 10] [--remote 9] [--games 3]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import spy  # noqa: E402
from engine.core.fair import code_commitment, commitment, seed_from  # noqa: E402
from engine.core.game import GAMES  # noqa: E402
from engine.core.links import link_parts  # noqa: E402
from engine.spy.bots import bot_action  # noqa: E402
from tests.site.net.net_helpers import MODULES  # noqa: E402
from bench.net_page import net_page  # noqa: E402

POSTED = 16
SETUP = """async ([mods, names, remote, game]) => {
    window.net = {};
    for (const m of mods) window.net[m] = await import(`./${m}.js`);
    class Mem { constructor() { this.m = new Map(); }
        getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
    window.host = net.host.HostInbox.create(game, names, names.map((_, i) => remote.includes(i)), -2);
    window.books = {};
    const invites = [];
    for (const i of remote) {
        const b = new net.links.PlayerBook(new Mem());
        const inv = await host.invite(i);
        invites.push(inv.length);
        b.addInvite(await net.links.readInvite(inv)); books[i] = b;
    }
    return invites;
}"""
STEP = """async ([data, fair, codes, me]) => {
    host.nextStep(data.step, data.over);
    const link = await host.stateLink(data, fair);
    const mine = fair && {...fair, k: fair.k.map((k, i) => (i === me ? k : 0))};
    const own = await host.stateLink({...data, privates: data.privates.map((p, i) => (i === me ? p : null))}, mine);
    const out = [];
    for (const [seat, action, k] of codes) {
        const code = await books[seat].actionCode(host.gameId, data.step, action, k);
        const r = await host.accept(code);
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        out.push(code.length);
    }
    return {link: link.length, own: own.length, codes: out};
}"""


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=10)
    p.add_argument("--remote", type=int, default=None, help="remote seats (default: all)")
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--bot", default="normal")
    args = p.parse_args(argv)

    n = args.players
    remote = list(range(args.remote if args.remote is not None else n))
    names = [f"Player {i + 1}" for i in range(n)]
    worst = {"pre": 0, "link": 0, "final": 0, "code": 0, "invite": 0}
    with net_page() as page:
        for g in range(args.games):
            tag = GAMES["spy"].tag
            worst["invite"] = max([worst["invite"], *page.evaluate(SETUP, [list(MODULES), names, remote, tag])])
            values = [f"value-{g}-{i}-xxxxxxxx" for i in range(len(remote) + 1)]
            commits = [commitment(v) for v in values]
            # the exchange's links: who is in, then every commitment
            for step, part in ((-2, {"phase": "commit", "names": names, "o": remote, "in": remote[:-1]}),
                               (-1, {"phase": "reveal", "names": names, "o": remote, "in": remote[:-1],
                                     "c": commits})):
                data = {"step": step, "over": False, "public": {"pre": part},
                        "privates": [{} if i in remote else None for i in range(n)]}
                got = page.evaluate(STEP, [data, None, [], remote[0]])
                worst["pre"] = max(worst["pre"], got["link"])
            state = spy.new_game({}, names, seed_from(values))
            now, posted = 1_700_000_000_000, {}
            while True:
                data = link_parts(spy, state, set(remote))
                over = state["over"]
                fair = {"k": [posted.get(i, 0) if i in remote else 0 for i in range(n)]}
                if over:
                    fair["v"] = values
                codes = []
                if not over:
                    turn = spy.to_act(state)
                    for seat in turn["seats"]:
                        acts = bot_action(args.bot, spy.bot_view(state, seat), f"{g}:{turn['step']}:{seat}") or []
                        for a in acts:
                            now += 1000
                            spy.apply(state, seat, {**a, "at": now})
                        if seat in remote and acts:
                            k = code_commitment(acts, f"nonce-{seat}-{turn['step']}")
                            posted[seat] = [k[:POSTED]]
                            codes.append([seat, acts, k])
                got = page.evaluate(STEP, [json.loads(json.dumps(data)), fair, codes, remote[0]])
                key = "final" if over else "link"
                worst[key] = max(worst[key], got["link"])
                worst["own"] = max(worst.get("own", 0), got["own"])
                worst["code"] = max([worst["code"], *got["codes"]])
                if over:
                    break
                now += 1000
                spy.apply(state, None, {"type": "close_day", "at": now})
    print(f"spy, {n} players, {len(remote)} remote, {args.games} games of the {args.bot} bots (characters "
          f"after '#'): invite {worst['invite']}, pre-game link {worst['pre']}, largest state link in play "
          f"{worst['link']}, final link {worst['final']}, largest personal link (one seat's part) "
          f"{worst['own']}, largest action code {worst['code']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
