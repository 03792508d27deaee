"""Low-hand evaluation: ace-to-five (Razz, the low half of hi/lo games) and deuce-to-seven.

The two lowball families disagree on aces, straights and flushes, so each has its own scale;
on both, a higher strength is a better low and equal strengths tie, like the high evaluators.

Ace-to-five: the ace is the lowest card, straights and flushes do not count, and only the rank
multiset matters. Strengths run from 1 (K-K-K-K-Q) to :data:`ACE_FIVE_COUNT` = 6,175 (the wheel,
5-4-3-2-A): every no-pair low beats every one-pair low, which beats every two pair, then trips,
full houses and quads, and within a category lows compare from the highest deciding rank down;
:func:`ace_five_class_of` names a strength. Eight-or-better uses the same scale: a low qualifies
exactly when its ace-to-five strength is at least :data:`EIGHT_LOW_FLOOR` (8-7-6-5-4).

Deuce-to-seven: the ace is high only, straights and flushes count against the hand, and
A-2-3-4-5 is ace-high. The strength is ``7463 - s`` where ``s`` is the strength in the high
order without the wheel (:data:`~floorman.cards.classes.NO_WHEEL_CLASSES`), so 7-5-4-3-2 offsuit
is 7,462 and a royal flush is 1.

The ``*_strength`` functions are hot paths that trust their input (distinct ints 0..51, five to
seven cards). The ``*_best`` and ``*_class`` functions check it and serve display and naming:
a class is the category plus the deciding ranks (floorman rank indices, 0 = deuce, 12 = ace)
most significant first, where "high to low" follows the game: in ace-to-five the ace comes last,
so 8-6-5-3-A is ``(SIX, FOUR, TREY, DEUCE, ACE)`` and a pair of fours with 7-3-A is
``(FOUR, SEVEN, TREY, ACE)``; in deuce-to-seven the ace comes first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain, combinations, combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from floorman.cards.card import (
    ACE,
    DECK_SIZE,
    DEUCE,
    FIVE,
    FOUR,
    RANK_COUNT,
    SIX,
    TREY,
    check_distinct,
)
from floorman.cards.classes import (
    CLASS_COUNT,
    HIGH_STRENGTH,
    NO_WHEEL_CLASSES,
    Category,
    HandClass,
)
from floorman.cards.high import strength as high_strength
from floorman.errors import MalformedInputError

LOW_RANK_BITS: Final[tuple[int, ...]] = tuple(
    1 << ((card >> 2) + 1) % RANK_COUNT for card in range(DECK_SIZE)
)
"""Each card's bit in an ace-low rank mask: bit 0 is the ace, bit 1 the deuce, bit 12 the king."""

EIGHT_OR_LOWER: Final = 0xFF
"""The ace-low rank mask of ace through eight, the ranks an eight-or-better low may use."""

_COUNT_UNITS: Final = tuple(8 ** (((card >> 2) + 1) % RANK_COUNT) for card in range(DECK_SIZE))
"""Each card's unit in a packed count of ace-low ranks, three bits per rank."""

_CATEGORY_OF_SHAPE: Final = {
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
    (2, 1, 1, 1): Category.PAIR,
    (2, 2, 1): Category.TWO_PAIR,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (4, 1): Category.FOUR_OF_A_KIND,
}


def _ace_five_order() -> npt.NDArray[np.int64]:
    """Rank counts (ace low) of the 6,175 five-card rank multisets, one row each, worst low first.

    Lows compare by badness first (more distinct ranks is better; with as many, a smaller
    largest group is better), then by the ranks grouped by count, largest group first and
    highest rank first within a group; both are written as integers to sort on.
    """
    ranks = np.arange(RANK_COUNT)
    flat = chain.from_iterable(combinations_with_replacement(range(RANK_COUNT), 5))
    multisets = np.fromiter(flat, dtype=np.int64).reshape(-1, 5)
    counts = (multisets[:, :, None] == ranks).sum(axis=1)
    counts = counts[counts.max(axis=1) < 5]
    present = counts > 0
    badness = 10 * (5 - present.sum(axis=1)) + counts.max(axis=1)
    ties = np.where(present, 1 << (RANK_COUNT * (counts - 1) + ranks).clip(0), 0).sum(axis=1)
    ordered: npt.NDArray[np.int64] = counts[np.lexsort((ties, badness))[::-1]]
    return ordered


