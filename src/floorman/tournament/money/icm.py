"""The Independent Chip Model: what a stack is worth in prize money when play stops now.

ICM (Malmuth-Harville) says a player finishes first with probability stack / chips in play,
and, once the first place is taken, the next place goes the same way among those left. A
player's *equity* is his expected prize under that model. Deals (:mod:`.deals`) split the money
by it, and directors show it at final tables.

Two ways to compute it:

* **exact** (:func:`icm_exact`, up to :data:`EXACT_PLAYER_LIMIT` players): for every set ``S``
  of players, the probability that ``S`` takes the first ``|S|`` places in some order. Only sets
  smaller than the number of paid places matter, since places beyond them pay nothing. Sets of
  one size depend only on sets one smaller, so each size is one NumPy step over all its sets
  at once: about ``sum(C(n, m) * n for m < paid)`` multiplications instead of the ``n!``
  finishing orders a direct enumeration walks through.
* **sampled** (:func:`icm_sampled`, any number of players): finishing orders drawn by the
  exponential race. Give every player a waiting time ``Exp(1) / stack``; the shortest wait
  finishes first with probability stack / total, and by memorylessness the rest race on among
  themselves, which is exactly Harville's model. Sorting the waits gives one finishing order.

:func:`icm_equities` picks exact where it can and sampling beyond. A player without chips
cannot win a place from anyone with chips: players with zero chips take the lowest places,
and several of them share those places' prizes equally, like any tie.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from floorman.errors import MalformedInputError

EXACT_PLAYER_LIMIT: Final = 20
"""Most players with chips the exact method handles (2**20 sets; about 0.2 s with 20 prizes)."""

DEFAULT_SAMPLES: Final = 200_000

_CHUNK_CELLS: Final = 2_000_000
"""Sampled waits drawn per batch (rows times players), to bound memory for big fields."""

Floats = npt.NDArray[np.float64]


def icm_equities(
    stacks: Sequence[int],
    prizes: Sequence[float],
    *,
    rng: random.Random | None = None,
    samples: int = DEFAULT_SAMPLES,
) -> tuple[float, ...]:
    """Each player's expected prize, in the order of ``stacks``.

    ``prizes[i]`` is the prize of place ``i + 1`` among the players in ``stacks``; places
    beyond the prizes pay nothing, prizes beyond the players are never reached. Exact with up
    to :data:`EXACT_PLAYER_LIMIT` players holding chips; beyond that, sampled with ``rng``
    (required then, so that results are reproducible) over ``samples`` finishing orders.
    """
    _check(stacks, prizes)
    if sum(1 for stack in stacks if stack > 0) <= EXACT_PLAYER_LIMIT:
        return icm_exact(stacks, prizes)
    if rng is None:
        raise MalformedInputError(
            f"ICM for more than {EXACT_PLAYER_LIMIT} players with chips is sampled and needs "
            "a random generator (rng=random.Random(seed))",
            constraint="icm-rng",
        )
    return icm_sampled(stacks, prizes, rng=rng, samples=samples)


def icm_exact(stacks: Sequence[int], prizes: Sequence[float]) -> tuple[float, ...]:
    """Exact ICM equities; at most :data:`EXACT_PLAYER_LIMIT` players may hold chips."""
    _check(stacks, prizes)
    live = [i for i, stack in enumerate(stacks) if stack > 0]
    if len(live) > EXACT_PLAYER_LIMIT:
        raise MalformedInputError(
            f"exact ICM handles at most {EXACT_PLAYER_LIMIT} players with chips, "
            f"got {len(live)}; sample it instead",
            constraint="icm-exact-players",
        )
    places = _places(prizes, len(stacks))
    live_prizes = places[: len(live)]
    values = _exact_values([stacks[i] for i in live], live_prizes)
    return _with_zero_stacks(stacks, live, values, places)


def icm_sampled(
    stacks: Sequence[int],
    prizes: Sequence[float],
    *,
    rng: random.Random,
    samples: int = DEFAULT_SAMPLES,
) -> tuple[float, ...]:
    """ICM equities estimated from ``samples`` finishing orders drawn with ``rng``.

    The standard error of a player's equity is at most ``max(prizes) / (2 * sqrt(samples))``.
    """
    _check(stacks, prizes)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise MalformedInputError(
            f"samples must be a positive integer, got {samples!r}", constraint="icm-samples"
        )
    live = [i for i, stack in enumerate(stacks) if stack > 0]
    places = _places(prizes, len(stacks))
    generator = np.random.default_rng(rng.getrandbits(128))
    values = _sampled_values([stacks[i] for i in live], places[: len(live)], generator, samples)
    return _with_zero_stacks(stacks, live, values, places)


# --- input ---------------------------------------------------------------------------------


def _check(stacks: Sequence[int], prizes: Sequence[float]) -> None:
    if not stacks:
        raise MalformedInputError("ICM needs at least one player", constraint="icm-players")
    for stack in stacks:
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
            raise MalformedInputError(
                f"stacks must be non-negative integers, got {stack!r}", constraint="icm-stack"
            )
    if sum(stacks) == 0:
        raise MalformedInputError("no player has chips", constraint="icm-stack")
    for prize in prizes:
        if isinstance(prize, bool) or not math.isfinite(prize) or prize < 0:
            raise MalformedInputError(
                f"prizes must be non-negative numbers, got {prize!r}", constraint="icm-prize"
            )


def _places(prizes: Sequence[float], players: int) -> list[float]:
    """The prize of each of the players' places: zero past the paid ones."""
    paid = [float(prize) for prize in prizes[:players]]
    return paid + [0.0] * (players - len(paid))


