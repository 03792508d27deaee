"""What happened in a hand, as frozen values; the hand's state is a fold of these.

Each event has a stable ``kind`` and a schema ``version`` so that stores and exports can
serialise it without the domain knowing about JSON. Events record facts, never checks: applying
an event (``Hand.apply``) trusts it, which is what makes a replay a plain fold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from floorman.engine.values import quick_init
from floorman.rules.ruling import Ruling


@quick_init
@dataclass(frozen=True, slots=True)
class ForcedBetPosted:
    kind: ClassVar[str] = "forced-bet"
    version: ClassVar[int] = 1
    seat: int
    bet: str
    """``ante``, ``big-blind-ante``, ``small-blind`` or ``big-blind``."""
    amount: int
    all_in: bool


@quick_init
@dataclass(frozen=True, slots=True)
class HoleDealt:
    kind: ClassVar[str] = "hole-dealt"
    version: ClassVar[int] = 1
    seat: int
    cards: tuple[int | None, ...]
    burn: int | None = None
    """Stud: the card burned before this street, recorded with the street's first deal."""


@quick_init
@dataclass(frozen=True, slots=True)
class Discarded:
    """A player stood pat (no cards) or threw cards away in a draw; they go to the muck."""

    kind: ClassVar[str] = "discarded"
    version: ClassVar[int] = 1
    seat: int
    cards: tuple[int | None, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class StubReshuffled:
    """The stub could not give every discard its replacement: discards from the muck were
    shuffled into it (see :mod:`floorman.engine.draw`)."""

    kind: ClassVar[str] = "stub-reshuffled"
    version: ClassVar[int] = 1
    discards: tuple[tuple[int, int], ...]
    """Whose discards went back: (draw, seat), draws counted from 0."""
    cards: tuple[int | None, ...]
    ruling: Ruling


@quick_init
@dataclass(frozen=True, slots=True)
class BoardDealt:
    kind: ClassVar[str] = "board-dealt"
    version: ClassVar[int] = 1
    cards: tuple[int | None, ...]
    burn: int | None
    """The burn card before these cards, when the deck is known (one burn per street, R38)."""


@quick_init
@dataclass(frozen=True, slots=True)
class BettingOpened:
    kind: ClassVar[str] = "betting-opened"
    version: ClassVar[int] = 1
    street: int


@quick_init
@dataclass(frozen=True, slots=True)
class Acted:
    kind: ClassVar[str] = "acted"
    version: ClassVar[int] = 1
    seat: int
    action: str
    """``fold``, ``check``, ``call``, ``bet``, ``raise``, ``complete`` or ``bring-in``."""
    to: int
    """The seat's total bet on this street after the action."""
    all_in: bool
    ruling: Ruling | None = None
    """Set when a rule turned the action into another (a "call" with nothing to call, R55)."""


@quick_init
@dataclass(frozen=True, slots=True)
class BetReturned:
    kind: ClassVar[str] = "bet-returned"
    version: ClassVar[int] = 1
    seat: int
    amount: int


@quick_init
@dataclass(frozen=True, slots=True)
class StreetClosed:
    kind: ClassVar[str] = "street-closed"
    version: ClassVar[int] = 1
    street: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandsTabled:
    """All live hands turned face up: an all-in was called and no more betting is possible."""

    kind: ClassVar[str] = "hands-tabled"
    version: ClassVar[int] = 1
    seats: tuple[int, ...]
    ruling: Ruling


@quick_init
@dataclass(frozen=True, slots=True)
class Shown:
    kind: ClassVar[str] = "shown"
    version: ClassVar[int] = 1
    seat: int
    cards: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Mucked:
    kind: ClassVar[str] = "mucked"
    version: ClassVar[int] = 1
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class PotAwarded:
    kind: ClassVar[str] = "pot-awarded"
    version: ClassVar[int] = 1
    amount: int
    eligible: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    """(seat, chips) for each winner of this pot."""
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class HandEnded:
    kind: ClassVar[str] = "hand-ended"
    version: ClassVar[int] = 1
    stacks: tuple[int | None, ...]


# --- irregularities at a live table (recorded by floorman.live, applied by the engine) -----------


@quick_init
@dataclass(frozen=True, slots=True)
class HandKilled:
    """A seat's hand is dead by a ruling, not by its own fold in turn: absent at the end of the
    deal (TDA R30), a wrong card count after substantial action (R38), a binding fold out of
    turn (R53-A, R58). Its chips stay in the pot; the turn order does not move."""

    kind: ClassVar[str] = "hand-killed"
    version: ClassVar[int] = 1
    seat: int
    ruling: Ruling


@quick_init
@dataclass(frozen=True, slots=True)
class HandRevived:
    """A killed hand is live again: the director overrode the ruling that killed it (R1)."""

    kind: ClassVar[str] = "hand-revived"
    version: ClassVar[int] = 1
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandVoided:
    """The hand does not count: a misdeal or a fouled deck (R35). Every chip goes back to the
    stack it came from; a ``HandEnded`` with the starting stacks follows."""

    kind: ClassVar[str] = "hand-voided"
    version: ClassVar[int] = 1
    ruling: Ruling


@quick_init
@dataclass(frozen=True, slots=True)
class ChipsForfeited:
    """Chips leave a stack for the pot as dead money, not as a bet: out-of-turn chips that stay
    in the pot when the action changed (Belarus 4.10)."""

    kind: ClassVar[str] = "chips-forfeited"
    version: ClassVar[int] = 1
    seat: int
    amount: int
    ruling: Ruling


@quick_init
@dataclass(frozen=True, slots=True)
class CardsExposed:
    """Hole cards of a seat seen by the table (dealt face up, flashed, shown): every view shows
    them from now on (TDA R68, Poland §31.5b)."""

    kind: ClassVar[str] = "cards-exposed"
    version: ClassVar[int] = 1
    seat: int
    cards: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class HoleCardReplaced:
    """A hole card exposed by the dealer during the deal is replaced; the exposed card becomes
    the burn before the flop (Belarus 6.6.1, Poland §31.7)."""

    kind: ClassVar[str] = "hole-card-replaced"
    version: ClassVar[int] = 1
    seat: int
    index: int
    card: int | None


@quick_init
@dataclass(frozen=True, slots=True)
class HoleFacesSet:
    """Stud: which of a seat's cards lie face up, after a down card was dealt face up (its
    third card is then dealt down, TDA RP-10-A, Belarus 6.5.1)."""

    kind: ClassVar[str] = "hole-faces-set"
    version: ClassVar[int] = 1
    seat: int
    up: tuple[bool, ...]


Event = (
    ForcedBetPosted
    | HoleDealt
    | Discarded
    | StubReshuffled
    | BoardDealt
    | BettingOpened
    | Acted
    | BetReturned
    | StreetClosed
    | HandsTabled
    | Shown
    | Mucked
    | PotAwarded
    | HandEnded
    | HandKilled
    | HandRevived
    | HandVoided
    | ChipsForfeited
    | CardsExposed
    | HoleCardReplaced
    | HoleFacesSet
)
