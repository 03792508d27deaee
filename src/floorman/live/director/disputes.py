"""Disputing a finished hand: until when a player can, and the director's ruling on it (TDA
R22, RedCactus 22, PokerStars Live 3.9, Poland §50).

The profile's ``dispute_window`` says how long a hand stays open to dispute:

- ``next-hand-or-action`` (TDA R22, RedCactus 22): how the hands were read, until the next hand
  begins (its first riffle, R23); the chips counted or awarded, until substantial action in the
  next hand (R36). A hand that ended during a break: one minute after the pot was awarded.
- ``next-hand`` (PokerStars Live 3.9, Poland §50): anything, until the next hand begins.
- ``none`` (Belarus 2.1.3 sets no deadline): the director hears every dispute.

A dispute heard in time is the director's to rule on (:func:`record` opens it on the finished
hand's history, and :meth:`LiveHand.resolve` records his ruling: the result stands, or it is
corrected); the chips a correction moves are the tournament's chip counts, with his reason. One
made too late is refused, citing the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.decision import PENDING, Decision, pick
from floorman.live.live_events import RulingPending
from floorman.live.live_hand import LiveHand, LiveResult
from floorman.rules.ruleset import DisputeWindow, Ruleset
from floorman.rules.ruling import Ruling

BREAK_SECONDS: Final = 60
"""A hand ended during a break can be disputed for one minute after its award (TDA R22)."""
DISPUTE: Final = "dispute"
"""The topic of the director's ruling on a dispute."""
STANDS: Final = "stands"
CORRECTED: Final = "corrected"


class DisputeKind(StrEnum):
    READING = "reading"
    """How the hands were read: who won."""
    ACCOUNTING = "accounting"
    """The chips: the pot counted wrong, or awarded to the wrong player."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Dispute:
    """A player disputes a finished hand, at a moment told by what has happened since."""

    kind: DisputeKind
    claim: str = ""
    """What he says went wrong, in his words, for the record."""
    next_hand_started: bool = False
    """The next hand has begun: its first riffle (R23)."""
    substantial_action: bool = False
    """The next hand has seen substantial action (R36)."""
    ended_at_break: bool = False
    """The disputed hand ended during a break."""
    seconds_since_award: int = 0

    def __post_init__(self) -> None:
        if self.seconds_since_award < 0:
            raise MalformedInputError(
                "the time since the award cannot be negative", constraint="seconds"
            )
        if self.substantial_action and not self.next_hand_started:
            raise MalformedInputError(
                "substantial action in the next hand means it has begun", constraint="dispute"
            )


def hear(rules: Ruleset, dispute: Dispute) -> Ruling:
    """The ruling that a dispute is heard, for the director to decide.

    :raises IllegalActionError: it comes too late for the profile's window (the ruling cites
        the rule that closed it).
    """
    window = rules.dispute_window
    if window is DisputeWindow.NEXT_HAND_OR_ACTION and dispute.ended_at_break:
        late = dispute.seconds_since_award > BREAK_SECONDS
        concept = "dispute-break"
    elif window is DisputeWindow.NEXT_HAND_OR_ACTION and dispute.kind is DisputeKind.ACCOUNTING:
        late = dispute.substantial_action
        concept = "dispute-accounting"
    else:
        late = window is not DisputeWindow.NONE and dispute.next_hand_started
        concept = "dispute-reading"
    rule = pick(rules, concept, "dispute", "hand-over")
    if late:
        raise IllegalActionError(
            rules.ruling(rule, "dispute-too-late", "too late to dispute this hand: it stands")
        )
    return rules.ruling(rule, "dispute-heard", "the dispute is heard: the director rules on it")


def decide(rules: Ruleset, dispute: Dispute) -> Decision:
    """A dispute heard in time, as a point the director rules on."""
    ruling = hear(rules, dispute)
    claim = f": {dispute.claim}" if dispute.claim else ""
    pending = RulingPending(
        id="",
        topic=DISPUTE,
        question=f"a dispute of the hand's {dispute.kind.value}{claim}",
        options=(STANDS, CORRECTED),
        rules=(ruling.rule, rules.cite(pick(rules, "director"))),
    )
    return Decision(ruling=ruling, outcome=PENDING, pending=pending)


def record(live: LiveHand, dispute: Dispute) -> LiveResult:
    """Open a dispute heard in time on the history of ``live``, a finished hand."""
    if not live.hand.is_over:
        raise MalformedInputError(
            "a hand still in play is not disputed: the dealer reports what goes wrong",
            constraint="hand-not-over",
        )
    if live.state.pending:
        raise MalformedInputError(
            f"the director's ruling {next(iter(live.state.pending))} comes first",
            constraint="ruling-pending",
        )
    return live.apply(decide(live.rules, dispute))
