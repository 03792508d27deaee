"""Shuffling cards exactly as :meth:`random.Random.shuffle` does, in a fraction of its time
(and drawing an int exactly as :meth:`random.Random.randint` does).

A seeded hand must deal the same cards whatever build runs, so the order is Python's own:
Fisher-Yates from the last position down, each swap partner drawn by rejection from the top
bits of one 32-bit Mersenne Twister word (``_randbelow_with_getrandbits``). Python spends most
of a deck's shuffle calling ``_randbelow`` 51 times; here the words come from one call of
``getrandbits`` that asks for as many words as swaps remain (every swap takes at least one, so
the generator never runs ahead of Python's), and the arithmetic runs compiled
(:mod:`floorman.native`).

``getrandbits(32 * n)`` returns ``n`` consecutive words, the first one in the lowest bits, which
is what ``n`` calls of ``getrandbits(k)`` (each the top ``k`` bits of its word) would have read.
A generator of another class (``SystemRandom``, a subclass with its own ``random``), or a
Python whose ``shuffle`` does not match this at import, gets ``rng.shuffle`` itself.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:
    from mypy_extensions import i64  # a machine int once compiled; a plain int as source

T = TypeVar("T")

_WORD: Final = 32
_RANDOM: Final = random.Random
"""The class whose draws this module reproduces (a module constant: no look-up per call)."""


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place, with the result and generator state of ``rng.shuffle``."""
    if type(rng) is _RANDOM and MATCHES_PYTHON:
        _fisher_yates(items, rng)
    else:
        rng.shuffle(items)


def _fisher_yates(items: list[T], rng: random.Random) -> None:
    """Compiled, the positions and words are machine ints (``i64``): no boxed int per step."""
    n = len(items)
    if n < 2:
        return  # nothing to swap, and Python draws nothing
    bits = n.bit_length()
    i: i64 = n - 1
    shift: i64 = _WORD - bits  # a word's top ``bits`` bits draw below ``i + 1``
    smaller: i64 = 1 << (bits - 1)  # below this bound one bit fewer is drawn
    words = b""
    at: i64 = 0
    end: i64 = 0
    while i > 0:
        if at == end:  # one word per swap still to come, at least
            words = rng.getrandbits(_WORD * int(i)).to_bytes(4 * int(i), "little")
            at, end = 0, 4 * i
        b0: i64 = words[at]
        b1: i64 = words[at + 1]
        b2: i64 = words[at + 2]
        b3: i64 = words[at + 3]
        at += 4
        j: i64 = (b0 | b1 << 8 | b2 << 16 | b3 << 24) >> shift
        if j <= i:  # else rejected: the next word draws again for the same position
            item = items[i]
            items[i] = items[j]
            items[j] = item
            i -= 1
            if i + 1 < smaller:
                shift += 1
                smaller >>= 1


def randint(rng: random.Random, low: int, high: int) -> int:
    """``rng.randint(low, high)``: the same draw, without Python's layers of calls."""
    if type(rng) is not _RANDOM or not MATCHES_PYTHON or high < low:
        return rng.randint(low, high)
    return low + _below(rng, high - low + 1)


def _below(rng: random.Random, bound: int) -> int:
    """``_randbelow_with_getrandbits``: whole random words' top bits, redrawn until below."""
    bits = bound.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= bound:
        drawn = rng.getrandbits(bits)
    return drawn


def _matches_python() -> bool:
    """Whether :func:`_fisher_yates` and :func:`_below` draw as Python does here (checked on a
    few seeds)."""
    for seed in range(8):
        mine, theirs = list(range(52)), list(range(52))
        mine_rng, their_rng = random.Random(seed), random.Random(seed)
        _fisher_yates(mine, mine_rng)
        their_rng.shuffle(theirs)
        draws = [low + _below(mine_rng, high - low + 1) for low, high in _RANGES]
        if draws != [their_rng.randint(low, high) for low, high in _RANGES]:
            return False
        if mine != theirs or mine_rng.getstate() != their_rng.getstate():
            return False
    return True


_RANGES: Final = ((0, 0), (1, 2), (5, 100), (0, 51), (-3, 3), (7, 2**40))
"""Draws compared with Python's, from one value to more than one random word."""


MATCHES_PYTHON: Final = _matches_python()
"""Whether this Python shuffles as :func:`shuffle` does (else ``shuffle`` defers to it)."""