def _strength_by_mask(counts: npt.NDArray[np.int64]) -> tuple[int, ...]:
    """Best no-pair low by ace-low rank mask: that of the mask's five lowest ranks, else 0."""
    no_pair = counts.max(axis=1) == 1
    by_five = np.zeros(1 << RANK_COUNT, dtype=np.int64)
    by_five[counts[no_pair] @ (1 << np.arange(RANK_COUNT))] = np.flatnonzero(no_pair) + 1
    rest = np.arange(1 << RANK_COUNT)
    lowest = np.zeros_like(rest)
    for _ in range(5):
        bit = rest & -rest
        lowest |= bit
        rest ^= bit
    return tuple(by_five[lowest].tolist())


_ORDER: Final = _ace_five_order()
_PACKED_BY_STRENGTH: Final[list[int]] = [0, *(_ORDER @ (8 ** np.arange(RANK_COUNT))).tolist()]
_BY_MULTISET: Final = {key: value for value, key in enumerate(_PACKED_BY_STRENGTH) if value}

ACE_FIVE_BY_MASK: Final = _strength_by_mask(_ORDER)
"""Ace-to-five strength of the best no-pair low within an ace-low rank mask, 0 if none.

It is the low of the mask's five lowest ranks; indexing with ``mask & EIGHT_OR_LOWER`` gives the
best eight-or-better low.
"""

ACE_FIVE_COUNT: Final = len(_BY_MULTISET)
EIGHT_LOW_FLOOR: Final = ACE_FIVE_BY_MASK[0b11111000]
"""Ace-to-five strength of 8-7-6-5-4, the worst low that qualifies for eight-or-better."""


def ace_five_class_of(value: int) -> HandClass:
    """The category and deciding ranks of an ace-to-five strength (ace last: 5-4-3-2-A)."""
    packed = _PACKED_BY_STRENGTH[value]
    counts = [packed >> 3 * r & 7 for r in range(RANK_COUNT)]
    low_ranks = sorted((r for r in range(RANK_COUNT) if counts[r]), key=lambda r: (counts[r], r))
    shape = tuple(sorted((counts[r] for r in low_ranks), reverse=True))
    return HandClass(
        _CATEGORY_OF_SHAPE[shape], tuple((r - 1) % RANK_COUNT for r in low_ranks[::-1])
    )


def ace_five_strength(cards: Sequence[int]) -> int:
    """Ace-to-five strength (1..6,175, higher is the better low) of the best five of 5-7 cards."""
    mask = 0
    for card in cards:
        mask |= LOW_RANK_BITS[card]
    return ACE_FIVE_BY_MASK[mask] or _paired_strength(cards)


def _paired_strength(cards: Sequence[int]) -> int:
    """Ace-to-five strength when fewer than five ranks are present, so the low is paired."""
    if len(cards) == 5:
        return _BY_MULTISET[_multiset_key(cards)]
    return max(_BY_MULTISET[_multiset_key(five)] for five in combinations(cards, 5))


def _multiset_key(cards: Sequence[int]) -> int:
    key = 0
    for card in cards:
        key += _COUNT_UNITS[card]
    return key


def eight_or_better_strength(cards: Sequence[int]) -> int | None:
    """Ace-to-five strength of the best eight-or-better low of 5-7 cards, or None."""
    mask = 0
    for card in cards:
        mask |= LOW_RANK_BITS[card]
    return ACE_FIVE_BY_MASK[mask & EIGHT_OR_LOWER] or None


