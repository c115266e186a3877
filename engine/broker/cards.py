"""Broker-Yard's cards and packs: the rule book's tables as data, and what each card does.

A card is named by a string id: `hundred:C`, `minus-hundred:C`, `double:C` (×2),
`half:C` (÷2), `zero:C`, `small:C:V` (V is the coloured figure, e.g. `+30`).
"""

from ..core.errors import GameError, short

COLOURS = ("blue", "red", "yellow", "green")

# Small cards: coloured figure -> uncoloured figure (the Shareholder deck).
SMALL_FIGURES = {+30: -60, -60: +30, +40: -50, -50: +40, +50: -40, -40: +50, +60: -30, -30: +60}

HUNDRED_OTHERS = (-10, -20, -30)  # the hundred's three other colours get these, one each

# What one pack holds, per colour. Big and small packs are counted separately.
BIG_PACKS = {
    "classic": ("hundred", "minus-hundred", "zero", "double", "half"),
    "duel": ("hundred", "hundred", "hundred", "double", "half"),
}
SMALL_PACK = tuple(f"{v:+d}" for v in SMALL_FIGURES)


def pack_kind(mode: str) -> str:
    """Which big pack a mode deals: the duel's own, else the classic one (mass start too)."""
    return "duel" if mode == "duel" else "classic"


def small_id(colour: str, figure: int) -> str:
    return f"small:{colour}:{figure:+d}"


def big_pack(kind: str) -> list[str]:
    return [f"{card}:{colour}" for colour in COLOURS for card in BIG_PACKS[kind]]


def small_pack() -> list[str]:
    return [small_id(colour, v) for colour in COLOURS for v in SMALL_FIGURES]


class Card:
    """A parsed card id. `kind` is hundred, minus-hundred, double, half, zero or small."""

    __slots__ = ("id", "kind", "colour", "figure")

    def __init__(self, card_id: str, kind: str, colour: str, figure: int | None):
        self.id, self.kind, self.colour, self.figure = card_id, kind, colour, figure

    @property
    def big(self) -> bool:
        return self.kind != "small"

    @property
    def choice(self) -> str | None:
        """Which choice the card needs: 'others' (hundred), 'other', or None (zero)."""
        if self.kind == "hundred":
            return "others"
        if self.kind == "zero":
            return None
        return "other"

    @property
    def other_colours(self) -> list[str]:
        return [c for c in COLOURS if c != self.colour]


_BIG_KINDS = ("hundred", "minus-hundred", "double", "half", "zero")
_PARSED: dict[str, Card] = {}


def parse_card(card_id) -> Card:
    """The Card for an id, or GameError('unknown_card')."""
    card = _PARSED.get(card_id) if isinstance(card_id, str) else None
    if card is not None:
        return card
    parts = card_id.split(":") if isinstance(card_id, str) else []
    card = None
    if len(parts) == 2 and parts[0] in _BIG_KINDS and parts[1] in COLOURS:
        card = Card(card_id, parts[0], parts[1], None)
    elif len(parts) == 3 and parts[0] == "small" and parts[1] in COLOURS:
        if parts[2] in SMALL_PACK:
            card = Card(card_id, "small", parts[1], int(parts[2]))
    if card is None:
        raise GameError("unknown_card", f"unknown card {short(card_id)!r}", card=short(card_id, 60))
    _PARSED[card_id] = card
    return card


