"""Games as data: how cards are dealt street by street, how bets are sized, how hands are valued.

A game is a value, not a subclass: the engine reads its streets and its structure, so Hold'em,
Omaha and their limits differ only in these fields (the variants of python-chess override
hooks; ours have nothing to override). Codes follow the Poker Hand History (PHH) variants.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from floorman.engine.frozen import Frozen
from floorman.engine.values import finish
from floorman.errors import MalformedInputError


class Structure(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


# The members as module constants for the engine's hot paths (see ``phase.BET``).
NO_LIMIT: Final = Structure.NO_LIMIT
POT_LIMIT: Final = Structure.POT_LIMIT
FIXED_LIMIT: Final = Structure.FIXED_LIMIT


class Valuation(StrEnum):
    """How a showdown is judged."""

    HIGH = "high"
    """Best five of the player's cards and the board (hold'em, stud)."""
    OMAHA = "omaha"
    OMAHA_HIGH_LOW = "omaha-high-low"
    HIGH_LOW = "high-low"
    """Best high and best eight-or-better low of all the player's cards (stud/8)."""
    RAZZ = "razz"
    """Best ace-to-five low of all the player's cards; pairs count against it."""
    DEUCE_SEVEN = "deuce-seven"
    """Lowest five cards wins, aces high only; pairs, straights and flushes count against it
    (2-7 draw: 7-5-4-3-2 offsuit is the best hand, A-2-3-4-5 is merely ace-high)."""


@dataclass(frozen=True, slots=True)
class Street(Frozen):
    """One dealing step followed by one betting round."""

    hole: int = 0
    """Cards dealt to each player, one round of the table per card."""
    up: int = 0
    """How many of those cards (the last ones) are dealt face up (stud)."""
    board: int = 0
    """Community cards dealt after one burn."""
    big_bet: bool = False
    """Limit games bet the big bet on this street."""
    draw: bool = False
    """A draw before the betting: each live player stands pat or swaps cards (draw games)."""


HOLDEM_STREETS: Final = (
    Street(hole=2),
    Street(board=3),
    Street(board=1, big_bet=True),
    Street(board=1, big_bet=True),
)
OMAHA_STREETS: Final = (Street(hole=4), *HOLDEM_STREETS[1:])
STUD_STREETS: Final = (
    Street(hole=3, up=1),
    Street(hole=1, up=1),
    Street(hole=1, up=1, big_bet=True),
    Street(hole=1, up=1, big_bet=True),
    Street(hole=1, big_bet=True),
)
"""Third street two down and one up; fourth to sixth one up; seventh one down (Belarus 5.8)."""
SINGLE_DRAW_STREETS: Final = (Street(hole=5), Street(draw=True))
"""Five down, bet; draw, bet."""
TRIPLE_DRAW_STREETS: Final = (
    Street(hole=5),
    Street(draw=True),
    Street(draw=True, big_bet=True),
    Street(draw=True, big_bet=True),
)
"""Five down, bet; then three draws, each followed by a round: small bets for the first two
rounds, big bets for the last two."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Game(Frozen):
    code: str
    """The PHH variant code (``NT``, ``PO``, ``FT``...)."""
    name: str
    structure: Structure
    streets: tuple[Street, ...]
    valuation: Valuation

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Keyword-only fields: rebuilt through :func:`_game`, not by position."""
        return _game, (self.code, self.name, self.structure, self.streets, self.valuation)

    @property
    def hole_count(self) -> int:
        return sum(s.hole for s in self.streets)

    @property
    def is_limit(self) -> bool:
        return self.structure is Structure.FIXED_LIMIT

    @property
    def is_stud(self) -> bool:
        """Up cards, a bring-in instead of blinds, and action by the cards showing."""
        return self.streets[0].up > 0

    @property
    def has_draws(self) -> bool:
        """Players stand pat or swap cards between betting rounds (2-7 single and triple draw)."""
        return any(s.draw for s in self.streets)

    @property
    def max_players(self) -> int:
        """Stud deals up to seven cards each, draw games five each and the replacements: eight
        players is the most one deck serves (with eight, every draw can still be served from
        the stub and the muck, see :mod:`floorman.engine.draw`)."""
        return 8 if self.is_stud or self.has_draws else 10


def _flop_game(code: str, name: str, structure: Structure, valuation: Valuation) -> Game:
    streets = HOLDEM_STREETS if valuation is Valuation.HIGH else OMAHA_STREETS
    return Game(code=code, name=name, structure=structure, streets=streets, valuation=valuation)


def _stud_game(code: str, name: str, valuation: Valuation) -> Game:
    return Game(
        code=code,
        name=name,
        structure=Structure.FIXED_LIMIT,
        streets=STUD_STREETS,
        valuation=valuation,
    )


def _draw_game(code: str, name: str, structure: Structure, streets: tuple[Street, ...]) -> Game:
    return Game(
        code=code,
        name=name,
        structure=structure,
        streets=streets,
        valuation=Valuation.DEUCE_SEVEN,
    )


GAMES: Final[dict[str, Game]] = {
    g.code: g
    for g in (
        _flop_game("NT", "No-limit Texas hold'em", Structure.NO_LIMIT, Valuation.HIGH),
        _flop_game("PT", "Pot-limit Texas hold'em", Structure.POT_LIMIT, Valuation.HIGH),
        _flop_game("FT", "Fixed-limit Texas hold'em", Structure.FIXED_LIMIT, Valuation.HIGH),
        _flop_game("NO", "No-limit Omaha", Structure.NO_LIMIT, Valuation.OMAHA),
        _flop_game("PO", "Pot-limit Omaha", Structure.POT_LIMIT, Valuation.OMAHA),
        _flop_game("FO", "Fixed-limit Omaha", Structure.FIXED_LIMIT, Valuation.OMAHA),
        _flop_game("PO/8", "Pot-limit Omaha hi/lo", Structure.POT_LIMIT, Valuation.OMAHA_HIGH_LOW),
        _flop_game(
            "FO/8", "Fixed-limit Omaha hi/lo", Structure.FIXED_LIMIT, Valuation.OMAHA_HIGH_LOW
        ),
        _stud_game("F7S", "Fixed-limit seven card stud", Valuation.HIGH),
        _stud_game("F7S/8", "Fixed-limit seven card stud hi/lo", Valuation.HIGH_LOW),
        _stud_game("FR", "Fixed-limit razz", Valuation.RAZZ),
        _draw_game("N2L1D", "No-limit 2-7 single draw", Structure.NO_LIMIT, SINGLE_DRAW_STREETS),
        _draw_game(
            "F2L3D", "Fixed-limit 2-7 triple draw", Structure.FIXED_LIMIT, TRIPLE_DRAW_STREETS
        ),
    )
}


def _game(
    code: str, name: str, structure: Structure, streets: tuple[Street, ...], valuation: Valuation
) -> Game:
    return Game(code=code, name=name, structure=structure, streets=streets, valuation=valuation)


def get_game(code: str) -> Game:
    try:
        return GAMES[code]
    except KeyError:
        known = ", ".join(GAMES)
        raise MalformedInputError(
            f"unsupported game {code!r}; supported: {known}", constraint="game"
        ) from None


finish(globals())
