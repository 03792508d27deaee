"""Commands on a live hand whose pot is awarded, while its history is still open: chips found
after an all-in and a wrong card count found on the last player (Poland §43.2, TDA R62,
Belarus 6.3.9: :mod:`floorman.live.irregularities.after_award`), and cards kept back shown to
a player who asks (Poland §31.5a: :mod:`floorman.live.irregularities.kept_back`).

Those modules decide; this one checks that the hand is finished and has the live hand record
their decision (:meth:`LiveHand.apply`).
"""

from __future__ import annotations

from floorman.errors import MalformedInputError
from floorman.live.irregularities import after_award
from floorman.live.irregularities import kept_back as kept
from floorman.live.irregularities.after_award import AfterAward
from floorman.live.irregularities.kept_back import KeptBack
from floorman.live.live_hand import LiveHand, LiveResult


def check_finished(live: LiveHand) -> None:
    """Refuse a report after the award on a hand not yet awarded, or while a ruling waits."""
    if not live.hand.is_over or live.redeal() is not None:
        raise MalformedInputError(
            "only a hand whose pot was awarded takes this report", constraint="hand-not-over"
        )
    if live.pending:
        raise MalformedInputError(
            f"the director's ruling {live.pending[0].id} comes first",
            constraint="ruling-pending",
        )


def record(live: LiveHand, report: AfterAward) -> LiveResult:
    """Rule on ``report`` about the finished hand of ``live`` and record it in its history."""
    check_finished(live)
    return live.apply(after_award.decide(live.hand, live.rules, report), report)


def kept_back(live: LiveHand) -> tuple[KeptBack, ...]:
    """The cards of the hand kept back and not yet shown, in the order they were shown."""
    return kept.waiting(live.history, live.hand)


def show_on_request(live: LiveHand, *, by: int, seat: int) -> LiveResult:
    """After the award, the player of ``by`` asks to see what ``seat`` showed to a player out
    of the hand: the cards kept back are turned up for the table (§31.5a).

    :raises MalformedInputError: the hand is not over, a ruling waits, nothing of ``seat`` was
        kept back, or ``by`` is not another player at the table.
    """
    check_finished(live)
    decision = kept.shown_on_request(live.hand, live.rules, kept_back(live), by=by, seat=seat)
    return live.apply(decision)
