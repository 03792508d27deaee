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
from floorman.tournament.desk.events import (
    ChipsFound,
    EventChanged,
    IdChecked,
    LowChipsExchanged,
    PlayerColouredUp,
    PlayerWithdrew,
    PrizePaid,
    RebuyPaid,
    RefundRecorded,
    RegistrationSet,
    SeatReserved,
    SeatsActivated,
    SettingsChanged,
    StructureChanged,
    TournamentCancelled,
)
from floorman.tournament.desk.unsold_events import (
    UnsoldSeatsClosed,
    UnsoldSeatsDealt,
    UnsoldSeatTaken,
)
from floorman.tournament.floor.events import (
    AllInHeld,
    AllInReleased,
    BalancingSet,
    HandForHandCalled,
    TableSizeSet,
)
from floorman.tournament.floor.hands_in_play import FloorWaiting, HandStarted
from floorman.tournament.floor.manual_events import (
    ChipsCounted,
    HandDone,
    MoveConfirmed,
    PlayerBusted,
    TableOpened,
)
from floorman.tournament.formats.events import (
    BreakOrderAnnounced,
    ClockReset,
    DayEnding,
    FinalTableCalled,
    FlightsMerged,
    PenaltiesCarried,
    StacksBagged,
    StageStarted,
    TableWon,
)
from floorman.tournament.money.deal_events import (
    DealAccepted,
    DealConsented,
    DealProposed,
    DealRejected,
)
from floorman.tournament.money.events import MoneyEvent
from floorman.tournament.officials.events import RulingRecorded
from floorman.tournament.officials.hand_rulings import TableRuling
from floorman.tournament.officials.table_calls import DirectorCalled, TableRulingOverridden
from floorman.tournament.structure.race_events import ChipRaceRun

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
    alternate: bool = False
    """He waited on the alternate list for a free seat (Poland §56)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated:
    """A late entry (or an alternate) given his seat by draw."""

    kind: ClassVar[str] = "player-seated"
    version: ClassVar[int] = 1
    entry: str
    table: int
    seat: int
    rule: str
    stack: int | None = None
    """The chips he is given now, when his stack was not put in play before: a registered
    player who arrives after the start where absent stacks stay out of play (RedCactus 7)."""


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
    overlay: int = 0
    """The organiser's top-up to the guarantee, included in ``pool``."""


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
    served: tuple[str, ...] = ()
    """Players whose hand was killed because they serve a penalty: one hand served each."""
    rulings: tuple[TableRuling, ...] = ()
    """The rulings made at the table during the hand, with their rules (none in older logs)."""
    history: str = ""
    """A live table's hand as PHH text, its rulings as comments (empty in older logs and for
    hands recorded otherwise): the records' hand histories print it."""
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
    """His table (0 for a player who never took his seat)."""
    at: float
    rule: str
    reason: str = "bust"
    """``bust``, ``disqualified``, ``deal`` (placed by chips after a deal) or ``no-show``."""
    forfeited: int = 0
    """Prize money of his place he does not receive (a disqualification, PSL 6.9.6)."""


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
    """``balance``, ``break`` or ``manual`` (the director's own move)."""
    rule: str
    instruction: str = ""
    """The line the floor reads to the player (``"Ivanov: table 3 seat 5 -> table 7 seat 2"``,
    from the seat he still sits in if an earlier move is not carried out yet); the move waits
    for its ``MoveConfirmed``. Empty in logs written before instructions were kept."""
    note: str = ""
    """The director's reason for a manual move (a wrong seat, TDA R7; special needs, R9)."""


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


