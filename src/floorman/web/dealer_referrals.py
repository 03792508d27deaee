"""Points the dealer refers to the director from the tablet, for the rulebook leaves them to
his judgement: a conditional statement (TDA R59-A), a call said before the bettor named his
amount (R59-B), several undercalls in a row (R51-C), a player who will not table his whole
hand (R15-A), and a dispute of a hand that just ended (TDA R22, PokerStars Live 3.9, Poland
§50).

Each is a step of the tablet's hand (:mod:`floorman.web.dealer_steps`) that opens a pending
ruling through the live layer (:mod:`floorman.live.director.discretion`, :mod:`floorman.live.
disputes`); play waits until the director picks one of its options (a ``{ruling, option}``
step), and both are in the hand's history and its rulings. A dispute on the tablet is of
the hand it holds, before the next hand begins: its timing is that of a hand just over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from floorman.errors import MalformedInputError
from floorman.live.director import discretion, disputes
from floorman.live.live_hand import LiveHand, LiveResult

ReferralKind = Literal["conditional", "premature-call", "undercalls", "show-refused", "dispute"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Referral:
    """A point the dealer refers to the director: ``seat`` is the player it is about;
    ``words`` what he said (a conditional statement), ``bettor`` the player whose amount was
    not named yet, ``others`` the undercallers after ``seat``, ``shown`` the cards he tabled,
    ``kind`` and ``claim`` a dispute's."""

    referral: ReferralKind
    seat: int | None = None
    words: str = ""
    bettor: int | None = None
    others: tuple[int, ...] = ()
    shown: int = 0
    kind: Literal["reading", "accounting"] = "reading"
    claim: str = ""


def refer(live: LiveHand, step: Referral, number: int) -> LiveResult:
    """Open the director's pending ruling the referral asks for."""
    if step.referral == "dispute":
        dispute = disputes.Dispute(kind=disputes.DisputeKind(step.kind), claim=step.claim)
        return disputes.record(live, dispute)
    seat = _seat(step, number)
    if step.referral == "show-refused":
        return discretion.show_refused(live, seat, shown=step.shown)
    start = len(live.history)
    if step.referral == "conditional":
        pending = discretion.conditional_statement(live, seat, step.words)
    elif step.referral == "premature-call":
        if step.bettor is None:
            raise MalformedInputError(
                f"step {number}: the call names the bettor", constraint="bettor"
            )
        pending = discretion.call_before_amount(live, seat, step.bettor)
    else:
        pending = discretion.undercalls_in_a_row(live, seat=seat, others=step.others)
    return LiveResult(ruling=None, events=tuple(live.history[start:]), pending=pending)


def _seat(step: Referral, number: int) -> int:
    if step.seat is None:
        raise MalformedInputError(f"step {number}: the referral names a seat", constraint="seat")
    return step.seat