_ACE_SIX_LOW: Final = (ACE, SIX, FOUR, TREY, DEUCE)


def _deuce_seven_by_high() -> tuple[int, ...]:
    """Deuce-to-seven strength by high strength, both of five cards.

    Without the wheel the high order is the same except that A-5-4-3-2 leaves the straights
    (straight flushes) to sit just below A-6-4-3-2 offsuit (suited), the weakest ace-high.
    """
    order = list(range(1, CLASS_COUNT + 1))
    for category, floor in (
        (Category.STRAIGHT, Category.HIGH_CARD),
        (Category.STRAIGHT_FLUSH, Category.FLUSH),
    ):
        wheel = HIGH_STRENGTH[HandClass(category, (FIVE,))]
        order.remove(wheel)
        order.insert(order.index(HIGH_STRENGTH[HandClass(floor, _ACE_SIX_LOW)]), wheel)
    by_high = [0] * (CLASS_COUNT + 1)
    for no_wheel, high in enumerate(order, start=1):
        by_high[high] = CLASS_COUNT + 1 - no_wheel
    return tuple(by_high)


_DEUCE_SEVEN_BY_HIGH: Final = _deuce_seven_by_high()


def deuce_seven_strength(cards: Sequence[int]) -> int:
    """Deuce-to-seven strength (1..7,462, higher is the better low) of the best five of 5-7."""
    if len(cards) == 5:
        return _DEUCE_SEVEN_BY_HIGH[high_strength(cards)]
    return max(_DEUCE_SEVEN_BY_HIGH[high_strength(five)] for five in combinations(cards, 5))


def ace_five_best(cards: Sequence[int]) -> tuple[int, ...]:
    """The five cards of the best ace-to-five low (see :func:`_best` for ties)."""
    return _best(cards, ace_five_strength)


def eight_or_better_best(cards: Sequence[int]) -> tuple[int, ...] | None:
    """The five cards of the best eight-or-better low, or None if there is none."""
    five = _best(cards, ace_five_strength)
    return five if eight_or_better_strength(five) else None


def deuce_seven_best(cards: Sequence[int]) -> tuple[int, ...]:
    """The five cards of the best deuce-to-seven low (see :func:`_best` for ties)."""
    return _best(cards, deuce_seven_strength)


def _best(cards: Sequence[int], value: Callable[[Sequence[int]], int]) -> tuple[int, ...]:
    """The best five after checking the cards; among equal fives, the higher cards in suit order,
    so the answer does not depend on the order the cards were given in."""
    _check(cards)
    return max(combinations(sorted(cards, reverse=True), 5), key=value)


def ace_five_class(cards: Sequence[int]) -> HandClass:
    """Category and deciding ranks of the best ace-to-five low (ace last: 5-4-3-2-A)."""
    _check(cards)
    return ace_five_class_of(ace_five_strength(cards))


def eight_or_better_class(cards: Sequence[int]) -> HandClass | None:
    """The ranks of the best eight-or-better low, high to low with the ace last, or None."""
    _check(cards)
    value = eight_or_better_strength(cards)
    return None if value is None else ace_five_class_of(value)


def deuce_seven_class(cards: Sequence[int]) -> HandClass:
    """Category and deciding ranks of the best deuce-to-seven low (ace first: A-5-4-3-2)."""
    _check(cards)
    return NO_WHEEL_CLASSES[CLASS_COUNT - deuce_seven_strength(cards)]


def _check(cards: Sequence[int]) -> None:
    if not 5 <= len(cards) <= 7:
        raise MalformedInputError(
            f"a low hand needs 5 to 7 cards, got {len(cards)}", constraint="card-count"
        )
    if not all(0 <= card < DECK_SIZE for card in cards):
        raise MalformedInputError("card numbers must be 0..51", constraint="card-range")
    check_distinct(cards)
