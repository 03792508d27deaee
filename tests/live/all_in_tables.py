"""A heads-up all-in played to its award with known cards, for the found-chips tests."""

from __future__ import annotations

from tests.live.live_tables import cards, config

from floorman.engine import Call, DealBoard, DealHole, Phase, Raise
from floorman.live.live_hand import LiveHand


def called_all_in(stacks: tuple[int, int], *, all_in_wins: bool, profile: str) -> LiveHand:
    """Seat 0 (the big blind) moves all in for his whole stack, seat 1 (the button) calls; the
    board runs out and the pot is awarded, to seat 0 if ``all_in_wins``."""
    live = LiveHand(config(stacks, button=1, profile=profile))
    aces, rags = cards("Ac Ad"), cards("7h 2s")
    live.act(DealHole(0, aces if all_in_wins else rags))
    live.act(DealHole(1, rags if all_in_wins else aces))
    live.act(Call())
    live.act(Raise(stacks[0]))
    live.act(Call())
    board = iter(cards("3c Kh 9d 5c 8h 4d 6c Js"))
    while live.hand.phase is Phase.DEAL:
        request = live.hand.deal_request()
        assert request is not None
        burn = next(board)
        live.act(DealBoard(tuple(next(board) for _ in range(request.count)), burn))
    assert live.hand.is_over
    return live
