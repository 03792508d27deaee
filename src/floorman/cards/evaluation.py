"""The checked, display-ready evaluation of one hand, for people and for the CLI.

The strength functions of :mod:`~floorman.cards.high`, :mod:`~floorman.cards.omaha` and
:mod:`~floorman.cards.low` are hot paths that trust their input. :func:`evaluate_hand` checks the
cards first (syntax, duplicates, counts for the game), then returns a :class:`HandEvaluation`
with the strength, the class, the five cards that play, in the order a dealer would read them,
and the name in any supported language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from floorman.cards import low, omaha
from floorman.cards.card import ACE, Card, check_distinct
from floorman.cards.classes import HIGH_CLASSES, Category, HandClass
from floorman.cards.high import best_five, strength
from floorman.cards.names import hand_name, low_hand_name
from floorman.errors import MalformedInputError


class Game(StrEnum):
    """How a hand is valued: the high-hand and low-hand rules of the supported games."""

    HIGH = "high"
    """Best five of five to seven cards: Hold'em, Stud, the high half of hi/lo."""
    OMAHA = "omaha"
    """Exactly two of four to six hole cards and three of the board."""
    OMAHA_EIGHT = "omaha-eight"
    """The low half of Omaha hi/lo: eight-or-better with two hole and three board cards."""
    ACE_FIVE = "ace-five"
    """Ace-to-five low (Razz): aces low, straights and flushes ignored."""
    EIGHT_OR_BETTER = "eight-or-better"
    """The low half of Stud/8: ace-to-five with five different ranks of eight or lower."""
    DEUCE_SEVEN = "deuce-seven"
    """Deuce-to-seven lowball: aces high, straights and flushes count against the hand."""

    @property
    def is_low(self) -> bool:
        return self not in (Game.HIGH, Game.OMAHA)


@dataclass(frozen=True, slots=True)
class HandEvaluation:
    game: Game
    strength: int
    """Higher wins; equal strengths tie. Comparable only within one game."""
    hand_class: HandClass
    best: tuple[Card, ...]
    """The five cards that play, in reading order (pairs before kickers, highest first)."""

    @property
    def category(self) -> str:
        return self.hand_class.category.label

    def name(self, lang: str = "en") -> str:
        if self.game.is_low:
            return low_hand_name(tuple(c.rank for c in self.best), lang)
        return hand_name(self.hand_class, lang)

    def as_dict(self, lang: str = "en") -> dict[str, object]:
        return {
            "game": self.game.value,
            "category": self.category,
            "rank": self.strength,
            "best": [str(c) for c in self.best],
            "name": self.name(lang),
        }


def evaluate_hand(
    cards: Sequence[int], board: Sequence[int] = (), *, game: Game | str = Game.HIGH
) -> HandEvaluation | None:
    """Evaluate a hand; ``None`` only when an eight-or-better low does not qualify.

    For Hold'em pass the hole cards and the board together in ``cards`` (or split them; high
    hands use all of them). Omaha needs the hole cards in ``cards`` and the board in ``board``.

    :raises MalformedInputError: a bad card, a repeated card, or a card count the game rejects.
    """
    kind = _game(game)
    hole = tuple(Card(c) for c in cards)
    table = tuple(Card(c) for c in board)
    check_distinct((*hole, *table))
    if kind in (Game.OMAHA, Game.OMAHA_EIGHT):
        _require(4 <= len(hole) <= 6, "an Omaha hand has 4 to 6 hole cards", len(hole))
        _require(3 <= len(table) <= 5, "an Omaha board has 3 to 5 cards", len(table))
        return _evaluate_omaha(kind, hole, table)
    allowed = (5, 5) if kind is Game.DEUCE_SEVEN else (5, 7)
    every = (*hole, *table)
    _require(
        allowed[0] <= len(every) <= allowed[1],
        f"a {kind.value} hand has {allowed[0]} to {allowed[1]} cards",
        len(every),
    )
    return _EVALUATORS[kind](every)


