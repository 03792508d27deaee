"""Cards as small integers, with parsing and formatting.

A card is ``4 * rank + suit``: ranks 0..12 stand for deuce..ace and suits 0..3 for
clubs, diamonds, hearts, spades. Ordering the integers therefore orders cards by rank first and
then by the suit seniority the rulebooks use for button draws, stud bring-ins and chip races
(spades > hearts > diamonds > clubs; Belarus 4.5.1, TDA RP-10). Hot paths (evaluation, dealing)
work on plain ints; :class:`Card` is an ``int`` subclass that adds parsing and display, and the
52 instances are shared, so making one allocates nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from floorman.errors import MalformedInputError

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_COUNT: Final = 13
SUIT_COUNT: Final = 4
DECK_SIZE: Final = 52

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
DEUCE, TREY, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)

_SUIT_ALIASES: Final = {
    **{ch: i for i, ch in enumerate(SUIT_CHARS)},
    **{ch: i for i, ch in enumerate(SUIT_SYMBOLS)},
    **{ch: i for i, ch in enumerate("♧♢♡♤")},
}
_TOKEN: Final = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE | re.ASCII)
_SEPARATORS: Final = re.compile(r"[\s,;]+")


class Card(int):
    """One of the 52 cards; ``int(card)`` is ``4 * rank + suit``.

    >>> Card.parse("Ah"), Card.parse("10d").pretty, Card.parse("A♥") == Card.parse("ah")
    (Card('Ah'), 'T♦', True)
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return cls.parse(value)
        if not 0 <= value < DECK_SIZE:
            raise MalformedInputError(
                f"card number {value} is outside 0..51", constraint="card-range"
            )
        return _ALL[value]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: rank ``2-9``, ``T`` or ``10``, ``JQKA``; suit ``cdhs`` or a symbol."""
        match = _TOKEN.fullmatch(text.strip())
        if match is None:
            raise MalformedInputError(
                f"{text!r} is not a card (expected a rank 2-9, T/10, J, Q, K, A and a suit "
                "c, d, h, s or ♣ ♦ ♥ ♠, e.g. 'Ah' or '10d')",
                constraint="card-syntax",
            )
        rank_text, suit_text = match.groups()
        rank = RANK_CHARS.index("T" if rank_text == "10" else rank_text.upper())
        return _ALL[4 * rank + _SUIT_ALIASES[suit_text.lower()]]

    @property
    def rank(self) -> int:
        return self >> 2

    @property
    def suit(self) -> int:
        return self & 3

    @property
    def pretty(self) -> str:
        """The card with a unicode suit, as on a display: ``A♥``."""
        return RANK_CHARS[self >> 2] + SUIT_SYMBOLS[self & 3]

    def __str__(self) -> str:
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        if spec == "u":
            return self.pretty
        return format(str(self), spec)


_ALL: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(DECK_SIZE))
ALL_CARDS: Final = _ALL


def make_card(rank: int, suit: int) -> Card:
    """The card of a rank index (0 = deuce) and suit index (0 = clubs)."""
    return _ALL[4 * rank + suit]


def parse_cards(text: str | Iterable[str], *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read several cards: ``"AsKs"``, ``"As Ks"``, ``"10d,9d"`` or an iterable of tokens.

    Duplicates are refused unless asked for, because no real deal can hold the same card twice.
    """
    chunks = _SEPARATORS.split(text.strip()) if isinstance(text, str) else list(text)
    cards: list[Card] = []
    for chunk in chunks:
        if chunk:
            cards.extend(_parse_run(chunk))
    if not allow_duplicates:
        check_distinct(cards)
    return tuple(cards)


def _parse_run(chunk: str) -> list[Card]:
    """Read a run of cards written together, such as ``AsKs`` or ``10dJd``."""
    cards: list[Card] = []
    pos = 0
    while pos < len(chunk):
        match = _TOKEN.match(chunk, pos)
        if match is None:
            Card.parse(chunk[pos : pos + 2] or chunk)  # raises with the offending text
            raise AssertionError("unreachable")  # pragma: no cover
        cards.append(Card.parse(match.group(0)))
        pos = match.end()
    return cards


def check_distinct(cards: Sequence[int]) -> None:
    """Refuse a card that appears twice."""
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        for card in cards:
            if card in seen:
                raise MalformedInputError(
                    f"card {Card(card)} appears more than once", constraint="duplicate-card"
                )
            seen.add(card)


def format_cards(cards: Iterable[int], *, pretty: bool = False, sep: str = " ") -> str:
    """Write cards as ``As Kd`` (or ``A♠ K♦`` with ``pretty``)."""
    return sep.join(Card(c).pretty if pretty else str(Card(c)) for c in cards)