# --- entries and money ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class AlternateListed:
    """A buy-in with no free seat: he waits on the alternate list (Poland §56.1)."""

    kind: ClassVar[str] = "alternate-listed"
    version: ClassVar[int] = 1
    player: str
    name: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AlternatesReleased:
    """Late registration closed with these players still waiting: they never became entries."""

    kind: ClassVar[str] = "alternates-released"
    version: ClassVar[int] = 1
    players: tuple[str, ...]
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyMade:
    """More chips for a fee (TDA R27): a rebuy, or the add-on (the last rebuy, Belarus)."""

    kind: ClassVar[str] = "rebuy-made"
    version: ClassVar[int] = 1
    entry: str
    chips: int
    price: int
    """What goes into the prize pool."""
    add_on: bool = False
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyPaid:
    """The bounty on an entry's head, paid when he is out (or to himself as the winner)."""

    kind: ClassVar[str] = "bounty-paid"
    version: ClassVar[int] = 1
    eliminated: str
    shares: tuple[tuple[str, int], ...]
    """Money paid to each entry now."""
    added: tuple[tuple[str, int], ...] = ()
    """Progressive knockout: the part added to each eliminator's own bounty."""
    forfeited: int = 0
    """Bounty money nobody wins (a disqualified player's)."""
    rule: str


# --- absence and penalties -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerAbsent:
    """He is away from his seat: dealt in, forced bets taken, hand killed (TDA R30)."""

    kind: ClassVar[str] = "player-absent"
    version: ClassVar[int] = 1
    entry: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerPresent:
    kind: ClassVar[str] = "player-present"
    version: ClassVar[int] = 1
    entry: str
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyGiven:
    kind: ClassVar[str] = "penalty-given"
    version: ClassVar[int] = 1
    entry: str
    offence: str
    step: str
    """The penalty as a scale step: ``warning``, ``2-rounds``, ``10-minutes``..."""
    hands: int
    """Hands he sits out for it (missed hands, or rounds times the players at the table)."""
    players_at_table: int
    away_until: float | None = None
    """A timed penalty: he is away until this moment."""
    by_role: str
    rule: str
    """The offence's rule in the profile's penalty catalogue."""
    power_rule: str
    """The rule that gives ``by_role`` this kind of penalty."""
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class MisdealRecorded:
    """A misdeal at a table: penalty hands killed in it are served now, and its re-deal kills
    the same hands without serving them again (TDA R35-C, D11)."""

    kind: ClassVar[str] = "misdeal-recorded"
    version: ClassVar[int] = 1
    table: int
    served: tuple[str, ...]
    dead: tuple[str, ...]
    """Everyone whose hand was killed in the misdealt deal: killed again in the re-deal."""
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsRemoved:
    """Chips taken out of play: a disqualified player's (TDA R71-D)."""

    kind: ClassVar[str] = "chips-removed"
    version: ClassVar[int] = 1
    entry: str
    chips: int
    reason: str
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlacesShifted:
    """Players placed earlier move up (Poland §7.2.5: a player disqualified without prize
    drops to last place): each entry's new place, tie count and prize."""

    kind: ClassVar[str] = "places-shifted"
    version: ClassVar[int] = 1
    places: tuple[tuple[str, int, int, int], ...]
    forfeited: int = 0
    """Prize money the move adds to places whose player forfeited his prize."""
    rule: str


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
    | AlternateListed
    | AlternatesReleased
    | RebuyMade
    | BountyPaid
    | PlayerAbsent
    | PlayerPresent
    | PenaltyGiven
    | MisdealRecorded
    | ChipsRemoved
    | PlacesShifted
    | ChipRaceRun
    | DealProposed
    | DealConsented
    | DealRejected
    | DealAccepted
    | BreakOrderAnnounced
    | FinalTableCalled
    | TableWon
    | StageStarted
    | ClockReset
    | DayEnding
    | StacksBagged
    | FlightsMerged
    | PenaltiesCarried
    | PlayerBusted
    | HandDone
    | ChipsCounted
    | TableOpened
    | MoveConfirmed
    | RulingRecorded
    | DirectorCalled
    | TableRulingOverridden
    | ChipsFound
    | EventChanged
    | IdChecked
    | LowChipsExchanged
    | PlayerColouredUp
    | PlayerWithdrew
    | PrizePaid
    | RebuyPaid
    | RefundRecorded
    | RegistrationSet
    | SeatReserved
    | SeatsActivated
    | SettingsChanged
    | StructureChanged
    | TournamentCancelled
    | HandForHandCalled
    | AllInHeld
    | AllInReleased
    | BalancingSet
    | TableSizeSet
    | UnsoldSeatsDealt
    | UnsoldSeatTaken
    | UnsoldSeatsClosed
    | HandStarted
    | FloorWaiting
    | MoneyEvent
)
