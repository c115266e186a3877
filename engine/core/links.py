"""What state links and action codes carry (docs/multiplayer.md), for any game.

The site's net layer (site/js/net/links.js) seals and encodes; this module says what goes
inside: a public part for anybody holding the link and one private part per remote seat,
both built from `view` (the only door to hidden information). A game may make them compact
with hooks (`link_public`, `link_private`, `link_view`, `pack_action`, `unpack_action`);
without hooks the public part is the spectator's view and a seat's private part is what its
own view has that the spectator's has not.
"""

from .errors import GameError


def link_parts(module, state, seats) -> dict:
    """The host's state link for `seats` (the remote seats): {step, over, public, privates}."""
    if hasattr(module, "link_public"):
        public = module.link_public(state)
        private = module.link_private
    else:
        public = module.view(state, None)

        def private(state, seat):
            own = module.view(state, seat)
            return {k: v for k, v in own.items() if k not in public or public[k] != v}
    return {"step": module.to_act(state)["step"], "over": module.is_over(state),
            "public": public,
            "privates": [private(state, i) if i in seats else None
                         for i in range(len(state["players"]))]}


def link_view(module, public, private, seat) -> dict:
    """The view a state link gives its reader: the spectator's, or with the seat's private
    part, the seat's own (with `legal` when it may act)."""
    if hasattr(module, "link_view"):
        return module.link_view(public, private, seat)
    if not isinstance(public, dict) or (private is not None and not isinstance(private, dict)):
        raise GameError("code_invalid", "the link cannot be read", where="link")
    return dict(public) if private is None else {**public, **private}


def pack_action(module, action):
    return module.pack_action(action) if hasattr(module, "pack_action") else action


def unpack_action(module, packed) -> dict:
    return module.unpack_action(packed) if hasattr(module, "unpack_action") else packed
