"""The random hands every benchmark shares, dealt once per run from a seeded generator."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from floorman.cards import DECK_SIZE, Card

HandArray = npt.NDArray[np.uint8]
CHUNK = 65_536


def deal_hands(count: int, size: int, seed: int) -> HandArray:
    """``count`` hands of ``size`` distinct cards (ints 0..51), each dealt from a fresh deck.

    A row is the first ``size`` cards of a random permutation (the ``size`` smallest of 52
    uniform keys), so every hand is equally likely and its cards come in random order.
    """
    rng = np.random.default_rng(seed)
    hands = np.empty((count, size), dtype=np.uint8)
    for start in range(0, count, CHUNK):
        rows = min(CHUNK, count - start)
        keys = rng.random((rows, DECK_SIZE), dtype=np.float32)
        hands[start : start + rows] = np.argpartition(keys, size, axis=1)[:, :size]
    return hands


def as_tuples(hands: HandArray) -> list[tuple[int, ...]]:
    """The hands as tuples of Python ints, the input floorman's scalar evaluator takes."""
    return [tuple(row) for row in hands.tolist()]


def as_names(hands: list[tuple[int, ...]]) -> list[list[str]]:
    """The hands as two-character card names (``"Ah"``), which every peer library can parse."""
    names = [str(Card(card)) for card in range(DECK_SIZE)]
    return [[names[card] for card in hand] for hand in hands]
