"""Omaha evaluation: exactly two hole cards and exactly three board cards.

The two-plus-three rule is what makes Omaha different from "best five of n": four hearts in the
hand and one on the board are no flush, nor are four spades on the board and one in the hand.
The high strength uses the scale of :mod:`floorman.cards.high` (1..7,462, higher wins) and the
eight-or-better low that of :mod:`floorman.cards.low`, so hi/lo games compare and split with the
same numbers as every other game.

:func:`omaha_strength` is on the equity and engine hot path. Without a flush, the strength of
five cards depends only on their rank multiset, and :data:`FIVE_RANK_KEYS` give every five-card
multiset a different sum below 400,000, so a flat list indexed by the sum is the table (faster
than a dict, about 3 MB). A hand's sum is its hole pair's plus its board triple's, so the 6 to 15
pair sums and 1 to 10 triple sums are computed once and each combination costs an addition and
an index. A flush needs two hole and three board cards of one suit, and only one suit can have
three of at most five board cards: the suit counters of the tables' card keys find it with one
probe for the hole and one for the board, and only then are its suited cards tried. The strength
functions trust their input (distinct ints 0..51, 4-6 hole cards, 3-5 board cards); the
``*_best_five`` functions check it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from typing import Final

import numpy as np

from floorman.cards.card import DECK_SIZE, check_distinct
from floorman.cards.high import strength as high_strength
from floorman.cards.low import ACE_FIVE_BY_MASK as _LOW_BY_MASK
from floorman.cards.low import EIGHT_OR_LOWER, LOW_RANK_BITS, eight_or_better_strength
from floorman.cards.tables import (
    CARD_KEYS,
    CARD_SUITS,
    FLUSH_BITS,
    FLUSH_STRENGTH,
    HIGH_BY_SIZE,
    RANK_BITS,
    SUIT_MASK,
)
from floorman.errors import MalformedInputError

FIVE_RANK_KEYS: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Per-rank keys whose sums differ for every five-card rank multiset (the greedy sequence)."""


def _nonflush_by_sum() -> list[int]:
    """Non-flush strength of five cards as a flat list indexed by their rank-key sum."""
    table = HIGH_BY_SIZE[5]
    sums = table.counts.astype(np.int64) @ np.array(FIVE_RANK_KEYS, dtype=np.int64)
    dense = np.zeros(int(sums.max()) + 1, dtype=np.int64)
    dense[sums] = table.strengths
    values: list[int] = dense.tolist()
    return values


_NONFLUSH: Final = _nonflush_by_sum()
_RANK_PARTS: Final = tuple(FIVE_RANK_KEYS[card >> 2] for card in range(DECK_SIZE))
_SUIT_PARTS: Final = tuple(key & SUIT_MASK for key in CARD_KEYS)
_EIGHT_BITS: Final = tuple(bit & EIGHT_OR_LOWER for bit in LOW_RANK_BITS)
_TWO_OF_A_SUIT: Final = 0x6666
_THREE_OF_A_SUIT: Final = 0x5555


def omaha_strength(hole: Sequence[int], board: Sequence[int]) -> int:
    """High strength (1..7,462) of the best hand of two hole cards and three board cards."""
    parts, suits = _RANK_PARTS, _SUIT_PARTS
    holes = [parts[card] for card in hole]
    boards = [parts[card] for card in board]
    # Index loops rather than itertools.combinations: compiled, they run without objects.
    triples: list[int] = []
    count = len(boards)
    for a in range(count - 2):
        for b in range(a + 1, count - 1):
            for c in range(b + 1, count):
                triples.append(boards[a] + boards[b] + boards[c])
    nonflush = _NONFLUSH
    best = 0
    count = len(holes)
    for a in range(count - 1):
        for b in range(a + 1, count):
            pair = holes[a] + holes[b]
            for triple in triples:
                value = nonflush[pair + triple]
                if value > best:
                    best = value
    hole_suits = board_suits = 0
    for card in hole:
        hole_suits += suits[card]
    for card in board:
        board_suits += suits[card]
    flush_suit = (hole_suits + _TWO_OF_A_SUIT) & (board_suits + _THREE_OF_A_SUIT) & FLUSH_BITS
    if flush_suit:
        return max(best, _best_flush(hole, board, (flush_suit.bit_length() >> 2) - 1))
    return best


def _best_flush(hole: Sequence[int], board: Sequence[int], suit: int) -> int:
    """The best flush of two hole and three board cards of one suit."""
    hole_ranks = [RANK_BITS[c] for c in hole if CARD_SUITS[c] == suit]
    board_ranks = [RANK_BITS[c] for c in board if CARD_SUITS[c] == suit]
    pairs = [a | b for a, b in combinations(hole_ranks, 2)]
    triples = [a | b | c for a, b, c in combinations(board_ranks, 3)]
    return max([FLUSH_STRENGTH[p | t] for p in pairs for t in triples])


def omaha_low_strength(hole: Sequence[int], board: Sequence[int]) -> int | None:
    """Eight-or-better strength of the best two hole plus three board cards, or None.

    The scale is that of :mod:`floorman.cards.low`; None means that no two hole and three board
    cards make five different ranks of eight or lower. Only distinct ranks matter, so pairs and
    triples are rank masks; a pair overlapping a triple covers fewer than five ranks, which the
    mask table scores 0.
    """
    bits = _EIGHT_BITS
    hole_bits = {bits[c] for c in hole} - {0}
    board_bits = {bits[c] for c in board} - {0}
    if len(hole_bits) < 2 or len(board_bits) < 3:
        return None
    triples = [a | b | c for a, b, c in combinations(board_bits, 3)]
    by_mask = _LOW_BY_MASK
    best = max([by_mask[a | b | t] for a, b in combinations(hole_bits, 2) for t in triples])
    return best or None


def omaha_best_five(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    """The two hole and three board cards of the best high hand."""
    return max(_hands(hole, board), key=high_strength)


def omaha_low_best_five(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    """The two hole and three board cards of the best eight-or-better low, or None."""
    five = max(_hands(hole, board), key=lambda hand: eight_or_better_strength(hand) or 0)
    return five if eight_or_better_strength(five) else None


def _hands(hole: Sequence[int], board: Sequence[int]) -> list[tuple[int, ...]]:
    """Every two hole cards plus three board cards, after checking the input.

    The cards are sorted first, so that among equal hands the first found (the one returned) has
    the higher cards in suit order whatever order the cards were given in.
    """
    _check(hole, board)
    pairs = combinations(sorted(hole, reverse=True), 2)
    triples = combinations(sorted(board, reverse=True), 3)
    return [pair + triple for pair, triple in product(pairs, triples)]


def _check(hole: Sequence[int], board: Sequence[int]) -> None:
    if not 4 <= len(hole) <= 6 or not 3 <= len(board) <= 5:
        raise MalformedInputError(
            f"Omaha needs 4 to 6 hole cards and 3 to 5 board cards, got {len(hole)} and "
            f"{len(board)}",
            constraint="card-count",
        )
    if not all(0 <= card < DECK_SIZE for card in (*hole, *board)):
        raise MalformedInputError("card numbers must be 0..51", constraint="card-range")
    check_distinct([*hole, *board])
