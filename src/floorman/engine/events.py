"""What happened in a hand, as frozen values; the hand's state is a fold of these.

Each event has a stable ``kind`` and a schema ``version`` so that stores and exports can
serialise it without the domain knowing about JSON. Events record facts, never checks: applying
an event (``Hand.apply``) trusts it, which is what makes a replay a plain fold.

Each event's ``kind`` is set right after its class, not in its body: mypyc takes a class
variable in a dataclass's body for a field. Constructors are explained in
:mod:`floorman.engine.frozen`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from floorman.engine.frozen import Frozen
from floorman.engine.values import finish
from floorman.rules.ruling import Ruling


class EventBase(Frozen):
    """What every event has: a stable ``kind`` and a schema ``version`` (class attributes)."""

    __slots__ = ()
    kind: ClassVar[str]
    version: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class ForcedBetPosted(EventBase):
    seat: int
    bet: str
    """``ante``, ``big-blind-ante``, ``small-blind`` or ``big-blind``."""
    amount: int
    all_in: bool


ForcedBetPosted.kind = "forced-bet"


@dataclass(frozen=True, slots=True)
class HoleDealt(EventBase):
    seat: int
    cards: tuple[int | None, ...]
    burn: int | None = None
    """Stud: the card burned before this street, recorded with the street's first deal."""


HoleDealt.kind = "hole-dealt"


@dataclass(frozen=True, slots=True)
class Discarded(EventBase):
    """A player stood pat (no cards) or threw cards away in a draw; they go to the muck."""

    seat: int
    cards: tuple[int | None, ...]


Discarded.kind = "discarded"


@dataclass(frozen=True, slots=True)
class StubReshuffled(EventBase):
    """The stub could not give every discard its replacement: discards from the muck were
    shuffled into it (see :mod:`floorman.engine.draw`)."""

    discards: tuple[tuple[int, int], ...]
    """Whose discards went back: (draw, seat), draws counted from 0."""
    cards: tuple[int | None, ...]
    ruling: Ruling


StubReshuffled.kind = "stub-reshuffled"


@dataclass(frozen=True, slots=True)
class BoardDealt(EventBase):
    cards: tuple[int | None, ...]
    burn: int | None
    """The burn card before these cards, when the deck is known (one burn per street, R38)."""


BoardDealt.kind = "board-dealt"


@dataclass(frozen=True, slots=True)
class BettingOpened(EventBase):
    street: int


BettingOpened.kind = "betting-opened"


@dataclass(frozen=True, slots=True)
class Acted(EventBase):
    seat: int
    action: str
    """``fold``, ``check``, ``call``, ``bet``, ``raise``, ``complete`` or ``bring-in``."""
    to: int
    """The seat's total bet on this street after the action."""
    all_in: bool
    ruling: Ruling | None = None
    """Set when a rule turned the action into another (a "call" with nothing to call, R55)."""


Acted.kind = "acted"


@dataclass(frozen=True, slots=True)
class BetReturned(EventBase):
    seat: int
    amount: int


BetReturned.kind = "bet-returned"


@dataclass(frozen=True, slots=True)
class StreetClosed(EventBase):
    street: int


StreetClosed.kind = "street-closed"


@dataclass(frozen=True, slots=True)
class HandsTabled(EventBase):
    """All live hands turned face up: an all-in was called and no more betting is possible."""

    seats: tuple[int, ...]
    ruling: Ruling


HandsTabled.kind = "hands-tabled"


@dataclass(frozen=True, slots=True)
class Shown(EventBase):
    seat: int
    cards: tuple[int, ...]


Shown.kind = "shown"


@dataclass(frozen=True, slots=True)
class Mucked(EventBase):
    seat: int


Mucked.kind = "mucked"


@dataclass(frozen=True, slots=True)
class PotAwarded(EventBase):
    amount: int
    eligible: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    """(seat, chips) for each winner of this pot."""
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]


PotAwarded.kind = "pot-awarded"


@dataclass(frozen=True, slots=True)
class HandEnded(EventBase):
    stacks: tuple[int | None, ...]


# --- irregularities at a live table (recorded by floorman.live, applied by the engine) -----------


HandEnded.kind = "hand-ended"


@dataclass(frozen=True, slots=True)
class HandKilled(EventBase):
    """A seat's hand is dead by a ruling, not by its own fold in turn: absent at the end of the
    deal (TDA R30), a wrong card count after substantial action (R38), a binding fold out of
    turn (R53-A, R58). Its chips stay in the pot; the turn order does not move."""

    seat: int
    ruling: Ruling


HandKilled.kind = "hand-killed"


@dataclass(frozen=True, slots=True)
class HandRevived(EventBase):
    """A killed hand is live again: the director overrode the ruling that killed it (R1)."""

    seat: int


HandRevived.kind = "hand-revived"


@dataclass(frozen=True, slots=True)
class HandVoided(EventBase):
    """The hand does not count: a misdeal or a fouled deck (R35). Every chip goes back to the
    stack it came from; a ``HandEnded`` with the starting stacks follows."""

    ruling: Ruling


HandVoided.kind = "hand-voided"


@dataclass(frozen=True, slots=True)
class ChipsForfeited(EventBase):
    """Chips leave a stack for the pot as dead money, not as a bet: out-of-turn chips that stay
    in the pot when the action changed (Belarus 4.10)."""

    seat: int
    amount: int
    ruling: Ruling


ChipsForfeited.kind = "chips-forfeited"


@dataclass(frozen=True, slots=True)
class CardsExposed(EventBase):
    """Hole cards of a seat seen by the table (dealt face up, flashed, shown): every view shows
    them from now on (TDA R68, Poland §31.5b)."""

    seat: int
    cards: tuple[int, ...]


CardsExposed.kind = "cards-exposed"


@dataclass(frozen=True, slots=True)
class HoleCardReplaced(EventBase):
    """A hole card exposed by the dealer during the deal is replaced; the exposed card becomes
    the burn before the flop (Belarus 6.6.1, Poland §31.7)."""

    seat: int
    index: int
    card: int | None


HoleCardReplaced.kind = "hole-card-replaced"


@dataclass(frozen=True, slots=True)
class HoleFacesSet(EventBase):
    """Stud: which of a seat's cards lie face up, after a down card was dealt face up (its
    third card is then dealt down, TDA RP-10-A, Belarus 6.5.1)."""

    seat: int
    up: tuple[bool, ...]


HoleFacesSet.kind = "hole-faces-set"


@dataclass(frozen=True, slots=True)
class TreatedAsAllIn(EventBase):
    """A player with chips left is treated as all-in: his ``chips`` are set aside, so he bets
    no more and contests only what he matched; they are his again when the round ends
    (``until`` ``round``) or before the showdown (``hand``) (Belarus 6.5.5, 7.1.6 note 2)."""

    seat: int
    chips: int
    until: str
    ruling: Ruling


TreatedAsAllIn.kind = "treated-as-all-in"


@dataclass(frozen=True, slots=True)
class BetWithdrawn(EventBase):
    """A player takes back the part of his bet nobody called and the betting round ends with
    what was matched (Belarus 7.1.6 note 2: heads-up, after his opponent exposed his cards)."""

    seat: int
    amount: int
    ruling: Ruling


BetWithdrawn.kind = "bet-withdrawn"


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
    | TreatedAsAllIn
    | BetWithdrawn
)
"""Every event of a hand."""

finish(globals())
