"""What the dealer's tablet records, step by step: an action (in turn, or out of turn), a report
of an irregularity (an exposed card, a misdeal, a player away from his seat), and the
director's decision on a point the rulebook leaves to him.

Each step goes to the live table's hand (:class:`floorman.live.live_hand.LiveHand`), which
rules on it by the profile's rules: an action claimed by a seat that is not to act is held
as an action out of turn (TDA R53); a card exposed by the dealer during the deal may make a
misdeal (R35-A), one exposed by a player stays exposed and the hand live (R68); a misdeal
before the profile's cut-off voids the hand (R35-A, R36), after it the hand plays on; a
point the rules leave open waits for the director's decision, and play waits with it.

A point the rulebook leaves to the director's judgement (a conditional statement, a dispute...)
is referred to him as a step too (:mod:`floorman.web.dealer_referrals`), and so are the award
and what the table finds after it (:mod:`floorman.web.dealer_after_award`).

Stud and draw games add two steps (:mod:`floorman.web.dealer_cards`): a street's up-cards,
and a player's draw; the bring-in is an action of its own (Belarus 5.8.2).

What the hand waits for (up-cards, a draw, a bet, the award) and what "all-in" comes to are the
live layer's decisions (:func:`floorman.live.unseen_cards.due`,
:func:`floorman.live.all_in.all_in_to`), which the API and the simulations reach too; this
module turns the tablet's steps into the live hand's commands and numbers the refusals.

The action clock (TDA R29, Poland §5, PokerStars Live 3.11, Belarus 7.1.7 note) is a step too:
the floor or a player calls it on the player to act, and its expiry folds (or checks) his hand
(:mod:`floorman.live.director.action_clock`). Its moments are the tablet's own clock, carried in the
steps (``at``), so a replay decides exactly as the tap did; an action taken while the clock
runs carries its moment and is judged against the countdown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from floorman.engine.actions import BringIn, Call, Check, Fold, PlayerAction, Raise
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.live.all_in import all_in_to
from floorman.live.director import action_clock
from floorman.live.irregularities.reports import (
    CardExposed,
    MisdealCalled,
    MisdealReason,
    PlayerAbsent,
)
from floorman.live.live_hand import LiveHand, LiveResult
from floorman.live.unseen_cards import Due, due
from floorman.web.dealer_after_award import (
    AfterAwardStep,
    AwardStep,
    ShowKept,
    WrongCount,
    apply_after_award,
)
from floorman.web.dealer_cards import DealerDraw, UpCards, deal_up_cards, draw
from floorman.web.dealer_referrals import Referral, refer

StepKind = Literal["fold", "check", "call", "raise", "all-in", "bring-in"]
ReportKind = Literal["exposed-card", "misdeal", "absent"]
DECIDED_AT_THE_TABLE = "decided at the table on the dealer's tablet"
"""The reason recorded with a decision taken on the tablet (the rulings need one)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerStep:
    """One action as the dealer enters it: who acted, what he did, and for a bet or raise
    the street total he went to (raise means raise to, TDA R43-B). A seat that is not to act
    is an action out of turn."""

    seat: int
    action: StepKind
    to: int | None = None
    at: float | None = None
    """When it was taken (the tablet's clock): needed only while the action clock runs."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerReport:
    """An irregularity the dealer reports: a card of ``seat`` exposed (by the dealer, or by
    the player, on purpose or not), a misdeal with its ``reason``, a player away."""

    report: ReportKind
    seat: int | None = None
    by_dealer: bool = False
    deliberate: bool = False
    reason: str | None = None
    shown_to: int | None = None
    """The one seat the card was shown to (``None``: the table)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectorDecision:
    """The director's choice on a pending ruling (its id and one of its options)."""

    ruling: str
    option: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockStep:
    """The action clock: ``call`` puts the player to act on it at ``at`` (``by`` a player or an
    official), ``expire`` applies its end at ``at`` (no sooner than its deadline)."""

    clock: Literal["call", "expire"]
    at: float
    by: str = action_clock.OFFICIAL


Step = (
    DealerStep
    | DealerReport
    | DirectorDecision
    | UpCards
    | DealerDraw
    | ClockStep
    | Referral
    | AfterAwardStep
)


def apply_clock(live: LiveHand, step: ClockStep, level_minutes: int | None) -> LiveResult:
    """Call the clock or let it expire; the profile's length and expiry decide."""
    if step.clock == "call":
        return action_clock.call(live, by=step.by, at=step.at, level_minutes=level_minutes)
    return action_clock.expire(live, at=step.at)


def apply_step(
    live: LiveHand, step: Step, number: int, *, level_minutes: int | None = None
) -> LiveResult:
    """Record ``step`` in ``live``; the answer carries the ruling, if one was made.
    ``level_minutes``: the hand's level, for a profile whose clock is shorter in short levels
    (PokerStars Live 3.11.1)."""
    if isinstance(step, ClockStep):
        return apply_clock(live, step, level_minutes)
    if isinstance(step, AwardStep | WrongCount | ShowKept):
        return apply_after_award(live, step)
    if isinstance(step, DirectorDecision):
        return live.resolve(step.ruling, step.option, by="director", reason=DECIDED_AT_THE_TABLE)
    if isinstance(step, Referral):
        return refer(live, step, number)
    if isinstance(step, DealerReport):
        return live.record(_report(step, number))
    if isinstance(step, UpCards):
        return deal_up_cards(live, step, number)
    hand = live.hand
    now = due(hand)
    if now is Due.UP_CARDS:
        raise MalformedInputError(
            f"step {number}: the up-cards of this street come first", constraint="up-cards"
        )
    if isinstance(step, DealerDraw):
        return draw(live, step, number)
    if now is Due.DRAW:
        raise MalformedInputError(f"step {number}: the players draw now", constraint="draw-due")
    if now is not Due.BET:
        raise MalformedInputError(
            f"step {number}: nobody is to bet now (the hand waits for its award)",
            constraint="betting-over",
        )
    action = _action(hand, step, number)
    if step.at is not None and action_clock.running(live) is not None and step.seat == hand.actor:
        return action_clock.act(live, action, at=step.at)
    return live.act(action, seat=step.seat)


def _report(step: DealerReport, number: int) -> CardExposed | MisdealCalled | PlayerAbsent:
    if step.report == "misdeal":
        try:
            reason = MisdealReason(step.reason or "")
        except ValueError:
            known = ", ".join(r.value for r in MisdealReason)
            raise MalformedInputError(
                f"step {number}: a misdeal names its reason, one of {known}",
                constraint="misdeal-reason",
            ) from None
        return MisdealCalled(reason=reason)
    if step.seat is None:
        raise MalformedInputError(f"step {number}: the report names a seat", constraint="seat")
    if step.report == "absent":
        return PlayerAbsent(seat=step.seat)
    return CardExposed(
        seat=step.seat,
        card=None,
        by_dealer=step.by_dealer,
        deliberate=step.deliberate,
        shown_to=step.shown_to,
    )


def _action(hand: Hand, step: DealerStep, number: int) -> PlayerAction:
    if step.action == "fold":
        return Fold()
    if step.action == "check":
        return Check()
    if step.action == "call":
        return Call()
    if step.action == "bring-in":
        return BringIn()
    if step.action == "all-in":
        way = all_in_to(hand) if hand.actor == step.seat else None
        if way is None:
            raise MalformedInputError(
                f"step {number}: seat {step.seat + 1} may not go all-in now", constraint="all-in"
            )
        return way.action
    if step.to is None:
        raise MalformedInputError(
            f"step {number}: a bet or raise needs its amount", constraint="amount"
        )
    return Raise(step.to)
