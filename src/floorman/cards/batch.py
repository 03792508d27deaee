"""NumPy evaluation of many high hands at once, and exhaustive enumeration.

The scalar evaluator (:mod:`floorman.cards.high`) sums wide Python ints; here the same idea is
packed into ``uint32`` so that NumPy moves half the bytes. A card's batch key is
``rank_key << 9 | suit_key``: the rank keys are :data:`~floorman.cards.tables.RANK_KEYS` and the
suit keys 0, 1, 29, 37, whose sums over up to seven cards tell the suit counts apart. A
512-entry table then names the flush suit (or none) from the low nine bits, and a dense table
indexed by ``key >> 9`` gives the non-flush strength.

Two tricks carry the speed. Hands are rows of ``uint8`` cards, and two neighbouring cards are
read as one unaligned ``uint16`` to index a 65,536-entry table of pair keys, so a seven-card
hand costs four gathers instead of seven. Exhaustive runs never build the hands at all: in
colexicographic order the k-card combinations of the cards below ``c`` are a prefix of the list,
so the keys of all k-card hands are prefix sums of the (k - 1)-card keys plus one card's key.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from floorman.cards.card import DECK_SIZE
from floorman.cards.classes import CLASS_COUNT, HIGH_CLASSES, Category, HandClass, category_of
from floorman.cards.tables import (
    FLUSH_STRENGTH,
    HIGH_BY_SIZE,
    RANK_BITS,
    RANK_KEYS,
    dense_strengths,
)
from floorman.errors import MalformedInputError

SUIT_KEYS: Final = (0, 1, 29, 37)
SUIT_BITS: Final = 9
NO_FLUSH: Final = 4
CHUNK: Final = 1 << 16

Strengths = npt.NDArray[np.int16]
Keys = npt.NDArray[np.uint32]


@dataclass(frozen=True, slots=True)
class BatchTables:
    card_keys: Keys
    pair_keys: Keys
    flush_suit: dict[int, npt.NDArray[np.uint8]]
    flush_strength: Strengths
    rank_bits: npt.NDArray[np.uint16]
    card_bits: npt.NDArray[np.uint64]
    pair_bits: npt.NDArray[np.uint64]
    """One bit per card of a pair, 0 when both are the same card (so the count comes up short)."""
    nonflush: dict[int, Strengths]


def _flush_suit_table(size: int) -> npt.NDArray[np.uint8]:
    """The flush suit (or :data:`NO_FLUSH`) of ``size`` cards, by the sum of their suit keys.

    One table per size: a sum of five keys can equal a different sum of seven.
    """
    table = np.full(1 << SUIT_BITS, NO_FLUSH, dtype=np.uint8)
    for combo in itertools.combinations_with_replacement(range(4), size):
        counts = [combo.count(suit) for suit in range(4)]
        if max(counts) >= 5:
            table[sum(SUIT_KEYS[s] for s in combo)] = counts.index(max(counts))
    return table


@cache
def batch_tables() -> BatchTables:
    """Build the tables once, on first use (about 50 MB for the three dense tables)."""
    cards = np.arange(DECK_SIZE)
    card_keys = (np.array(RANK_KEYS, dtype=np.uint32)[cards >> 2] << SUIT_BITS) | np.array(
        SUIT_KEYS, dtype=np.uint32
    )[cards & 3]
    pair_keys = np.zeros(1 << 16, dtype=np.uint32)
    pair_keys[(cards[:, None] | cards[None, :] << 8).ravel()] = (
        card_keys[:, None] + card_keys[None, :]
    ).ravel()
    card_bits = np.left_shift(np.uint64(1), cards.astype(np.uint64))
    pair_bits = np.zeros(1 << 16, dtype=np.uint64)
    both = card_bits[:, None] | card_bits[None, :]
    both[cards, cards] = 0
    pair_bits[(cards[:, None] | cards[None, :] << 8).ravel()] = both.ravel()
    return BatchTables(
        card_keys=card_keys,
        pair_keys=pair_keys,
        flush_suit={size: _flush_suit_table(size) for size in (5, 6, 7)},
        flush_strength=np.array(FLUSH_STRENGTH, dtype=np.int16),
        rank_bits=np.array(RANK_BITS, dtype=np.uint16),
        card_bits=card_bits,
        pair_bits=pair_bits,
        nonflush={size: dense_strengths(HIGH_BY_SIZE[size]) for size in (5, 6, 7)},
    )


def as_hand_array(hands: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """Check and convert hands to a C-contiguous ``(n, cards)`` array of ``uint8``."""
    array = np.asarray(hands)
    if array.ndim != 2 or not 5 <= array.shape[1] <= 7:
        raise MalformedInputError(
            f"expected an array of hands with 5 to 7 cards each, got shape {array.shape}",
            constraint="card-count",
        )
    if array.size and (array.min() < 0 or array.max() >= DECK_SIZE):
        raise MalformedInputError("card numbers must be 0..51", constraint="card-range")
    return np.ascontiguousarray(array, dtype=np.uint8)


def evaluate_batch(hands: npt.ArrayLike, *, check: bool = True) -> Strengths:
    """High-hand strengths (1..7,462, higher wins) of every row of an ``(n, 5..7)`` card array.

    With ``check`` the rows are also checked for repeated cards, which costs about as much as
    the evaluation; pass ``check=False`` for hands known to be dealt from one deck.

    :raises MalformedInputError: a wrong shape, a card outside 0..51, or (with ``check``) a
        repeated card, naming the first bad row.
    """
    cards = as_hand_array(hands)
    if check:
        for start in range(0, len(cards), CHUNK):
            _check_rows_distinct(cards[start : start + CHUNK], start)
    out = np.empty(len(cards), dtype=np.int16)
    scratch = np.empty((2, min(CHUNK, len(cards))), dtype=np.uint32)
    for start in range(0, len(cards), CHUNK):
        chunk = cards[start : start + CHUNK]
        _evaluate_chunk(chunk, out[start : start + CHUNK], scratch[:, : len(chunk)])
    return out


def _check_rows_distinct(cards: npt.NDArray[np.uint8], offset: int) -> None:
    """Refuse a row with a repeated card: its one-bit-per-card mask has fewer bits than cards."""
    t = batch_tables()
    width = cards.shape[1]
    seen = np.take(t.pair_bits, _pair_view(cards, 0))
    for column in range(2, width - 1, 2):
        seen |= np.take(t.pair_bits, _pair_view(cards, column))
    if width % 2:
        seen |= np.take(t.card_bits, cards[:, width - 1])
    short = np.flatnonzero(np.bitwise_count(seen) != width)
    if short.size:
        row = int(short[0])
        raise MalformedInputError(
            f"hand {offset + row} holds the same card twice: {cards[row].tolist()}",
            constraint="duplicate-card",
        )


def _pair_view(cards: npt.NDArray[np.uint8], column: int) -> npt.NDArray[np.uint16]:
    """Cards ``column`` and ``column + 1`` of every row, read as one little-endian uint16."""
    return np.ndarray(
        shape=(cards.shape[0],),
        dtype="<u2",
        buffer=cards,
        offset=column,
        strides=(cards.strides[0],),
    )


def _evaluate_chunk(cards: npt.NDArray[np.uint8], out: Strengths, scratch: Keys) -> None:
    t = batch_tables()
    width = cards.shape[1]
    key, part = scratch[0], scratch[1]
    np.take(t.pair_keys, _pair_view(cards, 0), out=key)
    for column in range(2, width - 1, 2):
        key += np.take(t.pair_keys, _pair_view(cards, column), out=part)
    if width % 2:
        key += np.take(t.card_keys, cards[:, width - 1], out=part)
    suits = np.take(t.flush_suit[width], np.bitwise_and(key, (1 << SUIT_BITS) - 1, out=part))
    np.take(t.nonflush[width], np.right_shift(key, SUIT_BITS, out=part), out=out)
    flushed = np.flatnonzero(suits != NO_FLUSH)
    if flushed.size:
        out[flushed] = _flush_rows(cards[flushed], suits[flushed], t)


def _flush_rows(
    cards: npt.NDArray[np.uint8], suits: npt.NDArray[np.uint8], t: BatchTables
) -> Strengths:
    in_suit = (cards & 3) == suits[:, None]
    masks = np.where(in_suit, t.rank_bits[cards], 0).sum(axis=1, dtype=np.uint16)
    strengths: Strengths = t.flush_strength[masks]
    return strengths


def colex_keys(card_keys: Keys, size: int) -> Keys:
    """Key sums of every ``size``-subset of the given cards, in colexicographic order.

    Subsets whose largest card is ``e`` are the (size - 1)-subsets of the cards below ``e``
    (a prefix of the shorter list) plus ``e``; concatenating those blocks builds the list,
    starting from the one empty subset.
    """
    keys = np.zeros(1, dtype=card_keys.dtype)
    for k in range(1, size + 1):
        keys = _concat(
            [keys[: comb(e, k - 1)] + card_keys[e] for e in range(k - 1, len(card_keys))],
            empty=np.zeros(0, dtype=card_keys.dtype),
        )
    return keys


def colex_suit_masks(cards: npt.NDArray[np.intp], size: int) -> npt.NDArray[np.uint16]:
    """Per-suit rank masks (shape ``(4, C(n, size))``) of the same subsets as :func:`colex_keys`."""
    single = np.zeros((4, len(cards)), dtype=np.uint16)
    single[cards & 3, np.arange(len(cards))] = 1 << (cards >> 2)
    masks = np.zeros((4, 1), dtype=np.uint16)
    for k in range(1, size + 1):
        masks = _concat(
            [masks[:, : comb(e, k - 1)] | single[:, e : e + 1] for e in range(k - 1, len(cards))],
            empty=np.zeros((4, 0), dtype=np.uint16),
            axis=1,
        )
    return masks


def colex_combinations(n: int, size: int) -> npt.NDArray[np.intp]:
    """All ``size``-subsets of ``range(n)`` as rows, in the same order as :func:`colex_keys`."""
    rows = np.zeros((1, 0), dtype=np.intp)
    for k in range(1, size + 1):
        blocks = [
            np.hstack([rows[: comb(e, k - 1)], np.full((comb(e, k - 1), 1), e, dtype=np.intp)])
            for e in range(k - 1, n)
        ]
        rows = _concat(blocks, empty=np.zeros((0, k), dtype=np.intp))
    return rows


def _concat(
    blocks: list[npt.NDArray[Any]], *, empty: npt.NDArray[Any], axis: int = 0
) -> npt.NDArray[Any]:
    """``np.concatenate``, but no blocks (more cards asked for than exist) give ``empty``."""
    return np.concatenate(blocks, axis=axis) if blocks else empty


def strength_histogram(size: int) -> npt.NDArray[np.int64]:
    """How many ``size``-card hands (5, 6 or 7 of 52) have each strength; index = strength.

    Hands are enumerated by their two highest cards ``a < b``: the rest is a colex prefix of the
    (size - 2)-card subsets, so nothing but key sums is ever materialised.
    """
    if size not in (5, 6, 7):
        raise MalformedInputError("exhaustive counts exist for 5, 6 or 7 cards", constraint="size")
    t = batch_tables()
    cards = np.arange(DECK_SIZE)
    base_keys = colex_keys(t.card_keys, size - 2)
    base_masks = colex_suit_masks(cards, size - 2)
    histogram = np.zeros(CLASS_COUNT + 1, dtype=np.int64)
    table = t.nonflush[size]
    for a in range(size - 2, DECK_SIZE - 1):
        prefix = comb(a, size - 2)
        for b in range(a + 1, DECK_SIZE):
            key = base_keys[:prefix] + (t.card_keys[a] + t.card_keys[b])
            strengths = table[key >> SUIT_BITS]
            suits = t.flush_suit[size][key & ((1 << SUIT_BITS) - 1)]
            flushed = np.flatnonzero(suits != NO_FLUSH)
            if flushed.size:
                fs = suits[flushed]
                extra = np.zeros(4, dtype=np.uint16)
                extra[a & 3] |= RANK_BITS[a]
                extra[b & 3] |= RANK_BITS[b]
                masks = base_masks[fs, flushed] | extra[fs]
                strengths[flushed] = t.flush_strength[masks]
            histogram += np.bincount(strengths, minlength=CLASS_COUNT + 1)
    return histogram


def category_counts(histogram: npt.NDArray[np.int64]) -> dict[Category, int]:
    """Fold a strength histogram into counts per category."""
    counts = dict.fromkeys(Category, 0)
    for strength in np.flatnonzero(histogram):
        counts[category_of(int(strength))] += int(histogram[strength])
    return counts


@cache
def five_card_flush_upgrade() -> Strengths:
    """Map the strength of five distinct ranks unsuited to their strength when suited.

    Five cards of one suit have five different ranks, so the flush (or straight flush) they make
    is a function of the high-card (or straight) class of the same ranks; this table is that
    function, and lets five-card evaluation skip rank masks entirely.
    """
    upgrade = np.arange(CLASS_COUNT + 1, dtype=np.int16)
    strength = {cls: i for i, cls in enumerate(HIGH_CLASSES, start=1)}
    suited = {Category.HIGH_CARD: Category.FLUSH, Category.STRAIGHT: Category.STRAIGHT_FLUSH}
    for i, cls in enumerate(HIGH_CLASSES, start=1):
        if cls.category in suited:
            upgrade[i] = strength[HandClass(suited[cls.category], cls.ranks)]
    return upgrade
