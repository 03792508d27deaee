"""What happened in a hand, as frozen values; the hand's state is a fold of these.

Each event has a stable ``kind`` and a schema ``version`` so that stores and exports can
serialise it without the domain knowing about JSON. Events record facts, never checks: applying
an event (``Hand.apply``) trusts it, which is what makes a replay a plain fold.

Each event's ``kind`` is set right after its class, not in its body: mypyc takes a class
variable in a dataclass's body for a field. The written-out ``__init__`` methods are explained
in :mod:`floorman.engine.frozen`.
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

    def __init__(self, seat: int, bet: str, amount: int, all_in: bool) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "bet", bet)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "all_in", all_in)


ForcedBetPosted.kind = "forced-bet"


@dataclass(frozen=True, slots=True)
class HoleDealt(EventBase):
    seat: int
    cards: tuple[int | None, ...]
    burn: int | None = None
    """Stud: the card burned before this street, recorded with the street's first deal."""

    def __init__(self, seat: int, cards: tuple[int | None, ...], burn: int | None = None) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "burn", burn)


HoleDealt.kind = "hole-dealt"


@dataclass(frozen=True, slots=True)
class Discarded(EventBase):
    """A player stood pat (no cards) or threw cards away in a draw; they go to the muck."""

    seat: int
    cards: tuple[int | None, ...]

    def __init__(self, seat: int, cards: tuple[int | None, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)


Discarded.kind = "discarded"


@dataclass(frozen=True, slots=True)
class StubReshuffled(EventBase):
    """The stub could not give every discard its replacement: discards from the muck were
    shuffled into it (see :mod:`floorman.engine.draw`)."""

    discards: tuple[tuple[int, int], ...]
    """Whose discards went back: (draw, seat), draws counted from 0."""
    cards: tuple[int | None, ...]
    ruling: Ruling

    def __init__(
        self, discards: tuple[tuple[int, int], ...], cards: tuple[int | None, ...], ruling: Ruling
    ) -> None:
        object.__setattr__(self, "discards", discards)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "ruling", ruling)


StubReshuffled.kind = "stub-reshuffled"


@dataclass(frozen=True, slots=True)
class BoardDealt(EventBase):
    cards: tuple[int | None, ...]
    burn: int | None
    """The burn card before these cards, when the deck is known (one burn per street, R38)."""

    def __init__(self, cards: tuple[int | None, ...], burn: int | None) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "burn", burn)


BoardDealt.kind = "board-dealt"


@dataclass(frozen=True, slots=True)
class BettingOpened(EventBase):
    street: int

    def __init__(self, street: int) -> None:
        object.__setattr__(self, "street", street)


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

    def __init__(
        self, seat: int, action: str, to: int, all_in: bool, ruling: Ruling | None = None
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "all_in", all_in)
        object.__setattr__(self, "ruling", ruling)


Acted.kind = "acted"


@dataclass(frozen=True, slots=True)
class BetReturned(EventBase):
    seat: int
    amount: int

    def __init__(self, seat: int, amount: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "amount", amount)


BetReturned.kind = "bet-returned"


@dataclass(frozen=True, slots=True)
class StreetClosed(EventBase):
    street: int

    def __init__(self, street: int) -> None:
        object.__setattr__(self, "street", street)


StreetClosed.kind = "street-closed"


@dataclass(frozen=True, slots=True)
class HandsTabled(EventBase):
    """All live hands turned face up: an all-in was called and no more betting is possible."""

    seats: tuple[int, ...]
    ruling: Ruling

    def __init__(self, seats: tuple[int, ...], ruling: Ruling) -> None:
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "ruling", ruling)


HandsTabled.kind = "hands-tabled"


@dataclass(frozen=True, slots=True)
class Shown(EventBase):
    seat: int
    cards: tuple[int, ...]

    def __init__(self, seat: int, cards: tuple[int, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)


Shown.kind = "shown"


@dataclass(frozen=True, slots=True)
class Mucked(EventBase):
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


Mucked.kind = "mucked"


@dataclass(frozen=True, slots=True)
class PotAwarded(EventBase):
    amount: int
    eligible: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    """(seat, chips) for each winner of this pot."""
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]

    def __init__(
        self,
        amount: int,
        eligible: tuple[int, ...],
        shares: tuple[tuple[int, int], ...],
        high_winners: tuple[int, ...],
        low_winners: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "eligible", eligible)
        object.__setattr__(self, "shares", shares)
        object.__setattr__(self, "high_winners", high_winners)
        object.__setattr__(self, "low_winners", low_winners)


