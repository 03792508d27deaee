"""Live hands brought to their showdown, for the tests of showdown irregularities."""

from __future__ import annotations

from tests.live.live_tables import deal_board, dealt_table, new_deck, table

from floorman.engine import Call, Check, DealBoard, DealHole, Phase, Raise
from floorman.live.live_hand import LiveHand


def river_showdown(profile: str, *, seats: int = 3, bet: int = 200) -> LiveHand:
    """Everyone checks to the river, the first to act bets ``bet`` and all call: the hand waits
    for its show, the bettor first (cards known to the tablet)."""
    live, deck = dealt_table(seats, profile=profile)
    while live.hand.phase is not Phase.SHOW:
        hand = live.hand
        if hand.phase is Phase.DEAL:
            deal_board(live, deck)
        elif hand.street == 3 and hand.legal_options().check and max(hand.bets) == 0:
            live.act(Raise(bet))
        else:
            live.act(Check() if hand.legal_options().check else Call())
    return live


def all_in_showdown(profile: str, *, seats: int = 3) -> LiveHand:
    """The first to act pre-flop moves all in and everyone calls; the hole cards are unknown
    to the tablet (dealt face down), so once the board is out every hand must still be shown."""
    live = table(seats, profile=profile, stack=1000)
    for seat in list(live.hand.deal_queue):
        live.act(DealHole(seat, (None, None)))
    live.act(Raise(1000))
    while live.hand.phase is Phase.BET:
        live.act(Call())
    deck = iter(range(40, 52))
    while live.hand.phase is Phase.DEAL:
        request = live.hand.deal_request()
        assert request is not None
        burn = next(deck)
        live.act(DealBoard(tuple(next(deck) for _ in range(request.count)), burn))
    return live


__all__ = ["all_in_showdown", "new_deck", "river_showdown"]
