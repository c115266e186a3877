"""A seat's draft before Ready (engine/broker/draft.py, the tool `draft`, issue 32): what the
trades and the card alone do to this player must be what a real round does to them when that
card is the only one played; the sales that cover a debt are the bots' own; what a card's
choices lack is named for the page."""

import random

import pytest

from engine.broker import TOOLS, resolve, submit
from engine.broker.bots.common import cover_debt
from engine.broker.cards import COLOURS, big_pack, small_pack
from engine.broker.draft import cover
from engine.core.errors import GameError

from .helpers import game_with
from .test_preview import CLASSIC, all_choices

draft = TOOLS["draft"]
AT_100 = {c: 100 for c in COLOURS}


def played_alone(card_id, choices, prices, cash, shares, trades, options=None):
    """Ann's cash, shares and bankruptcy after a real round in which she trades and plays
    `card_id`, the only card of the round (Bob saves orders without a card)."""
    state = game_with({"Ann": [card_id], "Bob": []}, options)
    state["prices"] = dict(prices)
    state["seats"][0].update(cash=cash, shares=dict(shares))
    submit(state, 0, {"trades": trades, "card": card_id, "choices": choices})
    submit(state, 1, {})
    resolve(state)
    ann = state["seats"][0]
    value = sum(n * state["prices"][c] for c, n in ann["shares"].items())
    return ann["cash"], ann["shares"], value, ann["bankrupt"]


def test_the_card_alone_for_me_is_what_the_round_does_to_me():
    rng = random.Random(32)
    cards = sorted(set(big_pack("classic") + small_pack()))
    settings = [({}, CLASSIC), ({"stop_loss": True, "spread": 30}, {**CLASSIC, "stop_loss": True})]
    fates = set()
    for k in range(400):
        card_id = rng.choice(cards)
        choices = rng.choice(all_choices(card_id))
        game_options, options = rng.choice(settings)
        prices = {c: rng.choice([10, 20, 40, 100, 160, 210, 240, 250]) for c in COLOURS}
        shares = {c: rng.choice([0, 0, 1, 3, 12]) for c in COLOURS}
        cash = rng.choice([0, 5, 40, 300])
        trades = {c: -rng.randint(0, shares[c]) for c in COLOURS if rng.random() < .4}
        buy = rng.choice(COLOURS)
        money = cash - sum(n * prices[c] for c, n in trades.items())
        trades[buy] = trades.get(buy, 0) + money // prices[buy] * rng.choice([0, 1])
        shown = draft(prices=prices, options=options, cash=cash, shares=shares, trades=trades,
                      card=card_id, choices=choices)
        assert shown["refused"] is None and shown["choices"] is None
        alone = shown["alone"]
        got_cash, got_shares, got_value, bankrupt = played_alone(
            card_id, choices, prices, cash, shares, trades, game_options)
        assert (alone["cash"], alone["value"]) == (got_cash, got_value), (k, card_id, choices)
        assert {c: alone["colours"][c]["kept"] for c in COLOURS} == got_shares or bankrupt
        # bankrupt in the round itself only when left broke (a debt waits for the next update)
        assert (alone["fate"] == "broke") == bankrupt
        fates.add(alone["fate"])
    assert {None, "broke", "bankrupt", "debt"} <= fates


def test_the_issues_move_warns_before_ready():
    """Selling Yellow, buying Green and playing Green −60: the preview said only "holders pay
    $20 per share"; for this player it is that times the shares held after the trades."""
    prices = {**AT_100, "green": 50}
    shown = draft(prices=prices, options=CLASSIC, cash=0, shares={c: 1 for c in COLOURS},
                  trades={"yellow": -1, "green": 2}, card="small:green:-60", choices={"other": "red"})
    assert shown["cash"] == 0 and shown["held"] == {"blue": 1, "red": 1, "yellow": 0, "green": 3}
    assert shown["alone"]["moves"]["green"]["penalty"] == 20  # 50 − 60 = −10: price 10
    assert shown["alone"]["colours"]["green"] == {"shares": 3, "kept": 3, "cash": -60, "value": 30}
    assert shown["alone"]["colours"]["red"]["value"] == 130
    # $−60 in cash, $260 in shares: a debt to sell off next round
    assert (shown["alone"]["cash"], shown["alone"]["value"], shown["alone"]["fate"]) == (-60, 260, "debt")
    # all-in on Green at 20: 10 shares pay $50 each, worth $100 after: bankrupt
    hopeless = draft(prices={**prices, "green": 20}, options=CLASSIC, cash=200, shares={c: 0 for c in COLOURS},
                     trades={"green": 10}, card="small:green:-60", choices={"other": "red"})
    assert hopeless["alone"]["cash"] == -500 and hopeless["alone"]["value"] == 100
    assert hopeless["alone"]["fate"] == "bankrupt"
    # the same without the trade: no shares, cash unchanged
    assert draft(prices=prices, options=CLASSIC, cash=200, shares={c: 0 for c in COLOURS},
                 card="small:green:-60", choices={"other": "red"})["alone"]["fate"] is None
    # cash below 0 when the update begins: bankrupt there, the card void
    broke = draft(prices=AT_100, options=CLASSIC, cash=-50, shares={c: 0 for c in COLOURS}, card="zero:red")
    assert broke["cover"] is None and broke["alone"]["fate"] == "void"


