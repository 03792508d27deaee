"""What the entry desk and the director's records add to the log (:mod:`.events` keeps the
union of every event; these are apart so each module stays one concept).

Same shape as every tournament event: frozen plain values, a stable ``kind``, a schema
``version``, and the rule applied (``rule``: a rule id of the event's profile).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.structure.levels import Structure

# --- the desk ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RegistrationSet:
    """The staff open or close registration (Poland §55.2); closed, late registration is
    closed too, whatever time the event's window leaves."""

    kind: ClassVar[str] = "registration-set"
    version: ClassVar[int] = 1
    open: bool
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class IdChecked:
    """The staff checked a player's identity document (Poland §55.6, §51.4)."""

    kind: ClassVar[str] = "id-checked"
    version: ClassVar[int] = 1
    player: str
    document: str
    """What was shown, as the staff note it (``passport``...): floorman keeps no number."""
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizePaid:
    """The cashier paid an entry his prize (and any deal money he was sure of)."""

    kind: ClassVar[str] = "prize-paid"
    version: ClassVar[int] = 1
    entry: str
    amount: int
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyPaid:
    """A rebuy or add-on declared earlier is paid for (Poland §18.4): the chips were his from
    the declaration (§18.3), the money was owed until now."""

    kind: ClassVar[str] = "rebuy-paid"
    version: ClassVar[int] = 1
    entry: str
    amount: int
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RefundRecorded:
    """The staff refunded an entry's buy-in at their discretion (Poland §55.5): a record for
    the cashier; the prize pool is not changed by it."""

    kind: ClassVar[str] = "refund-recorded"
    version: ClassVar[int] = 1
    entry: str
    amount: int
    reason: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerWithdrew:
    """A player left the event for good of his own will (Poland §57.2); the stack's removal
    and his place follow as for a disqualification."""

    kind: ClassVar[str] = "player-withdrew"
    version: ClassVar[int] = 1
    entry: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatReserved:
    """A late entrant's seat under seat-number activation (PokerStars Live 2.1.2): his stack
    waits off the table until every seat of that number is given out."""

    kind: ClassVar[str] = "seat-reserved"
    version: ClassVar[int] = 1
    entry: str
    table: int
    seat: int
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsActivated:
    """Every seat of one number is given out (or registration closed): the players waiting
    for it sit down and play together, ``(entry, table, seat)`` each."""

    kind: ClassVar[str] = "seats-activated"
    version: ClassVar[int] = 1
    seat: int | None
    """The seat number activated (0-based); ``None`` when late registration closed."""
    seats: tuple[tuple[str, int, int], ...]
    at: float
    rule: str


# --- chips ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerColouredUp:
    """One player's chips changed up at the director's call, announced at his table (TDA
    R25-B, PokerStars Live 3.3): the value stays, only the chips change."""

    kind: ClassVar[str] = "player-coloured-up"
    version: ClassVar[int] = 1
    entry: str
    table: int
    stack: int
    removed: tuple[int, ...]
    """The denominations taken from his stack."""
    chips: tuple[tuple[int, int], ...]
    """His stack after it, ``(denomination, count)``, largest first."""
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsFound:
    """Chips found with no owner go back to the tournament's stock (TDA R64, RedCactus 64);
    ``from_play`` is the part the chips in play counted (what no stack held)."""

    kind: ClassVar[str] = "chips-found"
    version: ClassVar[int] = 1
    chips: int
    from_play: int
    note: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LowChipsExchanged:
    """Chips of a raced-off denomination found on a player after the race, out of play and
    exchanged at value (PokerStars Live 3.2): ``credited`` joins his stack and the chips in
    play, the value rounded to the smallest chip in play as the race rounds."""

    kind: ClassVar[str] = "low-chips-exchanged"
    version: ClassVar[int] = 1
    entry: str
    denomination: int
    count: int
    credited: int
    at: float
    rule: str


# --- the event itself ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingsChanged:
    """The organiser changed the event's settings (Poland P.1, §55.7; PokerStars Live 6.12)."""

    kind: ClassVar[str] = "settings-changed"
    version: ClassVar[int] = 1
    settings: EventSettings
    reason: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StructureChanged:
    """The director changed the levels and breaks not yet started (PokerStars Live 6.12,
    Poland §55.7): ``structure`` is the whole new one, equal to the old up to ``from_item``."""

    kind: ClassVar[str] = "structure-changed"
    version: ClassVar[int] = 1
    structure: Structure
    from_item: int
    """The first item that may differ: the one after the item in progress at ``at``."""
    reason: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EventChanged:
    """A change the organiser made and announced (moved, suspended, a rule changed): recorded
    as he states it (Poland P.1, §55.7; PokerStars Live 6.12)."""

    kind: ClassVar[str] = "event-changed"
    version: ClassVar[int] = 1
    change: str
    """``suspended``, ``moved``, ``rules`` or ``other``."""
    description: str
    at: float
    rule: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentCancelled:
    """The organiser called the event off (Poland §55.7, PokerStars Live 6.12): nothing more
    is played or placed."""

    kind: ClassVar[str] = "tournament-cancelled"
    version: ClassVar[int] = 1
    reason: str
    at: float
    rule: str
