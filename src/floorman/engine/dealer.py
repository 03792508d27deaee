"""The dealer's chores from a known deck: hole cards one at a time, one burn per street.

A live table records cards as the dealer deals them; simulations and online tables let this
module deal from a :class:`~floorman.cards.deck.Deck`. It deals hole cards the way a dealer
does, one card per player per pass starting left of the button (so heads-up the button gets
the last card, TDA R34), and burns one card before each board deal (R38) and before each stud
street after the third. When a stud hand runs the stub short on seventh street the engine asks
for the burns back (TDA RP-10-H); they are shuffled into the stub with ``rng``. In draw games it
burns one card before each draw's replacements and serves the discarding players one by one;
when the engine shuffles discards back into the stub (:mod:`floorman.engine.draw`), so does
the deck.
"""

from __future__ import annotations

import random

from floorman.cards.card import DECK_SIZE
from floorman.cards.deck import Deck
from floorman.engine import draw
from floorman.engine.actions import DealBoard, DealHole, Show
from floorman.engine.events import Event
from floorman.engine.hand import Hand
from floorman.engine.phase import SHOW


def deal_pending(hand: Hand, deck: Deck, rng: random.Random | None = None) -> list[Event]:
    """Deal everything the hand is waiting for; return the events."""
    start = len(hand.events)
    while (request := hand.deal_request()) is not None:
        _restock(hand, deck, rng)
        if request.seat is None:
            burn = deck.deal_one() if len(deck) > request.count else None
            hand.perform(DealBoard(deck.deal(request.count), burn=burn))
            continue
        if draw.is_replacing(hand):
            _replace(hand, deck, request.seat, request.count, rng)
            continue
        seats = list(hand.deal_queue)  # dealing empties the queue
        burn = deck.deal_one() if hand.street > 0 else None
        dealt = deck.deal_rounds(len(seats), request.count)
        for index in range(len(seats)):  # by index: compiled, ``zip`` is a Python call
            hand.perform(DealHole(seats[index], dealt[index], burn))
            burn = None
    return hand.events[start:]


def _replace(hand: Hand, deck: Deck, seat: int, count: int, rng: random.Random | None) -> None:
    """One player's replacements, the draw's burn first."""
    _restock(hand, deck, rng)
    burn = deck.deal_one() if draw.burn_due(hand) else None
    hand.perform(DealHole(seat, deck.deal(count), burn))


def _restock(hand: Hand, deck: Deck, rng: random.Random | None) -> None:
    """Cards the engine has put back into the stub (stud burns, a draw's old discards) are
    shuffled into the deck; the engine counts them as undealt again (``Hand.dealt``)."""
    if len(deck) + len(hand.dealt) < DECK_SIZE:
        undealt = set(range(DECK_SIZE)) - hand.dealt - {int(c) for c in deck.remaining}
        deck.restock(undealt, rng)


def auto_showdown(hand: Hand) -> list[Event]:
    """Every player due to show tables his cards (cards speak, TDA R12)."""
    start = len(hand.events)
    show = Show()
    while hand.phase is SHOW and hand.actor is not None:
        hand.perform(show)
    return hand.events[start:]
