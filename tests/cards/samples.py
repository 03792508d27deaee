"""Random deals shared by the card tests."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from floorman.cards.card import DECK_SIZE


def random_hands(rng: np.random.Generator, n: int, size: int) -> npt.NDArray[np.uint8]:
    """``n`` rows of ``size`` distinct cards, uniformly (rejection of rows with a repeat)."""
    parts, have = [], 0
    while have < n:
        draw = rng.integers(0, DECK_SIZE, (int((n - have) * 1.6) + 16, size), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        distinct = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
        parts.append(draw[distinct])
        have += int(distinct.sum())
    return np.concatenate(parts)[:n]
