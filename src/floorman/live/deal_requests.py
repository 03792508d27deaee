"""What the dealer deals next at a live table: the engine's request, with the board plan of an
earlier board error applied (the burns it changed, a card it already burned, the board cards
it already chose: TDA R39-B, RP-5, Poland §27 II.3)."""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.hand import Hand
from floorman.live.live_state import LiveState


@dataclass(frozen=True, slots=True, kw_only=True)
class LiveDealRequest:
    """What the dealer deals next, with the board plan of any earlier board error applied."""

    seat: int | None
    """The seat due hole cards, or ``None`` for board cards."""
    count: int
    """Cards to deal now (board cards already chosen are not counted)."""
    burns: int
    """Cards to burn first: usually one, none or two after a board error (§27 II.3, RP-5)."""
    burned: int | None = None
    """A card already burned for this street by a repair (it serves as the burn)."""
    chosen: tuple[int, ...] = ()
    """Board cards of this street already chosen (R39-B)."""


def deal_request(hand: Hand, state: LiveState) -> LiveDealRequest | None:
    """What the dealer must deal next in ``hand``, if it waits for cards."""
    request = hand.deal_request()
    if request is None:
        return None
    street = hand.street
    burned = state.preburned.get(street)
    usual = 1 if street > 0 else 0
    burns = 0 if burned is not None else state.burns.get(street, usual)
    if request.seat is not None:
        first = len(hand.deal_queue) == len(hand.live)
        return LiveDealRequest(
            seat=request.seat,
            count=request.count,
            burns=burns if first else 0,
            burned=burned if first else None,
        )
    return LiveDealRequest(
        seat=None,
        count=request.count - len(state.kept),
        burns=burns,
        burned=burned,
        chosen=state.kept,
    )
