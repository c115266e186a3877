"""A seat's draft of the round checked before Ready (issue 32): the page asks the engine, as
the tool `draft`, what its trades and card would do to this player, and draws the answer.

It answers, from the seat's view (round prices, options, its cash and holdings) and the
draft (trades, card, choices):
- the trades as the engine would take them, or the refusal (`check_trades`, as `submit`);
- cash, holdings and their value after the trades, and when cash would be below 0 at the
  update the sales that cover it (`cover`, also the bots' way to pay a debt), or none;
- what the card's choices still lack (`check_choices`'s refusal, named for the page);
- the card alone (preview.py) as it touches this player: each colour's new value of the
  shares held after the trades, the bonus or penalty per share times those shares, a stop's
  sale, the cash left, and the `fate` it leads to (rule book, "bankruptcy").
Nothing here is a second copy of a rule: it calls the ones the round itself uses.
"""

from ..core.errors import GameError
from .cards import COLOURS, check_choices, parse_card
from .game import MAX_TRADE, check_trades
from .preview import bad_arguments, checked_options, checked_prices, card_alone

MIN_CASH = 10  # under this cash with no shares after an update a player is bankrupt


def cover(prices: dict, cash: int, held: dict, trades: dict | None = None, one_colour=True) -> dict | None:
    """Sales to add to `trades` that bring `cash` (after them) back to 0 or above: one colour
    alone when one can (`one_colour`: the smallest sum over the debt, the page's "Sell
    enough"), else from the dearest colour down (the bots' way, kept as it was: their
    strength is measured with it). {} when nothing is owed, None when selling every share
    held (`held`, after the trades) does not cover it."""
    if cash >= 0:
        return {}
    trades = trades or {}
    # what each colour can still sell: its holding, within one trade's bound
    room = {c: max(0, min(held[c], MAX_TRADE + trades.get(c, 0))) for c in COLOURS}
    alone = [(-(cash // prices[c]) * prices[c], c) for c in COLOURS
             if one_colour and room[c] * prices[c] >= -cash]
    if alone:
        _sum, c = min(alone, key=lambda x: x[0])  # the first colour in the engine's order on a tie
        return {c: cash // prices[c]}  # cash < 0: minus the shares that cover it, rounded up
    sales = {}
    for c in sorted(COLOURS, key=lambda c: -prices[c]):
        n = min(room[c], -(cash // prices[c]))
        if n:
            sales[c] = -n
            cash += n * prices[c]
        if cash >= 0:
            return sales
    return None


def choices_problem(card_id, choices) -> dict | None:
    """What the card's choices lack, as the page words it: need_other, need_others,
    others_twice, or the engine's own refusal (None: the card can be played)."""
    try:
        check_choices(parse_card(card_id), choices)
    except GameError as e:
        card = parse_card(card_id)
        if e.code == "choices_incomplete" or e.params.get("problem") == "missing":
            return {"problem": f"need_{card.choice}"}
        if e.params.get("problem") == "twice":
            return {"problem": "others_twice"}
        return {"problem": "refused", "error": e.to_json()}
    return None


def _fate(cash: int, held: dict, value: int) -> str | None:
    """Where cash and holdings after an update lead: "broke", bankrupt at once (under 10 cash
    and no shares), "bankrupt" at the next update (a debt that selling every share cannot
    cover), a "debt" to sell off next round, or nothing."""
    if cash < MIN_CASH and not any(held.values()):
        return "broke"
    if cash < 0:
        return "bankrupt" if cash + value < 0 else "debt"
    return None


def card_for_me(moves: dict, cash: int, held: dict) -> dict:
    """The card alone (`card_alone`'s moves) for a player with `cash` and `held` shares after
    the trades: per colour the shares kept, their value at the new price and the cash paid or
    received; then the cash, value and capital it leaves, and its fate."""
    mine, end_held = {}, {}
    for c in COLOURS:
        m, n = moves[c], held[c]
        if m["stopped"]:  # a stop sells every share at the stop price, before any penalty
            got, kept = n * m["stop"], 0
        else:
            got, kept = n * (m["bonus"] - m["penalty"]), n
        mine[c] = {"shares": n, "kept": kept, "cash": got, "value": kept * m["new_price"]}
        end_held[c] = kept
        cash += got
    value = sum(x["value"] for x in mine.values())
    return {"colours": mine, "cash": cash, "value": value, "capital": cash + value,
            "fate": _fate(cash, end_held, value)}


def _checked_holdings(cash, shares) -> tuple[int, dict]:
    if type(cash) is not int:
        raise bad_arguments("cash is a whole number")
    if not isinstance(shares, dict) or set(shares) != set(COLOURS):
        raise bad_arguments(f"shares must give each of {', '.join(COLOURS)}")
    if any(type(n) is not int or n < 0 for n in shares.values()):
        raise bad_arguments("shares are whole numbers from 0")
    return cash, {c: shares[c] for c in COLOURS}


def worked_out(prices: dict, cash: int, shares: dict, trades=None, card=None, choices=None,
               options=None, player="") -> dict:
    """The answer for checked prices, holdings and options (see the module's docstring);
    without trades or a card it needs no options: what a seat's legal moves carry (view.py),
    so the page draws an untouched draft without asking."""
    refused = None
    try:
        clean, after = check_trades(cash, shares, prices, trades, str(player)[:40])
    except GameError as e:
        if e.code != "negative_cash":
            raise
        refused = e.to_json()  # trades the engine would refuse: still show where they lead
        clean = {c: n for c, n in trades.items() if n}
        after = e.params["cash"]
    held = {c: shares[c] + clean.get(c, 0) for c in COLOURS}
    value = sum(held[c] * prices[c] for c in COLOURS)
    out = {"trades": clean, "refused": refused, "cash": after, "held": held, "value": value,
           "capital": after + value, "cover": cover(prices, after, held, clean) if after < 0 else {},
           "choices": None, "alone": None}
    if card is None:
        return out
    out["choices"] = choices_problem(card, choices)
    if out["choices"] is None:
        moves = card_alone(prices, options, card, choices)
        # cash below 0 when the update begins: bankrupt there, and the card does nothing
        out["alone"] = {"moves": moves, **card_for_me(moves, after, held)}
        if after < 0:
            out["alone"]["fate"] = "void"
    return out


def draft(prices=None, options=None, cash=None, shares=None, trades=None, card=None, choices=None,
          player="") -> dict:
    """The tool: the seat's draft as the page holds it, checked and worked out (see above)."""
    prices = checked_prices(prices)
    options = checked_options(options)
    cash, shares = _checked_holdings(cash, shares)
    return worked_out(prices, cash, shares, trades, card, choices, options, player)


TOOLS = {"draft": draft}
