"""What a dealer reports from a live table when something goes wrong: the inputs of
:class:`~floorman.live.live_hand.LiveHand`.

The engine's own commands (deal, bet, show) cover a hand dealt and played correctly. A live table
also sees cards exposed, dealt early or in the wrong number, players away from their seats and
players acting out of turn; each is a report here, and the live hand answers it with a ruling
that cites the profile's rule. Cards are card numbers (``None`` for a card nobody saw); seats are
the engine's 0-based seats; streets count from 0 (preflop or third street).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from floorman.engine.actions import PlayerAction
from floorman.live.irregularities.table_reports import TableReport


class MisdealReason(StrEnum):
    """Dealing errors that make a misdeal before the cut-off (TDA R35-A, Belarus 6.3, Poland
    §27 I.2); card counts, exposed and boxed cards have reports of their own."""

    WRONG_FIRST_SEAT = "wrong-first-seat"
    """The deal began at the wrong seat (R35-A(2), Poland §27 I.2i)."""
    EMPTY_SEAT_DEALT = "empty-seat-dealt"
    """Cards went to a seat not in the hand (R35-A(3), Belarus 6.3.4, Poland §27 I.2j)."""
    PLAYER_SKIPPED = "player-skipped"
    """A player entitled to cards got none (R35-A(4), Belarus 6.3.4, Poland §27 I.2k)."""
    OUT_OF_ORDER = "out-of-order"
    """Cards dealt out of order (Belarus 6.3.3, Poland §27 I.2f)."""
    HANDS_MIXED = "hands-mixed"
    """Players' starting cards got mixed together (Poland §27 I.2g)."""
    BUTTON_MISPLACED = "button-misplaced"
    """The button was on the wrong seat (PokerStars Live 3.1.3, Poland §27 I.2h)."""
    NOT_SHUFFLED = "not-shuffled"
    """The deck was not shuffled or not cut (Belarus 6.3.2)."""
    EXPOSED_ON_CUT = "exposed-on-cut"
    """A card was exposed during the cut (Belarus 6.3.1)."""


class DeckDefect(StrEnum):
    DUPLICATE = "duplicate"
    """Two cards of the same rank and suit (TDA R35-E, Belarus 6.2.2, Poland §54.1)."""
    WRONG_COUNT = "wrong-count"
    """More or fewer cards than the deck should have (Belarus 6.2.1, Poland §54.1)."""
    MISMATCHED_BACKS = "mismatched-backs"
    """Cards with a different back or colour (Belarus 6.2.3, Poland §54.1)."""
    DAMAGED = "damaged"
    """A damaged or marked card (Belarus 6.2.4, Poland §27)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MisdealCalled:
    """The dealer (or the floor) calls a misdeal for a dealing error."""

    reason: MisdealReason


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckDefective:
    """The deck is found defective during the hand (a fouled deck)."""

    defect: DeckDefect
    cards: tuple[int, ...] = ()
    """The cards concerned, when known (the duplicated card)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BoxedCards:
    """Cards found face up in the deck (boxed) during the deal."""

    cards: tuple[int | None, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CardExposed:
    """A hole card of ``seat`` was seen by the table.

    ``by_dealer``: the dealer exposed it (while dealing, or pitching it off the table); otherwise
    the player showed or flashed it, ``deliberate``-ly or not (Belarus 7.1.5 against 7.1.6).
    ``position`` is the card's place in the initial deal, counted from 1 (the first two cards
    off the deck decide a misdeal, TDA R35-A(7)); ``replacement`` is the card the dealer gave
    instead, when the exposed card was replaced. ``card`` is ``None`` when nobody can tell which
    card a player showed (Poland §31.3); ``folding``: he showed it as he folded (§44.5).
    ``shown_to``: the one seat a player showed it to (``None``: the table), which decides
    whether it is shown at once or after the hand (Poland §31.5a, §31.5b).
    """

    seat: int
    card: int | None
    by_dealer: bool
    deliberate: bool = False
    position: int | None = None
    replacement: int | None = None
    folding: bool = False
    shown_to: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class WrongCardCount:
    """``seat`` holds ``held`` cards, not the number the game deals him.

    ``unseen_from_top``: the dealer vouches that the extra cards came to him off the top of the
    deck, that nothing has been dealt after them, and that he has not looked at them (Poland
    §27 I.2e's exception); the tablet cannot see physical cards.
    """

    seat: int
    held: int
    unseen_from_top: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerAbsent:
    """The player of ``seat`` is not at his seat (within reach of his chair)."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsTouchedMuck:
    """A live hand touched the muck (or another hand); ``identifiable``: the dealer can still
    tell its cards apart with certainty (TDA R65-B)."""

    seat: int
    identifiable: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerKilledHand:
    """The dealer mucked a live hand by mistake; ``identifiable``: its cards can still be told
    apart with certainty (TDA R65)."""

    seat: int
    identifiable: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class StubDisordered:
    """The order of the undealt cards was disturbed while the hand must go on (TDA RP-4);
    ``restorable``: the original order can be put back; ``mixed``: the stub got mixed with the
    muck and the burns."""

    restorable: bool
    mixed: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionOutOfTurn:
    """``seat`` acted before the turn reached him."""

    seat: int
    action: PlayerAction


@dataclass(frozen=True, slots=True, kw_only=True)
class PrematureCards:
    """The cards of ``street`` were turned before the betting of the street before it ended."""

    street: int
    cards: tuple[int | None, ...]
    burn: int | None = None
    """The card burned before them, when known."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TooManyBoardCards:
    """The dealer turned more board cards than the street has (four on the flop)."""

    cards: tuple[int | None, ...]
    burn: int | None = None
    extra: int | None = None
    """The card that should not have come, when it is known for certain (Poland §27 II.3)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MissingBurn:
    """The cards of ``street`` came without a burn before them (already recorded with the
    engine when there was action on them)."""

    street: int
    cards: tuple[int | None, ...] = ()
    """The board cards turned without a burn, when they are not recorded with the engine."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtraBurn:
    """The dealer burned one card too many before ``street``."""

    street: int
    card: int | None = None


Report = (
    MisdealCalled
    | DeckDefective
    | BoxedCards
    | CardExposed
    | WrongCardCount
    | PlayerAbsent
    | CardsTouchedMuck
    | DealerKilledHand
    | StubDisordered
    | ActionOutOfTurn
    | PrematureCards
    | TooManyBoardCards
    | MissingBurn
    | ExtraBurn
    | TableReport
)