def _with_zero_stacks(
    stacks: Sequence[int], live: list[int], values: Sequence[float], places: list[float]
) -> tuple[float, ...]:
    """Put the live players' values back in place; players without chips share the rest."""
    zeros = len(stacks) - len(live)
    shared = math.fsum(places[len(live) :]) / zeros if zeros else 0.0
    result = [shared] * len(stacks)
    for index, value in zip(live, values, strict=True):
        result[index] = value
    return tuple(result)


def _paid(places: Sequence[float]) -> int:
    """How many leading places pay something (trailing zero prizes need no work)."""
    paid = len(places)
    while paid and places[paid - 1] == 0:
        paid -= 1
    return paid


# --- exact ---------------------------------------------------------------------------------


def _exact_values(stacks: Sequence[int], places: Sequence[float]) -> list[float]:
    """Harville equities by dynamic programming over the sets of players placed first.

    Sets are bitmasks. ``q[S]`` is P(``S`` takes the first ``|S|`` places) divided by the
    chips of the players outside ``S``; then the player ``j`` outside ``S`` takes place
    ``|S| + 1`` next with probability ``q[S] * stack_j``, which both extends ``S`` and earns
    ``j`` that place's prize.
    """
    n = len(stacks)
    paid = _paid(places)
    if paid == 0:
        return [0.0] * n
    chips = np.asarray(stacks, dtype=np.float64)
    outside = float(chips.sum()) - _set_sums(chips)
    sizes = _set_sizes(n)
    q = np.zeros(1 << n)
    q[0] = 1.0 / outside[0]
    bits = np.left_shift(1, np.arange(n))
    by_size = np.argsort(sizes, kind="stable")
    ends = np.cumsum(np.bincount(sizes, minlength=n + 1))
    for size in range(1, paid):
        sets = by_size[ends[size - 1] : ends[size]]
        # For j outside S, S ^ bit j is a bigger set whose q is still 0: no mask is needed.
        q[sets] = (q[sets[:, None] ^ bits] @ chips) / outside[sets]
    prize_of_size = np.zeros(n + 1)
    prize_of_size[:paid] = places[:paid]
    weighted = q * prize_of_size[sizes]
    # Player j's sets are those without bit j: summed directly, since subtracting the sets
    # with it from the total would cancel catastrophically for a dominant stack.
    return [
        float(chips[j]) * float(weighted.reshape(-1, 2, 1 << j)[:, 0, :].sum()) for j in range(n)
    ]


def _set_sums(chips: Floats) -> Floats:
    """The chips of each set of players, indexed by bitmask."""
    sums = np.zeros(1 << len(chips))
    for j, stack in enumerate(chips):
        sums[1 << j : 2 << j] = sums[: 1 << j] + stack
    return sums


def _set_sizes(n: int) -> npt.NDArray[np.int8]:
    """The number of players in each set, indexed by bitmask (small ints sort by radix)."""
    sizes = np.zeros(1 << n, dtype=np.int8)
    for j in range(n):
        sizes[1 << j : 2 << j] = sizes[: 1 << j] + 1
    return sizes


# --- sampled -------------------------------------------------------------------------------


def _sampled_values(
    stacks: Sequence[int], places: Sequence[float], generator: np.random.Generator, samples: int
) -> list[float]:
    n = len(stacks)
    paid = _paid(places)
    if paid == 0:
        return [0.0] * n
    chips = np.asarray(stacks, dtype=np.float64)
    prizes = np.asarray(places[:paid], dtype=np.float64)
    totals = np.zeros(n)
    rows = max(1, _CHUNK_CELLS // n)
    done = 0
    while done < samples:
        batch = min(rows, samples - done)
        waits = generator.standard_exponential((batch, n)) / chips
        order = _first_finishers(waits, paid)
        totals += np.bincount(order.ravel(), weights=np.tile(prizes, batch), minlength=n)
        done += batch
    return [float(value) for value in totals / samples]


def _first_finishers(waits: Floats, paid: int) -> npt.NDArray[np.intp]:
    """Per row, the players with the ``paid`` shortest waits, shortest first."""
    if paid < waits.shape[1]:
        first = np.argpartition(waits, paid - 1, axis=1)[:, :paid]
        ranked = np.take_along_axis(waits, first, axis=1).argsort(axis=1)
        return np.take_along_axis(first, ranked, axis=1)
    return waits.argsort(axis=1)
