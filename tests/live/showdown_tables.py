"""Live hands brought to their showdown or to their end, for the tests of what goes wrong
there and after the award."""

from __future__ import annotations

from tests.live.live_tables import cards, config, deal_board, dealt_table, table

from floorman.engine import Call, Check, DealBoard, DealHole, Fold, Phase, Raise, Show
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


def all_in_heads_up(
    a_stack: int, b_stack: int, *, a_wins: bool, profile: str = "poland-pzp"
) -> LiveHand:
    """A (seat 0, big blind) moves all in for ``a_stack`` and B (seat 1, the button) calls; the
    board runs out and the pot is awarded."""
    live = LiveHand(config((a_stack, b_stack), button=1, profile=profile))
    strong, weak = cards("Ah As"), cards("7c 2d")
    live.act(DealHole(0, strong if a_wins else weak))
    live.act(DealHole(1, weak if a_wins else strong))
    live.act(Call())  # the button completes the small blind
    live.act(Raise(a_stack))
    live.act(Call())
    board = iter(cards("3h Kd 9s 5h 8c 4c 6s Jh"))
    while live.hand.phase is Phase.DEAL:
        request = live.hand.deal_request()
        assert request is not None
        burn = next(board)
        live.act(DealBoard(tuple(next(board) for _ in range(request.count)), burn))
    while live.hand.phase is Phase.SHOW:  # a profile without all-in face up shows in order
        live.act(Show())
    assert live.hand.is_over
    return live


def raised_and_folded(profile: str = "belarus-sport") -> LiveHand:
    """The button raises to 300, both blinds (50, 100) fold: he takes 250 unshown."""
    live = LiveHand(config((10_000,) * 3, button=2, profile=profile))
    for seat, hole in ((0, "2c 3c"), (1, "4d 5d"), (2, "Ah Kh")):
        live.act(DealHole(seat, cards(hole)))
    live.act(Raise(300))
    live.act(Fold())
    live.act(Fold())
    assert live.hand.stacks == [9950, 9900, 10_150]
    return live
