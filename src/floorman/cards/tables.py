"""Lookup tables behind the high-hand evaluators.

Each card has an integer key made of three fields, so that the plain sum of a hand's keys
says everything an evaluator needs:

- bits 0-15: four 4-bit suit counters (one per suit). Adding 3 to every counter sets bit 3 of a
  counter exactly when that suit holds five or more cards, so ``(key + 0x3333) & 0x8888`` finds
  a flush with one addition and one mask.
- bits 16-19: the number of cards, so that hands of 5, 6 and 7 cards never share a key.
- bits 20 and up: the sum of per-rank keys (:data:`RANK_KEYS`), chosen so that different
  multisets of up to seven ranks (at most four of each) have different sums.

Without a flush, the strength depends only on the rank multiset, read from
:data:`NONFLUSH_STRENGTH` by ``key >> 16``. With a flush (five or more cards of one suit; in up to
seven cards that beats any non-flush holding), it depends only on the ranks of that suit, read
from :data:`FLUSH_STRENGTH` by a 13-bit rank mask.

The rank keys are the greedy sequence in which each key is the smallest number keeping all sums
distinct; the search is slow in Python, so the values are written out here and re-checked by
the tests.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from floorman.cards.card import ACE, DECK_SIZE, FIVE, RANK_COUNT
from floorman.cards.classes import HIGH_CLASSES, Category, HandClass, classify_suited

RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
RANK_SHIFT: Final = 20
COUNT_SHIFT: Final = 16
FLUSH_PROBE: Final = 0x3333
FLUSH_BITS: Final = 0x8888
SUIT_MASK: Final = 0xFFFF

CARD_KEYS: Final[tuple[int, ...]] = tuple(
    RANK_KEYS[c >> 2] << RANK_SHIFT | 1 << COUNT_SHIFT | 1 << 4 * (c & 3) for c in range(DECK_SIZE)
)
RANK_BITS: Final[tuple[int, ...]] = tuple(1 << (c >> 2) for c in range(DECK_SIZE))
CARD_SUITS: Final[tuple[int, ...]] = tuple(c & 3 for c in range(DECK_SIZE))


def class_counts(cls: HandClass) -> list[int]:
    """The per-rank counts of the one rank multiset that makes a non-flush class.

    Every non-flush class of five cards is made by exactly one multiset of ranks, so the
    five-card table can be read straight off the list of classes.
    """
    counts = [0] * RANK_COUNT
    ranks = cls.ranks
    if cls.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = ranks[0]
        ranks = (
            (ACE, FIVE - 1, FIVE - 2, FIVE - 3, FIVE)
            if top == FIVE
            else tuple(range(top - 4, top + 1))
        )
    for rank, copies in zip(ranks, _COPIES[cls.category], strict=False):
        counts[rank] += copies
    return counts


_COPIES: Final = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.STRAIGHT: (1, 1, 1, 1, 1),
    Category.FLUSH: (1, 1, 1, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
    Category.STRAIGHT_FLUSH: (1, 1, 1, 1, 1),
}


class MultisetTable(NamedTuple):
    """Strengths of every rank multiset of one size: parallel arrays, one row per multiset."""

    size: int
    rank_sums: npt.NDArray[np.int64]
    counts: npt.NDArray[np.int8]
    strengths: npt.NDArray[np.int16]


def five_card_table(classes: tuple[HandClass, ...]) -> MultisetTable:
    """Non-flush strengths of five-card rank multisets, read off the class list."""
    rows = [
        (class_counts(cls), strength)
        for strength, cls in enumerate(classes, start=1)
        if cls.category not in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    ]
    counts = np.array([c for c, _ in rows], dtype=np.int8)
    strengths = np.array([s for _, s in rows], dtype=np.int16)
    return MultisetTable(5, counts.astype(np.int64) @ _RANK_KEY_ARRAY, counts, strengths)


def add_one_card(table: MultisetTable) -> MultisetTable:
    """Strengths of multisets one card larger: the best of the sub-multisets one card smaller.

    The best five cards of n + 1 cards are the best five of one of the n-card subsets, so the
    strength of a larger multiset is the maximum over the multisets it extends.
    """
    parts_sums, parts_counts, parts_strengths = [], [], []
    for rank in range(RANK_COUNT):
        room = table.counts[:, rank] < 4
        counts = table.counts[room].copy()
        counts[:, rank] += 1
        parts_sums.append(table.rank_sums[room] + RANK_KEYS[rank])
        parts_counts.append(counts)
        parts_strengths.append(table.strengths[room])
    sums = np.concatenate(parts_sums)
    strengths = np.concatenate(parts_strengths)
    order = np.lexsort((strengths, sums))
    sums, strengths = sums[order], strengths[order]
    last = np.append(sums[1:] != sums[:-1], True)
    counts = np.concatenate(parts_counts)[order][last]
    return MultisetTable(table.size + 1, sums[last], counts, strengths[last])


def strength_dict(tables: list[MultisetTable]) -> dict[int, int]:
    """One dict for the scalar evaluators, keyed by ``hand key >> 16`` (rank sum, card count)."""
    result: dict[int, int] = {}
    for table in tables:
        keys = table.rank_sums << (RANK_SHIFT - COUNT_SHIFT) | table.size
        result.update(zip(keys.tolist(), table.strengths.tolist(), strict=True))
    return result


def dense_strengths(table: MultisetTable) -> npt.NDArray[np.int16]:
    """A flat array indexed by rank sum, for the NumPy evaluators (about 15 MB for 7 cards)."""
    dense = np.zeros(int(table.rank_sums.max()) + 1, dtype=np.int16)
    dense[table.rank_sums] = table.strengths
    return dense


def flush_strengths(classes: tuple[HandClass, ...], *, wheel: bool) -> list[int]:
    """Strength of the best flush in one suit, by the suit's 13-bit rank mask (0 below 5 cards)."""
    strength = {cls: i for i, cls in enumerate(classes, start=1)}
    return [
        strength[classify_suited(mask, wheel=wheel)] if mask.bit_count() >= 5 else 0
        for mask in range(1 << RANK_COUNT)
    ]


_RANK_KEY_ARRAY: Final = np.array(RANK_KEYS, dtype=np.int64)

HIGH_BY_SIZE: Final[dict[int, MultisetTable]] = {5: five_card_table(HIGH_CLASSES)}
HIGH_BY_SIZE[6] = add_one_card(HIGH_BY_SIZE[5])
HIGH_BY_SIZE[7] = add_one_card(HIGH_BY_SIZE[6])

NONFLUSH_STRENGTH: Final[dict[int, int]] = strength_dict(list(HIGH_BY_SIZE.values()))
"""Strength of a hand of 5 to 7 cards without a flush, by ``key >> 16``."""

FLUSH_STRENGTH: Final[list[int]] = flush_strengths(HIGH_CLASSES, wheel=True)
"""Strength of the best flush or straight flush in a suit, by the suit's 13-bit rank mask."""
