"""High-hand evaluation of 5, 6 or 7 cards (Hold'em, Stud, and any best-five-of-n game).

:func:`strength` is the hot path: it trusts its input (distinct cards as ints 0..51, five to
seven of them) and returns an int, higher wins, equal ties. :func:`evaluate_high` checks its input
and returns a :class:`~floorman.cards.evaluation.HandEvaluation` with the category and the best
five cards for display.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from floorman.cards.tables import (
    CARD_KEYS,
    CARD_SUITS,
    FLUSH_BITS,
    FLUSH_PROBE,
    FLUSH_STRENGTH,
    NONFLUSH_STRENGTH,
    RANK_BITS,
)

_KEYS: Final = CARD_KEYS
_NONFLUSH: Final = NONFLUSH_STRENGTH
_SUITS: Final = CARD_SUITS
_RANKS: Final = RANK_BITS
_FLUSHES: Final = FLUSH_STRENGTH


def strength(cards: Sequence[int]) -> int:
    """Strength (1..7,462, higher wins) of the best five of 5 to 7 distinct cards."""
    key = 0
    for card in cards:
        key += _KEYS[card]
    flush = (key + FLUSH_PROBE) & FLUSH_BITS
    if flush:
        return _flush_strength(cards, flush)
    return _NONFLUSH[key >> 16]


def strengths(holes: dict[int, list[int]], board: list[int]) -> dict[int, int]:
    """:func:`strength` of each hand of ``holes`` (by seat) with the shared ``board``: the
    board's part of the key is summed once. A dict of lists, not any mapping of sequences:
    compiled, those are read without Python's iteration protocol."""
    keys = _KEYS
    board_key = 0
    for card in board:
        board_key += keys[card]
    found: dict[int, int] = {}
    for seat, hole in holes.items():
        key = board_key
        for card in hole:
            key += keys[card]
        flush = (key + FLUSH_PROBE) & FLUSH_BITS
        found[seat] = _flush_strength([*hole, *board], flush) if flush else _NONFLUSH[key >> 16]
    return found


def strength7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """:func:`strength` for exactly seven cards passed one by one; the fastest scalar path."""
    k = _KEYS
    key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
    flush = (key + FLUSH_PROBE) & FLUSH_BITS
    if flush:
        return _flush_strength((a, b, c, d, e, f, g), flush)
    return _NONFLUSH[key >> 16]


def _flush_strength(cards: Sequence[int], flush: int) -> int:
    suit = (flush.bit_length() >> 2) - 1
    mask = 0
    for card in cards:
        if _SUITS[card] == suit:
            mask |= _RANKS[card]
    return _FLUSHES[mask]


def best_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The five cards that make the best hand.

    Among equal fives (a kicker of either suit) it takes the higher cards in suit order, so the
    answer does not depend on the order the cards were given in.
    """
    if len(cards) == 5:
        return tuple(cards)
    return max(combinations(sorted(cards, reverse=True), 5), key=strength)
