"""What the page pads sealed parts to (docs/multiplayer.md, "Padding"), as the engine gives
it: a state link's floor is the largest private part at the table (every seat's, remote or
not), an action code's the game's largest move. The sealing itself, with real deals of every
game, is tested in the browser (tests/site/net/test_net_padding.py)."""

import json
import zlib

import pytest

from engine.core import links
from engine.core.game import GAMES, get_game
from engine.sim.play import Clock, bot_acts
from engine.spy.actions import OPEN
from engine.spy.roles import ROLES

COMMIT = "0" * 64  # a fair deal's commitment rides in every code of a spy game


def deflated(part) -> int:
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    raw = json.dumps(part, separators=(",", ":"), ensure_ascii=False).encode()
    return len(packer.compress(raw) + packer.flush())


def plain(action, commit=COMMIT) -> int:
    """The bytes of an action code's plaintext before padding (site/js/net/links.js)."""
    value = {"a": action, "k": commit} if commit else {"a": action}
    return len(json.dumps(value, separators=(",", ":")).encode())


def steps(name, players, seed):
    """(state, the seats to act) at each step of a game of the catalog's bots."""
    module = get_game(name)
    bots = module.catalog()["bots"]
    state = module.new_game({}, [f"Player {i + 1}" for i in range(players)], seed)
    clock = Clock(module)
    while not module.is_over(state):
        turn = module.to_act(state)
        yield state, turn
        if turn["together"]:
            for i in turn["seats"]:
                bot_acts(module, state, i, bots[i % len(bots)], f"{seed}:{turn['step']}:{i}", clock)
            if turn["close"] and module.to_act(state)["step"] == turn["step"]:
                module.apply(state, None, clock.stamp(turn["close"]))
        elif turn["seats"]:
            bot_acts(module, state, turn["seats"][0], bots[0], f"{seed}:{turn['step']}", clock)
        else:
            module.apply(state, None, clock.stamp(turn["close"]))


@pytest.mark.parametrize("name", list(GAMES))
def test_the_pad_holds_every_seats_private_part_with_its_header(name):
    module = get_game(name)
    players = {"spy": 8}.get(name, 4)
    for k, (state, _) in enumerate(steps(name, players, "pad")):
        if k % 7:
            continue
        parts = links.link_parts(module, state, {0})
        every = [links.link_parts(module, state, {i})["privates"][i] for i in range(players)]
        assert parts["pad"] >= max(deflated(p) for p in every) + links.PAD_HEADER
        # the remote seats do not set it: the table does
        assert links.link_parts(module, state, set(range(players)))["pad"] == parts["pad"]


SECRET_DAY = ("victim", "kill", "protect", "look")  # what a day's code carries with its vote
ALONE = ("protect_public", "redirect")  # public acts, each sent as it is made (site/js/games/spy/day.js)


def test_every_roles_largest_day_fits_a_spy_action_code():
    """The largest day of each role at the largest table, as the spy table sends it: a vote,
    every secret power the role has that day, one trick (the two added votes, the longer),
    `done`, each aimed at the last seat, and the fair deal's commitment; a public act alone.
    None passes the game's CODE_BYTES, so every code has one length whatever role sent it."""
    spy = get_game("spy")
    n = spy.catalog()["players"]["max"]
    largest = 0
    for role in ROLES:
        options = {"merge_at": n, "spies": 3, "double_agent": 1, "vigilante": 1, "priest": 1,
                   "psychic": 1, "brothers": 1, "trickster": 1, "mayor": 1}
        cards = ["spy", "spy", "spy", "double_agent", "vigilante", "priest", "psychic", "brother",
                 "brother", "trickster:spies", "mayor:citizens"]
        cards += ["citizen"] * (n - len(cards))
        seat = cards.index(next(c for c in cards if c.split(":")[0] == role))
        state = spy.new_game(options, [f"Player {i + 1}" for i in range(n)], "codes", roles=cards)
        state["window"] = True  # the Mayor's window too: every power open at once
        open_now = [k for k, spec in OPEN.items()
                    if spec(state, seat, state["roles"][seat], list(range(n))) is not None]
        assert "done" in open_now
        day = [{"type": k, "target": n - 1} for k in open_now if k == "vote" or k in SECRET_DAY]
        if "add_votes" in open_now:
            day.append({"type": "add_votes", "targets": [n - 1, n - 1]})
        largest = max(largest, plain(day + [{"type": "done"}]),
                      *(plain({"type": k, "target": n - 1}) for k in ALONE if k in open_now))
    assert largest <= spy.CODE_BYTES
    # unpadded, a citizen's day would be far shorter than the largest
    assert plain([{"type": "vote", "target": n - 1}, {"type": "done"}]) < largest - 40


@pytest.mark.parametrize("name", list(GAMES))
def test_the_moves_of_bot_games_fit_the_games_code_bytes(name):
    """Every move the bots make, as its code carries it (a fair deal's commitment in the spy
    game), fits the game's floor; in the grid game the secret one, the power choice, always
    does (a line along many cities may not: it is public once played)."""
    module = get_game(name)
    floor = links.code_bytes(module)
    commit = COMMIT if name == "spy" else None
    # the moves of the level a bot seat gets by default (the catalog's middle one): moves of
    # every kind, without a strong Ekonos bot's search at each of 300 steps (3 1/2 minutes)
    bots = module.catalog()["bots"]
    level = bots[len(bots) // 2]
    for state, turn in steps(name, {"broker-yard": 8, "spy": 20}.get(name, 4), "moves"):
        for seat in turn["seats"]:
            seen = module.bot_view(state, seat) if hasattr(module, "bot_view") else module.view(state, seat)
            got = module.bot_action(level, seen, f"m:{turn['step']}:{seat}")
            actions = got if isinstance(got, list) else [got] if got else []
            packed = [links.pack_action(module, a) for a in actions]
            if not packed or name == "grid" and actions[0]["type"] != "power":
                continue
            assert plain(packed if len(packed) > 1 else packed[0], commit) <= floor, actions
        if turn["step"] > 300:
            break
