"""What both engines play in the hand-engine benchmark: the tables and the random policy.

Both sides must play the same kind of hands, or a ratio of hands per second would compare
short hands with long ones. So the table (players, stacks, forced bets) and the policy that
picks each action are defined once, here, and each engine's driver reads them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

RAISE_SHARE: Final = 0.3
"""Raise this often when a raise is offered; the policy of ``floorman.sim.random_play.choose``."""
FOLD_BELOW: Final = 0.45
"""Facing a bet, fold when the roll is below this (and the hand did not raise)."""

FOLD: Final = -1
"""What :func:`decide` returns for a fold."""
CHECK_OR_CALL: Final = 0
"""What :func:`decide` returns for a check or a call (or a stud bring-in)."""


def decide(
    rng: random.Random,
    low: int | None,
    high: int | None,
    facing_bet: bool,
    *,
    limit: bool = False,
) -> int:
    """The random policy of ``floorman.sim.random_play.choose``, for any engine.

    Returns :data:`FOLD`, :data:`CHECK_OR_CALL`, or the street total to raise to. It draws from
    ``rng`` in the same order as floorman's ``choose`` (a roll, then a size pick, then maybe a
    uniform size), so a seeded generator gives both engines the same decisions on the same
    options; ``tests/bench`` checks that the two agree. In limit games only the two offered
    sizes exist (usually one: the bet), so no uniform size is drawn.
    """
    roll = rng.random()
    if low is not None and high is not None and roll < RAISE_SHARE:
        pick = rng.random()
        if limit:
            return low if pick < 0.5 else high
        # The extremes are favoured: short all-ins and minimum raises are where rules bite.
        return low if pick < 0.4 else high if pick < 0.55 else rng.randint(low, high)
    if facing_bet and roll < FOLD_BELOW:
        return FOLD
    return CHECK_OR_CALL


@dataclass(frozen=True, slots=True)
class PlayStats:
    """What a batch of random hands looked like, to show that both engines played alike."""

    hands: int
    actions: int
    showdowns: int

    @property
    def actions_per_hand(self) -> float:
        return self.actions / self.hands if self.hands else 0.0

    @property
    def showdown_share(self) -> float:
        return self.showdowns / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class Table:
    """One benchmark table: a game by its PHH code, the seats and the forced bets.

    Seats follow PHH (and PokerKit): the small blind first, the button last.
    """

    code: str
    name: str
    players: int = 6
    stack: int = 10_000
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0

    @property
    def stacks(self) -> tuple[int, ...]:
        return (self.stack,) * self.players

    @property
    def limit(self) -> bool:
        """Fixed-limit: bets come in small and big bets rather than blinds."""
        return self.small_bet > 0

    @property
    def depth(self) -> str:
        """The stacks in the unit a reader expects: big blinds, or small bets in limit games."""
        if self.big_blind:
            return f"{self.stack // self.big_blind} big blinds"
        return f"{self.stack // self.small_bet} small bets"


NLHE: Final = Table("NT", "No-limit hold'em", small_blind=50, big_blind=100)
PLO: Final = Table("PO", "Pot-limit Omaha", small_blind=50, big_blind=100)
STUD: Final = Table(
    "F7S", "Fixed-limit seven-card stud", ante=20, bring_in=30, small_bet=100, big_bet=200
)
TABLES: Final = (NLHE, PLO, STUD)
