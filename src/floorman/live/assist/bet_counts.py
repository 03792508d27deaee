"""The dealer's count of a wager in front of a player (over the betting line), given when a
player who still holds a live hand asks (Poland §42.5, §49.5; each player checks a bet's size
by eye and may ask for it to be counted, §34.3).

Stacks and the pot are counted by :mod:`floorman.live.assist.counts` (TDA R60, R54-A); a wager lies
in front of everyone, so its count is refused only to a player out of the hand.
"""

from __future__ import annotations

from floorman.engine.hand import Hand
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.assist.counts import Count
from floorman.live.decision import pick
from floorman.rules.ruleset import Ruleset


def bet_count(hand: Hand, rules: Ruleset, *, asker: int, of: int) -> Count:
    """The chips ``of`` has put in front this round, counted for ``asker``.

    :raises IllegalActionError: ``asker`` holds no live hand (the ruling cites the rule).
    """
    if not 0 <= of < hand.seat_count or not hand.in_hand[of]:
        raise MalformedInputError(f"seat {of} is not dealt in this hand", constraint="seat")
    concept = pick(rules, "bet-count")
    if asker not in hand.live:
        raise IllegalActionError(
            rules.ruling(
                concept,
                "count-for-live-hands",
                f"seat {asker} holds no live hand: the dealer counts for live hands only",
                seat=asker,
            )
        )
    amount = hand.bets[of]
    return Count(
        exact=amount,
        ruling=rules.ruling(
            concept, "bet-counted", f"seat {of}'s wager is {amount}", seat=of, amount=amount
        ),
    )
