"""What state links and action codes carry (docs/multiplayer.md), for any game.

The site's net layer (site/js/net/links.js) seals and encodes; this module says what goes
inside: a public part for anybody holding the link and one private part per remote seat,
both built from `view` (the only door to hidden information). A game may make them compact
with hooks (`link_public`, `link_private`, `link_view`, `pack_action`, `unpack_action`);
without hooks the public part is the spectator's view and a seat's private part is what its
own view has that the spectator's has not. A game whose remote seat composes a whole turn on
its page before sending it (Ekonos) plays it ahead on the state its link describes
(`link_plan`).

The hall adds one thing of its own to the public part: which seats are bots (the hosted
session's seat kinds, engine/core/session.py), so that a remote player's page marks them as
the host's page does. It travels under `BOTS`, a key no game's public part uses, and is taken
off before the game's `link_view` sees the part. So does the other, `UNDO`: when a remote
seat's latest action may still be taken back (engine/core/undo.py), which seat and the step
that action was made at, so that seat's page offers Undo exactly when the host's session
would take it back. It tells nobody more than the public part's own change did: the games'
undoable actions (Ekonos's planned turn, the grid's purchases and buildings) are public.
"""

import json
import zlib

from .errors import GameError

BOTS = "bots"   # the public part's [[seat, level], ...] of the bot seats; left out when none
UNDO = "undo"   # the public part's [seat, step made] of a remote seat's undoable action
PAD_HEADER = 5  # the stored deflate block that pads a sealed part (site/js/net/links.js)
PAD_MARGIN = 8  # the browser's deflate may come out a few bytes longer than zlib's here
CODE_BYTES = 96  # an action code's sealed part, at least (a game's CODE_BYTES when it has one)


def link_parts(module, state, seats, bots=None, undo=None) -> dict:
    """The host's state link for `seats` (the remote seats): {step, over, public, privates,
    pad}; `bots` ({seat: level}) marks the bot seats in the public part, `undo` ((seat,
    step made)) a remote seat's action that may be taken back; `pad` is what the sealed
    parts are padded to (`pad_of`)."""
    if hasattr(module, "link_public"):
        public = module.link_public(state)
        private = module.link_private
    else:
        public = module.view(state, None)

        def private(state, seat):
            own = module.view(state, seat)
            return {k: v for k, v in own.items() if k not in public or public[k] != v}
    every = [private(state, i) for i in range(len(state["players"]))]
    privates = [p if i in seats else None for i, p in enumerate(every)]
    if bots:
        public = {**public, BOTS: [[seat, bots[seat]] for seat in sorted(bots)]}
    if undo is not None:
        public = {**public, UNDO: list(undo)}
    return {"step": module.to_act(state)["step"], "over": module.is_over(state),
            "public": public, "privates": privates, "pad": pad_of(every)}


def pad_of(parts) -> int:
    """The bytes every sealed part of a state link is padded to, at least (docs/multiplayer.md,
    "Padding"): the largest private part at the table deflated, as the page deflates it,
    with room for the padding's own header. Every seat's part counts, remote or not, so the
    length is the table's and tells nothing of whose part is whose; the page rounds it up
    to its buckets (site/js/net/links.js, `bucket`)."""
    def size(part) -> int:
        packer = zlib.compressobj(6, zlib.DEFLATED, -15)
        raw = json.dumps(part, separators=(",", ":"), ensure_ascii=False).encode()
        return len(packer.compress(raw) + packer.flush())
    return max((size(p) for p in parts), default=0) + PAD_HEADER + PAD_MARGIN


def code_bytes(module) -> int:
    """What an action code's sealed part is padded to, at least: the game's largest move
    (with a fair deal's commitment) fits, so a code's length says nothing of the move."""
    return getattr(module, "CODE_BYTES", CODE_BYTES)


def _games_part(public):
    """A link's public part as the game made it: without the hall's keys."""
    if isinstance(public, dict) and (BOTS in public or UNDO in public):
        return {k: v for k, v in public.items() if k not in (BOTS, UNDO)}
    return public


def link_view(module, public, private, seat) -> dict:
    """The view a state link gives its reader: the spectator's, or with the seat's private
    part, the seat's own (with `legal` when it may act)."""
    public = _games_part(public)
    if hasattr(module, "link_view"):
        return module.link_view(public, private, seat)
    if not isinstance(public, dict) or (private is not None and not isinstance(private, dict)):
        raise GameError("code_invalid", "the link cannot be read", where="link")
    return dict(public) if private is None else {**public, **private}


def link_plan(module, public, private, seat, actions) -> dict:
    """A turn composed on a remote seat's page before it is sent as one code, played ahead on
    the state its link describes: {view, done, events} (the game's hook `link_plan`; a game
    whose remote seats send each decision as it is made has none)."""
    if not hasattr(module, "link_plan"):
        raise GameError("bad_arguments", f"{module.GAME} plans no turn on a remote page")
    return module.link_plan(_games_part(public), private, seat, actions)


def pack_action(module, action):
    return module.pack_action(action) if hasattr(module, "pack_action") else action


def unpack_action(module, packed) -> dict:
    return module.unpack_action(packed) if hasattr(module, "unpack_action") else packed


def link_kinds(module, public, players: int) -> list[dict]:
    """The seat kinds a state link tells its reader, as the host's table has them: a bot seat
    {"kind": "bot", "level"}, every other seat {"kind": "human"} (a person: at the host's
    device or from afar, which the reader need not know). Refuses a malformed list."""
    bots = public.get(BOTS, []) if isinstance(public, dict) else []
    levels = module.catalog()["bots"]
    if not isinstance(bots, list) or len(bots) > players or not all(
            isinstance(b, list) and len(b) == 2 and type(b[0]) is int and 0 <= b[0] < players
            and b[1] in levels for b in bots) or len({b[0] for b in bots}) != len(bots):
        raise GameError("code_invalid", "the link's bot seats cannot be read", where="bots")
    kinds = [{"kind": "human"} for _ in range(players)]
    for seat, level in bots:
        kinds[seat] = {"kind": "bot", "level": level}
    return kinds


def link_undo(public, seat):
    """The step at which `seat`'s latest action was made, when the link says the host would
    take it back (`UNDO`); else None. Refuses a malformed entry."""
    undo = public.get(UNDO) if isinstance(public, dict) else None
    if undo is None:
        return None
    if not (isinstance(undo, list) and len(undo) == 2 and all(type(v) is int for v in undo)):
        raise GameError("code_invalid", "the link's undo cannot be read", where="undo")
    return undo[1] if undo[0] == seat else None