def _game(game: Game | str) -> Game:
    try:
        return Game(game)
    except ValueError:
        names = ", ".join(g.value for g in Game)
        raise MalformedInputError(
            f"unknown game {game!r}; expected one of {names}", constraint="game"
        ) from None


def _require(ok: bool, message: str, got: int) -> None:
    if not ok:
        raise MalformedInputError(f"{message}, got {got}", constraint="card-count")


def _high(cards: tuple[Card, ...]) -> HandEvaluation:
    value = strength(cards)
    cls = HIGH_CLASSES[value - 1]
    return HandEvaluation(Game.HIGH, value, cls, reading_order(best_five(cards), cls))


def _evaluate_omaha(
    game: Game, hole: tuple[Card, ...], board: tuple[Card, ...]
) -> HandEvaluation | None:
    if game is Game.OMAHA:
        value = omaha.omaha_strength(hole, board)
        cls = HIGH_CLASSES[value - 1]
        five = omaha.omaha_best_five(hole, board)
        return HandEvaluation(game, value, cls, reading_order(five, cls))
    low_value = omaha.omaha_low_strength(hole, board)
    low_five = omaha.omaha_low_best_five(hole, board)
    if low_value is None or low_five is None:
        return None
    return HandEvaluation(
        game, low_value, low.ace_five_class_of(low_value), low_reading_order(low_five, ace_low=True)
    )


def _ace_five(cards: tuple[Card, ...]) -> HandEvaluation:
    value = low.ace_five_strength(cards)
    five = low_reading_order(low.ace_five_best(cards), ace_low=True)
    return HandEvaluation(Game.ACE_FIVE, value, low.ace_five_class(cards), five)


def _eight_or_better(cards: tuple[Card, ...]) -> HandEvaluation | None:
    value = low.eight_or_better_strength(cards)
    five = low.eight_or_better_best(cards)
    cls = low.eight_or_better_class(cards)
    if value is None or five is None or cls is None:
        return None
    return HandEvaluation(Game.EIGHT_OR_BETTER, value, cls, low_reading_order(five, ace_low=True))


def _deuce_seven(cards: tuple[Card, ...]) -> HandEvaluation:
    value = low.deuce_seven_strength(cards)
    five = low_reading_order(low.deuce_seven_best(cards), ace_low=False)
    return HandEvaluation(Game.DEUCE_SEVEN, value, low.deuce_seven_class(cards), five)


_EVALUATORS: dict[Game, Callable[[tuple[Card, ...]], HandEvaluation | None]] = {
    Game.HIGH: _high,
    Game.ACE_FIVE: _ace_five,
    Game.EIGHT_OR_BETTER: _eight_or_better,
    Game.DEUCE_SEVEN: _deuce_seven,
}


def reading_order(five: Sequence[int], cls: HandClass) -> tuple[Card, ...]:
    """Five cards as a dealer reads them: bigger groups first, then higher ranks; a wheel 5-A."""
    cards = [Card(c) for c in five]
    if cls.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and cls.ranks[0] != ACE:
        return tuple(sorted(cards, key=lambda c: (c.rank + 1) % 13, reverse=True))
    counts = Counter(c.rank for c in cards)
    return tuple(sorted(cards, key=lambda c: (counts[c.rank], c.rank, c.suit), reverse=True))


def low_reading_order(five: Sequence[int], *, ace_low: bool) -> tuple[Card, ...]:
    """Five cards of a low hand from the worst card down (``8-6-4-2-A``); pairs stay together."""
    cards = [Card(c) for c in five]

    def value(card: Card) -> int:
        return (card.rank + 1) % 13 if ace_low else card.rank

    counts = Counter(value(c) for c in cards)
    return tuple(sorted(cards, key=lambda c: (counts[value(c)], value(c), c.suit), reverse=True))
