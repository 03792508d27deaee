"""What players and the dealer can do, as small frozen values whose repr pastes back."""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.frozen import Frozen
from floorman.engine.values import finish


@dataclass(frozen=True, slots=True)
class Fold(Frozen):
    pass


@dataclass(frozen=True, slots=True)
class Check(Frozen):
    pass


@dataclass(frozen=True, slots=True)
class Call(Frozen):
    pass


@dataclass(frozen=True, slots=True)
class Raise(Frozen):
    """Bet, raise or complete *to* a total for the street ("raise X" means raise to X, R43-B)."""

    to: int


@dataclass(frozen=True, slots=True)
class BringIn(Frozen):
    """Post the stud bring-in, the forced opening bet of the lowest door card (Belarus 5.8.2)."""


@dataclass(frozen=True, slots=True)
class Discard(Frozen):
    """Draw games: throw away ``cards`` for as many new ones; no cards stands pat.

    ``None`` throws away a card the engine does not know, so a transcribed history whose hole
    cards were unseen can still say how many were swapped (PHH ``p2 sd ????``).
    """

    cards: tuple[int | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Show(Frozen):
    """Table the hole cards at showdown; ``cards`` reveal cards the engine did not know."""

    cards: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Muck(Frozen):
    pass


@dataclass(frozen=True, slots=True)
class DealHole(Frozen):
    """The dealer gives a seat its hole cards for this street (``None`` for an unseen card)."""

    seat: int
    cards: tuple[int | None, ...]
    burn: int | None = None
    """Stud: the card burned before this street, given with the street's first deal."""


@dataclass(frozen=True, slots=True)
class DealBoard(Frozen):
    cards: tuple[int | None, ...]
    burn: int | None = None
    """The card burned before them, when the deck is known."""


PlayerAction = Fold | Check | Call | Raise | BringIn
DrawAction = Discard
ShowdownAction = Show | Muck
DealerAction = DealHole | DealBoard
Action = PlayerAction | DrawAction | ShowdownAction | DealerAction

finish(globals())
