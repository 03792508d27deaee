"""What players and the dealer can do, as small frozen values whose repr pastes back."""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.values import quick_init


@dataclass(frozen=True, slots=True)
class Fold:
    pass


@dataclass(frozen=True, slots=True)
class Check:
    pass


@dataclass(frozen=True, slots=True)
class Call:
    pass


@quick_init
@dataclass(frozen=True, slots=True)
class Raise:
    """Bet, raise or complete *to* a total for the street ("raise X" means raise to X, R43-B)."""

    to: int


@dataclass(frozen=True, slots=True)
class BringIn:
    """Post the stud bring-in, the forced opening bet of the lowest door card (Belarus 5.8.2)."""


@quick_init
@dataclass(frozen=True, slots=True)
class Discard:
    """Draw games: throw away ``cards`` for as many new ones; no cards stands pat.

    ``None`` throws away a card the engine does not know, so a transcribed history whose hole
    cards were unseen can still say how many were swapped (PHH ``p2 sd ????``).
    """

    cards: tuple[int | None, ...] = ()


@quick_init
@dataclass(frozen=True, slots=True)
class Show:
    """Table the hole cards at showdown; ``cards`` reveal cards the engine did not know."""

    cards: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Muck:
    pass


@quick_init
@dataclass(frozen=True, slots=True)
class DealHole:
    """The dealer gives a seat its hole cards for this street (``None`` for an unseen card)."""

    seat: int
    cards: tuple[int | None, ...]
    burn: int | None = None
    """Stud: the card burned before this street, given with the street's first deal."""


@quick_init
@dataclass(frozen=True, slots=True)
class DealBoard:
    cards: tuple[int | None, ...]
    burn: int | None = None
    """The card burned before them, when the deck is known."""


PlayerAction = Fold | Check | Call | Raise | BringIn
DrawAction = Discard
ShowdownAction = Show | Muck
DealerAction = DealHole | DealBoard
Action = PlayerAction | DrawAction | ShowdownAction | DealerAction