def test_sales_cover_a_debt_as_the_bots_do_and_on_top_of_the_trades():
    prices = {"blue": 100, "red": 60, "yellow": 10, "green": 250}
    held = {"blue": 2, "red": 5, "yellow": 3, "green": 0}
    assert cover(prices, 0, held) == {}
    # the least that covers it: one colour alone when one can ...
    assert cover(prices, -10, held) == {"yellow": -1}
    assert cover(prices, -130, held) == {"red": -3}  # $180 of Red rather than $200 of Blue
    assert cover(prices, -250, held) == {"red": -5}
    # ... else from the dearest down
    assert cover(prices, -310, held) == {"blue": -2, "red": -2}
    assert cover(prices, -10_000, held) is None
    # the bots sell from the dearest colour down, as they always have
    view = {"seat": 0, "prices": prices, "seats": [{"cash": -10, "shares": held}]}
    assert cover_debt(view) == {"blue": -1} == cover(prices, -10, held, one_colour=False)
    view["seats"][0]["cash"] = -250
    assert cover_debt(view) == {"blue": -2, "red": -1}
    shown = draft(prices=prices, options=CLASSIC, cash=-130, shares=held, trades={"red": -1})
    assert shown["cash"] == -70 and shown["cover"] == {"blue": -1}
    assert shown["refused"]["code"] == "negative_cash"
    # after the sales the engine takes the trades
    fixed = draft(prices=prices, options=CLASSIC, cash=-130, shares=held, trades={"red": -1, "blue": -1})
    assert fixed["refused"] is None and fixed["cash"] == 30 and fixed["cover"] == {}


@pytest.mark.parametrize("card, choices, problem", [
    ("double:red", {}, "need_other"),
    ("hundred:blue", {}, "need_others"),
    ("hundred:blue", {"others": {"red": -10}}, "need_others"),
    ("hundred:blue", {"others": {"red": -10, "yellow": -10, "green": -30}}, "others_twice"),
    ("hundred:blue", {"others": {"red": -10, "yellow": -20, "green": -40}}, "refused"),
])
def test_what_the_choices_lack_is_named(card, choices, problem):
    shown = draft(prices=AT_100, options=CLASSIC, cash=0, shares=AT_100, card=card, choices=choices)
    assert shown["choices"]["problem"] == problem and shown["alone"] is None


@pytest.mark.parametrize("args", [
    {"cash": "0", "shares": AT_100},
    {"cash": 0, "shares": {"blue": 1}},
    {"cash": 0, "shares": {**AT_100, "red": -1}},
    {"cash": 0, "shares": AT_100, "trades": {"red": 1.5}},
    {"cash": 0, "shares": AT_100, "trades": {"red": -101}},
    {"cash": 0, "shares": AT_100, "card": "ace:red"},
])
def test_the_tool_refuses_a_draft_it_cannot_read(args):
    with pytest.raises(GameError):
        draft(prices=AT_100, options=CLASSIC, **args)


def test_a_seats_legal_moves_carry_the_answer_for_an_untouched_draft():
    """The page draws an untouched draft (no trades, no card) from the view, without asking:
    one call a move. It must be the tool's own answer."""
    from engine.broker import legal, new_game
    state = new_game({}, ["Ann", "Bob"], seed=3)
    state["seats"][0].update(cash=-130, shares={"blue": 2, "red": 5, "yellow": 3, "green": 0})
    carried = legal(state, 0)["untouched"]
    asked = draft(prices=state["prices"], options=state["options"], cash=-130,
                  shares=state["seats"][0]["shares"])
    assert carried == asked and carried["cover"] == {"blue": -2}  # a tie: the first colour
