"""The tablet's steps once the pot is awarded and before the hand is recorded: what the table
can still find while the hand's history is open (before the next hand starts, Poland §50.0,
TDA R22).

- :class:`AwardStep`: the dealer awards the pots as a step, instead of recording the hand at
  once, so that what follows can still be reported;
- :class:`WrongCount`: the last player left holding a wrong number of cards (Belarus 6.3.9;
  elsewhere the award stands); the live layer rules (:mod:`floorman.live.finished_hand`);
- :class:`ShowKept`: a player asks to see the cards another showed to a player out of the
  hand, which were kept back (Poland §31.5a).

The tablet then records the hand (``POST .../tablet/award`` with no winners): its result is
the hand's final stacks, these rulings included.

Chips found after an all-in (Poland §43.2, TDA R62, Belarus 2.1.6) are ruled on by the live
layer too, but not offered here: the chips come into play, and the tournament refuses a
hand that creates chips until its ledger can take found chips in.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.live import finished_hand
from floorman.live.irregularities.reports import WrongCardCount
from floorman.live.live_hand import LiveHand, LiveResult
from floorman.live.pot_award import PotWinners


@dataclass(frozen=True, slots=True, kw_only=True)
class AwardStep:
    """The winners of each pot, main pot first (as the award route takes them)."""

    winners: tuple[PotWinners, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class WrongCount:
    """``seat``, the last player left, holds ``held`` cards."""

    seat: int
    held: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowKept:
    """The player of ``by`` asks to see the kept-back cards of ``seat``."""

    seat: int
    by: int


AfterAwardStep = AwardStep | WrongCount | ShowKept


def apply_after_award(live: LiveHand, step: AfterAwardStep) -> LiveResult:
    """Record ``step`` on the live hand (refusals are the live layer's)."""
    if isinstance(step, AwardStep):
        return live.award(step.winners)
    if isinstance(step, ShowKept):
        return finished_hand.show_on_request(live, by=step.by, seat=step.seat)
    return finished_hand.record(live, WrongCardCount(seat=step.seat, held=step.held))