PotAwarded.kind = "pot-awarded"


@dataclass(frozen=True, slots=True)
class HandEnded(EventBase):
    stacks: tuple[int | None, ...]

    def __init__(self, stacks: tuple[int | None, ...]) -> None:
        object.__setattr__(self, "stacks", stacks)


# --- irregularities at a live table (recorded by floorman.live, applied by the engine) -----------


HandEnded.kind = "hand-ended"


@dataclass(frozen=True, slots=True)
class HandKilled(EventBase):
    """A seat's hand is dead by a ruling, not by its own fold in turn: absent at the end of the
    deal (TDA R30), a wrong card count after substantial action (R38), a binding fold out of
    turn (R53-A, R58). Its chips stay in the pot; the turn order does not move."""

    seat: int
    ruling: Ruling

    def __init__(self, seat: int, ruling: Ruling) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "ruling", ruling)


HandKilled.kind = "hand-killed"


@dataclass(frozen=True, slots=True)
class HandRevived(EventBase):
    """A killed hand is live again: the director overrode the ruling that killed it (R1)."""

    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


HandRevived.kind = "hand-revived"


@dataclass(frozen=True, slots=True)
class HandVoided(EventBase):
    """The hand does not count: a misdeal or a fouled deck (R35). Every chip goes back to the
    stack it came from; a ``HandEnded`` with the starting stacks follows."""

    ruling: Ruling

    def __init__(self, ruling: Ruling) -> None:
        object.__setattr__(self, "ruling", ruling)


HandVoided.kind = "hand-voided"


@dataclass(frozen=True, slots=True)
class ChipsForfeited(EventBase):
    """Chips leave a stack for the pot as dead money, not as a bet: out-of-turn chips that stay
    in the pot when the action changed (Belarus 4.10)."""

    seat: int
    amount: int
    ruling: Ruling

    def __init__(self, seat: int, amount: int, ruling: Ruling) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "ruling", ruling)


ChipsForfeited.kind = "chips-forfeited"


@dataclass(frozen=True, slots=True)
class CardsExposed(EventBase):
    """Hole cards of a seat seen by the table (dealt face up, flashed, shown): every view shows
    them from now on (TDA R68, Poland §31.5b)."""

    seat: int
    cards: tuple[int, ...]

    def __init__(self, seat: int, cards: tuple[int, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)


CardsExposed.kind = "cards-exposed"


@dataclass(frozen=True, slots=True)
class HoleCardReplaced(EventBase):
    """A hole card exposed by the dealer during the deal is replaced; the exposed card becomes
    the burn before the flop (Belarus 6.6.1, Poland §31.7)."""

    seat: int
    index: int
    card: int | None

    def __init__(self, seat: int, index: int, card: int | None) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "card", card)


HoleCardReplaced.kind = "hole-card-replaced"


@dataclass(frozen=True, slots=True)
class HoleFacesSet(EventBase):
    """Stud: which of a seat's cards lie face up, after a down card was dealt face up (its
    third card is then dealt down, TDA RP-10-A, Belarus 6.5.1)."""

    seat: int
    up: tuple[bool, ...]

    def __init__(self, seat: int, up: tuple[bool, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "up", up)


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

    def __init__(self, seat: int, chips: int, until: str, ruling: Ruling) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "chips", chips)
        object.__setattr__(self, "until", until)
        object.__setattr__(self, "ruling", ruling)


TreatedAsAllIn.kind = "treated-as-all-in"


@dataclass(frozen=True, slots=True)
class BetWithdrawn(EventBase):
    """A player takes back the part of his bet nobody called and the betting round ends with
    what was matched (Belarus 7.1.6 note 2: heads-up, after his opponent exposed his cards)."""

    seat: int
    amount: int
    ruling: Ruling

    def __init__(self, seat: int, amount: int, ruling: Ruling) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "ruling", ruling)


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
