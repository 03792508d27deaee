"""Points the rulebooks leave to the director's judgement at the table, as pending rulings.

Each names what is to be decided, its options and the rule that leaves it to him; play waits
until he resolves it (:meth:`LiveHand.resolve`), and both are in the hand's history:

- a conditional statement ("if you bet, I raise"): binding or not (TDA R59-A, RedCactus 59);
- a call said before the bettor named his amount: a call of any amount, or released (R59-B);
- several undercalls in a row: the director decides the chips of the undercallers after the
  first, then the first undercaller's chips are read under R51-B (R51-C, RedCactus 42);
- a player who will not table his whole hand (one card shown that could win, or none): the
  floor's order, his hand dead or shown (TDA R15-A, RedCactus 15, PokerStars Live 5.4.2, where
  the order has a five-second countdown).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from floorman.engine.phase import SHOW
from floorman.errors import MalformedInputError
from floorman.live.decision import DEAD, PENDING, Decision, pick
from floorman.live.director.rulings import PendingRuling
from floorman.live.live_events import RulingPending
from floorman.live.live_hand import LiveHand, LiveResult

BINDING: Final = "binding"
NOT_BINDING: Final = "not-binding"
CALL_ANY_AMOUNT: Final = "call-any-amount"
RELEASED: Final = "released"
RETURNED: Final = "returned"
FULL_CALLS: Final = "full-calls"
FORFEITED: Final = "forfeited"
SHOWN: Final = "shown"
SHOW_REFUSED: Final = "show-refused"
"""The topic of the floor's order to a player who will not table his hand: ``dead`` kills it."""


def conditional_statement(live: LiveHand, seat: int, words: str) -> PendingRuling:
    """R59-A: a statement of future action is non-standard; the director says if it binds."""
    return live.refer(
        f"seat {seat} said {words!r}: does it bind him?",
        (BINDING, NOT_BINDING),
        ("conditional",),
        seat=_dealt(live, seat),
    )


def call_before_amount(live: LiveHand, seat: int, bettor: int) -> PendingRuling:
    """R59-B: he said "call" before the bettor named his amount; the director may hold him to
    a call of whatever it is."""
    _dealt(live, bettor)
    return live.refer(
        f"seat {seat} called before seat {bettor} named his amount: a call of any amount?",
        (CALL_ANY_AMOUNT, RELEASED),
        ("premature-call",),
        seat=_dealt(live, seat),
    )


def undercalls_in_a_row(live: LiveHand, *, seat: int, others: Sequence[int]) -> PendingRuling:
    """R51-C: after undercalls in a row, the action goes back to the first undercaller,
    ``seat``; the director decides what becomes of the chips the ``others`` put in after him.
    Once he has, the first undercaller's chips are read and recorded as for any action
    (:meth:`LiveHand.apply_assist`), R51-B ruling on them."""
    if not others or seat in others or len(set(others)) != len(others):
        raise MalformedInputError(
            "several undercalls: the first undercaller and the others after him",
            constraint="seats",
        )
    if live.hand.actor != seat:
        raise MalformedInputError(
            f"the action goes back to the first undercaller: seat {live.hand.actor} is to act",
            constraint="seat",
        )
    for other in others:
        _dealt(live, other)
    return live.refer(
        f"undercalls by seats {', '.join(map(str, others))} after seat {seat}'s: their chips?",
        (RETURNED, FULL_CALLS, FORFEITED),
        ("several-undercalls", "undercall"),
        seat=seat,
    )


def show_refused(live: LiveHand, seat: int, *, shown: int = 0) -> LiveResult:
    """The player of ``seat``, due to show, tabled only ``shown`` of his cards and will not
    table the rest: the floor orders him to show or lose the hand (R15-A, 5.4.2)."""
    hand, rules = live.hand, live.rules
    if hand.phase is not SHOW or seat not in hand.show_queue:
        raise MalformedInputError(f"seat {seat} has no hand to show now", constraint="seat")
    ruling = rules.ruling(
        pick(rules, "show-all", "director"),
        "show-refused",
        f"seat {seat} will not table his whole hand: the floor orders it shown or dead",
        seat=seat,
    )
    pending = RulingPending(
        id="",
        topic=SHOW_REFUSED,
        question=f"seat {seat} tabled {shown} of his cards and refuses the rest: shown or dead?",
        options=(SHOWN, DEAD),
        rules=(ruling.rule, rules.cite(pick(rules, "director"))),
        seat=seat,
    )
    return live.apply(Decision(ruling=ruling, outcome=PENDING, seat=seat, pending=pending))


def _dealt(live: LiveHand, seat: int) -> int:
    hand = live.hand
    if not 0 <= seat < hand.seat_count or not hand.in_hand[seat]:
        raise MalformedInputError(f"seat {seat} is not dealt in this hand", constraint="seat")
    return seat
