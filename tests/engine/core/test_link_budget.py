"""Every seat's own state link at each game's largest table fits the 2,000-character budget
of a chat message (issue 34), and so does the group's link but the spy game's at 20 players
and Broker-Yard's mass start of 40 (bounded here), whole seeded games of the catalog's bots with people's times.

The page seals, pads, signs and encodes links (site/js/net/links.js); here the same link is
put together in CPython with stand-in random bytes of the page's lengths (the sealed part
padded to its bucket, the host's signature, the game id), so what is measured is what the
engine puts in: its compact public and private parts. bench/link_budget.py prints every link
kind with the site's own code in Chromium (docs/multiplayer.md, "Sizes")."""

import base64
import functools
import json
import random
import zlib

import pytest

from engine.core import links
from engine.core.codec import encode
from engine.core.game import get_game, tags

BUDGET = 2000
IV = 12  # AES-GCM's nonce: one per link (N), every seat's part sealed under it with its own key
TAG = 16  # AES-GCM's tag after each sealed part
SIGNATURE = 64  # the host's ECDSA P-256 signature (H)
VERSION = 4  # the state link's (site/js/net/links.js)
POSTED = 16  # hex digits of a fair game's code commitment a seat's link carries (F.k)
# game, seats, seed: each game's largest table, a long game of it; and Broker-Yard's mass start
# of 40 seats, whose link carries each seat's cards of the last round only (link_large.py)
TABLES = [("broker-yard", 8, "budget-0"), ("ekonos", 6, "budget-0"), ("grid", 4, "budget-0"),
          ("spy", 20, "budget-20"), ("broker-yard", 40, "budget-0")]
MASS = {"mode": "mass", "stop_loss": True, "spread": 30}  # the lobby's mass start (bench/link_budget.py)
# the group's link (every seat remote) in play and at the end, at most: the budget, but for the
# spy game's 20 sealed parts and the mass start's 40, which pass it by design
# (docs/multiplayer.md, "Sizes"): their bounds are these seeds' figures (the spy game 7,118
# and 5,394, the mass start 5,490 and 5,042: 6,723 and 7,041 in the full form) with a little
# room, so that losing the one iv per link (16 characters a seat), the spy game's compact
# private part or the mass start's large form fails
GROUP = {("broker-yard", 8): (BUDGET, BUDGET), ("ekonos", 6): (BUDGET, BUDGET), ("grid", 4): (BUDGET, BUDGET),
         ("spy", 20): (7300, 5550), ("broker-yard", 40): (5700, 5250)}


def bucket(n: int) -> int:
    """site/js/net/links.js `bucket`: the smallest of 2^k · 4/4, 5/4, 6/4, 7/4 holding n."""
    base = 8
    while True:
        for m in (4, 5, 6, 7):
            if base * m // 4 >= n:
                return base * m // 4
        base *= 2


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def deflated(part) -> int:
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return len(packer.compress(json.dumps(part, separators=(",", ":"), ensure_ascii=False).encode())
               + packer.flush())


def state_link(name, data, seats, fair, rng) -> int:
    """The length of the state link (r4.) with the sealed parts of `seats` (one seat: its own
    link; every seat: the group's), as makeStateLink makes it from the engine's `link_parts`:
    every part padded to one bucket (the table's largest part, at least the engine's floor)."""
    n = len(data["privates"])
    size = bucket(max(data["pad"], *(deflated(data["privates"][s]) + links.PAD_HEADER for s in seats)))
    x = [b64(rng.randbytes(size + TAG)) if i in seats else 0 for i in range(n)]
    link = {"g": b64(rng.randbytes(9)), "G": tags()[name], "t": data["step"], "E": [0] * n,
            "p": data["public"], "N": b64(rng.randbytes(IV)), "x": x}
    if fair:
        # each seat's posted commitment and its value's receipt; once over, every value (the
        # host's and each seat's: 12 random bytes, fairhost.js newValue)
        link["F"] = {"k": [[rng.randbytes(POSTED // 2).hex()] if i in seats else 0 for i in range(n)],
                     "r": [rng.randbytes(POSTED // 2).hex() if i in seats else 0 for i in range(n)]}
        if data["over"]:
            link["F"]["v"] = [b64(rng.randbytes(12)) for _ in range(n + 1)]
    if data["over"]:
        link["v"] = 1
    link["H"] = b64(rng.randbytes(SIGNATURE))
    return len(encode("r", VERSION, link))


@functools.cache
def longest_links(name, players, seed) -> dict:
    """The longest links in play, and the final ones, over a whole game of the catalog's
    middle bots, each act some seconds to a minute and a half after the one before (people's
    pace, stamped to the second as the hall does): {"own": (in play, final), "group": (in
    play, final)}, a seat's own link and the group's (every seat remote)."""
    module = get_game(name)
    levels = module.catalog()["bots"]
    level = levels[len(levels) // 2]
    fair = bool(module.catalog().get("fair"))
    clocked = bool(module.catalog().get("clock"))
    rng, now = random.Random(seed), 1_700_000_000_000
    options = MASS if name == "broker-yard" and players > 8 else {}
    state = module.new_game(options, [f"Player {i + 1}" for i in range(players)], seed)
    every = set(range(players))
    own = group = 0

    def stamp(action):
        nonlocal now
        now += rng.randrange(1, 90) * 1000
        return {**action, "at": now} if clocked and isinstance(action, dict) else action

    while not module.is_over(state):
        # every seat's sealed part has one length (the padding): one seat's link is any seat's
        data = links.link_parts(module, state, every)
        own = max(own, state_link(name, data, {0}, fair, rng))
        group = max(group, state_link(name, data, every, fair, rng))
        turn = module.to_act(state)
        for seat in turn["seats"] if turn["together"] else turn["seats"][:1]:
            seen = module.bot_view(state, seat) if hasattr(module, "bot_view") else module.view(state, seat)
            got = module.bot_action(level, seen, f"{seed}:{turn['step']}:{seat}")
            for action in [] if got is None else got if isinstance(got, list) else [got]:
                module.apply(state, seat, stamp(action))
        if turn["close"] and (not turn["seats"] or turn["together"]
                              and module.to_act(state)["step"] == turn["step"]):
            module.apply(state, None, stamp(turn["close"]))
    data = links.link_parts(module, state, every)
    return {"own": (own, state_link(name, data, {0}, fair, rng)),
            "group": (group, state_link(name, data, every, fair, rng))}


@pytest.mark.parametrize("name, players, seed", TABLES)
def test_every_seats_own_link_at_the_largest_table_fits_a_chat_message(name, players, seed):
    in_play, final = longest_links(name, players, seed)["own"]
    # the mass start's: 1,547 and 1,407 on its seed (2,955 and 3,257 in the full form)
    assert in_play < BUDGET
    # a finished spy game's link carries its end and each seat's own moves, not the record
    # (engine/spy/end_link.py): 3,167 characters on this seed before, with every value
    assert final < BUDGET


@pytest.mark.parametrize("name, players, seed", TABLES)
def test_the_groups_link_at_the_largest_table(name, players, seed):
    in_play, final = longest_links(name, players, seed)["group"]
    assert in_play < GROUP[name, players][0] and final < GROUP[name, players][1]
