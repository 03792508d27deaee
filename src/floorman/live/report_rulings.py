"""The ruling on a dealer's report: which decider answers it.

Each report of :mod:`floorman.live.irregularities.reports` (and the table's and the players'
reports) has its decider, a pure function of the hand, the profile's rules and the live state;
:meth:`floorman.live.live_hand.LiveHand.record` records the :class:`Decision` it returns.
"""

from __future__ import annotations

import random

from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.live.decision import Decision
from floorman.live.director import show_requests, table_rulings
from floorman.live.irregularities import board_errors
from floorman.live.irregularities import dealing as irregularities
from floorman.live.irregularities.reports import (
    BoxedCards,
    CardExposed,
    CardsTouchedMuck,
    DealerKilledHand,
    DeckDefective,
    ExtraBurn,
    MisdealCalled,
    MissingBurn,
    PlayerAbsent,
    PrematureCards,
    Report,
    StubDisordered,
    TooManyBoardCards,
    WrongCardCount,
)
from floorman.live.irregularities.table_reports import TableReport
from floorman.live.live_state import LiveState
from floorman.rules.ruleset import Ruleset


def decide(
    hand: Hand, rules: Ruleset, state: LiveState, report: Report, rng: random.Random | None
) -> Decision:
    """The decision on ``report`` (an action out of turn is held instead, not decided here).
    ``rng``: the table's random source, for the repairs that choose at random (TDA RP-14)."""
    if isinstance(report, MisdealCalled):
        return irregularities.misdeal(hand, rules, report)
    if isinstance(report, DeckDefective):
        return irregularities.deck_defect(hand, rules, report)
    if isinstance(report, BoxedCards):
        return irregularities.boxed(hand, rules, report, deal_done=state.deal_done)
    if isinstance(report, CardExposed):
        return irregularities.exposed(
            hand, rules, report, deal_done=state.deal_done, earlier=state.deal_exposures
        )
    if isinstance(report, WrongCardCount):
        return irregularities.wrong_count(hand, rules, report)
    if isinstance(report, PlayerAbsent):
        return irregularities.absent(hand, rules, report, deal_done=state.deal_done)
    if isinstance(report, CardsTouchedMuck):
        return irregularities.touched_muck(hand, rules, report)
    if isinstance(report, DealerKilledHand):
        return irregularities.dealer_killed(hand, rules, report)
    if isinstance(report, StubDisordered):
        return irregularities.disordered_stub(rules, report)
    if isinstance(report, PrematureCards):
        return board_errors.premature(hand, rules, report)
    if isinstance(report, TooManyBoardCards):
        return board_errors.too_many(hand, rules, report, rng)
    if isinstance(report, MissingBurn):
        return board_errors.missing_burn(hand, rules, report, rng)
    if isinstance(report, ExtraBurn):
        return board_errors.extra_burn(hand, rules, report)
    if isinstance(report, TableReport):
        return table_rulings.decide(hand, rules, report)
    if isinstance(report, show_requests.ShowRequested):
        return show_requests.decide(hand, rules, report)
    raise MalformedInputError(f"unknown report {report!r}", constraint="report")
