"""A deck of 52 cards: shuffled, then dealt from the top.

Randomness is always passed in. By default a shuffle draws from the operating system
(:class:`secrets.SystemRandom`), as a real event needs; replays and tests pass a seeded
:class:`random.Random`, or rebuild the exact order with :meth:`Deck.from_order`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field

from floorman.cards.card import ALL_CARDS, Card, check_distinct
from floorman.cards.shuffle import shuffle
from floorman.errors import MalformedInputError


@dataclass(slots=True)
class Deck:
    """The cards still to deal, top first.

    Its ``__init__`` is written out so that, compiled (:mod:`floorman.native`), making a deck
    runs no Python code; it does what the generated one would.
    """

    order: list[Card] = field(default_factory=lambda: list(ALL_CARDS))
    dealt: int = 0

    def __init__(self, order: list[Card] | None = None, dealt: int = 0) -> None:
        self.order = list(ALL_CARDS) if order is None else order
        self.dealt = dealt

    @classmethod
    def shuffled(cls, rng: random.Random | None = None) -> Deck:
        """A freshly shuffled deck; without ``rng`` the shuffle is cryptographically random."""
        order = list(ALL_CARDS)
        if rng is None:
            secrets.SystemRandom().shuffle(order)
        else:
            shuffle(order, rng)  # the order of ``rng.shuffle``, faster
        return cls(order)

    @classmethod
    def from_order(cls, cards: Iterable[int]) -> Deck:
        """A deck stacked in a known order (a replay, a test); the cards must be distinct."""
        order = [Card(c) for c in cards]
        check_distinct(order)
        return cls(order)

    def __len__(self) -> int:
        return len(self.order) - self.dealt

    @property
    def remaining(self) -> tuple[Card, ...]:
        return tuple(self.order[self.dealt :])

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        """Take ``count`` cards from the top."""
        start = self.dealt
        end = start + count
        if count < 0 or end > len(self.order):
            raise MalformedInputError(
                f"cannot deal {count} cards from a stub of {len(self)}", constraint="deck"
            )
        self.dealt = end
        return tuple(self.order[start:end])

    def deal_one(self) -> Card:
        start = self.dealt
        if start >= len(self.order):
            raise MalformedInputError("cannot deal from an empty stub", constraint="deck")
        self.dealt = start + 1
        return self.order[start]

    def deal_rounds(self, players: int, rounds: int) -> list[tuple[Card, ...]]:
        """Cards for ``players`` players, one card to each per round, as a dealer deals: the
        first player gets the first card of each round (what ``rounds`` calls of
        ``deal(players)`` hold, read by player)."""
        start = self.dealt
        end = start + players * rounds
        if players < 0 or rounds < 0 or end > len(self.order):
            raise MalformedInputError(
                f"cannot deal {players * rounds} cards from a stub of {len(self)}",
                constraint="deck",
            )
        self.dealt = end
        order = self.order
        return [tuple(order[start + i : end : players]) for i in range(players)]

    def restock(self, cards: Iterable[int], rng: random.Random | None = None) -> None:
        """Shuffle cards taken out earlier (the burns) back into the stub (TDA RP-10-H)."""
        back = [Card(c) for c in cards]
        check_distinct([*self.remaining, *back])
        stub = [*self.remaining, *back]
        (rng if rng is not None else secrets.SystemRandom()).shuffle(stub)
        self.order = self.order[: self.dealt] + stub

    def remove(self, cards: Iterable[int]) -> None:
        """Take known cards (dead, already shown) out of the undealt stub."""
        gone = {int(c) for c in cards}
        missing = gone - {int(c) for c in self.remaining}
        if missing:
            names = " ".join(str(Card(c)) for c in sorted(missing))
            raise MalformedInputError(f"not in the stub: {names}", constraint="deck")
        self.order = self.order[: self.dealt] + [c for c in self.remaining if c not in gone]
