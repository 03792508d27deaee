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


# --- formats, end of day and Day 2 (floorman.tournament.formats and its modules) -------------


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
    | BreakOrderAnnounced
    | FinalTableCalled
    | TableWon
    | StageStarted
    | ClockReset
    | DayEnding
    | StacksBagged
    | FlightsMerged
)
