"""The six companies and the 36-card deck (rule book, "Components"), as data.

A card is named by three letters: its top company, then its two bottom companies in the
rule book's order, e.g. "ABE" = top Alpha, bottom Beta and Epsilon.
"""

# letter: (name, colour) in the rule book's order
COMPANIES = {
    "A": ("Alpha", "red"),
    "B": ("Beta", "dark blue"),
    "G": ("Gamma", "light blue"),
    "D": ("Delta", "green"),
    "E": ("Epsilon", "yellow"),
    "O": ("Omicron", "pink"),
}
LETTERS = tuple(COMPANIES)

# [decision: reconstructed deck] for each top company its six bottom pairs: every pair of
# four of the other five companies (so each company is on 6 tops and 12 bottoms).
BOTTOM_PAIRS = {
    "A": ("BE", "BG", "BD", "DE", "GE", "DG"),
    "D": ("GO", "GA", "EO", "OA", "EA", "EG"),
    "B": ("EO", "DG", "EG", "GO", "DO", "DE"),
    "G": ("BD", "OD", "AB", "OA", "AD", "BO"),
    "O": ("BD", "DE", "AD", "AE", "AB", "BE"),
    "E": ("GO", "GA", "OA", "OB", "AB", "GB"),
}

DECK = tuple(top + pair for top in LETTERS for pair in BOTTOM_PAIRS[top])  # 36 cards
CARDS = {card: {"top": card[0], "bottom": [card[1], card[2]]} for card in DECK}


def top(card: str) -> str:
    return card[0]


def bottoms(card: str) -> tuple[str, str]:
    return card[1], card[2]


def companies_data() -> list[dict]:
    """The companies as a table draws them."""
    return [{"company": c, "name": n, "colour": col} for c, (n, col) in COMPANIES.items()]
