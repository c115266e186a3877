"""What one card would do to the prices on its own (issue 17: a guardrail while choosing).

The hand shows, for the card a player picks with its choices, each colour's update as if
that card were the only one played this round: the engine's own effects (`card_effects`)
and update (`price_update`: cancelling, zeros, the summation, the grid's ends, a stop-loss),
never a second copy of the rules in the page. The others' cards are unknown until the
round ends, so this is not the round's result. The page calls it as the tool `preview`
(site/py/api.py `game_tool`).
"""

from ..core.errors import GameError
from .cards import COLOURS, card_effects, check_choices, parse_card
from .game import price_update
from .options import SPREAD, SUMMATIONS
from .update import PRICE_MAX, PRICE_MIN


def bad_arguments(what: str) -> GameError:
    return GameError("bad_arguments", f"preview: {what}")


def checked_prices(prices) -> dict:
    if not isinstance(prices, dict) or set(prices) != set(COLOURS):
        raise bad_arguments(f"prices must give each of {', '.join(COLOURS)}")
    if any(type(p) is not int or not PRICE_MIN <= p <= PRICE_MAX for p in prices.values()):
        raise bad_arguments(f"a price is a whole number from {PRICE_MIN} to {PRICE_MAX}")
    return {c: prices[c] for c in COLOURS}


def checked_options(options) -> dict:
    """The options the update reads, as a game's state (or its view) holds them."""
    if not isinstance(options, dict):
        raise bad_arguments("options must be an object")
    o = {k: options.get(k) for k in ("summation", "zero_cancels", "stop_loss", "spread")}
    if not isinstance(o["summation"], str) or o["summation"] not in SUMMATIONS:
        raise bad_arguments("summation")
    if type(o["zero_cancels"]) is not int or o["zero_cancels"] not in (3, 4):
        raise bad_arguments("zero_cancels")
    if type(o["stop_loss"]) is not bool:
        raise bad_arguments("stop_loss")
    if type(o["spread"]) is not int or not SPREAD[0] <= o["spread"] <= SPREAD[1]:
        raise bad_arguments("spread")
    return o


def card_alone(prices: dict, options: dict, card_id: str, choices=None) -> dict:
    """Each colour's update if `card_id` with `choices` were the only card of the round:
    {colour: {price, new_price, change, bonus, penalty, stop, stopped, zeros}}. `penalty` is
    what holders would pay (none when a stop sells them out first, as in `resolve`)."""
    card = parse_card(card_id)
    choices = check_choices(card, choices)
    effects = {c: [] for c in COLOURS}
    zeros = {c: 0 for c in COLOURS}
    for colour, kind, delta in card_effects(card, choices, prices):
        if kind == "zero":
            zeros[colour] += 1
        else:
            effects[colour].append((kind, delta))
    out = {}
    for colour in COLOURS:
        r = price_update(options, prices[colour], effects[colour], zeros[colour])
        out[colour] = {"price": r["price"], "new_price": r["new_price"], "change": r["new_price"] - r["price"],
                       "bonus": r["bonus"], "penalty": 0 if r["stopped"] else r["penalty"],
                       "stop": r["stop"], "stopped": r["stopped"], "zeros": r["zeros"]}
    return out


def preview(prices=None, options=None, card=None, choices=None) -> dict:
    """The tool: `prices` and `options` as the seat's view has them, the picked card and its
    choices; each colour's move from that card alone (`card_alone`)."""
    return card_alone(checked_prices(prices), checked_options(options), card, choices)


TOOLS = {"preview": preview}
