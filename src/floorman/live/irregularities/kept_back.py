"""Cards a player showed to someone without a live hand: kept back until the hand is over, then
shown to the others who ask (Poland §31.5a).

A player who shows his cards to a player still in the hand has them shown to the whole table at
once (§31.5b, TDA R68): the exposure report names no seat, or a seat with a live hand. Shown to
a seat out of the hand (folded, or not dealt in), where the profile keeps them back
(``shown_to_out_of_hand_kept_back``), nothing is shown during the hand: the ruling records the
cards and to whom they went, and :func:`shown_on_request` decides to turn them up once the pot is
awarded, at the request of another player. The other profiles show them at once, as any
exposure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from floorman.engine.events import CardsExposed, Event, HandEnded
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.live.decision import Decision
from floorman.live.irregularities.all_in_choice import parameter_ruling
from floorman.live.irregularities.reports import CardExposed
from floorman.live.live_events import DirectorOverridden, RulingMade
from floorman.rules.ruleset import Ruleset

KEPT_BACK: Final = "kept-back"
"""The outcome of an exposure to a player out of the hand: nothing shown until the award."""
SHOWN_AFTER_HAND: Final = "shown-after-hand"
"""The outcome of a request after the award: the kept-back cards are turned up."""
_PARAMETER: Final = "shown_to_out_of_hand_kept_back"


@dataclass(frozen=True, slots=True, kw_only=True)
class KeptBack:
    """Cards of ``seat`` seen by ``shown_to`` alone, waiting for the end of the hand."""

    seat: int
    cards: tuple[int, ...]
    shown_to: int
    ruling_id: str


def decide(hand: Hand, rules: Ruleset, report: CardExposed) -> Decision | None:
    """The ruling on an exposure the report says was shown to one seat; ``None`` when the usual
    exposure rulings apply (shown to the table, to a live hand, or a profile that shows all)."""
    shown_to = report.shown_to
    if shown_to is None:
        return None
    check_shown_to(hand, report)
    if not rules.shown_to_out_of_hand_kept_back or shown_to in hand.live:
        return None
    seat = report.seat
    _check_card(hand, report)
    ruling = parameter_ruling(
        rules,
        _PARAMETER,
        "shown-out-of-hand-kept-back",
        f"seat {seat} showed cards to seat {shown_to}, who has no live hand:"
        " they are shown to the others after the hand, if they ask",
        seat=seat,
        to=shown_to,
    )
    return Decision(ruling=ruling, outcome=KEPT_BACK, seat=seat)


def waiting(history: Iterable[object], hand: Hand) -> tuple[KeptBack, ...]:
    """The cards of the hand kept back and not yet shown, in the order they were shown
    (``history``: the live hand's)."""
    waiting: list[KeptBack] = []
    for event in history:
        if isinstance(event, DirectorOverridden) and event.subject == KEPT_BACK:
            waiting = [k for k in waiting if k.ruling_id != event.ruling_id]  # shown at once
        if not isinstance(event, RulingMade) or event.seat is None:
            continue
        if event.outcome == SHOWN_AFTER_HAND:
            waiting = [k for k in waiting if k.seat != event.seat]
        report = event.report
        if event.outcome == KEPT_BACK and isinstance(report, CardExposed):
            assert report.shown_to is not None  # only such a report is kept back
            cards = cards_shown(hand, report)
            waiting.append(
                KeptBack(seat=event.seat, cards=cards, shown_to=report.shown_to, ruling_id=event.id)
            )
    return tuple(waiting)


def shown_on_request(
    hand: Hand, rules: Ruleset, waiting: Iterable[KeptBack], *, by: int, seat: int
) -> Decision:
    """After the award, the player of ``by`` asks to see what ``seat`` showed to a player out
    of the hand: the cards kept back (``waiting``) are turned up for the table (§31.5a).

    :raises MalformedInputError: nothing of ``seat`` was kept back, or ``by`` is not another
        player at the table.
    """
    shown = [k for k in waiting if k.seat == seat]
    if not shown:
        raise MalformedInputError(f"no card of seat {seat} is kept back", constraint="kept-back")
    if not 0 <= by < hand.seat_count or by == seat or by in {k.shown_to for k in shown}:
        raise MalformedInputError(
            f"seat {by} is not another player who has not seen the cards", constraint="seat"
        )
    return _shown(hand, rules, by, shown)


def _shown(hand: Hand, rules: Ruleset, by: int, shown: list[KeptBack]) -> Decision:
    seat = shown[0].seat
    cards = tuple(dict.fromkeys(c for k in shown for c in k.cards))
    ruling = parameter_ruling(
        rules,
        _PARAMETER,
        "shown-after-hand",
        f"seat {by} asks: the cards seat {seat} showed during the hand are turned up",
        seat=seat,
        by=by,
    )
    effects: tuple[Event, ...] = (CardsExposed(seat, cards),)
    ended = hand.events[-1]
    if isinstance(ended, HandEnded):  # the result stays the hand's last word
        effects = (*effects, HandEnded(ended.stacks))
    return Decision(ruling=ruling, outcome=SHOWN_AFTER_HAND, seat=seat, effects=effects)


def check_shown_to(hand: Hand, report: CardExposed) -> None:
    """Refuse a report naming a seat the card was shown to that cannot be one."""
    shown_to = report.shown_to
    if shown_to is None:
        return
    if report.by_dealer:
        raise MalformedInputError(
            "a card the dealer exposed is seen by the table, not by one seat",
            constraint="shown-to",
        )
    if not 0 <= shown_to < hand.seat_count or shown_to == report.seat:
        raise MalformedInputError(
            f"seat {shown_to} is not another seat of the table", constraint="shown-to"
        )


def _check_card(hand: Hand, report: CardExposed) -> None:
    holes = hand.holes[report.seat]
    if report.card is not None and None not in holes and report.card not in holes:
        raise MalformedInputError(
            f"seat {report.seat} does not hold the card shown", constraint="exposed-card"
        )


def cards_shown(hand: Hand, report: CardExposed) -> tuple[int, ...]:
    """The card shown; a card nobody can name keeps back the whole hand (§31.3)."""
    if report.card is not None:
        return (report.card,)
    return tuple(c for c in hand.holes[report.seat] if c is not None)
