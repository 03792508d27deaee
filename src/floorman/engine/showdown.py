"""Showdown: the order of showing, and the value of each live hand for the pots.

Cards speak (TDA R12): hands are valued by the evaluators of the cards layer whatever a player
says. The show order without an all-in is TDA R17-A: the last aggressor of the final round
first, otherwise the player first to act on it (flop and draw games: the first live seat left
of the button; stud: the best showing hand, razz the lowest), then clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from floorman.cards.high import best_five, strength
from floorman.cards.low import (
    ace_five_best,
    ace_five_strength,
    deuce_seven_strength,
    eight_or_better_best,
    eight_or_better_strength,
)
from floorman.cards.omaha import omaha_low_strength, omaha_strength
from floorman.engine.games import Valuation
from floorman.engine.stud import razz_key


def show_order(live: Sequence[int], *, aggressor: int | None, first: int, seats: int) -> list[int]:
    """Live seats in the order they show: from the aggressor, else from ``first``."""
    start = aggressor if aggressor is not None and aggressor in live else first
    return sorted(live, key=lambda s: (s - start) % seats)


def values(
    valuation: Valuation,
    holes: Mapping[int, Sequence[int]],
    board: Sequence[int],
) -> tuple[dict[int, int], dict[int, int | None] | None]:
    """High strength of every hand, and its eight-or-better low in hi/lo games."""
    if valuation is Valuation.HIGH:
        return {s: strength((*h, *board)) for s, h in holes.items()}, None
    if valuation is Valuation.RAZZ:
        return {s: ace_five_strength((*h, *board)) for s, h in holes.items()}, None
    if valuation is Valuation.DEUCE_SEVEN:
        return {s: deuce_seven_strength((*h, *board)) for s, h in holes.items()}, None
    if valuation is Valuation.HIGH_LOW:
        high = {s: strength((*h, *board)) for s, h in holes.items()}
        return high, {s: eight_or_better_strength((*h, *board)) for s, h in holes.items()}
    high = {s: omaha_strength(h, board) for s, h in holes.items()}
    if valuation is Valuation.OMAHA:
        return high, None
    return high, {s: omaha_low_strength(h, board) for s, h in holes.items()}


def deciding_cards(
    valuation: Valuation, holes: Mapping[int, Sequence[int]], board: Sequence[int]
) -> tuple[dict[int, int], dict[int, int]]:
    """Stud odd chips: each hand's highest card by suit in its five-card hands (TDA R20-B).

    Returned as comparable keys, one per card: the card number for high hands, its razz order
    (aces low) for lows. Only the player's own cards count, so two hands sharing a stud
    community card never share a deciding card.
    """
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for seat, hole in holes.items():
        cards = (*hole, *board)
        own = set(hole)
        if valuation is Valuation.RAZZ:
            high[seat] = max(razz_key(c) for c in ace_five_best(cards) if c in own)
            continue
        high[seat] = max(c for c in best_five(cards) if c in own)
        if valuation is Valuation.HIGH_LOW and (five := eight_or_better_best(cards)):
            low[seat] = max(razz_key(c) for c in five if c in own)
    return high, low
