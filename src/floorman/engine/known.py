"""Cards the engine may not know: a transcribed history writes ``None`` for an unseen card.

Both checks go by identity. ``None in cards`` compares each card with ``None`` through ``==``,
which for a :class:`~floorman.cards.card.Card` (an ``int``) falls through two refused
comparisons per card; a showdown asks it of every hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast


def all_known(cards: Sequence[int | None]) -> bool:
    """Whether no card is ``None``."""
    for card in cards:  # noqa: SIM110 (compiled, ``all`` of a generator makes the generator)
        if card is None:
            return False
    return True


def as_known(cards: Sequence[int | None]) -> tuple[int, ...]:
    """Cards checked to be all known, as a tuple of the very objects given.

    Not a comprehension over ``c is not None``: compiled (:mod:`floorman.native`), narrowing a
    card to ``int`` would turn a :class:`~floorman.cards.card.Card` into a plain int, and the
    events of the two builds must be the same values.
    """
    return cast("tuple[int, ...]", tuple(cards))
