"""Broker-Yard: a simultaneous-round stock-trading card game (docs/rules/broker-yard.md).

The game protocol (engine/core/game.py): each round every solvent seat saves an `order`
(trades, a card and its choices) until the host's `resolve` runs the update.
"""

from .game import (GAME, VERSION, new_game, submit, withdraw, resolve, to_act, apply, is_over,
                   result, standings, capital)
from .view import view, legal, bot_view, conceal
from .options import catalog
from .howto import howto
from .record import (RECORD_FIELDS, record_setup, record_steps, record_actions, replay,
                     to_record, summary)
from .hall import hall_summary, hall_final
from .link import link_private, pack_action, unpack_action
from .link_large import link_public, link_view
from .account import describe
from .public_record import replay_public, replay_steps
from .preview import TOOLS as _PREVIEW
from .draft import TOOLS as _DRAFT
from .story import TOOLS as _STORY

# the page's calls: a card alone, a seat's draft before Ready, how the capitals came about
TOOLS = {**_PREVIEW, **_DRAFT, **_STORY}


def bot_action(level: str, view: dict, seed=0) -> dict:
    from .bots import bot_action as decide  # the bots load when a bot first plays
    return decide(level, view, seed)


def check_bot(name: str) -> None:
    """Bot names the simulator takes: a level, "random", or "strong:N" (ValueError if not)."""
    from .bots import get_bot
    if name != "random":
        get_bot(name)


__all__ = ["GAME", "VERSION", "new_game", "submit", "withdraw", "resolve", "to_act", "apply",
           "is_over", "result", "standings", "capital", "view", "legal", "bot_view", "conceal",
           "catalog", "howto", "RECORD_FIELDS", "record_setup", "record_steps", "record_actions",
           "replay", "to_record", "summary", "hall_summary", "hall_final",
           "link_public", "link_private", "link_view", "pack_action", "unpack_action",
           "describe", "replay_public", "replay_steps", "bot_action", "check_bot", "TOOLS"]
