"""How the player to act goes all-in, when a dealer enters "all-in" without an amount.

The dealer's tablet (and any client that records what players do at a table) has one "all-in"
entry; the hand says what it comes to: a raise to his whole stack where the rules allow that
raise, or a call that takes all his chips. Neither where no all-in is possible (pot limit
below his stack, a capped or unreopened betting round: TDA R47).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from floorman.engine.actions import Call, PlayerAction, Raise
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase


class AllInKind(StrEnum):
    RAISE = "raise"
    """A raise (or bet) to his whole stack."""
    CALL = "call"
    """A call that takes all his chips."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AllIn:
    """The actor's all-in: its kind and the street total it goes to."""

    kind: AllInKind
    to: int

    @property
    def action(self) -> PlayerAction:
        """The engine action that plays it."""
        return Call() if self.kind is AllInKind.CALL else Raise(self.to)


def all_in_to(hand: Hand) -> AllIn | None:
    """How the actor goes all-in now, if he may; ``None`` when the rules allow no all-in."""
    if hand.phase is not Phase.BET or hand.actor is None:
        return None
    seat = hand.actor
    options = hand.legal_options()
    total = hand.bets[seat] + hand.stacks[seat]
    if options.max_to == total:
        return AllIn(kind=AllInKind.RAISE, to=total)
    if options.call is not None and options.call == hand.stacks[seat]:
        return AllIn(kind=AllInKind.CALL, to=total)
    return None
