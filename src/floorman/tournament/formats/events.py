"""What the formats, the end of the day and Day 2 add to the log (:mod:`floorman.tournament.events`
keeps the union of every event; these are apart so each module stays one concept).

Same shape as every tournament event: frozen plain values, a stable ``kind``, a schema
``version``, and the rule applied where a rulebook governs the decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakOrderAnnounced:
    """The director's order for breaking tables, first to break first (PokerStars Live 2.4)."""

    kind: ClassVar[str] = "break-order-announced"
    version: ClassVar[int] = 1
    tables: tuple[int, ...]
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalTableCalled:
    """The field is down to the final table: play stops, and the other tables finish the hand
    they are playing before the final table is drawn (Belarus 3.1-¶3b)."""

    kind: ClassVar[str] = "final-table-called"
    version: ClassVar[int] = 1
    table: int
    """The table whose hand brought the field to the final table's size."""
    waiting: tuple[int, ...]
    """The tables whose hand in progress is still to be recorded."""
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TableWon:
    """A table of a knock-out stage is down to one player, who waits for the next stage."""

    kind: ClassVar[str] = "table-won"
    version: ClassVar[int] = 1
    table: int
    winner: str
    stage: int
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StageStarted:
    """The table winners of a knock-out stage begin the next one with these stacks; the seats
    follow as ``SeatsDrawn`` and ``ButtonsPlaced``."""

    kind: ClassVar[str] = "stage-started"
    version: ClassVar[int] = 1
    stage: int
    label: str
    """``1/8``, ``semi-final``, ``final``... (Belarus 3.2-¶2c)."""
    tables: int
    stacks: tuple[tuple[str, int], ...]
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockReset:
    """The level clock starts again at ``at`` from the beginning of the structure's item
    ``index``: a knock-out stage restarting the levels, or a new day."""

    kind: ClassVar[str] = "clock-reset"
    version: ClassVar[int] = 1
    index: int
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class DayEnding:
    """The director ends the day: no table starts a hand beyond ``hands`` more (PokerStars
    Live 3.12's drawn number, or 0), besides the hands in progress at ``in_progress``."""

    kind: ClassVar[str] = "day-ending"
    version: ClassVar[int] = 1
    day: int
    hands: int
    in_progress: tuple[int, ...]
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StacksBagged:
    """The day is over: every stack counted and bagged, ``(entry, chips, bag number)``."""

    kind: ClassVar[str] = "stacks-bagged"
    version: ClassVar[int] = 1
    day: int
    bags: tuple[tuple[str, int, int], ...]
    index: int
    """The structure item the clock stood at when play stopped."""
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightsMerged:
    """A new day's field made of the bagged stacks of one or more earlier flights."""

    kind: ClassVar[str] = "flights-merged"
    version: ClassVar[int] = 1
    day: int
    flights: tuple[tuple[str, int], ...]
    """Each flight's name and how many entries it had."""
    carried: tuple[tuple[str, str, str, int], ...]
    """``(entry today, flight, entry in the flight, bag number)`` for every stack brought in."""
    dropped: tuple[tuple[str, str, int], ...]
    """``(flight, entry, chips)``: a player's smaller bags when he bagged in several flights."""
    rebuys: int = 0
    """The flights' rebuys, whose money stays in the event's pool."""
    add_ons: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltiesCarried:
    """An entry of the new day brings the penalties of his earlier day: the hands he has not
    served yet (PokerStars Live 6.9.4: 16 given, 5 served, 11 carried) and the penalties
    given, so that repeats still escalate (TDA R71-A)."""

    kind: ClassVar[str] = "penalties-carried"
    version: ClassVar[int] = 1
    entry: str
    """The entry today."""
    flight: str
    from_entry: str
    """His entry in that flight."""
    penalties: tuple[tuple[str, str, str], ...]
    """``(offence, step, rule)`` of every penalty he was given, in order."""
    hands_left: int
    rule: str
