"""Kuhn poker, a game of the tests (as OpenSpiel has it): three cards (J, Q, K), two players,
each antes one chip and holds one hidden card; the first to act checks or bets one chip, the
other answers (check or bet; call or fold), and a check met by a bet is called or folded. The
higher card wins a showdown; a fold gives the pot to the bettor. The game is `hands` hands,
the first seat alternating; the score is the chips won.

It follows the protocol of engine/core/game.py with no hook at all (links, records, the
hall's summary: the core's defaults), so it is the checklist's smallest game. While a test
runs it is in the registry (`registered()`), never in a build.
"""

from engine.core.game import registered as _registered

from .game import GAME, VERSION, new_game, to_act, apply, is_over, result
from .options import catalog
from .view import view, legal, conceal
from .bots import bot_action

TAG = "k"


def registered():
    """The registry with this game while the block runs."""
    return _registered(GAME, __name__, TAG)


__all__ = ["GAME", "VERSION", "TAG", "new_game", "to_act", "apply", "is_over", "result", "catalog",
           "view", "legal", "conceal", "bot_action", "registered"]
