"""What happened in a tournament: the events its log records, oldest first.

Every event is a frozen dataclass of plain values (strings, integers, tuples), with a stable
``kind`` and a schema ``version``, so the service layer can store it as JSON and a replay of the
log rebuilds exactly the same state. Decisions that a rulebook governs carry the rule they
applied (``rule``: a rule id of the tournament's profile, such as ``R11-A``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from floorman.tournament.config import TournamentConfig

SeatRef = tuple[str, int, int]
"""An entry with its table number and seat index (0-based)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentCreated:
    kind: ClassVar[str] = "tournament-created"
    version: ClassVar[int] = 1
    config: TournamentConfig


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRegistered:
    kind: ClassVar[str] = "player-registered"
    version: ClassVar[int] = 1
    entry: str
    player: str
    name: str
    stack: int
    at: float
    late: bool = False
    rule: str = ""
    """The rule that set a late entry's stack; empty for a registration before the start."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated:
    """A late entry (or an alternate) given his seat by draw."""

    kind: ClassVar[str] = "player-seated"
    version: ClassVar[int] = 1
    entry: str
    table: int
    seat: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsDrawn:
    kind: ClassVar[str] = "seats-drawn"
    version: ClassVar[int] = 1
    seats_per_table: int
    seats: tuple[SeatRef, ...]
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonsPlaced:
    kind: ClassVar[str] = "buttons-placed"
    version: ClassVar[int] = 1
    buttons: tuple[tuple[int, int], ...]
    """Table number and the seat index of its first button."""
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutsSet:
    kind: ClassVar[str] = "payouts-set"
    version: ClassVar[int] = 1
    pool: int
    prizes: tuple[int, ...]
    """Prize of each paid place, first place first."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockStarted:
    kind: ClassVar[str] = "clock-started"
    version: ClassVar[int] = 1
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockPaused:
    kind: ClassVar[str] = "clock-paused"
    version: ClassVar[int] = 1
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockResumed:
    kind: ClassVar[str] = "clock-resumed"
    version: ClassVar[int] = 1
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeAdded:
    kind: ClassVar[str] = "time-added"
    version: ClassVar[int] = 1
    seconds: float
    """Positive gives the current level more time, negative takes time away."""
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPlayed:
    """One hand at one table, summed up: who was dealt in and the stacks before and after."""

    kind: ClassVar[str] = "hand-played"
    version: ClassVar[int] = 1
    table: int
    number: int
    """The tournament-wide count of hands recorded, starting at 1."""
    level: int
    """The play level in force when the hand started (TDA R23)."""
    button: int
    small_blind: int | None
    big_blind: int
    dead_small_blind_seat: int | None = None
    stacks_before: tuple[tuple[str, int], ...]
    stacks_after: tuple[tuple[str, int], ...]
    knocked_out_by: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """For each player this hand left without chips, the winners of the pots he lost."""
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEliminated:
    kind: ClassVar[str] = "player-eliminated"
    version: ClassVar[int] = 1
    entry: str
    place: int
    tied: int
    """How many players share this place (1: nobody)."""
    prize: int
    by: tuple[str, ...]
    """Who won the chips that eliminated him."""
    level: int
    table: int
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerMoved:
    kind: ClassVar[str] = "player-moved"
    version: ClassVar[int] = 1
    entry: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str
    """``balance``, ``break`` or ``final-table``."""
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TableBroken:
    kind: ClassVar[str] = "table-broken"
    version: ClassVar[int] = 1
    table: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalTableFormed:
    kind: ClassVar[str] = "final-table-formed"
    version: ClassVar[int] = 1
    table: int
    size: int
    """Seats at the final table (RP-9: nine at an 8-max event)."""
    seats: tuple[SeatRef, ...]
    button: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandStarted:
    kind: ClassVar[str] = "hand-for-hand-started"
    version: ClassVar[int] = 1
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandRound:
    """Every table has played its hand-for-hand hand; the clock is charged for it."""

    kind: ClassVar[str] = "hand-for-hand-round"
    version: ClassVar[int] = 1
    seconds: int
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandEnded:
    kind: ClassVar[str] = "hand-for-hand-ended"
    version: ClassVar[int] = 1
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentFinished:
    kind: ClassVar[str] = "tournament-finished"
    version: ClassVar[int] = 1
    winner: str
    prize: int
    at: float


TournamentEvent = (
    TournamentCreated
    | PlayerRegistered
    | PlayerSeated
    | SeatsDrawn
    | ButtonsPlaced
    | PayoutsSet
    | ClockStarted
    | ClockPaused
    | ClockResumed
    | TimeAdded
    | HandPlayed
    | PlayerEliminated
    | PlayerMoved
    | TableBroken
    | FinalTableFormed
    | HandForHandStarted
    | HandForHandRound
    | HandForHandEnded
    | TournamentFinished
)
