"""What the dealer counts when a player asks: an opponent's chips (TDA R60, RedCactus 60,
PokerStars Live 3.5.1) and the pot (TDA R54-A, RedCactus 54-A).

Everyone is entitled to a reasonable estimate of a stack, the chips being stacked to be read
(R25); an exact count is given only when the profile's ``exact_counts`` allows it:

- ``in-turn-facing-all-in`` (TDA R60, RedCactus 60): to the player to act, facing that
  opponent's all-in; the all-in player need not count, the dealer does.
- ``all-in`` (PokerStars Live 3.5.1): once that opponent has bet all his chips.

The pot is counted on request only in pot-limit, where its size limits the bet (R54-A); where
``pot_counted_in_pot_limit`` is false the dealer never counts it and spreads it instead
(RedCactus 54-A). A count given is accepted action: a call on a count that was wrong is still
the full bet (R49, the dealer assist's ``counted_wrong``).
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.games import Structure
from floorman.engine.hand import Hand
from floorman.engine.phase import BET
from floorman.errors import MalformedInputError
from floorman.live.decision import pick
from floorman.rules.ruleset import ExactCounts, Ruleset
from floorman.rules.ruling import Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class Count:
    """The dealer's answer: ``exact`` chips, or ``None`` when only an estimate is given."""

    exact: int | None
    ruling: Ruling


def stack_count(hand: Hand, rules: Ruleset, *, asker: int, of: int) -> Count:
    """What ``asker`` is told of the chips of ``of``: the exact all-in, or an estimate."""
    if asker == of or asker not in hand.live or not _dealt(hand, of):
        raise MalformedInputError(
            f"seat {asker} asks about another seat of the hand, not seat {of}", constraint="seat"
        )
    all_in = of in hand.live and hand.stacks[of] == 0 and hand.paid[of] > 0
    if rules.exact_counts is ExactCounts.IN_TURN_FACING_ALL_IN:
        facing = hand.phase is BET and hand.actor == asker and hand.bets[of] > hand.bets[asker]
        exact = all_in and facing
    else:
        exact = all_in
    concept = pick(rules, "exact-count")
    if not exact:
        return Count(
            exact=None,
            ruling=rules.ruling(
                concept,
                "count-estimate",
                f"seat {of}'s chips are estimated, not counted: an exact count is for his all-in",
                seat=of,
            ),
        )
    amount = hand.bets[of]
    return Count(
        exact=amount,
        ruling=rules.ruling(
            concept, "count-exact", f"seat {of}'s all-in is {amount}", seat=of, amount=amount
        ),
    )


def pot_count(hand: Hand, rules: Ruleset) -> Count:
    """The pot, counted on request in pot-limit only (R54-A); elsewhere it is spread."""
    concept = pick(rules, "pot-count")
    counted = hand.config.game.structure is Structure.POT_LIMIT and rules.pot_counted_in_pot_limit
    if not counted:
        return Count(
            exact=None,
            ruling=rules.ruling(concept, "pot-not-counted", "the dealer spreads the pot: no count"),
        )
    return Count(
        exact=hand.pot,
        ruling=rules.ruling(concept, "pot-counted", f"the pot is {hand.pot}", amount=hand.pot),
    )


def _dealt(hand: Hand, seat: int) -> bool:
    return 0 <= seat < hand.seat_count and hand.in_hand[seat]
