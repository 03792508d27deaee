"""What the director's floor decisions about play add to the log: hand-for-hand he calls,
all-in hands held during it, his way of balancing, and the table size he sets.

Apart from :mod:`floorman.tournament.events` (which keeps the union of every event) so that
each module stays one concept; same shape as every tournament event: frozen plain values, a
stable ``kind``, a schema ``version``, and the rule applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandCalled:
    """The director calls hand-for-hand himself, at any point (Poland §52.1); a
    ``HandForHandStarted`` follows. ``street_by_street``: the tables also wait for each other
    at every street (Poland §52.4)."""

    kind: ClassVar[str] = "hand-for-hand-called"
    version: ClassVar[int] = 1
    street_by_street: bool
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AllInHeld:
    """During hand-for-hand an all-in was called at ``table`` and the betting is over: the
    cards stay face down and nothing more is dealt until the floor releases the table (TDA
    RP-8-F, PokerStars Live 3.13.1)."""

    kind: ClassVar[str] = "all-in-held"
    version: ClassVar[int] = 1
    table: int
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AllInReleased:
    """The floor lets the held table table its cards and finish the hand."""

    kind: ClassVar[str] = "all-in-released"
    version: ClassVar[int] = 1
    table: int
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BalancingSet:
    """Who balances the tables from now on: ``automatic`` (floorman moves players after each
    hand) or ``director`` (floorman only suggests; the director's moves are recorded; TDA
    R11-C, PokerStars Live 2.5.1, Belarus 3.1-¶2a)."""

    kind: ClassVar[str] = "balancing-set"
    version: ClassVar[int] = 1
    mode: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSizeSet:
    """The most players the director seats at a table from now on (Poland §25.1; RedCactus
    11: regional finals start at 9 or 10 a side and go back to 8)."""

    kind: ClassVar[str] = "table-size-set"
    version: ClassVar[int] = 1
    seats: int
    at: float
    rule: str
