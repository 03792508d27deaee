"""Stud and draw games on the dealer's tablet: the up-cards the dealer enters street by street,
and the number of cards each player throws in a draw.

In stud the cards showing decide who brings in on third street and who acts first on the
later streets (TDA RP-10, Belarus 5.8.2 and 5.8.6), so the engine needs them: the dealer
enters each player's up-card of the street with the card picker, and the down-cards stay
unknown (``None``), as a PHH history writes them ``????``. The engine then names the bring-in
and the first to act itself. Seventh street is dealt down and needs nothing from the dealer.

In a draw game the cards stay unknown; what the engine needs is how many each player throws
away (0 to stand pat, up to his whole hand), in the order the draw goes round. The
replacements are then dealt unseen like every other card on the tablet.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.actions import DealHole, Discard
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.errors import MalformedInputError
from floorman.live.live_hand import HistoryEvent, LiveHand, LiveResult


@dataclass(frozen=True, slots=True, kw_only=True)
class UpCards:
    """The up-cards of one stud street as the dealer enters them: one card number per seat,
    ``None`` for a seat that is dealt none (empty, folded, out of the hand)."""

    cards: tuple[int | None, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerDraw:
    """A player's draw: how many cards ``seat`` throws away (0: he stands pat)."""

    seat: int
    count: int


def up_cards_due(hand: Hand) -> tuple[int, ...]:
    """The seats waiting for this street's up-card, in seat order; none outside stud, and
    none on a street dealt face down."""
    if not hand.config.game.is_stud or hand.phase is not Phase.DEAL or not hand.deal_queue:
        return ()
    if hand.config.game.streets[hand.street].up == 0:
        return ()
    return tuple(sorted(hand.deal_queue))


def deal_up_cards(live: LiveHand, step: UpCards, number: int) -> LiveResult:
    """Deal the street: each due seat its down-cards unseen and its up-card as entered.

    :raises MalformedInputError: no up-cards are due now, a due seat has no card or a seat
        not due has one, or a card was dealt already (the engine's ``duplicate-card``).
    """
    hand = live.hand
    due = up_cards_due(hand)
    if not due:
        raise MalformedInputError(
            f"step {number}: no up-cards are to be dealt now", constraint="up-cards"
        )
    _check_seats(step, due, hand.seat_count, number)
    street = hand.config.game.streets[hand.street]
    down = (None,) * (street.hole - street.up)
    events: list[HistoryEvent] = []
    for seat in due:
        card = step.cards[seat]
        assert card is not None  # checked above
        events.extend(live.act(DealHole(seat, (*down, card))).events)
    return LiveResult(ruling=None, events=tuple(events))


def _check_seats(step: UpCards, due: tuple[int, ...], seats: int, number: int) -> None:
    if len(step.cards) != seats:
        raise MalformedInputError(
            f"step {number}: the up-cards name one card or none for each of the {seats} seats",
            constraint="up-cards",
        )
    for seat, card in enumerate(step.cards):
        if (card is None) == (seat in due):
            wanted = "needs its up-card" if card is None else "is dealt no card now"
            raise MalformedInputError(
                f"step {number}: seat {seat + 1} {wanted}", constraint="up-cards"
            )


def draw(live: LiveHand, step: DealerDraw, number: int) -> LiveResult:
    """``step.seat`` throws ``step.count`` unknown cards away (the engine checks that he is
    the one to draw and holds that many).

    :raises MalformedInputError: nobody draws now, or more cards than the hand holds.
    """
    hand = live.hand
    if hand.phase is not Phase.DRAW:
        raise MalformedInputError(f"step {number}: nobody draws now", constraint="draw")
    held = len(hand.holes[step.seat])
    if not 0 <= step.count <= held:
        raise MalformedInputError(
            f"step {number}: seat {step.seat + 1} holds {held} cards and cannot throw {step.count}",
            constraint="draw",
        )
    return live.act(Discard((None,) * step.count), seat=step.seat)
