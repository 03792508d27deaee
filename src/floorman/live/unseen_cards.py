"""A live hand recorded without its cards: what is due next, and the unseen cards dealt.

At a table with physical cards the recorder (the dealer's tablet, a client of the API) never
sees the hole cards, so the engine is given unseen cards (``None``) whenever it asks. Three
things it cannot be given blind, and this module says when each is due (:func:`due`):

- a stud street's up-cards, which decide the bring-in and the first to act (TDA RP-10, Belarus
  5.8.2 and 5.8.6): the recorder enters them (:func:`deal_up_cards`), the down-cards unseen;
- a draw: how many cards each player throws (:func:`draw`), the replacements dealt unseen;
- the award: unseen cards cannot be compared, so once the betting is over (the last bet called
  on the river, or an all-in called with cards to come, the hands tabled: TDA R16) the hand
  waits for the winners of each pot (:func:`floorman.live.pot_award.awaiting_award`), and the
  cards still to come are not dealt.
"""

from __future__ import annotations

from enum import StrEnum

from floorman.engine.actions import DealBoard, DealHole, Discard
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.errors import MalformedInputError
from floorman.live.live_hand import HistoryEvent, LiveHand, LiveResult
from floorman.live.pot_award import awaiting_award


class Due(StrEnum):
    """What the hand waits for from the recorder."""

    UP_CARDS = "up-cards"
    DRAW = "draw"
    BET = "bet"
    AWARD = "award"
    """The betting is over: the pots wait for their winners."""
    NOTHING = "nothing"
    """The hand is over, or waits for nothing a recorder enters (a deal, a showdown step)."""


def up_cards_due(hand: Hand) -> tuple[int, ...]:
    """The seats waiting for this street's up-card, in seat order; none outside stud, and
    none on a street dealt face down."""
    game = hand.config.game
    if not game.is_stud or hand.phase is not Phase.DEAL or not hand.deal_queue:
        return ()
    if game.streets[hand.street].up == 0:
        return ()
    return tuple(sorted(hand.deal_queue))


def due(hand: Hand) -> Due:
    """What the hand waits for now, once the unseen cards it asked for are dealt."""
    if up_cards_due(hand):
        return Due.UP_CARDS
    if awaiting_award(hand):
        return Due.AWARD
    if hand.phase is Phase.DRAW:
        return Due.DRAW
    if hand.phase is Phase.BET:
        return Due.BET
    return Due.NOTHING


def deal_unseen(live: LiveHand) -> None:
    """Give the hand the unseen cards it waits for, except the cards still to come once an
    all-in is called (the hand waits for its award there) and a stud street's up-cards."""
    while (request := live.deal_request()) is not None and not awaiting_award(live.hand):
        if up_cards_due(live.hand):
            return  # the recorder enters them
        unseen = (None,) * request.count
        if request.seat is None:
            live.act(DealBoard(unseen))
        else:
            live.act(DealHole(request.seat, unseen))


def deal_up_cards(live: LiveHand, cards: tuple[int | None, ...]) -> LiveResult:
    """Deal the street: each due seat its down-cards unseen and its up-card from ``cards``
    (one card number per seat, ``None`` for a seat dealt none).

    :raises MalformedInputError: no up-cards are due now, a due seat has no card or a seat
        not due has one, or a card was dealt already (the engine's ``duplicate-card``).
    """
    hand = live.hand
    seats = up_cards_due(hand)
    if not seats:
        raise MalformedInputError("no up-cards are to be dealt now", constraint="up-cards")
    _check_seats(cards, seats, hand.seat_count)
    street = hand.config.game.streets[hand.street]
    down = (None,) * (street.hole - street.up)
    events: list[HistoryEvent] = []
    for seat in seats:
        card = cards[seat]
        assert card is not None  # checked above
        events.extend(live.act(DealHole(seat, (*down, card))).events)
    return LiveResult(ruling=None, events=tuple(events))


def _check_seats(cards: tuple[int | None, ...], seats: tuple[int, ...], count: int) -> None:
    if len(cards) != count:
        raise MalformedInputError(
            f"the up-cards name one card or none for each of the {count} seats",
            constraint="up-cards",
        )
    for seat, card in enumerate(cards):
        if (card is None) == (seat in seats):
            wanted = "needs its up-card" if card is None else "is dealt no card now"
            raise MalformedInputError(f"seat {seat + 1} {wanted}", constraint="up-cards")


def draw(live: LiveHand, seat: int, count: int) -> LiveResult:
    """``seat`` throws ``count`` unknown cards away (the engine checks that he is the one to
    draw and holds that many).

    :raises MalformedInputError: nobody draws now, or more cards than the hand holds.
    """
    hand = live.hand
    if hand.phase is not Phase.DRAW:
        raise MalformedInputError("nobody draws now", constraint="draw")
    if not 0 <= seat < hand.seat_count:
        raise MalformedInputError(f"seat {seat + 1} is not at the table", constraint="seat")
    held = len(hand.holes[seat])
    if not 0 <= count <= held:
        raise MalformedInputError(
            f"seat {seat + 1} holds {held} cards and cannot throw {count}", constraint="draw"
        )
    return live.act(Discard((None,) * count), seat=seat)
