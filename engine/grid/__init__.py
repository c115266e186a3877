"""Энергосеть, alternative rules (registry name "grid"): Power Grid with income per city
(docs/rules/grid.md, docs/games/grid.md).

The game protocol (engine/core/game.py): phases 2-4 are sequences of one seat's decisions
(the current bidder; the player buying or building), phase 5 is a simultaneous power choice
closed by the host's `settle`.
"""

from .game import GAME, VERSION, new_game, record_setup, to_act, apply, is_over, result, quote
from .view import view, legal, bot_view, conceal, public, state_from_public
from .options import catalog
from .map import board
from .hall import hall_summary, hall_final, hall_secret, keeps_turn
from .account import describe, summary
from .link import CODE_BYTES, link_public, link_private, link_view
from .public_record import replay_public, replay_steps
from .tools import TOOLS


def bot_action(level: str, view: dict, seed=0):
    from .bots import bot_action as decide  # the bots load when a bot first plays
    return decide(level, view, seed)


def check_bot(name: str) -> None:
    from .bots import get_bot
    get_bot(name)


__all__ = ["keeps_turn", "GAME", "VERSION", "new_game", "record_setup", "to_act", "apply", "is_over", "result", "quote",
           "view", "legal", "bot_view", "conceal", "public", "state_from_public", "catalog", "board",
           "bot_action", "check_bot", "hall_summary", "hall_final", "hall_secret", "describe", "summary", "CODE_BYTES",
           "link_public", "link_private", "link_view", "replay_public", "replay_steps", "TOOLS"]
