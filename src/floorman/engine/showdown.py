"""Showdown: the order of showing, and the value of each live hand for the pots.

Cards speak (TDA R12): hands are valued by the evaluators of the cards layer whatever a player
says. The show order without an all-in is TDA R17-A: the last aggressor of the final round
first, otherwise the player first to act on it (flop and draw games: the first live seat left
of the button; stud: the best showing hand, razz the lowest), then clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from floorman.cards.high import best_five, strengths
from floorman.cards.low import (
    ace_five_best,
    ace_five_strength,
    deuce_seven_best,
    deuce_seven_strength,
    eight_or_better_best,
    eight_or_better_strength,
)
from floorman.cards.omaha import omaha_low_strength, omaha_strength
from floorman.engine.games import Game, Valuation
from floorman.engine.stud import razz_key, razz_rank
from floorman.rules.ruleset import OddChipRule, Ruleset

# The valuations as module constants: compiled, a class attribute is looked up by name.
_HIGH: Final = Valuation.HIGH
_RAZZ: Final = Valuation.RAZZ
_DEUCE_SEVEN: Final = Valuation.DEUCE_SEVEN
_HIGH_LOW: Final = Valuation.HIGH_LOW
_OMAHA: Final = Valuation.OMAHA
_LOW_ONLY: Final = frozenset({Valuation.RAZZ, Valuation.DEUCE_SEVEN})
"""Games the low hand alone wins, which a profile may give an odd-chip rule of their own."""


def show_order(live: Sequence[int], *, aggressor: int | None, first: int, seats: int) -> list[int]:
    """Live seats in the order they show: from the aggressor, else from ``first``."""
    start = aggressor if aggressor is not None and aggressor in live else first
    start %= seats
    order = sorted(live)
    return [s for s in order if s >= start] + [s for s in order if s < start]


def values(
    valuation: Valuation,
    holes: dict[int, list[int]],
    board: list[int],
) -> tuple[dict[int, int], dict[int, int | None] | None]:
    """High strength of every hand, and its eight-or-better low in hi/lo games."""
    if valuation is _HIGH:
        return strengths(holes, board), None
    if valuation is _RAZZ:
        return {s: ace_five_strength((*h, *board)) for s, h in holes.items()}, None
    if valuation is _DEUCE_SEVEN:
        return {s: deuce_seven_strength((*h, *board)) for s, h in holes.items()}, None
    if valuation is _HIGH_LOW:
        high = strengths(holes, board)
        return high, {s: eight_or_better_strength((*h, *board)) for s, h in holes.items()}
    high = {s: omaha_strength(h, board) for s, h in holes.items()}
    if valuation is _OMAHA:
        return high, None
    return high, {s: omaha_low_strength(h, board) for s, h in holes.items()}


def deciding_cards(
    valuation: Valuation, holes: Mapping[int, Sequence[int]], board: Sequence[int]
) -> tuple[dict[int, int], dict[int, int]]:
    """Stud odd chips: each hand's highest card by suit in its five-card hands (TDA R20-B).

    Returned as comparable keys, one per card: the card number for high hands, its razz order
    (aces low) for lows. Only the player's own cards count, so two hands sharing a stud
    community card never share a deciding card.
    """
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for seat, hole in holes.items():
        cards = (*hole, *board)
        own = set(hole)
        if valuation is Valuation.RAZZ:
            high[seat] = max(razz_key(c) for c in ace_five_best(cards) if c in own)
            continue
        high[seat] = max(c for c in best_five(cards) if c in own)
        if valuation is Valuation.HIGH_LOW and (five := eight_or_better_best(cards)):
            low[seat] = max(razz_key(c) for c in five if c in own)
    return high, low


def odd_chips(
    rules: Ruleset, game: Game, holes: Mapping[int, Sequence[int]], board: Sequence[int]
) -> tuple[OddChipRule, dict[int, int] | None, dict[int, int] | None]:
    """The odd-chip rule of this game, and the deciding cards of the high and the low half.

    Flop and draw games take ``odd_chip_flop``, stud games ``odd_chip_stud`` (TDA R20-A/B);
    low-only games take ``odd_chip_low`` where the profile sets one (Poland §3c). Cards are
    read only for a card rule in a game whose five-card hands they can be read from (stud and
    low-only games); elsewhere a card rule is refused by the pots for want of cards.
    """
    low_only = game.valuation in _LOW_ONLY
    rule = rules.odd_chip_stud if game.is_stud else rules.odd_chip_flop
    if low_only and rules.odd_chip_low is not None:
        rule = rules.odd_chip_low
    if rule is OddChipRule.LEFT_OF_BUTTON or not (game.is_stud or low_only):
        return rule, None, None
    if rule is OddChipRule.LOW_CARD_BY_SUIT:
        return (rule, *lowest_cards(game.valuation, holes, board))
    return (rule, *deciding_cards(game.valuation, holes, board))


def lowest_cards(
    valuation: Valuation, holes: Mapping[int, Sequence[int]], board: Sequence[int]
) -> tuple[dict[int, int], dict[int, int]]:
    """Each hand's lowest card by suit, as a key that is smaller for the card that wins the
    odd chip (Poland §3c: the lowest suit of the lowest card; T7: A♣ before A♦); the second
    mapping does the same for the low hands of a hi/lo game.

    Lows count aces low. The card is the player's own, and in a low any own card of a rank in
    his best five counts: a player holding A♣ and A♦ plays whichever ace he likes, so he is
    credited with the lower suit. Tied hands hold the same ranks, so the suit decides.
    """
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for seat, hole in holes.items():
        cards = (*hole, *board)
        if valuation is Valuation.RAZZ:
            high[seat] = _lowest_in_low(ace_five_best(cards), hole)
            continue
        five = deuce_seven_best(cards) if valuation is Valuation.DEUCE_SEVEN else best_five(cards)
        high[seat] = min(c for c in five if c in hole)
        if valuation is Valuation.HIGH_LOW and (low_five := eight_or_better_best(cards)):
            low[seat] = _lowest_in_low(low_five, hole)
    return high, low


def _lowest_in_low(five: Sequence[int], hole: Sequence[int]) -> int:
    """The smallest razz key among the own cards whose rank the ace-to-five low uses."""
    ranks = {razz_rank(c) for c in five}
    return min(razz_key(c) for c in hole if razz_rank(c) in ranks)
