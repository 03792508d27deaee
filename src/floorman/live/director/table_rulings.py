"""Rulings on the reports of :mod:`floorman.live.irregularities.table_reports`: a device used at
the table, a
hand the floor declares dead, a hand shown out of turn or thrown away at showdown.

Each function reads the hand and the profile and returns a
:class:`~floorman.live.decision.Decision` for :class:`~floorman.live.live_hand.LiveHand` to
record; none changes the hand. Where the rulebooks differ, the profile's parameters decide
(``device_kills_hand``, ``shown_out_of_turn_all_show``, ``showdown_muck_retrievable``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from floorman.engine.actions import Check, Raise
from floorman.engine.events import Shown
from floorman.engine.hand import Hand
from floorman.engine.phase import BET, SHOW
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.assist.types import AssistRuling
from floorman.live.decision import DEAD, LIVE, Decision, dead, dead_hand, pick
from floorman.live.irregularities.table_reports import (
    ChipsFound,
    DeadHandCause,
    DeviceUsed,
    HandDeclaredDead,
    HandMucked,
    ShownOutOfTurn,
    TableReport,
)
from floorman.live.live_events import RulingMade
from floorman.rules.ruleset import Decider, MuckRetrieval, Ruleset

SHOWN = "shown"
"""The outcome of a hand shown out of turn: its cards are face up."""


def decide(hand: Hand, rules: Ruleset, report: TableReport) -> Decision:
    """The ruling on one table report."""
    if isinstance(report, DeviceUsed):
        return device_used(hand, rules, report)
    if isinstance(report, HandDeclaredDead):
        return declared_dead(hand, rules, report)
    if isinstance(report, ShownOutOfTurn):
        return shown_out_of_turn(hand, rules, report)
    if isinstance(report, ChipsFound):
        raise MalformedInputError(
            "chips found after an all-in are ruled on once the pot is awarded",
            constraint="hand-not-over",
        )
    return hand_mucked(hand, rules, report)


def device_used(hand: Hand, rules: Ruleset, report: DeviceUsed) -> Decision:
    """A phone used at the table. Where the profile says so a live hand dies, but an all-in
    hand stays live (Poland §15.7a, §15.7b, §48.2h); any penalty starts after the hand and is
    the floor's (issue 6). Elsewhere the hand plays on (TDA R5, Belarus 7.1.13)."""
    seat = _dealt(hand, report.seat)
    live = seat in hand.live
    all_in = live and hand.stacks[seat] == 0
    if live and not all_in and rules.device_kills_hand:
        ruling = rules.ruling(
            pick(rules, "device-live", "device"),
            "device-dead",
            f"seat {seat} used a device with a live hand: his hand is dead",
            seat=seat,
        )
        return dead(seat, ruling)
    if all_in:
        ruling = rules.ruling(
            pick(rules, "device-all-in", "device"),
            "device-all-in",
            f"seat {seat} used a device while all-in: his hand stays live",
            seat=seat,
        )
    else:
        ruling = rules.ruling(
            pick(rules, "device"),
            "device-penalty",
            f"seat {seat} used a device at the table: the penalty is the floor's",
            seat=seat,
        )
    alternatives = (DEAD,) if live else ()
    return Decision(ruling=ruling, outcome=LIVE, alternatives=alternatives, seat=seat)


def declared_dead(hand: Hand, rules: Ruleset, report: HandDeclaredDead) -> Decision:
    """The floor kills a hand (Poland §48.1), for a cause some rulebooks name: a defective deck
    knowingly played (§48.2e), stud up cards picked up facing a bet (§48.2c, TDA R66). Up cards
    handled when no bet is faced leave the hand live; the floor may still kill it."""
    seat = _live(hand, report.seat)
    cause = report.cause
    if cause is DeadHandCause.UP_CARDS_TURNED:
        if not hand.stud:
            raise MalformedInputError("up cards are a stud matter", constraint="game")
        if max(hand.bets) <= hand.bets[seat]:
            ruling = rules.ruling(
                pick(rules, "up-cards-turned"),
                "up-cards-live",
                f"seat {seat} faces no bet: his hand stays live",
                seat=seat,
            )
            return Decision(ruling=ruling, outcome=LIVE, alternatives=(DEAD,), seat=seat)
    return dead_hand(rules, seat, cause.value, "floor", "director")


def shown_out_of_turn(hand: Hand, rules: Ruleset, report: ShownOutOfTurn) -> Decision:
    """Cards turned up before their turn at showdown are shown; where the profile says so, the
    players still to show lose the right to muck a beaten hand unseen (Poland §37.3, T36)."""
    seat = report.seat
    queue = hand.show_queue
    if hand.phase is not SHOW or hand.tabled or seat not in queue:
        raise MalformedInputError(f"seat {seat} has no hand to show now", constraint="seat")
    if seat == queue[0]:
        raise MalformedInputError(
            f"it is seat {seat}'s turn to show: record the show itself", constraint="in-turn"
        )
    shown = Shown(seat, tuple(report.cards))
    _check_shown(hand, shown)
    if rules.shown_out_of_turn_all_show:
        ruling = rules.ruling(
            pick(rules, "shown-out-of-turn", "show-order"),
            "shown-out-of-turn-all-show",
            f"seat {seat} showed out of turn: every hand still to show must be shown",
            seat=seat,
        )
    else:
        ruling = rules.ruling(
            pick(rules, "shown-out-of-turn", "show-order"),
            "shown-out-of-turn",
            f"seat {seat} showed out of turn: his cards stand as shown",
            seat=seat,
        )
    return Decision(ruling=ruling, outcome=SHOWN, seat=seat, effects=(shown,))


