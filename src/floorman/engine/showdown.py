"""Showdown: the order of showing, and the value of each live hand for the pots.

Cards speak (TDA R12): hands are valued by the evaluators of the cards layer whatever a player
says. The show order without an all-in is TDA R17-A: the last aggressor of the final round
first, otherwise the first live seat left of the button, then clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from floorman.cards.high import strength
from floorman.cards.omaha import omaha_low_strength, omaha_strength
from floorman.engine.games import Valuation


def show_order(live: Sequence[int], *, aggressor: int | None, button: int, seats: int) -> list[int]:
    """Live seats in the order they show: from the aggressor, else from left of the button."""
    start = aggressor if aggressor is not None and aggressor in live else (button + 1) % seats
    return sorted(live, key=lambda s: (s - start) % seats)


def values(
    valuation: Valuation,
    holes: Mapping[int, Sequence[int]],
    board: Sequence[int],
) -> tuple[dict[int, int], dict[int, int | None] | None]:
    """High strength of every hand, and its eight-or-better low in hi/lo games."""
    if valuation is Valuation.HIGH:
        return {s: strength((*h, *board)) for s, h in holes.items()}, None
    high = {s: omaha_strength(h, board) for s, h in holes.items()}
    if valuation is Valuation.OMAHA:
        return high, None
    return high, {s: omaha_low_strength(h, board) for s, h in holes.items()}
