"""A player treated as all-in while he still holds chips (Belarus 6.5.5, 7.1.6 note 2).

The engine knows a player is all-in by his empty stack: he is never asked to act, nobody can
raise against him, and the pots give him only what he matched. Treating a player with chips as
all-in therefore sets his chips aside (:attr:`Hand.held_back <floorman.engine.hand.Hand>`)
rather than teaching every betting rule a new state: the hot paths stay as they are, and the
chips come back to his stack when the treatment ends, at the end of the betting round or,
for the rest of the hand, before the showdown; either way before any pot is awarded, so the
stacks at the end of the hand count them.

A player may also take back the part of his bet nobody called, which ends the round with what
was matched (:class:`~floorman.engine.events.BetWithdrawn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from floorman.engine.events import BetWithdrawn, TreatedAsAllIn

if TYPE_CHECKING:
    from floorman.engine.hand import Hand

ROUND: Final = "round"
"""Treated as all-in until the current betting round ends."""
HAND: Final = "hand"
"""Treated as all-in for the rest of the hand."""


def apply_treated(hand: Hand, e: TreatedAsAllIn) -> None:
    """His chips set aside: to the betting he is all-in from now on."""
    held = hand.held_back
    if held is None:
        held = hand.held_back = {}
    chips, until = held.get(e.seat, (0, e.until))
    held[e.seat] = (chips + e.chips, HAND if HAND in (until, e.until) else ROUND)
    hand.stacks[e.seat] -= e.chips
    rnd = hand.round
    if rnd is not None:
        rnd.needs[e.seat] = False


def apply_withdrawn(hand: Hand, e: BetWithdrawn) -> None:
    """The uncalled part of his bet back to his stack; nobody has anything left to do in the
    round, which the automatic steps then close."""
    hand.stacks[e.seat] += e.amount
    hand.bets[e.seat] -= e.amount
    hand.paid[e.seat] -= e.amount
    rnd = hand.round
    if rnd is not None:
        rnd.current = max(hand.bets)
        rnd.needs = [False] * hand.seat_count


def restore(hand: Hand, *, hand_over: bool) -> None:
    """The chips set aside go back to their owners as a street closes: those held for the
    round, and all of them once no betting is left (``hand_over``)."""
    held = hand.held_back
    if not held:
        return
    for seat, (chips, until) in list(held.items()):
        if hand_over or until == ROUND:
            hand.stacks[seat] += chips
            del held[seat]