def hand_mucked(hand: Hand, rules: Ruleset, report: HandMucked) -> Decision:
    """A hand thrown away at showdown before it was shown. It is taken back if the profile
    lets it be and its cards can be told apart (TDA R14; Poland §43.5 only in an all-in
    showdown, §45.2 otherwise); else it is dead (Belarus 5.9.2: mucking concedes)."""
    seat = report.seat
    if hand.phase is not SHOW or seat not in hand.show_queue:
        raise MalformedInputError(f"seat {seat} has no hand to show now", constraint="seat")
    retrieval = rules.showdown_muck_retrievable
    allowed = retrieval is MuckRetrieval.IDENTIFIABLE or (
        retrieval is MuckRetrieval.ALL_IN_IDENTIFIABLE and hand.tabled
    )
    if report.identifiable and allowed:
        ruling = rules.ruling(
            pick(rules, "showdown-muck-retrieved", "showdown-muck"),
            "muck-retrieved",
            f"seat {seat}'s mucked hand can be told apart: it is taken back to be shown",
            seat=seat,
        )
        return Decision(ruling=ruling, outcome=LIVE, alternatives=(DEAD,), seat=seat)
    concept = "showdown-muck-all-in" if hand.tabled else "showdown-muck"
    ruling = rules.ruling(
        pick(rules, concept, "showdown-muck"),
        "muck-conceded",
        f"seat {seat} mucked before showing: his hand is dead",
        seat=seat,
    )
    decision = dead(seat, ruling)
    if not report.identifiable:  # nothing left to take back, whoever rules
        return Decision(
            ruling=ruling, outcome=DEAD, seat=seat, effects=decision.effects, alternatives=()
        )
    return decision


def must_show(rules: Ruleset, made: Iterable[RulingMade], hand: Hand, seat: int) -> None:
    """Refuse a muck by a player who must show: a hand was shown out of turn before him and
    the profile takes away the right to muck unseen (Poland §37.3)."""
    if not rules.shown_out_of_turn_all_show or hand.phase is not SHOW:
        return
    if any(isinstance(m.report, ShownOutOfTurn) for m in made):
        raise IllegalActionError(
            rules.ruling(
                pick(rules, "shown-out-of-turn", "show-order"),
                "must-show",
                f"a hand was shown out of turn: seat {seat} must show his cards",
                seat=seat,
            )
        )


def _check_shown(hand: Hand, shown: Shown) -> None:
    """The cards shown are his: as many as he holds, matching every card the hand knows."""
    known = hand.holes[shown.seat]
    cards = shown.cards
    wrong = len(cards) != len(known) or any(
        k is not None and k != c for k, c in zip(known, cards, strict=True)
    )
    if wrong:
        raise MalformedInputError(
            f"seat {shown.seat} holds {len(known)} cards; the shown cards do not match them",
            constraint="shown-cards",
        )
    if any(not 0 <= c < 52 for c in cards):
        raise MalformedInputError("a shown card must be a card number 0..51", constraint="card")


def _dealt(hand: Hand, seat: int) -> int:
    if not 0 <= seat < hand.seat_count or not hand.in_hand[seat]:
        raise MalformedInputError(f"seat {seat} is not dealt in this hand", constraint="seat")
    return seat


def _live(hand: Hand, seat: int) -> int:
    if _dealt(hand, seat) not in hand.live:
        raise MalformedInputError(f"seat {seat} has no live hand", constraint="seat")
    return seat


def feigned_bet(hand: Hand, rules: Ruleset, *, chips: int) -> AssistRuling:
    """The player to act picked up ``chips`` as if to bet, then said check: the floor may hold
    him to the bet (Poland §41.4). A reading for the dealer assist's record
    (:meth:`LiveHand.apply_assist`): the check stands until the floor chooses, then the choice
    is played."""
    if hand.phase is not BET or hand.actor is None:
        raise MalformedInputError("nobody is to act now", constraint="seat")
    options = hand.legal_options()
    seat = hand.actor
    if not options.check or options.min_to is None or options.max_to is None or chips <= 0:
        raise MalformedInputError(
            f"seat {seat} cannot check and bet now, or no chips were picked up",
            constraint="feigned-bet",
        )
    to = min(max(hand.bets[seat] + chips, options.min_to), options.max_to)
    ruling = rules.ruling(
        pick(rules, "feigned-bet", "director"),
        "feigned-bet",
        f"seat {seat} picked up chips and then checked: the floor may hold him to a bet of {to}",
        seat=seat,
        to=to,
    )
    check = AssistRuling(action=Check(), rulings=(ruling,), key="check")
    bet = AssistRuling(action=Raise(to), rulings=(ruling,), key="bet", add=to - hand.bets[seat])
    return replace(check, key="pending", choices=(check, bet), decided_by=Decider.DIRECTOR)
