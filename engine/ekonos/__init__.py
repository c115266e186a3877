"""Ekonos: a sequential stock-and-map card game for 2-6 players (docs/rules/ekonos.md).

The game protocol (engine/core/game.py): one seat acts at a time — the player whose turn
it is (play, sell, buy, choosing a successor) or, in the middle of that turn, a company's
president (expand or wait, growth actions).
"""

from .game import GAME, VERSION, new_game, record_setup, to_act, apply, is_over, result, acting
from .view import view, legal, bot_view, conceal, actions_of
from .options import catalog
from .record import replay, to_record, summary
from .hall import hall_summary, hall_final, keeps_turn
from .account import describe
from .link import link_public, link_private, link_view, link_plan, pack_action, unpack_action
from .public_record import replay_public, replay_steps
from .tools import TOOLS


def bot_action(level: str, view: dict, seed=0):
    from .bots import bot_action as decide  # the bots load when a bot first plays
    return decide(level, view, seed)


def check_bot(name: str) -> None:
    """Bot names the simulator takes: a level, "random", or "strong:N" (ValueError if not)."""
    from .bots import get_bot
    get_bot(name)


__all__ = ["keeps_turn", "GAME", "VERSION", "new_game",
           "record_setup", "to_act", "apply", "is_over", "result", "acting",
           "view", "legal", "bot_view", "conceal", "actions_of", "catalog", "replay",
           "to_record", "summary", "hall_summary", "hall_final", "describe", "link_public",
           "link_private", "link_view", "link_plan", "pack_action", "unpack_action", "replay_public",
           "replay_steps", "bot_action", "check_bot", "TOOLS"]
