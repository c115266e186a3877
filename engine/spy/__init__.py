"""¿Quién es el Espía? (docs/rules/spy.md): a hidden-role game in which the app is the
game master. Each day is one simultaneous step; the host stamps every action's time and
closes days (`close_day`); deaths resolve at each cycle's close by the priority chain.
"""

from .game import GAME, VERSION, new_game, to_act, apply, is_over, result
from .view import view, legal, bot_view, conceal
from .options import catalog
from .deal import deal_roles
from .fair import audit
from .hall import hall_summary, hall_final
from .account import describe, summary
from .link import CODE_BYTES, link_public, link_private, link_view
from .public_record import replay_public, replay_frames
from .tools import TOOLS


def bot_action(level: str, view: dict, seed=0):
    from .bots import bot_action as decide  # the bots load when a bot first plays
    return decide(level, view, seed)


__all__ = ["GAME", "VERSION", "new_game", "to_act", "apply", "is_over", "result", "view",
           "legal", "bot_view", "conceal", "catalog", "deal_roles", "audit", "hall_summary",
           "hall_final", "describe", "summary", "CODE_BYTES", "link_public", "link_private", "link_view",
           "replay_public", "replay_frames", "bot_action", "TOOLS"]
