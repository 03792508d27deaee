"""A pot and what it paid, as frozen values (:mod:`floorman.engine.pots` builds and awards them).

They live apart from that module's logic, which is compiled (:mod:`floorman.native`), so that
they stay plain Python dataclasses with precise type hints whichever build runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.frozen import Frozen
from floorman.engine.values import finish


@dataclass(frozen=True, slots=True)
class Pot(Frozen):
    """One pot: its chips and the seats, still holding cards, that can win it.

    ``eligible`` is in ascending seat order. The first pot built for a hand is the main pot,
    the others are side pots, each contested by a subset of the seats of the pot before it.
    """

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PotAward(Frozen):
    """What one pot paid: its shares per seat, and who won each half.

    ``shares`` holds every winner, in seat order (a winner's share can be 0 when the pot has
    fewer chips than winners); a seat that won both halves appears once with the sum.
    ``low_winners`` is empty unless the game is hi/lo and someone in the pot made a low.
    """

    pot: Pot
    shares: dict[int, int]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class UncalledBet(Frozen):
    """The part of the largest wager nobody matched, which goes back to its owner (R15-B)."""

    seat: int
    amount: int


finish(globals())
