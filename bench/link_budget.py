#!/usr/bin/env python3
"""Every link kind's size, for every game at its default and largest table, beside the
2,000-character budget (issue 34): the median and the largest over bot games, as the real
site code makes them in Chromium. The engine (CPython) plays each game with the catalog's
bots and gives what the links carry (engine/core/links.py, engine/core/replay.py, as the
hall's bridge does in Pyodide); the page's own net modules (site/js/net: HostInbox, the
player's book, codec) seal, pad and encode them. Every seat is played from afar.

Link kinds (characters after the "#"):
  invite        one seat's invite
  state         the group's state link (one sealed part per seat) at every decision
  personal      each seat's own state link (its sealed part only) at every decision
  code          every action code the bots' moves make (the spy game's with the fair deal's
                commitment)
  pre-game      the spy game's fair-deal links (commitments, then every value), the group's
                and one seat's
  replay        the replay link of the whole game (budget 2,000 at the default table, 4,000
                at the largest)

    .venv/bin/python bench/link_budget.py [--games 40] [--only spy] [--seats 20] [--bot normal]

Replaces bench/link_sizes.py, sealed_link_sizes.py, spy_net_sizes.py and spy_link_sizes.py.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core import links, replay  # noqa: E402
from engine.core.fair import code_commitment, commitment, seed_from  # noqa: E402
from engine.core.game import get_game, tags  # noqa: E402
from engine.core.record import to_record  # noqa: E402
from engine.sim.play import Clock  # noqa: E402
from bench.net_page import net_page  # noqa: E402

BUDGET = 2000
# game, players, options, "default" or "largest" table
TABLES = [("broker-yard", 4, {}, "default"), ("broker-yard", 8, {}, "largest"),
          ("broker-yard", 40, {"mode": "mass", "stop_loss": True, "spread": 30}, "largest (mass start)"),
          ("ekonos", 4, {}, "default"), ("ekonos", 6, {}, "largest"),
          ("grid", 4, {}, "default and largest"),
          ("spy", 5, {}, "default"), ("spy", 20, {}, "largest")]
MODULES = ("codec", "seal", "device", "links", "invite", "playerbook", "host", "live")
POSTED = 16  # hex digits of a code's commitment a fair game's links post

SETUP = """async ([mods, names, game, pre]) => {
    window.net = window.net || {};
    for (const m of mods) window.net[m] = window.net[m] || await import(`./${m}.js`);
    class Mem { constructor() { this.m = new Map(); }
        getItem(k) { return this.m.has(k) ? this.m.get(k) : null; } setItem(k, v) { this.m.set(k, String(v)); } }
    window.host = net.host.HostInbox.create(game, names, names.map(() => true), pre ? -2 : 0);
    window.books = [];
    const invites = [];
    for (let i = 0; i < names.length; i++) {
        const b = new net.playerbook.PlayerBook(new Mem());
        invites.push(await host.invite(i));
        b.addInvite(await net.invite.readInvite(invites[i]));
        books.push(b);
    }
    return invites.map((s) => s.length);
}"""

# [link input, fair part or null, [[seat, packed move, commitment or null]], code pad] ->
# {group, own: [each seat's personal link], codes}; every code is taken in by the host
STEP = """async ([data, fair, moves, pad]) => {
    host.nextStep(data.step, data.over);
    const group = (await host.stateLink(data, fair)).length;
    const own = [];
    for (let s = 0; s < data.privates.length; s++) {
        const only = (list) => list.map((v, i) => (i === s ? v : 0));
        const mine = fair && {...fair, k: only(fair.k), r: only(fair.r)};
        const one = {...data, privates: data.privates.map((p, i) => (i === s ? p : null))};
        own.push((await host.stateLink(one, mine)).length);
    }
    const codes = [];
    for (const [seat, packed, k] of moves) {
        const code = await books[seat].actionCode(host.gameId, data.step, packed, k, pad);
        const r = await host.accept(code);
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        codes.push(code.length);
    }
    return {group, own, codes};
}"""

REPLAY = "async (link) => (await net.codec.encode('w', 1, link)).length"


class PeopleClock(Clock):
    """The host's clock as people move: each act some seconds to minutes after the one
    before, to the millisecond (a bot's clock ticks whole seconds, whose times deflate far
    better than a real game's)."""

    def __init__(self, module, seed):
        super().__init__(module)
        self.rng = random.Random(seed)

    def stamp(self, action):
        stamped = super().stamp(action)
        if self.on and isinstance(action, dict):
            self.now += self.rng.randrange(1, 90) * 1000
            stamped = {**action, "at": self.now}
        return stamped


class Sizes(dict):
    def add(self, kind, *values):
        self.setdefault(kind, []).extend(values)


def bot_moves(module, state, seat, bot, seed, clock):
    """A bot's moves for `seat` now, applied to `state`; returns them as played."""
    seen = module.bot_view(state, seat) if hasattr(module, "bot_view") else module.view(state, seat)
    got = module.bot_action(bot, seen, seed)
    moves = [] if got is None else got if isinstance(got, list) else [got]
    played = []
    for m in moves:
        m = clock.stamp(m)
        module.apply(state, seat, m)
        played.append(m)
    return played


def pre_game(page, sizes, names, g):
    """The spy game's fair deal: the commit phase's link, then the reveal phase's (every
    commitment); the group's and one seat's. Returns the values."""
    n = len(names)
    order = list(range(n))
    # 12 random bytes each, as a device picks them (fairhost.js newValue)
    rng = random.Random(f"values-{g}")
    values = [base64.urlsafe_b64encode(rng.randbytes(12)).decode() for _ in range(n + 1)]
    commits = [commitment(v) for v in values]
    for step, part in ((-2, {"phase": "commit", "names": names, "o": order, "in": order[:-1]}),
                       (-1, {"phase": "reveal", "names": names, "o": order, "in": order[:-1], "c": commits})):
        data = {"step": step, "over": False, "public": {"pre": part}, "privates": [None] * n}
        got = page.evaluate(STEP, [data, None, [], 0])
        sizes.add("pre-game (group)", got["group"])
        sizes.add("pre-game (personal)", *got["own"])
    return values


def play(page, sizes, name, players, options, g, bot):
    module = get_game(name)
    names = [f"Player {i + 1}" for i in range(players)]
    fair = bool(module.catalog().get("fair"))
    sizes.add("invite", *page.evaluate(SETUP, [list(MODULES), names, tags()[name], fair]))
    values = pre_game(page, sizes, names, g) if fair else None
    seed = seed_from(values) if fair else f"budget-{g}"
    state = module.new_game(options, names, seed)
    clock, posted = PeopleClock(module, f"clock-{g}"), {}
    levels = module.catalog()["bots"]
    pad = links.code_bytes(module)
    while True:
        over = module.is_over(state)
        data = json.loads(json.dumps(links.link_parts(module, state, set(range(players)))))
        fair_part = None
        if fair:
            # each seat's receipt of its value (fairhost.js receiptOf), every value once over
            fair_part = {"k": [posted.get(i, 0) for i in range(players)],
                         "r": [commitment(f"received\n{values[1 + i]}")[:POSTED] for i in range(players)]}
            if over:
                fair_part["v"] = values
        turn = module.to_act(state)
        moves = []
        if not over:
            for seat in turn["seats"] if turn["together"] else turn["seats"][:1]:
                level = bot if bot in levels else levels[len(levels) // 2]
                played = bot_moves(module, state, seat, level, f"{g}:{turn['step']}:{seat}", clock)
                if not played:
                    continue
                packed = [links.pack_action(module, {k: v for k, v in m.items() if k != "at"}) for m in played]
                k = code_commitment(packed, f"nonce-{seat}-{turn['step']}") if fair else None
                if k:
                    posted[seat] = [k[:POSTED]]
                moves.append([seat, packed if len(packed) > 1 else packed[0], k])
        got = page.evaluate(STEP, [data, fair_part, moves, pad])
        sizes.add("state (group)" + (", final" if over else ""), got["group"])
        sizes.add("personal" + (", final" if over else ""), *got["own"])
        sizes.add("code", *got["codes"])
        if over:
            break
        if turn["together"] and turn["close"] and module.to_act(state)["step"] == turn["step"]:
            module.apply(state, None, clock.stamp(turn["close"]))
        elif not turn["seats"] and turn["close"]:
            module.apply(state, None, clock.stamp(turn["close"]))
    link = json.loads(json.dumps(replay.public_replay(to_record(state))))
    sizes.add("replay (whole game)", page.evaluate(REPLAY, link))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--only", default=None, help="one game's tables")
    parser.add_argument("--seats", type=int, default=None, help="only its tables of this many seats")
    parser.add_argument("--bot", default="normal", help="the bots' level (the catalog's middle one if it has none)")
    args = parser.parse_args(argv)
    rows = []
    with net_page() as page:
        for name, players, options, table in TABLES:
            if args.only and name != args.only or args.seats and players != args.seats:
                continue
            started = time.perf_counter()
            sizes = Sizes()
            for g in range(args.games):
                play(page, sizes, name, players, options, g, args.bot)
            print(f"{name}, {players} players ({table}): {args.games} games in "
                  f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
            for kind, values in sizes.items():
                budget = 2 * BUDGET if kind.startswith("replay") and "default" not in table else BUDGET
                rows.append((name, players, table, kind, statistics.median(values), max(values), budget))
    print(f"{'game':<12} {'seats':>5}  {'table':<21} {'link':<20} {'median':>7} {'max':>6}  budget")
    for name, players, table, kind, median, largest, budget in rows:
        mark = "ok" if largest < budget else "OVER"
        print(f"{name:<12} {players:>5}  {table:<21} {kind:<20} {median:>7.0f} {largest:>6}  {budget} {mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
