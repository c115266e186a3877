"""The deal of each round (rule book, "Rounds"): all 36 cards shuffled from the seed, or
the hands a record's setup fixes."""

from ..core.errors import GameError, short
from ..core.rng import Stream
from .cards import CARDS, DECK
from .options import hand_size, rounds_for

DECK_ORDER = {card: i for i, card in enumerate(DECK)}


def deal(seed, round_number: int, players: int) -> list[list[str]]:
    """Shuffle all 36 cards for this round and deal each hand; the rest stay hidden."""
    cards = Stream(seed, "deal", round_number).shuffle(list(DECK))
    size = hand_size(players)
    return [sorted(cards[i * size:(i + 1) * size], key=DECK_ORDER.__getitem__)
            for i in range(players)]


def check_setup(setup, players: int) -> dict | None:
    """What a record may fix beyond the seed: the first start player and the deals of some
    rounds ({"start": seat, "deals": [[hand of each seat], ...]})."""
    if not setup:
        return None
    unknown = sorted(set(setup) - {"start", "deals"})
    if unknown:
        raise GameError("bad_setup", f"a setup has no part {short(unknown[0])!r}", where="setup")
    start = setup.get("start")
    if start is not None and (type(start) is not int or not 0 <= start < players):
        raise GameError("bad_setup", "start must be a seat", where="setup.start")
    deals = setup.get("deals") or []
    if not isinstance(deals, list) or len(deals) > rounds_for(players):
        raise GameError("bad_setup", "deals must be a list, one per round at most",
                        where="setup.deals")
    size = hand_size(players)
    for r, hands in enumerate(deals):
        where = f"setup.deals[{r}]"
        if not isinstance(hands, list) or len(hands) != players:
            raise GameError("bad_setup", "a deal gives one hand to every seat", where=where)
        seen = set()
        for i, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != size:
                raise GameError("bad_setup", f"a hand has {size} cards", where=f"{where}[{i}]")
            for card in hand:
                if card not in CARDS or card in seen:
                    raise GameError("bad_setup", f"{short(card, 10)!r} is not a card left to deal",
                                    where=f"{where}[{i}]", card=short(card, 10))
                seen.add(card)
    return {"start": start, "deals": [[list(h) for h in hands] for hands in deals]}


def hands_for(state, round_number: int) -> list[list[str]]:
    given = (state["setup"] or {}).get("deals") or []
    if round_number <= len(given):
        return [list(h) for h in given[round_number - 1]]
    return deal(state["seed"], round_number, len(state["players"]))
