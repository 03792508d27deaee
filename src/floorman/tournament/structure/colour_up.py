"""When a chip denomination is no longer needed, so that a break can race it off.

A denomination earns its place on the table while some forced bet or bet size needs it: with
blinds of 75/150 the 25s pay the small blind, at 100/200 they only clutter stacks (TDA R25-A
asks for stacks anyone can count). Once every amount of a level, and of every level after it,
is a multiple of the next larger denomination still in play, the smaller chip can leave at
the break before that level. This module answers *when*; management decides the denominations
in play (TDA R25-B) and the chip race that exchanges them is TDA R24 (the chip-race module).

The answer is a plain mapping, ``{denomination: level index}``: the index, in the sequence of
levels given, of the first level from which that denomination is not needed. Denominations
needed to the last level are absent, and so is the largest, which is never coloured up.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from floorman.errors import MalformedInputError

if TYPE_CHECKING:
    from floorman.tournament.structure.levels import Level


def colour_up_schedule(structure_levels: Sequence[Level], chips: tuple[int, ...]) -> dict[int, int]:
    """For each denomination below the largest, the index of the first level from which it is
    no longer needed; denominations still needed at the last level are left out.

    A denomination is not needed at a level when every amount of that level (blinds, antes,
    bring-in, limit bets: :attr:`Level.amounts`) is a multiple of the next larger denomination
    still in play there. Larger denominations are settled first, because whether one of them
    is still in play decides what "the next larger" is for the smaller ones. The index is the
    first of an unbroken run to the last level, so a chip is never removed and then needed.
    """
    _check_chips(chips)
    retired: dict[int, int] = {}
    for position in range(len(chips) - 2, -1, -1):
        first = len(structure_levels)
        while first > 0 and _spare(chips, position, structure_levels, first - 1, retired):
            first -= 1
        if first < len(structure_levels):
            retired[chips[position]] = first
    return dict(sorted(retired.items()))


def break_colour_up(
    schedule: Mapping[int, int], *, next_level: int, in_play: Sequence[int]
) -> tuple[int, ...]:
    """The denominations a break placed just before level ``next_level`` (an index into the
    levels the schedule was made from) can race off: those still in play whose schedule index
    is ``next_level`` or earlier. Ascending, ready for :class:`Break.colour_up`."""
    if next_level < 0:
        raise MalformedInputError(
            f"next_level {next_level} is not a level index", constraint="index"
        )
    return tuple(sorted(c for c in in_play if schedule.get(c, next_level + 1) <= next_level))


def _spare(
    chips: tuple[int, ...],
    position: int,
    levels: Sequence[Level],
    index: int,
    retired: Mapping[int, int],
) -> bool:
    """Whether ``chips[position]`` is not needed at level ``index``."""
    next_up = next(c for c in chips[position + 1 :] if retired.get(c, len(levels)) > index)
    return all(amount % next_up == 0 for amount in levels[index].amounts)


def _check_chips(chips: tuple[int, ...]) -> None:
    values = list(chips)
    if not values or not all(isinstance(c, int) and c > 0 for c in values):
        raise MalformedInputError(
            "chips must be one or more denominations above 0", constraint="denominations"
        )
    if any(a >= b for a, b in itertools.pairwise(values)):
        raise MalformedInputError(
            "chips: denominations are listed once each, ascending", constraint="denominations"
        )