def check_choices(card: Card, choices) -> dict:
    """The card's choices, validated and normalised; GameError('bad_choices') otherwise."""
    if choices is None:
        choices = {}
    if not isinstance(choices, dict):
        raise GameError("bad_choices", "choices must be an object", where="choices", card=card.id)
    need = card.choice
    extra = set(choices) - ({need} if need else set())
    if extra:
        key = sorted(map(str, extra))[0]
        raise GameError("bad_choices", f"{card.id} takes no choice {short(key)!r}",
                        where="choices", card=card.id, key=key[:40])
    if need is None:
        return {}
    if need not in choices:
        raise GameError("choices_incomplete", f"{card.id} needs the choice {need!r}",
                        where="choices", card=card.id, choice=need)
    value = choices[need]
    if need == "other":
        if value == card.colour:
            raise GameError("bad_choices", f"{card.id}: the other colour cannot be its own colour",
                            where="choices.other", card=card.id)
        if value not in COLOURS:
            raise GameError("bad_choices", f"{card.id}: 'other' must be one of {', '.join(COLOURS)}",
                            where="choices.other", card=card.id)
        return {"other": value}
    # The hundred: the three other colours get -10, -20, -30, one each.
    # `problem` says what a player's choices still lack ("missing": a colour has no value yet,
    # "twice": a value is used twice), so the page words it without checking again (draft.py)
    if not isinstance(value, dict) or set(value) != set(card.other_colours):
        missing = isinstance(value, dict) and set(value) < set(card.other_colours)
        raise GameError("bad_choices",
                        f"{card.id}: 'others' must give each of {', '.join(card.other_colours)} one value",
                        where="choices.others", card=card.id, problem="missing" if missing else None)
    figures = list(value.values())
    if any(type(v) is not int for v in figures) or sorted(figures) != sorted(HUNDRED_OTHERS):
        twice = all(type(v) is int and v in HUNDRED_OTHERS for v in figures)
        raise GameError("bad_choices",
                        f"{card.id}: 'others' must use -10, -20 and -30 once each",
                        where="choices.others", card=card.id, problem="twice" if twice else None)
    return {"others": {c: value[c] for c in card.other_colours}}


# Effect kinds: a plain price delta, or the multipliers ×2 and ÷2 (kept apart because only
# a ×2 cancels a ÷2), or a zero. Deltas of multipliers use the price at the round start.
def card_effects(card: Card, choices: dict, prices: dict) -> list[tuple[str, str, int]]:
    """(colour, kind, delta) for every effect of a played card with validated choices."""
    c, kind = card.colour, card.kind
    if kind == "hundred":
        return [(c, "delta", 100)] + [(o, "delta", v) for o, v in choices["others"].items()]
    if kind == "minus-hundred":
        return [(c, "delta", -100), (choices["other"], "delta", 50)]
    if kind == "double":
        o = choices["other"]
        return [(c, "double", prices[c]), (o, "half", -prices[o] // 2)]
    if kind == "half":
        o = choices["other"]
        return [(c, "half", -prices[c] // 2), (o, "double", prices[o])]
    if kind == "zero":
        return [(c, "zero", 0)]
    return [(c, "delta", card.figure), (choices["other"], "delta", SMALL_FIGURES[card.figure])]


_MARKS = {"double": "×2", "half": "÷2", "zero": 0}  # how a tile shows an effect that is no plain delta


def faces() -> dict:
    """What each big card does, as its tile and tip show it, worked out by `card_effects`
    itself (so no figure is typed twice, in the page or its catalogs): {kind: {"own": the
    figure on its colour, "others": the figures it gives other colours}}, a ×2 and a ÷2 by
    their marks, a zero by 0. (A small card's figures are its id and SMALL_FIGURES.)"""
    prices = dict.fromkeys(COLOURS, 100)  # any price: a multiplier shows as its mark
    out = {}
    for kind in _BIG_KINDS:
        card = parse_card(f"{kind}:{COLOURS[0]}")
        choices = {"others": dict(zip(card.other_colours, HUNDRED_OTHERS))} if card.choice == "others" \
            else {"other": card.other_colours[0]} if card.choice == "other" else {}
        face = {"own": None, "others": []}
        for colour, effect, delta in card_effects(card, choices, prices):
            figure = _MARKS.get(effect, delta)
            if colour == card.colour:
                face["own"] = figure
            else:
                face["others"].append(figure)
        out[kind] = face
    return out
