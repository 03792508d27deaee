"""The lowest layer: cards, decks, hand evaluation and equity.

Everything here is pure: no I/O, no clock, and randomness only through an RNG passed in.
"""

from floorman.cards.card import (
    ALL_CARDS,
    DECK_SIZE,
    Card,
    check_distinct,
    format_cards,
    make_card,
    parse_cards,
)
from floorman.cards.classes import CLASS_COUNT, Category, HandClass, category_of
from floorman.cards.high import best_five, strength, strength7

__all__ = [
    "ALL_CARDS",
    "CLASS_COUNT",
    "DECK_SIZE",
    "Card",
    "Category",
    "HandClass",
    "best_five",
    "category_of",
    "check_distinct",
    "format_cards",
    "make_card",
    "parse_cards",
    "strength",
    "strength7",
]
