"""The 7,462 classes of five-card poker hands, in order of strength.

Two five-card hands tie exactly when they fall in the same class, so a hand's strength is the
1-based position of its class in :data:`HIGH_CLASSES` (1 = seven-five high, 7,462 = royal flush).
A class is a category plus the ranks that decide ties, most significant first: a full house of
kings over fours is ``(FULL_HOUSE, (KING, FOUR))``, a wheel is ``(STRAIGHT, (FIVE,))``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from itertools import combinations
from typing import Final, NamedTuple

from floorman.cards.card import ACE, FIVE, RANK_COUNT


class Category(IntEnum):
    """The nine categories of a high hand, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category as lowercase words, ``"two pair"``; used as a stable JSON name."""
        return self.name.lower().replace("_", " ")


_WHEEL: Final = 1 << ACE | 0b1111


class HandClass(NamedTuple):
    category: Category
    ranks: tuple[int, ...]


def straight_top(rank_mask: int, *, wheel: bool = True) -> int:
    """The top rank of the best straight in a 13-bit rank mask, or -1 if there is none.

    With ``wheel`` (high hands, ace-to-five), A-2-3-4-5 is a five-high straight; deuce-to-seven
    lowball plays the ace high only, so there it is no straight.
    """
    for top in range(ACE, FIVE, -1):
        run = 0b11111 << (top - 4)
        if rank_mask & run == run:
            return top
    if wheel and rank_mask & _WHEEL == _WHEEL:
        return FIVE
    return -1


def _descending(ranks: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def _enumerate_classes(*, wheel: bool) -> list[HandClass]:
    all_ranks = range(RANK_COUNT)
    distinct = [
        _descending(c)
        for c in combinations(all_ranks, 5)
        if straight_top(sum(1 << r for r in c), wheel=wheel) < 0
    ]
    tops = sorted(
        {straight_top(sum(1 << r for r in c), wheel=wheel) for c in combinations(all_ranks, 5)}
        - {-1}
    )
    pairs = [(p, *_descending(k)) for p in all_ranks for k in combinations(set(all_ranks) - {p}, 3)]
    two_pairs = [
        (*_descending(pp), k) for pp in combinations(all_ranks, 2) for k in set(all_ranks) - set(pp)
    ]
    trips = [(t, *_descending(k)) for t in all_ranks for k in combinations(set(all_ranks) - {t}, 2)]
    two_ranks: list[tuple[int, ...]] = [(a, b) for a in all_ranks for b in all_ranks if a != b]
    by_category: list[tuple[Category, list[tuple[int, ...]]]] = [
        (Category.HIGH_CARD, distinct),
        (Category.PAIR, pairs),
        (Category.TWO_PAIR, two_pairs),
        (Category.THREE_OF_A_KIND, trips),
        (Category.STRAIGHT, [(t,) for t in tops]),
        (Category.FLUSH, distinct),
        (Category.FULL_HOUSE, two_ranks),
        (Category.FOUR_OF_A_KIND, two_ranks),
        (Category.STRAIGHT_FLUSH, [(t,) for t in tops]),
    ]
    return [HandClass(cat, key) for cat, keys in by_category for key in sorted(keys)]


HIGH_CLASSES: Final[tuple[HandClass, ...]] = tuple(_enumerate_classes(wheel=True))
"""Classes of high hands (ace plays high or in the wheel), weakest first."""

NO_WHEEL_CLASSES: Final[tuple[HandClass, ...]] = tuple(_enumerate_classes(wheel=False))
"""Classes when the ace only plays high (deuce-to-seven): A-2-3-4-5 is ace-high, not a straight."""

CLASS_COUNT: Final = len(HIGH_CLASSES)
HIGH_STRENGTH: Final = {cls: i + 1 for i, cls in enumerate(HIGH_CLASSES)}
NO_WHEEL_STRENGTH: Final = {cls: i + 1 for i, cls in enumerate(NO_WHEEL_CLASSES)}

CATEGORY_FLOOR: Final = {
    cat: min(s for c, s in HIGH_STRENGTH.items() if c.category is cat) for cat in Category
}


def category_of(strength: int) -> Category:
    """The category of a high-hand strength (1..7,462)."""
    return HIGH_CLASSES[strength - 1].category


def classify_counts(counts: list[int], *, wheel: bool = True) -> HandClass:
    """The best non-flush class among cards with these per-rank counts (5 to 7 cards)."""
    mask = 0
    quads: list[int] = []
    trips: list[int] = []
    pairs: list[int] = []
    for rank in range(RANK_COUNT - 1, -1, -1):
        n = counts[rank]
        if n:
            mask |= 1 << rank
            if n >= 4:
                quads.append(rank)
            elif n == 3:
                trips.append(rank)
            elif n == 2:
                pairs.append(rank)
    present = [r for r in range(RANK_COUNT - 1, -1, -1) if counts[r]]
    if quads:
        return HandClass(Category.FOUR_OF_A_KIND, (quads[0], _first_other(present, quads[0])))
    if trips and (len(trips) > 1 or pairs):
        second = max(trips[1:] + pairs)
        return HandClass(Category.FULL_HOUSE, (trips[0], second))
    top = straight_top(mask, wheel=wheel)
    if top >= 0:
        return HandClass(Category.STRAIGHT, (top,))
    if trips:
        kickers = [r for r in present if r != trips[0]][:2]
        return HandClass(Category.THREE_OF_A_KIND, (trips[0], *kickers))
    if len(pairs) >= 2:
        high, low = pairs[0], pairs[1]
        return HandClass(Category.TWO_PAIR, (high, low, _first_other(present, high, low)))
    if pairs:
        kickers = [r for r in present if r != pairs[0]][:3]
        return HandClass(Category.PAIR, (pairs[0], *kickers))
    return HandClass(Category.HIGH_CARD, tuple(present[:5]))


def classify_suited(rank_mask: int, *, wheel: bool = True) -> HandClass:
    """The best class of five or more cards of one suit, given by their rank mask."""
    top = straight_top(rank_mask, wheel=wheel)
    if top >= 0:
        return HandClass(Category.STRAIGHT_FLUSH, (top,))
    ranks = [r for r in range(RANK_COUNT - 1, -1, -1) if rank_mask >> r & 1]
    return HandClass(Category.FLUSH, tuple(ranks[:5]))


def _first_other(present: list[int], *exclude: int) -> int:
    return next(r for r in present if r not in exclude)
