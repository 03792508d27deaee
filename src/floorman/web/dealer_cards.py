"""Stud and draw games on the dealer's tablet: the up-cards the dealer enters street by street,
and the number of cards each player throws in a draw.

The live layer decides when each is due and deals them (:mod:`floorman.live.unseen_cards`);
this module holds the tablet's two steps and numbers their refusals.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.live import unseen_cards
from floorman.live.live_hand import LiveHand, LiveResult
from floorman.web.dealer_errors import numbered


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


def deal_up_cards(live: LiveHand, step: UpCards, number: int) -> LiveResult:
    """Deal the street with the up-cards of ``step`` (:func:`unseen_cards.deal_up_cards`)."""
    with numbered(number):
        return unseen_cards.deal_up_cards(live, step.cards)


def draw(live: LiveHand, step: DealerDraw, number: int) -> LiveResult:
    """``step.seat`` throws ``step.count`` unknown cards away (:func:`unseen_cards.draw`)."""
    with numbered(number):
        return unseen_cards.draw(live, step.seat, step.count)
